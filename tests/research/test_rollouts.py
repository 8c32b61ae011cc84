"""Rollouts in the compiled kernel (`noddy.research.rollouts`): the kernel found for a position of
``python_noddy`` agrees with the engine's at every step of whole random games of every preset and
table the kernel handles (player, legal actions, chance, scores, returns), its remembered deal
starts never serve another game's, and its rollouts end games as the rules do."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from noddy.kernel import KernelState, unsupported  # noqa: E402
from noddy.research.openspiel import NoddyState, register  # noqa: E402
from noddy.research.rollouts import KernelRollouts, kernel_at, kernel_unsupported  # noqa: E402
from noddy.rules import Rules, load_rules, preset_names  # noqa: E402

pytestmark = pytest.mark.requires_kernel
TABLES = [
    (name, n)
    for name in preset_names()
    for n in load_rules(name).player_counts
    if not unsupported(load_rules(name), n)
]

register()


def load(name: str, players: int = 2) -> pyspiel.Game:
    return pyspiel.load_game("python_noddy", {"rules": name, "players": players, "declare": False})


def returns_of(kernel: KernelState, rules: Rules, players: int) -> list[float]:
    """The returns of the kernel's finished game, from its own scores and winner."""
    winner = kernel.winner
    if winner is None:
        return [0.0] * players
    losers = [score for side, score in enumerate(kernel.scores) if side != winner]
    stake = max([lurch.games for lurch in rules.game.lurch if max(losers) < lurch.below], default=1)
    return [stake if kernel.side_of(seat) == winner else -stake / len(losers) for seat in range(players)]


def assert_agrees(state: NoddyState, kernel: KernelState) -> None:
    """The kernel at ``state`` says what the engine says."""
    noddy = state.noddy
    assert kernel.scores == noddy.scores
    assert kernel.is_over == state.is_terminal()
    if state.is_terminal():
        assert returns_of(kernel, noddy.rules, noddy.players) == state.returns()
    elif state.is_chance_node():
        assert kernel.phase is noddy.phase and kernel.to_act is None
    else:
        seat = state.current_player()
        assert kernel.to_act == seat
        hand = noddy.hands[seat]
        indices = [state.encoder.index_in(hand, action) for action in kernel.legal_actions()]
        assert sorted(indices) == state.legal_actions()


def test_the_kernel_tables_include_cribbage_and_willughby() -> None:
    assert ("cribbage", 2) in TABLES and ("willughby", 2) in TABLES
    for name, players in TABLES:
        assert kernel_unsupported(load(name, players).new_initial_state()) == ""


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_kernel_agrees_with_the_engine_over_whole_random_games(name: str, players: int) -> None:
    game = load(name, players)
    starts: dict[int, tuple[object, KernelState]] = {}  # shared by both games: no stale start served
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            assert_agrees(state, kernel_at(state, starts))  # type: ignore[arg-type]
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


QUARTERS = {n / 4 for n in range(-16, 17)}
"""The mean of 4 rollouts' returns: each a stake of 1, 2 or 4 games (a skunk, a double skunk) or 0."""


@pytest.mark.parametrize("name", ["cribbage", "willughby"])
def test_a_rollout_ends_the_game_with_the_returns_the_rules_give(name: str) -> None:
    game = load(name)
    evaluator = KernelRollouts(4, np.random.RandomState(0))
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            if len(state.position.drawn) == 3:  # a deal half drawn is completed at random
                assert set(evaluator.evaluate(state)) <= QUARTERS
        else:
            values = evaluator.evaluate(state)
            assert values.sum() == 0.0 and set(values) <= QUARTERS
            state.apply_action(rng.choice(state.legal_actions()))
    assert list(evaluator.evaluate(state)) == state.returns()
    assert dict(evaluator.prior(game.new_initial_state())) == {i: 1 / 52 for i in range(52)}


def test_rollouts_from_the_start_win_for_each_side_about_equally() -> None:
    kernel = KernelState(load_rules("cribbage"), 2)
    wins = [kernel.copy().rollout(seed) for seed in range(2000)]
    assert 850 < wins.count(0) < 1150 and wins.count(0) + wins.count(1) == 2000
    assert kernel.copy().rollout(7) == kernel.copy().rollout(7)
