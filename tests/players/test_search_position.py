"""One `Position` for search: the engine's `GameState` and the kernel's `KernelState` read and step
alike (the same children in the same order, the same keys, sides by `noddy.rules.side_of`), so
search has one path for both."""

from __future__ import annotations

import random

import pytest

from noddy.engine import Position
from noddy.game import Action, GameState, Phase, new_game
from noddy.kernel import KernelState
from noddy.players import GreedyPlayer
from noddy.players.driver import run_game
from noddy.players.search import greedy_deal, played_out
from noddy.rules import load_rules, side_of

pytestmark = pytest.mark.requires_kernel


def _plays(name: str, players: int) -> list[GameState]:
    rules = load_rules(name)
    final = run_game(new_game(rules, players), [GreedyPlayer()] * players, random.Random(2))
    state, found = new_game(rules, players), []
    for action in final.history:
        state = state.apply(action)
        if state.phase is Phase.PLAY and not state.tasks and state.to_act is not None:
            found.append(state)
    return found[::3]


def _read(position: Position) -> tuple[object, ...]:
    return (position.phase, position.to_act, position.scores, position.winner, position.is_over)


@pytest.mark.parametrize(("name", "players"), [("cribbage", 2), ("cribbage", 4), ("crib-noddy-old", 3)])
def test_the_engine_and_the_kernel_step_alike(name: str, players: int) -> None:
    checked = 0
    for state in _plays(name, players):
        kernel = KernelState.placed(state)
        engine_children = state.children()
        kernel_children = kernel.children()
        assert engine_children == [state.apply(a) for a in state.legal_actions()]
        assert [_read(c) for c in kernel_children] == [_read(c) for c in engine_children]
        keys = [c.key() for c in engine_children]
        assert len(set(keys)) == len(keys) and len({c.key() for c in kernel_children}) == len(keys)
        for action, child in zip(state.legal_actions(), kernel_children, strict=True):
            assert _read(kernel.child(action)) == _read(child) == _read(state.child(action))
            assert kernel.child(action).key() == child.key()
        assert _read(kernel) == _read(state), "stepping a kernel position leaves it as it was"
        for seat in range(players):
            assert kernel.side_of(seat) == state.side_of(seat) == side_of(seat, state.partners)
        assert _read(played_out(kernel)) == _read(played_out(state)) == _read(greedy_deal(state))
        assert _read(kernel) == _read(state)
        checked += 1
    assert checked > 3


def test_a_forced_count_is_a_child_like_any_other() -> None:
    rules = load_rules("cribbage")
    final = run_game(new_game(rules, 2), [GreedyPlayer()] * 2, random.Random(0))
    state = new_game(rules, 2)
    for action in final.history:
        if state.phase is Phase.COUNT and state.to_act is not None:
            break
        state = state.apply(action)
    assert state.phase is Phase.COUNT and state.to_act is not None
    count = Action.count(state.to_act)
    assert state.child(count) == state.apply(count)
    assert state.children() == [state.apply(count)]
