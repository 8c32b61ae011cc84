"""Perfect recall in the PettingZoo environment (``info_state=True``: OpenSpiel's information-state
tensor, number for number), and the bound on a game's deals that sizes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from helpers import states_of

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import pyspiel

from noddy.errors import NoddyError
from noddy.game import Action, ActionKind
from noddy.research import engines
from noddy.research import pettingzoo as zoo
from noddy.research.openspiel import register
from noddy.research.recall import deal_bound
from noddy.rules import dump_rules, load_rules

LOW = (
    "game.target=5",
    "hand.fifteen=off",
    "hand.flush=off",
    "hand.knave=0",
    "turnup.jack_points=0",
    "play.fifteen=off",
    "play.flush=false",
    "combinations.pairs=[0,0,0]",
    "combinations.run_values={3=0,4=0,5=0,6=0}",
)
"""Willughby to 5 where nothing scores but the play's last card (1) or 31 (2): a deal pegs 1 or 2."""


def played(game: zoo.NoddyEnv, seed: int, stop: Any = None) -> list[tuple[int, int, np.ndarray]]:
    """A game of random legal actions from ``seed`` (to its end, or until ``stop(game)``): at each
    turn, the actions so far, the seat to act and its observation."""
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    seen = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        if stop is not None and stop(game):
            return seen
        seen.append((len(game.noddy.history), game.possible_agents.index(agent), observation["observation"]))
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen


def spiel_replay(spiel: Any, game: zoo.NoddyEnv) -> list[Any]:
    """The OpenSpiel states of the environment's game, one after each of the engine's actions."""
    state = spiel.new_initial_state()
    states = [state.clone()]
    for action in game.noddy.history:
        if action.kind == ActionKind.SHUFFLE:
            for card in action.cards[: spiel.draws]:
                state.apply_action(card.index)
        elif action.kind == ActionKind.CUT:
            for card in action.cards:
                state.apply_action(card.index)
        elif action.kind == ActionKind.DEALER:
            state.apply_action(action.number)
        else:
            assert action.seat is not None
            state.apply_action(spiel.encoder.index_in(state.noddy.hands[action.seat], action))
        states.append(state.clone())
    return states


@pytest.mark.parametrize(
    ("name", "players", "seed"), [("willughby", 2, 1), ("cribbage", 3, 2), ("cribbage", 4, 3)]
)
def test_the_information_state_is_openspiels_tensor_number_for_number(
    name: str, players: int, seed: int
) -> None:
    register()
    game = zoo.env(name, players, info_state=True)
    assert game.engine == "python"
    space = game.observation_space("player_0")["observation"]
    spiel = pyspiel.load_game("python_noddy", {"rules": name, "players": players})
    assert space.shape == (spiel.information_state_tensor_size(),)
    turns = played(game, seed)
    states = spiel_replay(spiel, game)
    for at, seat, observation in turns[:: max(1, len(turns) // 40)]:
        assert space.contains(observation)
        expected = np.asarray(states[at].information_state_tensor(seat), np.float32)
        assert np.array_equal(observation, expected), f"seat {seat} after {at} actions"



def test_the_sparse_form_of_an_agents_observation_decodes_to_it() -> None:
    game = zoo.env("cribbage", 2, info_state=True)
    with pytest.raises(NoddyError, match="reset"):
        game.info_state_sparse("player_0")
    game.reset(seed=5)
    rng = np.random.default_rng(5)
    for turn, _ in enumerate(game.agent_iter()):
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        for other in game.agents:
            indices, values = game.info_state_sparse(other)
            dense = game.observe(other)["observation"]
            assert np.array_equal(game.stories.recall.dense(indices, values), dense)
        if turn > 60:
            break
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    with pytest.raises(NoddyError, match="info_state=True"):
        zoo.env("cribbage", 2).info_state_sparse("player_0")


def swapping(original: Any, order: tuple[Any, ...]) -> Any:
    """A chance source that draws as ``original`` but deals the first shuffle in ``order`` (drawn
    all the same, so that the later deals are the same)."""
    done: list[bool] = []

    def draw(chance: Any, rng: np.random.Generator) -> Any:
        action = original(chance, rng)
        if action.kind != ActionKind.SHUFFLE or done:
            return action
        done.append(True)
        return Action(ActionKind.SHUFFLE, None, order)

    return draw


def test_a_first_deal_card_changes_the_second_deals_information_state_of_the_seat_that_held_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Games that differ in one card of seat 0's first hand (swapped with a card of the stock in
    the first shuffle) and are played alike from the same seed: at the second deal, seat 0's
    information states differ every time, where its observation of the moment is often the same."""
    game, view = zoo.env("willughby", 2, info_state=True), zoo.env("willughby", 2, engine="python")

    def second_deal(g: zoo.NoddyEnv) -> bool:
        return g.noddy.deal_number == 2 and g.agent_selection == "player_0"

    def at_second_deal(env: zoo.NoddyEnv) -> np.ndarray:
        played(env, 7, second_deal)
        return env.observe("player_0")["observation"]

    original = engines.draw
    first, base = at_second_deal(game), at_second_deal(view)
    states = states_of(game.noddy)
    shuffle = next(a for a in game.noddy.history if a.kind == ActionKind.SHUFFLE)
    dealt = next(s for s in states if s.deal_number == 1 and s.hands[0])
    ended = next(s for s in states if s.deal_number == 2)
    used = {c for s in states[: states.index(ended)] for h in s.hands for c in h}
    used |= {s.turnup for s in states if s.turnup is not None}
    spares = [c for c in shuffle.cards if c not in used][:3]
    differ = same_view = 0
    for card in dealt.hands[0]:
        for spare in spares:
            order = tuple(spare if c == card else card if c == spare else c for c in shuffle.cards)
            monkeypatch.setattr(engines, "draw", swapping(original, order))
            other = at_second_deal(game)
            held = next(s for s in states_of(game.noddy) if s.deal_number == 1 and s.hands[0]).hands[0]
            assert spare in held and card not in held
            monkeypatch.setattr(engines, "draw", swapping(original, order))
            compact = at_second_deal(view)
            monkeypatch.setattr(engines, "draw", original)
            differ += not np.array_equal(first, other)
            same_view += np.array_equal(compact, base)
    assert differ == len(dealt.hands[0]) * len(spares) == 9
    assert same_view > 0, "every pair told apart by the observation alone: the test shows nothing"


def test_info_state_steps_on_the_readable_engine_and_a_kernel_asked_for_says_why_not() -> None:
    with pytest.raises(NoddyError, match="info_state=True keeps each seat's story"):
        zoo.env("cribbage", info_state=True, engine="kernel")


def test_a_game_lasts_at_most_its_bound_of_deals_which_may_pass_the_target(tmp_path: Path) -> None:
    """Two sides short of the target before the last deal, a point a deal at least: at most
    2 * (target - 1) + 1 deals, not the target's number (which games here pass at once)."""
    assert deal_bound(load_rules("willughby"), 2) == (61, True)
    assert deal_bound(load_rules("cribbage"), 3) == (361, True)
    assert deal_bound(load_rules("cribbage", ("play.last_card=0",)), 2) == (2401, False)
    rules = load_rules("willughby", LOW)
    assert deal_bound(rules, 2) == (9, True)
    game = zoo.env(rules, 2)
    deals = []
    for seed in range(60):
        played(game, seed)
        deals.append(game.noddy.deal_number)
    assert max(deals) <= 9 and sum(d > 5 for d in deals) > 30
    # the longest one's information state at its end, on OpenSpiel and in PettingZoo
    path = tmp_path / "low.toml"
    path.write_text(dump_rules(rules), encoding="utf-8")
    register()
    spiel = pyspiel.load_game("python_noddy", {"rules": str(path), "players": 2})
    long = zoo.env(rules, 2, info_state=True)
    seed = int(np.argmax(deals))
    turns = played(long, seed)
    assert long.noddy.deal_number == max(deals) > 5
    states = spiel_replay(spiel, long)
    assert len(states[-1].history()) <= spiel.max_game_length()
    at, seat, observation = turns[-1]
    assert np.array_equal(observation, np.asarray(states[at].information_state_tensor(seat), np.float32))
    assert states[-1].information_state_tensor(0)  # the end too
