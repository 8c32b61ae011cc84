"""The strong player's search on the compiled kernel is the engine's search, node for node.

Where the kernel is built, `StrongPlayer` searches its worlds there (``engine="kernel"``); these
tests hold that path to the engine's (``engine="python"``): every searched value, node count and
table, and every decision of whole seeded games, with either leaf value.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from helpers import states_of, tail
from noddy.game import Action, GameState, Phase, PlayerView, new_game
from noddy.kernel import KernelState, unsupported
from noddy.players import GreedyPlayer, OraclePlayer, StrongPlayer
from noddy.players.driver import run_game
from noddy.players.search import Search
from noddy.players.worlds import sample_worlds
from noddy.rules import load_rules, preset_names

pytestmark = pytest.mark.requires_kernel

TABLES = [
    ("cribbage", 2, ()),
    ("willughby", 2, ()),
    ("crib-noddy-old", 2, ("hand.wrong_count=muggins",)),
    ("cribbage", 4, ()),
    pytest.param("cribbage", 3, (), marks=pytest.mark.slow),
]
GAMES = [*TABLES[:3], pytest.param("cribbage", 4, (), marks=pytest.mark.slow), TABLES[4]]
"""Whole games: the tables with more players take a while (their lay-aways weigh many cribs)."""

SEARCHES = [
    (100, "mean", "points"),
    (100, "minimax", "points"),
    (100, "mean", "greedy"),
    (10, "mean", "greedy"),
]
"""Budgets, opponent models and leaves searched alike: the smallest runs out even in three cards."""


def _play_positions(name: str, players: int, overrides: Sequence[str], games: int) -> list[GameState]:
    """The positions of greedy games where the seat to act has a choice in the play."""
    rules = load_rules(name, overrides)
    assert not unsupported(rules, players)
    positions = []
    for seed in range(games):
        final = run_game(new_game(rules, players), [GreedyPlayer()] * players, random.Random(seed))
        positions += [
            s
            for s in states_of(final)
            if s.phase is Phase.PLAY and s.to_act is not None and len(s.legal_actions()) > 1
        ]
    return positions


def _same_search(
    world: GameState, view: PlayerView, budget: int, opponents: str = "mean", leaf: str = "points"
) -> tuple[int, int]:
    """Search each legal action of ``world`` (a position in the play) on the kernel and on the
    engine: the same legal actions, values, node counts and tables. The actions checked, and how
    many of their searches ran out of budget (where the leaf's value counts)."""
    assert view.seat is not None
    side = view.side_of(view.seat)
    root = KernelState.placed(world)
    assert root.legal_actions() == list(world.legal_actions())
    spent = 0
    for action in view.legal:
        kernel = root.copy()
        kernel.apply(action)
        engine, fast = (Search(side, view.scores, budget, opponents, leaf) for _ in "ab")
        assert fast.value(kernel) == engine.value(world.apply(action))
        assert (fast.nodes, len(fast.table)) == (engine.nodes, len(engine.table))
        spent += fast.nodes >= budget
    return len(view.legal), spent


@pytest.mark.parametrize(("name", "players", "overrides"), TABLES)
def test_search_on_a_kernel_world_equals_the_engine(
    name: str, players: int, overrides: tuple[str, ...]
) -> None:
    """On the same sampled worlds, each action's search gives the same value after the same number
    of nodes, with the same transposition table, whichever the position and the leaf's value,
    where the budget runs out as where it does not."""
    positions = _play_positions(name, players, overrides, games=1)[::4]
    checked = spent = 0
    for at, state in enumerate(positions):
        assert state.to_act is not None
        view = state.view(state.to_act)
        for budget, opponents, leaf in SEARCHES:
            for w in sample_worlds(view, random.Random(at), 1):
                actions, out = _same_search(w, view, budget, opponents, leaf)
                checked, spent = checked + actions, spent + out
    assert checked > 10 and 0 < spent < checked


@pytest.mark.slow
@pytest.mark.parametrize("halves", tail(range(1), range(1, 2)))
@pytest.mark.parametrize("name", preset_names())
def test_search_on_a_kernel_world_equals_the_engine_in_every_preset(name: str, halves: range) -> None:
    """Every preset at every table it allows, short searches of each action on sampled worlds,
    with either leaf. A game's every third position in the play: the first of each two of those
    in every run (from the first deal to the last), the others in full."""
    rules = load_rules(name)
    for players in (2, 3, 4):
        if unsupported(rules, players):
            continue
        for at, state in enumerate(_play_positions(name, players, (), games=1)[::3]):
            if at % 2 not in halves:
                continue
            assert state.to_act is not None
            view = state.view(state.to_act)
            for w in sample_worlds(view, random.Random(at), 2):
                for leaf in ("points", "greedy"):
                    _same_search(w, view, 60, leaf=leaf)


class _Both:
    """Asks a kernel and an engine strong player each decision, checks they agree, plays it."""

    def __init__(self, worlds: int, nodes: int, leaf: str) -> None:
        self.kernel = StrongPlayer(worlds=worlds, nodes=nodes, leaf=leaf)
        self.engine = StrongPlayer(worlds=worlds, nodes=nodes, leaf=leaf, engine="python")
        self.decisions = 0

    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        state = rng.getstate()
        mine = self.kernel.choose(view, legal, rng)  # type: ignore[arg-type]
        rng.setstate(state)
        theirs = self.engine.choose(view, legal, rng)  # type: ignore[arg-type]
        assert mine == theirs, (mine, theirs)
        self.decisions += 1
        return mine


def _whole_games(
    name: str,
    players: int,
    overrides: Sequence[str],
    seeds: range,
    worlds: int,
    nodes: int,
    leaf: str = "points",
) -> None:
    rules = load_rules(name, overrides)
    for seed in seeds:
        both = _Both(worlds, nodes, leaf)
        seats = [both] + [GreedyPlayer()] * (players - 1)
        state = run_game(new_game(rules, players), seats, random.Random(seed))  # type: ignore[list-item]
        assert state.is_over and both.decisions > 10


@pytest.mark.parametrize(("name", "players", "overrides"), GAMES)
def test_strong_decides_the_same_on_the_kernel(name: str, players: int, overrides: tuple[str, ...]) -> None:
    _whole_games(name, players, overrides, range(1), worlds=2, nodes=200)


@pytest.mark.parametrize(("name", "players", "overrides"), GAMES)
def test_strong_with_the_greedy_leaf_decides_the_same_on_the_kernel(
    name: str, players: int, overrides: tuple[str, ...]
) -> None:
    _whole_games(name, players, overrides, range(1), worlds=2, nodes=200, leaf="greedy")


FULL_BUDGET = [
    ("cribbage", 2, (), range(1, 2)),
    ("willughby", 2, (), range(1, 3)),
    ("crib-noddy-old", 2, ("hand.wrong_count=muggins",), range(1, 2)),
    pytest.param("cribbage", 2, (), range(2, 3), marks=pytest.mark.full),
    pytest.param("crib-noddy-old", 2, ("hand.wrong_count=muggins",), range(2, 3), marks=pytest.mark.full),
    pytest.param("cribbage", 4, (), range(1, 3), marks=pytest.mark.full),
    pytest.param("cribbage", 3, (), range(1, 3), marks=pytest.mark.full),
]
"""Whole games at full budget: `make test` plays a game of each two-player table (the tables of 3
and 4 are played above at a small budget), `make test-full` the rest (15-35 s of CPU each)."""


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "overrides", "seeds"), FULL_BUDGET)
def test_strong_at_full_budget_decides_the_same_on_the_kernel(
    name: str, players: int, overrides: tuple[str, ...], seeds: range
) -> None:
    _whole_games(name, players, overrides, seeds, worlds=16, nodes=16_000)


def test_an_unknown_engine_is_refused() -> None:
    with pytest.raises(Exception, match="unknown engine 'c'"):
        StrongPlayer(engine="c")


def test_the_kernel_is_placed_only_in_the_play() -> None:
    """A world is a position in the play; any other is refused, saying which phase it is in."""
    state = new_game(load_rules("cribbage"), 2)
    with pytest.raises(ValueError, match="in the play is needed, not one in cut"):
        KernelState.placed(state)


@pytest.mark.parametrize(("name", "players"), [("cribbage", 2), ("cribbage", 4)])
def test_the_oracle_on_the_kernel_chooses_as_on_the_engine(name: str, players: int) -> None:
    """The oracle searches the true position on the kernel where it can: the same choices as on
    the engine, at every play with a choice of a greedy game."""
    for state in _play_positions(name, players, (), games=1)[::3]:
        assert state.to_act is not None
        view = state.view(state.to_act)
        choices = []
        for engine in ("kernel", "python"):
            oracle = OraclePlayer(nodes=2_000, engine=engine)
            oracle.observe(state)
            choices.append(oracle.choose(view, view.legal, random.Random(0)))
        assert choices[0] == choices[1]
