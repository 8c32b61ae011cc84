"""Events: what happened in a game, with points, reasons and items, safe to show per seat."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Any

from noddy.cards import Card, card_mask
from noddy.kinds import EventKind, Subject
from noddy.scoring import ScoreItem

__all__ = ["EVENT_FACTS", "Event", "EventFacts", "EventKind", "Subject", "current_deal", "turnup_event"]


@dataclass(frozen=True, slots=True)
class EventFacts:
    """What the faces and the simulator need of a kind of event.

    ``source``: where its points count in the simulator's points by source (a count's or
    declaration's ``subject`` takes its place; items with a source of their own count there, by the
    simulator's own table of kinds); ``reason``: what its points count under in a deal's summary (a crib's
    count counts under ``crib``); ``called``: a face shows it as the latest call of the table even
    when it scores nothing.
    """

    source: str | None = None
    reason: str | None = None
    called: bool = False


EVENT_FACTS: dict[str, EventFacts] = {
    EventKind.CUT: EventFacts(),
    EventKind.CUT_AGAIN: EventFacts(),
    EventKind.DEALER: EventFacts(),
    EventKind.COMPENSATION: EventFacts("compensation", "compensation"),
    EventKind.DEAL: EventFacts(),
    EventKind.DISCARD: EventFacts(),
    EventKind.TURNUP: EventFacts(called=True),
    EventKind.TURNED_JACK: EventFacts("knave", "turnup"),
    EventKind.KNAVE: EventFacts("knave", "knave"),
    EventKind.COUNT: EventFacts("hand", "show", called=True),
    EventKind.DECLARE: EventFacts("hand", "show", called=True),
    EventKind.SHOW: EventFacts(),
    EventKind.MUGGINS: EventFacts("muggins", "muggins", called=True),
    EventKind.PLAY: EventFacts("play", "play", called=True),
    EventKind.GO: EventFacts(None, "play", called=True),
    EventKind.LAST_CARD: EventFacts("last_card", "play"),
    EventKind.RESET: EventFacts(),
    EventKind.PLAY_END: EventFacts(),
    EventKind.DEAL_END: EventFacts(),
    EventKind.WIN: EventFacts(called=True),
}
"""The facts of every kind of event, keyed by the kind (a plain string finds it too)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` is an `EventKind` (its facts are in `EVENT_FACTS`);
    ``seat`` acted or scored (``None`` for the table); ``points`` were pegged to its side;
    ``items`` itemise them; ``cards`` are cards the event shows to everyone; ``hidden`` means the
    items' cards are known only to ``seat`` (a hand counted before the play, not shown); ``text`` is the
    engine's own note of it (the faces' words come from `noddy.words.event_line`); ``count`` is the
    count of the play after a card is laid or at a Go; ``declared`` the points a declaration
    declared; ``unplayed`` the cards left unplayed when the play ends; ``subject`` says what a count,
    declaration or show is of (`Subject`). In messages (`to_json`) the one of ``count``,
    ``declared`` and ``unplayed`` an event has is its ``count``. ``scores`` are the sides' scores as
    the game ended (on the ``win`` event only), for saying how it was won.
    """

    kind: EventKind
    seat: int | None = None
    points: int = 0
    items: tuple[ScoreItem, ...] = ()
    cards: tuple[Card, ...] = ()
    hidden: bool = False
    text: str = ""
    count: int | None = None
    declared: int | None = None
    unplayed: int | None = None
    subject: Subject | None = None
    scores: tuple[int, ...] = ()
    _named: int = field(default=-1, init=False, repr=False, compare=False)

    @property
    def named(self) -> int:
        """Every card the event names, in its items and its own cards, as a card mask (bit
        `Card.index` set for each): kept on the event once asked for, so that a reader of many
        views of one game (research's tensors) reads each event's cards once."""
        named = self._named
        if named < 0:
            named = card_mask(self.cards)
            for item in self.items:
                named |= card_mask(item.cards)
            object.__setattr__(self, "_named", named)
        return named

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it: another seat's unshown cards are taken out. A count
        announces its call (the cards taken out); a declaration says only its number, and whether
        the referee corrected it, so the true call of a hidden hand stays with its holder."""
        if not self.hidden or seat == self.seat:
            return self
        if self.kind == EventKind.DECLARE:
            return replace(self, items=(), text=self.declared_text())
        return replace(self, items=tuple(i.hide() for i in self.items))

    @property
    def corrected(self) -> bool:
        """A declaration the referee corrected: the points pegged are not the points declared."""
        return self.kind == EventKind.DECLARE and self.points != self.declared

    def declared_text(self) -> str:
        """A declaration's note as every seat may read it: the number declared, and its correction."""
        text = f"{self.subject}: declared {self.declared}"
        return text + (f", corrected to {self.points}" if self.corrected else "")

    def __reduce__(self) -> tuple[object, tuple[Any, ...]]:
        """An event pickles as its fields in order (its card mask is worked out again if asked):
        the game's events are most of a view sent to a computer player's worker, and a slotted
        dataclass pickles each through Python's `dataclasses` machinery."""
        return Event, _event_fields(self)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "points": self.points}
        if self.items:
            data["items"] = [item.to_json() for item in self.items]
        if self.cards:
            data["cards"] = [str(c) for c in self.cards]
        number = next((n for n in (self.count, self.declared, self.unplayed) if n is not None), None)
        if number is not None:
            data["count"] = number
        if self.text:
            data["text"] = self.text
        if self.subject is not None:
            data["subject"] = self.subject
        if self.scores:
            data["scores"] = list(self.scores)
        return data


_event_fields = attrgetter(*(f.name for f in fields(Event) if f.init))


def current_deal(events: Sequence[Event]) -> Sequence[Event]:
    """The events of the current deal, from its ``deal`` event on (none before the first deal)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == EventKind.DEAL:
            return events[i:]
    return ()


def turnup_event(card: Card) -> Event:
    """The turn-up shown to every seat: ``card`` turned up."""
    return Event(EventKind.TURNUP, None, cards=(card,), text="turned up")
