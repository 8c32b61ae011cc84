"""``python_noddy`` on the kernel answers OpenSpiel's questions itself (`NoddyState.legal_actions`,
`is_chance_node`): the same answers as OpenSpiel's own ``State`` methods, which call back into
Python for each part, at every node of random games, for every player asked; a chance draw of a
card already drawn is refused, saying so; OpenSpiel's random simulation passes on the kernel."""

from __future__ import annotations

import random
from typing import Any

import pytest

from helpers import sweep

pyspiel = pytest.importorskip("pyspiel")

from noddy.errors import IllegalActionError  # noqa: E402
from noddy.research.openspiel import NoddyState, register  # noqa: E402
from noddy.rules import load_rules, preset_names  # noqa: E402

register()
TABLES = [(name, n) for name in preset_names() for n in load_rules(name).player_counts]


def load(name: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game("python_noddy", {"rules": name, "players": players, "engine": "kernel"})


def answer(method: Any, player: int, *state: NoddyState) -> list[int] | str:
    """The legal actions ``method`` gives ``player``, or the type of error it raises."""
    try:
        return list(method(*state, player))
    except pyspiel.SpielError as error:
        return type(error).__name__


@pytest.mark.parametrize(("name", "players"), sweep(TABLES[::3], quick=2))
def test_the_states_answers_are_openspiels_own_at_every_node(name: str, players: int) -> None:
    rng = random.Random(players)
    state: NoddyState = load(name, players).new_initial_state()
    asked = [*range(players + 1), int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)]
    while True:
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in asked:
            assert answer(state.legal_actions, player) == answer(pyspiel.State.legal_actions, player, state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_card_already_drawn_is_refused_saying_so() -> None:
    state = load("cribbage", 2).new_initial_state()
    state.apply_action(7)
    with pytest.raises(IllegalActionError, match="not drawn yet"):
        state.apply_action(7)


@pytest.mark.parametrize(("name", "players"), sweep(TABLES, quick=1))
def test_every_preset_passes_openspiels_random_simulation_on_the_kernel(name: str, players: int) -> None:
    game = load(name, players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_clone_and_its_original_step_apart() -> None:
    """A state steps its kernel game in place until cloned; then each steps a copy of its own."""
    game = load("cribbage", 2)
    rng = random.Random(5)
    state: NoddyState = game.new_initial_state()
    for moves in (3, 40, 41):  # in the middle of a deal's draws, and at players' turns
        while len(state.history()) < moves:
            state.apply_action(rng.choice(state.legal_actions()))
        clone = state.clone()
        before = (state.legal_actions(), state.observation_tensor(0), state.is_chance_node())
        while not clone.is_terminal():
            clone.apply_action(rng.choice(clone.legal_actions()))
        assert (state.legal_actions(), state.observation_tensor(0), state.is_chance_node()) == before
        replayed = game.new_initial_state()
        for action in state.history():
            replayed.apply_action(action)
        assert replayed.observation_tensor(1) == state.observation_tensor(1)
        assert replayed.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("name", "players"),
    sweep([("cribbage", 2), ("strawberry", 3), ("cribbage", 4), ("willughby", 2)], quick=4),
)
def test_the_kernel_gives_the_engines_chance_outcomes_and_legal_actions(name: str, players: int) -> None:
    """Stepped together with the same actions, the kernel's state and the engine's give the same
    chance outcomes (each card not drawn yet, equally likely), legal actions, player and returns at
    every node, a clone's included (a clone draws from a copy of its selector)."""
    rng = random.Random(players)
    params = {"rules": name, "players": players}
    fast = pyspiel.load_game("python_noddy", {**params, "engine": "kernel"}).new_initial_state()
    slow = pyspiel.load_game("python_noddy", {**params, "engine": "python"}).new_initial_state()
    nodes = 0
    while not slow.is_terminal():
        assert fast.current_player() == slow.current_player()
        assert fast.legal_actions() == slow.legal_actions()
        if slow.is_chance_node():
            assert fast.chance_outcomes() == slow.chance_outcomes()
        action = rng.choice(slow.legal_actions())
        if nodes % 7 == 3:
            fast = fast.clone()
        fast.apply_action(action)
        slow.apply_action(action)
        nodes += 1
    assert fast.is_terminal() and fast.returns() == slow.returns()


def test_select_keeps_the_items_its_selector_marks() -> None:
    from noddy.engine.observing import _select, select

    items = list(range(52))
    marks = bytes(random.Random(1).choice((0, 1)) for _ in items)
    assert select(items, marks) == _select(items, marks) == [i for i in items if marks[i]]
    assert select(items, bytearray(marks)) == select(items, marks)
    with pytest.raises(TypeError, match="bytes or a bytearray"):
        select(items, [1] * 52)  # type: ignore[arg-type]
