"""The search's value where its budget runs out: the points so far, or the deal played out greedily.

``leaf="greedy"`` plays the rest of the deal with greedy players in every seat: on the kernel
`compiled.greedy_deal`, on the engine `greedy_deal` (its `GreedyPlayer`); these tests hold the
engine's playout to greedy players' own games, the kernel's to the engine's, and the default
(``leaf="points"``) to the points so far.
"""

from __future__ import annotations

import random

import pytest

from helpers import states_of
from noddy.game import GameState, Phase, new_game
from noddy.kernel import KernelState, compiled
from noddy.players import GreedyPlayer, StrongPlayer, make_player
from noddy.players.driver import run_game
from noddy.players.search import Search, greedy_deal
from noddy.players.worlds import sample_worlds
from noddy.rules import load_rules


def _greedy_game(name: str, players: int, seed: int) -> list[GameState]:
    """Every state of a seeded game between greedy players."""
    final = run_game(new_game(load_rules(name), players), [GreedyPlayer()] * players, random.Random(seed))
    return states_of(final)


def _plays(states: list[GameState]) -> list[GameState]:
    """The positions where the seat to act has a choice in the play."""
    return [
        s for s in states if s.phase is Phase.PLAY and s.to_act is not None and len(s.legal_actions()) > 1
    ]


TABLES = [
    ("cribbage", 2),
    ("cribbage", 4),
    ("crib-noddy-old", 2),
    ("four-card", 3),
    ("willughby", 4),
    ("five-card-cribbage", 2),
]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_greedy_deal_is_how_greedy_players_end_the_deal(name: str, players: int) -> None:
    """From any position of a greedy game, `greedy_deal` reaches the game's own next shuffle (or
    its end): the engine's greedy players, move for move."""
    states = _greedy_game(name, players, 0)
    ends = [i for i, s in enumerate(states) if s.is_over or s.phase is Phase.SHUFFLE]
    checked = 0
    for at in range(0, len(states), 3):
        if states[at].phase not in (Phase.PLAY, Phase.COUNT, Phase.MUGGINS):
            continue
        end = states[next(i for i in ends if i >= at)]
        assert greedy_deal(states[at]).history == end.history
        checked += 1
    assert checked > 5


@pytest.mark.requires_kernel
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_greedy_leaf_is_the_same_on_the_kernel_and_the_engine(name: str, players: int) -> None:
    """With no budget, each position is worth the rest of its deal as greedy players play it, the
    same on the kernel (`compiled.greedy_deal`) as on the engine (`greedy_deal`); the default leaf
    stands on the points so far."""
    checked = 0
    for seed in range(2):
        for state in _plays(_greedy_game(name, players, seed))[::2]:
            assert state.to_act is not None
            side = state.side_of(state.to_act)
            placed = KernelState.placed(state)
            greedy = Search(side, state.scores, budget=0, leaf="greedy").value(placed)
            assert greedy == Search(side, state.scores, budget=0, leaf="greedy").value(state)
            end = greedy_deal(state)
            if not end.is_over:
                gains = [e - s for e, s in zip(end.scores, state.scores, strict=True)]
                assert greedy == gains[side] - max(g for i, g in enumerate(gains) if i != side)
            assert Search(side, state.scores, budget=0).value(placed) == 0.0
            checked += 1
    assert checked > 10


@pytest.mark.requires_kernel
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_greedy_chooses_alike_on_a_world_on_the_kernel_and_the_engine(name: str, players: int) -> None:
    """In the worlds a search fills in, every seat's greedy choice to the end of the deal is the
    same on the kernel as on the engine: a world's views show the turn-up (as the game's did), and
    a placed kernel knows the viewer's own discards."""
    greedy, checked = GreedyPlayer(), 0
    for seed in range(2):
        for at, state in enumerate(_plays(_greedy_game(name, players, seed))):
            assert state.to_act is not None
            for world in sample_worlds(state.view(state.to_act), random.Random(at), 1):
                assert world.view(state.to_act).turnup == state.turnup
                kernel = KernelState.placed(world)
                while not world.is_over and world.phase is not Phase.SHUFFLE:
                    assert world.to_act is not None
                    view = world.view(world.to_act)
                    action = greedy.choose(view, view.legal, random.Random(0))
                    assert kernel.greedy_choice() == action
                    world = world.apply(action)
                    kernel.apply(action)
                    checked += 1
    assert checked > 50


def test_the_engine_leaf_plays_the_deal_out() -> None:
    """On the engine's positions the greedy leaf is worth the deal played out, not the points so far
    (the two differ where the budget runs out before the deal's end)."""
    values = []
    for state in _plays(_greedy_game("cribbage", 2, 0))[:6]:
        assert state.to_act is not None
        side = state.side_of(state.to_act)
        values.append(
            tuple(
                Search(side, state.scores, budget=0, leaf=leaf).value(state) for leaf in ("points", "greedy")
            )
        )
    assert all(points == 0.0 for points, _ in values)
    assert any(greedy != 0.0 for _, greedy in values)


@pytest.mark.requires_kernel
def test_strong_with_the_greedy_leaf_plays_a_whole_game() -> None:
    rules = load_rules("cribbage")
    seats = [
        StrongPlayer(worlds=2, nodes=200, leaf="greedy"),
        GreedyPlayer(),
        StrongPlayer(worlds=2, nodes=200, leaf="greedy"),
        GreedyPlayer(),
    ]
    assert run_game(new_game(rules, 4), seats, random.Random(3)).is_over


def test_hard_values_a_cut_search_by_the_greedy_playout() -> None:
    """The greedy leaf is the strong player's default, and so hard's, in every rule set; a bare
    search (the oracle's) keeps the points so far."""
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer) and hard.leaf == StrongPlayer().leaf == "greedy"
    assert Search(0, (0, 0)).leaf == "points"


def test_an_unknown_leaf_is_refused() -> None:
    with pytest.raises(Exception, match="unknown leaf value 'oracle': use one of points, greedy"):
        StrongPlayer(leaf="oracle")
    with pytest.raises(Exception, match="unknown leaf value 'oracle'"):
        Search(0, (0, 0), leaf="oracle")


@pytest.mark.requires_kernel
def test_greedy_deal_needs_a_kernel_state() -> None:
    with pytest.raises(TypeError, match="greedy_deal needs a kernel State, not int"):
        compiled.greedy_deal(3)  # type: ignore[arg-type]
