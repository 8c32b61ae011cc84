"""A view's board (`PlayerView.pegs`, `PlayerView.deal_starts`) held to the game it views, at every
position of recorded games of two players (every preset), three, and four with and without partners:
the front peg at the side's score, the back peg where the front one stood before the side's last
score, each deal's start at the scores and dealer it was dealt with; every seat sees the spectator's
board."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from noddy.game import DealStart, EventKind, GameState, Pegs, side_pegs
from noddy.record import GameRecord
from paths import GOLDEN

RECORDS = [*sorted(GOLDEN.glob("*.json")), *sorted((GOLDEN / "tables").glob("*.json"))]


def _states(path: Path) -> list[GameState]:
    return list(GameRecord.loads(path.read_text(encoding="utf-8")).states())


def test_the_records_cover_two_three_and_four_players_with_and_without_partners() -> None:
    tables = {(states[0].players, states[0].partners) for states in map(_states, RECORDS)}
    assert tables >= {(2, False), (3, False), (4, False), (4, True)}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_each_sides_pegs_follow_its_scores(path: Path) -> None:
    """After every action the front peg is in the hole of the side's score; a side that scored
    moved its pegs by the points it scored, its back peg left where the front stood before its last
    score; a side that did not score kept both pegs where they were."""
    states = _states(path)
    scored = 0
    for before, after in pairwise(states):
        old, new = before.view(None).pegs, after.view(None).pegs
        assert [p.front for p in new] == list(after.scores)
        new_events = after.events[len(before.events) :]
        for side in range(after.sides):
            points = [
                e.points
                for e in new_events
                if e.points and e.seat is not None and after.side_of(e.seat) == side
            ]
            if not points:
                assert new[side] == old[side]
                continue
            scored += 1
            assert new[side] == Pegs(old[side].front + sum(points), old[side].front + sum(points[:-1]))
            assert 0 <= new[side].back < new[side].front
    assert scored >= 2
    final = states[-1]
    assert all(view.pegs == final.view(None).pegs for view in map(final.view, range(final.players)))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_each_deal_starts_at_the_scores_it_was_dealt_at(path: Path) -> None:
    """A deal's start is appended as it is dealt, with the dealer and the scores before the shuffle
    that dealt it (points pegged before the first deal included), and is never rewritten."""
    states = _states(path)
    for before, after in pairwise(states):
        old, new = before.view(None).deal_starts, after.view(None).deal_starts
        dealt = any(e.kind is EventKind.DEAL for e in after.events[len(before.events) :])
        assert new[: len(old)] == old
        assert len(new) == len(old) + dealt
        if dealt:
            assert new[-1] == DealStart(len(new), after.dealer, before.scores)
            assert new[-1].deal == after.deal_number
    final = states[-1]
    deals = final.view(None).deal_starts
    assert len(deals) == sum(e.kind is EventKind.DEAL for e in final.events) >= 1
    assert all(view.deal_starts == deals for view in map(final.view, range(final.players)))


def test_the_board_after_some_of_the_events_is_the_board_of_that_position() -> None:
    """`side_pegs` on the first events of a game (the terminal's board after each deal) is the view's
    board at the position those events were made at."""
    states = _states(GOLDEN / "tables" / "cribbage-3.json")
    final = states[-1]
    for state in states:
        assert side_pegs(final.events[: len(state.events)], final.sides, final.partners) == state.view(0).pegs


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_pegs_go_on_from_the_pegs_before_as_from_the_start(path: Path) -> None:
    """The pegs after some events, worked out from the pegs before them (`side_pegs`'s ``start``:
    a state message's shown events each carry the pegs after them, each from the last), are the
    pegs worked out from the game's first event."""
    final = _states(path)[-1]
    events, sides, partners = final.events, final.sides, final.partners
    before = side_pegs((), sides, partners)
    for cut in range(0, len(events), 7):
        step = side_pegs(events[cut : cut + 7], sides, partners, before)
        assert step == side_pegs(events[: cut + 7], sides, partners)
        before = step
