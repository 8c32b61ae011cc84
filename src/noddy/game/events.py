"""Events: what happened in a game, with points, reasons and items, safe to show per seat."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from noddy.cards import Card
from noddy.scoring import ScoreItem

__all__ = ["Event", "current_deal"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind``: cut, dealer, compensation, deal, discard, turnup, turned_jack, knave, count, declare,
    muggins, play, go, last_card, reset, play_end, deal_end, win.
    ``seat`` acted or scored (``None`` for the table); ``points`` were pegged to its side;
    ``items`` itemise them; ``cards`` are cards the event shows to everyone; ``hidden`` means the
    items' cards are known only to ``seat`` (a hand announced without being shown); ``text`` says it
    in words; ``count`` is the count of the play (or the points declared); ``subject`` says what a
    count or declaration counted: ``hand`` or ``crib``.
    """

    kind: str
    seat: int | None = None
    points: int = 0
    items: tuple[ScoreItem, ...] = ()
    cards: tuple[Card, ...] = ()
    hidden: bool = False
    text: str = ""
    count: int | None = None
    subject: str = ""

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it: another seat's unshown cards are taken out."""
        if not self.hidden or seat == self.seat:
            return self
        return replace(self, items=tuple(i.hide() for i in self.items))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "points": self.points}
        if self.items:
            data["items"] = [item.to_json() for item in self.items]
        if self.cards:
            data["cards"] = [str(c) for c in self.cards]
        if self.count is not None:
            data["count"] = self.count
        if self.text:
            data["text"] = self.text
        if self.subject:
            data["subject"] = self.subject
        return data


def current_deal(events: Sequence[Event]) -> Sequence[Event]:
    """The events of the current deal, from its ``deal`` event on (none before the first deal)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == "deal":
            return events[i:]
    return ()
