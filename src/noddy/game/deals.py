"""Each deal's points by side and by what they were scored for, from a view's events: the summary
both faces give of a deal and of a whole game. A game won at the game hole is won there: points a
side pegged past the hole do not count (the win line says the winner's score at the hole), so they
are taken out of the deal that took it there and said apart, as ``uncounted``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from noddy.game.events import EVENT_FACTS, Event, EventKind, Subject
from noddy.game.view import PlayerView

__all__ = ["DealPoints", "deal_points"]


@dataclass(frozen=True)
class DealPoints:
    """One deal's points: ``deal`` counts from 1 (0 for points pegged before the first deal, such
    as a compensation), ``dealer`` dealt it, and ``sides`` holds each side's points by what they
    count under (`EventFacts.reason`, with a crib's count under ``crib``)."""

    deal: int
    dealer: int | None
    sides: tuple[Mapping[str, int], ...]
    uncounted: tuple[int, ...] = ()

    def total(self, side: int) -> int:
        """The points ``side`` pegged in this deal."""
        return sum(self.sides[side].values())

    def lost(self, side: int) -> int:
        """The points ``side`` pegged in this deal past the game hole, which do not count."""
        return self.uncounted[side] if self.uncounted else 0


def deal_points(view: PlayerView, events: Sequence[Event] | None = None, first: int = 1) -> list[DealPoints]:
    """Each deal of ``view``'s events so far with the points each side pegged in it, by reason;
    the points before the first deal as deal 0, when there are any. Once a side has won at the game
    hole, what it pegged past the hole is left out of its reasons and said as ``uncounted``, so each
    side's deals add up to its score as the win is said ("121 to 117"). ``events``: the last of
    the view's events, from a deal event on, to sum only the deals they hold, numbered from
    ``first`` (a face that kept the deals before them sums the deal being played alone)."""
    events = view.events if events is None else events
    hole = _game_hole(view, events)
    started: list[tuple[int | None, list[dict[str, int]], list[int]]] = [(None, _empty(view), _zeros(view))]
    running = _zeros(view) if hole[0] is None else _pegged(view, len(view.events) - len(events))
    for event in events:
        if event.kind == EventKind.DEAL:
            started.append((event.seat, _empty(view), _zeros(view)))
        elif event.points and event.seat is not None:
            reason = "crib" if event.subject is Subject.CRIB else EVENT_FACTS[event.kind].reason or ""
            side = view.side_of(event.seat)
            _, buckets, lost = started[-1]
            counted = event.points
            if side == hole[0]:
                counted = max(0, min(event.points, hole[1] - running[side]))
                lost[side] += event.points - counted
            running[side] += event.points
            if counted:
                buckets[side][reason] = buckets[side].get(reason, 0) + counted
    deals = [
        DealPoints(number, dealer, tuple(sides), tuple(lost) if any(lost) else ())
        for number, (dealer, sides, lost) in enumerate(started, start=first - 1)
    ]
    return deals if any(deals[0].sides) else deals[1:]


def _pegged(view: PlayerView, upto: int) -> list[int]:
    """Each side's points in the first ``upto`` of ``view``'s events."""
    running = _zeros(view)
    for event in view.events[:upto]:
        if event.points and event.seat is not None:
            running[view.side_of(event.seat)] += event.points
    return running


def _game_hole(view: PlayerView, events: Sequence[Event]) -> tuple[int | None, int]:
    """The side that won at the game hole and the hole, once it has (the win is among ``events``,
    the last of the view's from its last deal on at least); ``(None, 0)`` before, or when the game
    is not played to a target (a game of one deal is won by its points)."""
    game = view.rules.game
    if game.end != "target":
        return None, 0
    won = next((e for e in reversed(events) if e.kind == EventKind.WIN), None)
    if won is None or won.seat is None:
        return None, 0
    return won.seat, game.target


def _empty(view: PlayerView) -> list[dict[str, int]]:
    """No points yet for each side, by reason."""
    return [{} for _ in view.scores]


def _zeros(view: PlayerView) -> list[int]:
    """No points yet for each side."""
    return [0 for _ in view.scores]
