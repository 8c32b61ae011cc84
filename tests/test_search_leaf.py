"""The search's value where its budget runs out: the points so far, or the deal played out greedily.

``leaf="greedy"`` plays the rest of the deal with the kernel's greedy player in every seat
(`compiled.greedy_deal`); these tests hold that playout to the engine's `GreedyPlayer`, move for
move, and the default (``leaf="points"``) to the points so far.
"""

from __future__ import annotations

import random

import pytest

from helpers import states_of
from noddy.game import GameState, Phase, new_game
from noddy.kernel import KernelState, compiled, unavailable
from noddy.players import GreedyPlayer, StrongPlayer
from noddy.players.driver import run_game
from noddy.players.search import WIN, Search
from noddy.rules import load_rules

kernel = pytest.mark.skipif(bool(unavailable()), reason=unavailable() or "built")


def _plays(players: int, seed: int) -> list[GameState]:
    """The positions of a greedy cribbage game where the seat to act has a choice in the play."""
    final = run_game(
        new_game(load_rules("cribbage"), players), [GreedyPlayer()] * players, random.Random(seed)
    )
    return [
        s
        for s in states_of(final)
        if s.phase is Phase.PLAY and s.to_act is not None and len(s.legal_actions()) > 1
    ]


def _greedy_deal(state: GameState, side: int) -> float:
    """The engine's greedy players to the end of the deal: ``side``'s points less the best other's."""
    base, greedy = state.scores, GreedyPlayer()
    while not state.is_over and state.phase is not Phase.SHUFFLE:
        assert state.to_act is not None
        view = state.view(state.to_act)
        state = state.apply(greedy.choose(view, view.legal, random.Random(0)))
    if state.is_over:
        return 0.0 if state.winner is None else WIN if state.winner == side else -WIN
    gains = [s - b for s, b in zip(state.scores, base, strict=True)]
    return float(gains[side] - max(g for i, g in enumerate(gains) if i != side))


@kernel
@pytest.mark.parametrize("players", [2, 4])
def test_the_greedy_leaf_is_the_engines_greedy_deal(players: int) -> None:
    """With no budget, each position is worth the rest of its deal as the engine's greedy players
    play it; the default leaf stands on the points so far."""
    checked = 0
    for seed in range(2):
        for state in _plays(players, seed)[::2]:
            assert state.to_act is not None
            side = state.side_of(state.to_act)
            placed = KernelState.placed(state)
            greedy = Search(side, state.scores, budget=0, leaf="greedy").value(placed)
            assert greedy == _greedy_deal(state, side)
            assert Search(side, state.scores, budget=0).value(placed) == 0.0
            checked += 1
    assert checked > 10


def test_the_engine_falls_back_to_the_points_so_far() -> None:
    """On the engine's positions the greedy leaf is the points so far, as the default's."""
    for state in _plays(2, 0)[:6]:
        assert state.to_act is not None
        side = state.side_of(state.to_act)
        values = {
            leaf: Search(side, state.scores, budget=3, leaf=leaf).value(state)
            for leaf in ("points", "greedy")
        }
        assert values["points"] == values["greedy"]


@kernel
def test_strong_with_the_greedy_leaf_plays_a_whole_game() -> None:
    rules = load_rules("cribbage")
    seats = [
        StrongPlayer(worlds=2, nodes=200, leaf="greedy"),
        GreedyPlayer(),
        StrongPlayer(worlds=2, nodes=200, leaf="greedy"),
        GreedyPlayer(),
    ]
    assert run_game(new_game(rules, 4), seats, random.Random(3)).is_over


def test_an_unknown_leaf_is_refused() -> None:
    with pytest.raises(Exception, match="unknown leaf value 'oracle': use one of points, greedy"):
        StrongPlayer(leaf="oracle")
    with pytest.raises(Exception, match="unknown leaf value 'oracle'"):
        Search(0, (0, 0), leaf="oracle")


@kernel
def test_greedy_deal_needs_a_kernel_state() -> None:
    with pytest.raises(TypeError, match="greedy_deal needs a kernel State, not int"):
        compiled.greedy_deal(3)  # type: ignore[arg-type]
