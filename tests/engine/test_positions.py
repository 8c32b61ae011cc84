"""The positions the seam hands out (`noddy.engine.position`): the kernel's where it plays and the
position is in the play, stepping as the engine's `GameState` does; else the state itself."""

from __future__ import annotations

import random

import pytest

from noddy.engine import KernelState, played_out, position
from noddy.errors import NoddyError
from noddy.game import GameState, Phase, new_game
from noddy.players import GreedyPlayer, Player, RandomPlayer, next_action
from noddy.players.search import greedy_deal
from noddy.rules import Rules, load_rules

WIDE = load_rules("cribbage", ["deal.players.2.dealt=13", "deal.players.2.discard=6"])
"""A house rule the kernel does not handle: six of thirteen cards laid away, more ways than it lists."""


def _in_the_play(rules: Rules, seats: tuple[Player, Player] = (GreedyPlayer(), GreedyPlayer())) -> GameState:
    """A position in the play, with a choice, of a game the ``seats`` play at two (greedy players)."""
    state = new_game(rules, 2)
    rng = random.Random(3)
    while not (state.phase is Phase.PLAY and not state.tasks and len(state.legal_actions()) > 1):
        state = state.apply(next_action(state, seats, rng))
    return state


@pytest.mark.requires_kernel
def test_a_position_in_the_play_is_the_kernels_where_it_plays_and_steps_alike() -> None:
    state = _in_the_play(load_rules("cribbage"))
    kernel = position(state)
    assert isinstance(kernel, KernelState)
    assert position(state, "python") is state
    assert (kernel.phase, kernel.to_act, kernel.scores) == (state.phase, state.to_act, state.scores)
    for action, child in zip(state.legal_actions(), kernel.children(), strict=True):
        mine = state.child(action)
        assert (child.phase, child.to_act, child.scores) == (mine.phase, mine.to_act, mine.scores)
        assert kernel.child(action).key() == child.key()
    ends = played_out(kernel, greedy_deal), played_out(state, greedy_deal)
    assert ends[0].scores == ends[1].scores and ends[0].phase is ends[1].phase


@pytest.mark.requires_kernel
def test_a_position_the_kernel_cannot_take_is_the_engines_own() -> None:
    """Outside the play (the lay-away), and under rules the kernel does not handle, the engine's
    state is the position; asked for the kernel there, the refusal says why."""
    start = new_game(load_rules("cribbage"), 2)
    assert position(start) is start and position(start, "kernel") is start
    # Random players lay away: greedy weighs each of the 1,716 ways for each seat (18 s), and the
    # refusal is the rules' (their count of ways), whatever the hands.
    beyond = _in_the_play(WIDE, (RandomPlayer(), RandomPlayer()))
    assert position(beyond) is beyond
    with pytest.raises(NoddyError, match="the kernel lists up to 1024 discards, not 1716"):
        position(beyond, "kernel")
