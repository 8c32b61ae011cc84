"""Cards: ranks, suits and their text notation.

Ace is low (1) and never wraps; Jack, Queen and King count 10 and rank 11, 12, 13.
Notation: rank ``A 2-9 10 (or T) J Q K`` then suit ``c d h s`` (or ♣♦♥♠), case-insensitive on input.

>>> parse_cards("Jh 4d 5d")
(Card.parse('Jh'), Card.parse('4d'), Card.parse('5d'))
>>> str(Card.parse("t♥"))
'10h'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from noddy.errors import CardError, Fault, quoted

__all__ = [
    "DECK",
    "Card",
    "CardFault",
    "Rank",
    "Suit",
    "card_mask",
    "format_cards",
    "parse_card",
    "parse_cards",
    "require_distinct",
]


class CardFault(Fault):
    """What is wrong with a card or with cards (`ACCEPTED`: the forms that read, said inside the others)."""

    ACCEPTED = (
        "a rank (A, 2-9, 10 or T, J, Q, K) followed by a suit (c, d, h, s or ♣ ♦ ♥ ♠), e.g. 'Jh', '10d', 'T♠'"
    )
    NOT_A_SUIT = "{value} is not a suit: the suits are 'c', 'd', 'h' and 's'"
    NOT_A_RANK = "{value} is not a rank: ranks run from 1 (ace) to 13 (king)"
    NOT_A_CARD = (
        "Card({rank}, {suit}) is not a card: give a Rank and a Suit, e.g. Card(Rank.JACK, Suit.HEARTS),"
        " or read text with Card.parse('Jh')"
    )
    NOT_AN_INDEX = "{value} is not a card index: indexes run from 0 to 51"
    NOT_TEXT = "cannot read card {text}: expected text, {accepted}"
    TOO_SHORT = "cannot read card {text}: expected {accepted}"
    BAD_RANK = "cannot read card {text}: {rank} is not a rank; expected {accepted}"
    BAD_SUIT = "cannot read card {text}: {suit} is not a suit; expected {accepted}"
    BAD_BOTH = "cannot read card {text}: {rank} is not a rank and {suit} is not a suit; expected {accepted}"
    NOT_CARDS = "cannot read cards {text}: expected text such as 'Jh 4d 5d'"
    TWICE = "card {card} appears twice; a pack has one of each card"
    NO_SUIT = "{text}: the suit is missing; write {forms}"
    OR = "or"
    """The word before the last of a list of alternatives."""


ACCEPTED = str(CardFault.ACCEPTED.value)
"""The card forms that read, in English."""


class Suit(enum.Enum):
    """The four suits; the value is the canonical letter."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    # Members are singletons: identity hashing is correct, and far faster than Enum's own.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        raise CardError(CardFault.NOT_A_SUIT, value=quoted(value))


_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUIT_ORDER)}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_PARSE = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
_SUIT_PARSE |= {"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}


class Rank(enum.IntEnum):
    """Ranks in order, ace low: the int value is the rank order used by runs."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    def __str__(self) -> str:
        return _RANK_TEXT[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        raise CardError(CardFault.NOT_A_RANK, value=quoted(value))


_RANK_TEXT = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_PARSE = {text.lower(): r for r, text in _RANK_TEXT.items()} | {"t": Rank.TEN}
_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card; ``str(card)`` is the canonical notation and parses back to the same card."""

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """A number 0-51: suit-major (clubs A-K, diamonds, hearts, spades). Kept on the card, not
    worked out when read: every card set the engine, search and the encoders make reads it."""

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise CardError(CardFault.NOT_A_CARD, rank=quoted(self.rank), suit=quoted(self.suit))
        object.__setattr__(self, "index", _SUIT_INDEX[self.suit] * 13 + int(self.rank) - 1)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card such as ``"Jh"``, ``"10d"``, ``"T♠"``; raise `CardError` quoting bad text."""
        return parse_card(text)

    @property
    def value(self) -> int:
        """Counting value for fifteens and the play: A=1, 2-10 as marked, J/Q/K=10."""
        return _VALUES[self.rank]

    def __lt__(self, other: Card) -> bool:
        """Cards sort by rank, then suit (clubs, diamonds, hearts, spades)."""
        return (self.rank, self.suit.index) < (other.rank, other.suit.index)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this `index` (0-51)."""
        if not isinstance(index, int) or not 0 <= index < len(DECK):
            raise CardError(CardFault.NOT_AN_INDEX, value=quoted(index))
        return DECK[index]

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, e.g. ``J♥``."""
        return f"{self.rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return _NOTATION[self.index]

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """A card pickles as its `index` and comes back as the deck's card: a view sent to a
        computer player's worker pickles in half the time (a slotted dataclass pickles field by
        field through Python)."""
        return Card.from_index, (self.index,)


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in _SUIT_ORDER for rank in Rank)
"""The 52 cards, in `Card.index` order."""
_NOTATION = tuple(f"{card.rank}{card.suit.value}" for card in DECK)
"""Each card's notation, by `Card.index`: a state message writes every card it shows (a tenth of
a message's time went on formatting the two enums)."""


def parse_card(text: str) -> Card:
    """Read one card; raise `CardError` quoting the token and the accepted forms."""
    if not isinstance(text, str):
        raise CardError(CardFault.NOT_TEXT, text=quoted(text), accepted=CardFault.ACCEPTED)
    token = text.strip()
    if len(token) < 2:
        raise CardError(CardFault.TOO_SHORT, text=quoted(text), accepted=CardFault.ACCEPTED)
    rank = _RANK_PARSE.get(token[:-1].lower())
    suit = _SUIT_PARSE.get(token[-1].lower())
    if rank is None or suit is None:
        fault = CardFault.BAD_RANK if rank is None else CardFault.BAD_SUIT
        if rank is None and suit is None:
            fault = CardFault.BAD_BOTH
        said = {"rank": quoted(token[:-1]), "suit": quoted(token[-1])}
        raise CardError(fault, text=quoted(text), accepted=CardFault.ACCEPTED, **said)
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str], *, unique: bool = True) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas (or an iterable of card texts).

    With ``unique`` (the default) a card given twice is an error, since a pack has one of each.
    """
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    else:
        try:
            tokens = list(text)
        except TypeError:
            raise CardError(CardFault.NOT_CARDS, text=quoted(text)) from None
    cards = tuple(parse_card(t) for t in tokens)
    if unique:
        require_distinct(cards)
    return cards


def require_distinct(cards: Iterable[Card]) -> None:
    """Raise `CardError` naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(CardFault.TWICE, card=card)
        seen.add(card)


def card_mask(cards: Iterable[Card]) -> int:
    """The cards as one number, bit `Card.index` set for each: a set of cards the kernel, search
    and inference compare and combine with bitwise operations.

    >>> card_mask(parse_cards("Ac 2c Ad")) == 0b11 | 1 << 13
    True
    """
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """The cards in canonical notation separated by spaces (``pretty`` uses suit symbols)."""
    return " ".join(c.pretty if pretty else str(c) for c in cards)
