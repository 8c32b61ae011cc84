"""Each deal's points by side and by what they were scored for, from a view's events: the summary
both faces give of a deal and of a whole game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from noddy.game.events import EVENT_FACTS, EventKind
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

    def total(self, side: int) -> int:
        """The points ``side`` pegged in this deal."""
        return sum(self.sides[side].values())


def deal_points(view: PlayerView) -> list[DealPoints]:
    """Each deal of ``view``'s events so far with the points each side pegged in it, by reason;
    the points before the first deal as deal 0, when there are any."""
    started: list[tuple[int | None, list[dict[str, int]]]] = [(None, [{} for _ in view.scores])]
    for event in view.events:
        if event.kind == EventKind.DEAL:
            started.append((event.seat, [{} for _ in view.scores]))
        elif event.points and event.seat is not None:
            reason = "crib" if event.subject == "crib" else EVENT_FACTS[event.kind].reason or ""
            bucket = started[-1][1][view.side_of(event.seat)]
            bucket[reason] = bucket.get(reason, 0) + event.points
    deals = [DealPoints(number, dealer, tuple(sides)) for number, (dealer, sides) in enumerate(started)]
    return deals if any(deals[0].sides) else deals[1:]
