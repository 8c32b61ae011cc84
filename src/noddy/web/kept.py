"""What a table's state messages keep from one to the next, seat by seat: the deals ended (their
summaries, every deal's start, the pegs as the deal being played was dealt) and the win-chance
curve's points at those starts. A deal ended never changes, and summing every deal again, finding
each deal's start, the pegs from the game's first event and each start's chances took a third of a
late message's time (`noddy.web.messages`). What is kept is used only while the events up to the deal
being played are equal to those it was worked out from: an undo keeps a prefix of them.

It is kept with the table (`noddy.web.live.LiveTable.kept`), in memory only: whichever server holds
the table works it out again from the view when it has none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from noddy.analysis.winchance import curve_end, start_points
from noddy.game import DealStart, Event, EventKind, Pegs, PlayerView, side_pegs
from noddy.offline.page import deal_summaries

__all__ = ["Deals", "KeptDeals"]


@dataclass(frozen=True)
class Deals:
    """A message's deals (`noddy.offline.page.deal_summaries`), and where they were kept, the deals'
    starts (for the win-chance curve) and the pegs after the events before the deal being played
    (their count, and each side's pegs), from which the message's pegs go on."""

    summaries: list[dict[str, Any]]
    starts: tuple[DealStart, ...] | None = None
    pegged: tuple[int, tuple[Pegs, ...]] | None = None


@dataclass(frozen=True)
class _Dealt:
    """What a seat's messages keep of the deals before the one being played: the events they were
    worked out from, where the deal being played starts in them (its deal event), the summaries of
    the deals before it, every deal's start (`noddy.game.PlayerView.deal_starts`: none comes after
    that deal event), and the pegs as it was dealt."""

    events: tuple[Event, ...]
    start: int
    before: list[dict[str, Any]]
    starts: tuple[DealStart, ...]
    pegs: tuple[Pegs, ...]


@dataclass
class KeptDeals:
    """The deals ended as each seat's (or a spectator's) messages last worked them out, the deal
    being played as last summed, and the win-chance points at the deals' starts."""

    seats: dict[int | None, _Dealt] = field(default_factory=dict)
    playing: dict[int | None, tuple[_Dealt, tuple[Event, ...], list[dict[str, Any]]]] = field(
        default_factory=dict
    )
    points: dict[int | None, tuple[Sequence[DealStart], list[dict[str, Any]]]] = field(default_factory=dict)

    def deals(self, view: PlayerView) -> Deals:
        """`deal_summaries` of ``view``, the deals before the one being played kept from the seat's
        last message, with the deals' starts and the pegs as that deal was dealt. A game won is
        summed whole (its last deal leaves out what was pegged past the game hole)."""
        events = view.events
        start = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == EventKind.DEAL), None)
        if start is None or view.winner is not None:
            return Deals(deal_summaries(view))
        kept = self.seats.get(view.seat)
        if (
            kept is None
            or kept.start != start
            or len(kept.events) <= start
            or kept.events[: start + 1] != events[: start + 1]
        ):
            whole = deal_summaries(view)
            pegs = side_pegs(events[:start], len(view.scores), view.partners)
            kept = self.seats[view.seat] = _Dealt(events, start, whole[:-1], view.deal_starts, pegs)
            return Deals(whole, kept.starts, (start, kept.pegs))
        return Deals([*kept.before, *self._playing(view, kept)], kept.starts, (start, kept.pegs))

    def _playing(self, view: PlayerView, kept: _Dealt) -> list[dict[str, Any]]:
        """The summary of the deal being played (from ``kept``'s deal event on), kept from the seat's
        last message while the events it was summed from are the first of the view's and none
        after them scores (an event without points adds nothing to a deal's summary)."""
        events = view.events
        summed = self.playing.get(view.seat)
        if (
            summed is not None
            and summed[0] is kept
            and len(summed[1]) <= len(events)
            and summed[1] == events[: len(summed[1])]
            and not any(event.points and event.seat is not None for event in events[len(summed[1]) :])
        ):
            return summed[2]
        number = len(kept.before) + (0 if kept.before and kept.before[0]["deal"] == 0 else 1)
        playing = deal_summaries(view, events[kept.start :], number)
        self.playing[view.seat] = (kept, events, playing)
        return playing

    def curve(self, view: PlayerView, starts: Sequence[DealStart]) -> list[dict[str, Any]]:
        """The win-chance curve of ``view`` (`noddy.analysis.winchance.curve`) as the page reads it,
        from its deals' ``starts`` as `deals` kept them: their points are kept with them."""
        kept = self.points.get(view.seat)
        if kept is None or kept[0] is not starts:
            points = [point.to_json() for point in start_points(view, starts)]
            kept = self.points[view.seat] = (starts, points)
        return [*kept[1], *(point.to_json() for point in curve_end(view, len(starts)))]
