"""Where the simulator counts points: its own tables decide, for the engine's games (by each item's
kind) and for the kernel's (by each of its tallies, in the engine's terms)."""

from __future__ import annotations

import pytest

from noddy.kernel import TALLIES
from noddy.rules import Rules, load_rules
from noddy.scoring import Kind
from noddy.sim import SOURCES, GameSummary, play_games
from noddy.sim.tournament import KERNEL_TALLIES, KIND_SOURCES, kind_source

CRIBBAGE = load_rules("cribbage")


def _column(games: list[GameSummary], source: str) -> int:
    return sum(points[SOURCES.index(source)] for g in games for points in g.points)


@pytest.mark.requires_kernel
def test_every_kernel_tally_counts_under_one_of_the_simulators_sources() -> None:
    """The kernel names its tallies; the simulator maps each one, the kinds it tallies apart where
    the simulator counts those kinds."""
    assert set(TALLIES) == set(KERNEL_TALLIES)
    assert set(KERNEL_TALLIES.values()) <= set(SOURCES)
    for kind in (Kind.KNAVE, Kind.TURNED_JACK):
        assert KERNEL_TALLIES[kind] == kind_source(kind, "hand")
    assert KERNEL_TALLIES["thirty_one"] == kind_source(Kind.THIRTY_ONE, "play")


@pytest.mark.requires_kernel
@pytest.mark.parametrize("rules", [CRIBBAGE, load_rules("cribbage", ["turnup.jack_when=in_announcement"])])
def test_the_simulator_decides_where_a_kernel_tally_counts(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted with the hand instead, the kernel's Knave held moves from the Knave's column to the
    hand's, and the Jack turned up (pegged at once, or inside its receiver's count) stays, game for
    game, with no change to the kernel."""
    kept = play_games(rules, ["greedy", "greedy"], 12, seed=3, engine="kernel")
    knave = _column(kept, "knave")
    monkeypatch.setitem(KERNEL_TALLIES, "knave", "hand")
    moved = play_games(rules, ["greedy", "greedy"], 12, seed=3, engine="kernel")
    heels = _column(moved, "knave")
    assert 0 < heels < knave
    assert _column(moved, "hand") == _column(kept, "hand") + knave - heels


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
