"""Where the simulator counts points: its own tables decide, for the engine's games (by each item's
kind) and for the kernel's (by each of its tallies, in the engine's terms)."""

from __future__ import annotations

import pytest

from noddy.kernel import TALLIES
from noddy.rules import load_rules
from noddy.scoring import Kind
from noddy.sim import SOURCES, GameSummary, play_games
from noddy.sim.tournament import KERNEL_TALLIES, KIND_SOURCES, kind_source

CRIBBAGE = load_rules("cribbage")


def _column(games: list[GameSummary], source: str) -> int:
    return sum(points[SOURCES.index(source)] for g in games for points in g.points)


@pytest.mark.requires_kernel
def test_every_kernel_tally_counts_under_one_of_the_simulators_sources() -> None:
    """The kernel names its tallies; the simulator maps each one. The kernel tallies the Knave held
    and a Jack turned up together, so the simulator counts the two kinds under one source."""
    assert set(TALLIES) == set(KERNEL_TALLIES)
    assert set(KERNEL_TALLIES.values()) <= set(SOURCES)
    for where in ("hand", "crib", "play"):
        assert kind_source(Kind.KNAVE, where) == kind_source(Kind.TURNED_JACK, where)


@pytest.mark.requires_kernel
def test_the_simulator_decides_where_a_kernel_tally_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted with the hand instead, the kernel's Knave moves from the Knave's column to the hand's,
    game for game, with no change to the kernel."""
    kept = play_games(CRIBBAGE, ["greedy", "greedy"], 12, seed=3, engine="kernel")
    knave = _column(kept, "knave")
    assert knave > 0
    monkeypatch.setitem(KERNEL_TALLIES, "knave", "hand")
    moved = play_games(CRIBBAGE, ["greedy", "greedy"], 12, seed=3, engine="kernel")
    assert _column(moved, "knave") == 0
    assert _column(moved, "hand") == _column(kept, "hand") + knave


def test_the_simulator_decides_where_an_items_kind_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's games likewise: the Knave's and a turned Jack's items counted with the hand
    move from the Knave's column, by the simulator's table alone."""
    kept = play_games(CRIBBAGE, ["greedy", "greedy"], 3, seed=5, engine="python")
    knave = _column(kept, "knave")
    assert knave > 0
    monkeypatch.setitem(KIND_SOURCES, Kind.KNAVE, "hand")
    monkeypatch.setitem(KIND_SOURCES, Kind.TURNED_JACK, "hand")
    moved = play_games(CRIBBAGE, ["greedy", "greedy"], 3, seed=5, engine="python")
    assert _column(moved, "knave") == 0
    assert _column(moved, "hand") == _column(kept, "hand") + knave
