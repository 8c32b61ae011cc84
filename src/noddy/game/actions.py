"""Actions and their one text notation, shared by the CLI, records, logs and tests.

A player's action: ``play 5h``, ``go``, ``discard 5h 6d``, ``count``, ``declare 12``, ``muggins``,
``pass``. A chance action (the dealer's shuffle and the cuts, seat ``None``): ``shuffle <52 cards>``,
``cut 5h Kd`` (one card a seat, for the first deal), ``dealer 2`` (first dealer drawn at random).

>>> a = Action.parse("play 5h", seat=1)
>>> str(a), a.seat
('play 5h', 1)
>>> Action.parse(str(Action.declare(0, 12)), seat=0) == Action.declare(0, 12)
True
>>> Action.parse("discard 6d 5h", seat=0) == Action.discard(0, parse_cards("5h 6d"))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from noddy.cards import Card, format_cards, parse_cards
from noddy.errors import NotationError, quoted
from noddy.kinds import ActionKind
from noddy.words import Reason

__all__ = ["CHANCE_KINDS", "KINDS", "Action", "ActionKind"]


CHANCE_KINDS = (ActionKind.SHUFFLE, ActionKind.CUT, ActionKind.DEALER)
"""Chance's kinds of action (seat ``None``)."""
KINDS = tuple(kind for kind in ActionKind if kind not in CHANCE_KINDS)
"""A player's kinds of action."""
_WITH_CARDS = frozenset({ActionKind.PLAY, ActionKind.DISCARD, ActionKind.SHUFFLE, ActionKind.CUT})
_WITH_NUMBER = frozenset({ActionKind.DECLARE, ActionKind.DEALER})
_FORMS = (
    "play CARD, go, discard CARDS, count, declare N, muggins, pass;"
    " chance: shuffle CARDS, cut CARDS, dealer N"
)


@dataclass(frozen=True, slots=True)
class Action:
    """One thing that happens in a game: a player's choice, or chance (``seat`` is ``None``)."""

    kind: ActionKind
    seat: int | None
    cards: tuple[Card, ...] = ()
    number: int | None = None

    def __post_init__(self) -> None:
        # The cards laid away are a set: any order names the same discard.
        if self.kind == ActionKind.DISCARD:
            object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    @property
    def is_chance(self) -> bool:
        return self.seat is None

    @property
    def card(self) -> Card:
        return self.cards[0]

    def __str__(self) -> str:
        if self.kind in _WITH_CARDS:
            return f"{self.kind} {format_cards(self.cards)}"
        if self.kind in _WITH_NUMBER:
            return f"{self.kind} {self.number}"
        return str(self.kind)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """An action pickles as its fields in order, as a card and an event do (`Card.__reduce__`):
        a view sent to a computer player's worker carries its legal actions, and a slotted
        dataclass pickles field by field through Python (a game's legal lists there and back in
        0.8 of the time)."""
        return Action, (self.kind, self.seat, self.cards, self.number)

    @classmethod
    def parse(cls, text: str, seat: int | None) -> Action:
        """Read the notation; raise `NotationError` quoting text that is not an action.

        Whether a well-formed action is allowed now is the state's question (`GameState.apply`).
        """
        words = text.strip().split(maxsplit=1)
        if not words:
            raise NotationError(Reason("action_empty", forms=_FORMS))
        word = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
        known = KINDS if seat is not None else CHANCE_KINDS
        if word not in known:
            raise NotationError(Reason("action_word", text=quoted(text), word=quoted(word), forms=_FORMS))
        kind = ActionKind(word)
        if kind in _WITH_CARDS:
            cards = parse_cards(rest)
            if not cards:
                said = {"text": quoted(text), "word": kind.value, "example": f"{kind} 5h"}
                raise NotationError(Reason("action_cards", **said))
            return cls(kind, seat, cards)
        if kind in _WITH_NUMBER:
            if not (rest.isascii() and rest.strip().isdigit()):
                said = {"text": quoted(text), "word": kind.value, "example": f"{kind} 12"}
                raise NotationError(Reason("action_number", **said))
            return cls(kind, seat, number=int(rest))
        if rest:
            raise NotationError(Reason("action_extra", text=quoted(text), word=kind.value))
        return cls(kind, seat)

    @classmethod
    def play(cls, seat: int, card: Card) -> Action:
        return cls(ActionKind.PLAY, seat, (card,))

    @classmethod
    def go(cls, seat: int) -> Action:
        return cls(ActionKind.GO, seat)

    @classmethod
    def discard(cls, seat: int, cards: tuple[Card, ...]) -> Action:
        return cls(ActionKind.DISCARD, seat, tuple(cards))

    @classmethod
    def count(cls, seat: int) -> Action:
        return cls(ActionKind.COUNT, seat)

    @classmethod
    def declare(cls, seat: int, points: int) -> Action:
        return cls(ActionKind.DECLARE, seat, number=points)
