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
from typing import Any, Literal

from noddy.analysis.board import board, board_if_built, board_why_not
from noddy.game import DealStart, EventKind, Phase, PlayerView
from noddy.rules import Rules

__all__ = ["Point", "Readiness", "bar_shown", "curve", "curve_end", "default_on", "readiness", "start_points"]

Readiness = Literal["ready", "unserved", "unbuilt"]
"""Whether the board table can serve a table's rules now: ``ready`` (shipped with the package, or
built and kept), ``unserved`` (the table cannot cover them: a single deal, too many sides), or
``unbuilt`` (it can, but is not built yet on this machine: `noddy analyze board` builds it)."""


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


@lru_cache(maxsize=64)
def readiness(rules: Rules, players: int, partners: bool) -> Readiness:
    """Whether the board table serves these rules at this table now (`Readiness`), never building
    it: a face that shows the chance of winning does not keep a player waiting minutes for a table."""
    if board_why_not(rules, players, partners):
        return "unserved"
    if board_if_built(rules, players, partners) is None:
        return "unbuilt"
    return "ready"


def curve(view: PlayerView, starts: Sequence[DealStart] | None = None) -> tuple[Point, ...]:
    """Each side's chance of winning from the start of every deal of ``view``'s game so far, and
    at its end once it is over; between two deals, the next deal's start (its dealer already known).
    ``starts``: the view's `PlayerView.deal_starts`, where the caller kept them. Raises `NoddyError`
    where the table cannot serve the rules (`readiness`); builds it where it is not built yet."""
    starts = view.deal_starts if starts is None else starts
    return (*start_points(view, starts), *curve_end(view, len(starts)))


def start_points(view: PlayerView, starts: Sequence[DealStart]) -> tuple[Point, ...]:
    """The `curve`'s points at ``starts``, deals of ``view``'s game (its `PlayerView.deal_starts`,
    or the first of them): a face that kept them adds the `curve_end` of the game as it goes on."""
    table = board(view.rules, view.players, view.partners)
    return tuple(
        Point(start.deal, start.dealer, start.scores, tuple(table.chance(start.scores, start.dealer)))
        for start in starts
    )


def curve_end(view: PlayerView, deals: int) -> tuple[Point, ...]:
    """The `curve`'s point after the starts of the first ``deals`` deals of ``view``'s game: its
    result once it is over, or between two deals the next deal's start; none while a deal is played."""
    sides = len(view.scores)
    if view.phase is Phase.OVER:
        if view.winner is None:
            share = tuple(1 / sides for _ in range(sides))
        else:
            share = tuple(1.0 if side == view.winner else 0.0 for side in range(sides))
        hole = view.rules.game.target
        return (Point(deals, None, tuple(min(s, hole) for s in view.scores), share),)
    if view.phase is Phase.SHUFFLE and any(e.kind is EventKind.DEALER for e in view.events):
        table = board(view.rules, view.players, view.partners)
        start = view.scores
        return (Point(deals + 1, view.dealer, start, tuple(table.chance(start, view.dealer))),)
    return ()


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
