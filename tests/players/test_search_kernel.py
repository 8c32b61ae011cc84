"""The search in C (`Search.searched` on a kernel position, `noddy.engine.searched`) is the Python
search (`Search.value`) move for move: the same value to the bit, the same positions searched and
the same table's size, for every opponent model and leaf, by points and by a board table, with
budgets that end at once, part way and never."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers import greedy_positions
from noddy.analysis import BoardTable, SamplingError
from noddy.engine import position, searched
from noddy.errors import NoddyError
from noddy.game import GameState
from noddy.players.discard import next_dealer
from noddy.players.search import Search
from noddy.players.worlds import sample_worlds

pytestmark = pytest.mark.requires_kernel

TABLES = [
    ("cribbage", 2, ()),
    ("cribbage", 3, ()),
    ("cribbage", 4, ()),
    ("crib-noddy-old", 2, ("hand.wrong_count=muggins",)),
    ("five-card-cribbage", 2, ()),
    ("noddy-rules", 2, ()),
]
MODELS = [
    ("mean", "greedy"),
    ("minimax", "points"),
    ("points", "points"),
    ("mean", "points"),
    ("minimax", "greedy"),
]


def _board(world: GameState) -> BoardTable:
    """A made-up board table for the world's table: every chance a different number, so that a
    look-up in the wrong place shows; at three sides to 31 (the whole would be 127 MB), so that
    scores at or past the target are read too."""
    rules, players, sides = world.rules, world.players, len(world.scores)
    target = rules.game.target if sides == 2 else 31
    array = np.random.default_rng(7).random((players, *(target,) * sides, sides))
    error = SamplingError(0.0, 0.0, 1, 1, "made-up")
    return BoardTable(rules.name, target, players, world.partners, array, error)


@pytest.mark.parametrize(("name", "players", "overrides"), TABLES)
def test_the_search_in_c_is_the_python_search(name: str, players: int, overrides: tuple[str, ...]) -> None:
    searches = ended = 0
    positions = greedy_positions(name, players, overrides)
    board = _board(positions[0])
    for at, state in enumerate(positions):
        assert state.to_act is not None
        view = state.view(state.to_act)
        assert view.seat is not None
        side = view.side_of(view.seat)
        dealer = next_dealer(view.rules, view.players, view.dealer)
        for world in sample_worlds(view, random.Random(at), 1):
            root = position(world, "kernel")
            for action in view.legal:
                child = root.child(action)
                for budget in (0, 9, 150):
                    for opponents, leaf in MODELS:
                        for table in (None, board):
                            made = [
                                Search(side, view.scores, budget, opponents, leaf, board=table, dealer=dealer)
                                for _ in range(2)
                            ]
                            expected = made[0].value(child)
                            assert made[1].searched(child) == expected
                            assert (made[1].nodes, made[1].stored) == (made[0].nodes, len(made[0].table))
                            searches += 1
                            ended += made[0].nodes >= budget
    assert searches > 100 and ended < searches


def test_a_search_on_the_engine_or_one_under_way_is_the_python_searchs() -> None:
    state = greedy_positions("cribbage", 2, ())[0]
    assert state.to_act is not None
    assert searched(state, 0, state.scores, 100, ("mean", "greedy"), (1000.0, 1e-6)) is None
    search = Search(0, state.scores, 100, "mean", "greedy")
    assert search.searched(state) == Search(0, state.scores, 100, "mean", "greedy").value(state)
    assert search.table and not search.stored
    kernel = position(state, "kernel")
    again = search.searched(kernel)  # its table already holds positions: searched on in Python
    assert again == search.value(kernel) and not search.stored


def test_the_search_in_c_refuses_what_it_cannot_read() -> None:
    state = greedy_positions("cribbage", 2, ())[0]
    kernel = position(state, "kernel")
    with pytest.raises(ValueError, match="one base score per side"):
        searched(kernel, 0, (0, 0, 0), 100, ("mean", "greedy"), (1000.0, 1e-6))
    with pytest.raises(ValueError, match="float64 array"):
        searched(kernel, 0, state.scores, 100, ("mean", "greedy"), (1000.0, 1e-6), (np.zeros(3), 121))
    with pytest.raises(ValueError, match="a side 0-1"):
        searched(kernel, 2, state.scores, 100, ("mean", "greedy"), (1000.0, 1e-6))
    with pytest.raises(NoddyError, match="unknown opponent model"):
        Search(0, state.scores, 100, "worst", "greedy")
