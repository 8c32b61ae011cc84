"""Each side's chance of winning as the faces show it: from the start of every deal of a game (the
board's bar, the review's curve), read from the board table (`noddy.analysis.board`), and who sees it.

A point of the curve is a deal's starting position: the scores when it is dealt and the seat about
to deal; the table gives each side's chance from there. That is public information (the scores and
the dealer), so any seat or a spectator may be shown it: no card of anyone's reaches the curve. A
finished game ends the curve at its result (the winner 1, the others 0; a draw shared).

Who sees the bar: against the computer (one person at the table) it is shown unless that person
hides it; between people it is shown only when every person has turned it on (`bar_shown`), so
nobody is shown the odds of a game whose other players did not agree to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from noddy.errors import NoddyError
from noddy.game import EventKind, PlayerView
from noddy.players.discard import WinTable, win_table
from noddy.rules import Rules

__all__ = ["Point", "bar_shown", "curve", "default_on", "table_for", "unserved"]


@dataclass(frozen=True)
class Point:
    """Each side's chance of winning at one point of a game: the start of deal ``deal`` (``dealer``
    about to deal, the sides at ``scores``), or its end (``dealer`` is ``None``)."""

    deal: int
    dealer: int | None
    scores: tuple[int, ...]
    chances: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "chances": [round(c, 4) for c in self.chances],
        }


@lru_cache(maxsize=32)
def table_for(rules: Rules, players: int, partners: bool) -> WinTable:
    """The board table of these rules at this table (kept once built); raises `NoddyError` where
    the table cannot serve them (`unserved` says why)."""
    return win_table(rules, players, partners)


def unserved(rules: Rules, players: int, partners: bool) -> str | None:
    """Why no chance of winning can be shown at this table (the board table's own reason), or
    ``None`` when it can."""
    if rules.game.end != "target":
        return f"{rules.name} is not played to a target: a game of one deal has no board position"
    try:
        table_for(rules, players, partners)
    except NoddyError as exc:
        return str(exc)
    return None


def curve(view: PlayerView) -> tuple[Point, ...]:
    """Each side's chance of winning from the start of every deal of ``view``'s game so far, and
    at its end once it is over; between two deals, the next deal's start (its dealer already known).
    Raises `NoddyError` where the table cannot serve the rules (`unserved`)."""
    table = table_for(view.rules, view.players, view.partners)
    sides = len(view.scores)
    running = [0] * sides
    points: list[Point] = []
    dealer_known = False
    for event in view.events:
        if event.kind == EventKind.DEAL and event.seat is not None:
            start = tuple(running)
            points.append(Point(len(points) + 1, event.seat, start, tuple(table.chance(start, event.seat))))
        elif event.kind == EventKind.DEALER:
            dealer_known = True
        elif event.points and event.seat is not None:
            running[view.side_of(event.seat)] += event.points
    if view.phase == "over":
        if view.winner is None:
            share = tuple(1 / sides for _ in range(sides))
        else:
            share = tuple(1.0 if side == view.winner else 0.0 for side in range(sides))
        hole = view.rules.game.target
        return (*points, Point(len(points), None, tuple(min(s, hole) for s in running), share))
    if view.phase == "shuffle" and dealer_known:
        start = tuple(running)
        points.append(Point(len(points) + 1, view.dealer, start, tuple(table.chance(start, view.dealer))))
    return tuple(points)


def default_on(people: int) -> bool:
    """Whether a person's bar is on before they choose: at a table with one person (against the
    computer) yes, between people no."""
    return people <= 1


def bar_shown(people: Sequence[int], on: Mapping[int, bool]) -> bool:
    """Whether the bar is shown at a table of the seats ``people`` hold, each person's choice
    in ``on`` (a person who has not chosen has `default_on`): only when every person has it on
    (a table of computers only shows it, to whoever watches)."""
    default = default_on(len(people))
    return all(on.get(seat, default) for seat in people)
