"""Cards as a player writes, reads and names them in English or French.

The notation of `noddy.cards` ("Jh") stays the one written in records and sent between machines;
this is what a person sees and types: French cards read As, R, D, V for Ace, King, Queen and Knave
(the English letters still read in either language), and a card that does not read is refused
from a key (`noddy.cards.CardFault`) that the faces say in the reader's language.

>>> from noddy.cards import Card
>>> card_text(Card.parse("Jh"), "fr"), card_text(Card.parse("Ac"), "fr"), card_text(Card.parse("Ks"))
('V♥', 'As♣', 'K♠')
>>> [str(c) for c in read_cards("Vh ash 10d Qs", "fr")]
['Jh', 'Ah', '10d', 'Qs']
>>> str(read_card("As", "en"))
'As'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from noddy.cards import Card, CardFault, Rank, Suit, parse_card, require_distinct
from noddy.errors import CardError, quoted
from noddy.rules import Rules

__all__ = [
    "CARD_NAME",
    "KNAVE_NAMES",
    "NUMBER_NAMES",
    "RANKS",
    "SUITS",
    "card_text",
    "card_typed",
    "card_words",
    "cards_text",
    "knave_name",
    "plural_s",
    "read_card",
    "read_cards",
]

RANKS = {
    "en": {"A": ("A", "Ace"), "J": ("J", "Jack"), "Q": ("Q", "Queen"), "K": ("K", "King")},
    "fr": {"A": ("As", "as"), "J": ("V", "valet"), "Q": ("D", "dame"), "K": ("R", "roi")},
}
"""Each court card's and the Ace's letter and name, per language (French cards read As, R, D, V)."""
_NUMBERS = tuple(str(n) for n in range(2, 11))
_EN_NUMBERS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_FR_NUMBERS = ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix")
NUMBER_NAMES = {
    "en": dict(zip(_NUMBERS, _EN_NUMBERS, strict=True)),
    "fr": dict(zip(_NUMBERS, _FR_NUMBERS, strict=True)),
}
"""The number cards' ranks in words, as a card is named in words ("eight of clubs")."""
SUITS = {
    "en": {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"},
    "fr": {"c": "trèfle", "d": "carreau", "h": "cœur", "s": "pique"},
}
CARD_NAME = {"en": "{rank} of {suit}", "fr": "{rank} de {suit}"}
"""A card in words from its rank's name and its suit's: `card_words` here, the pages' ``card.name``."""
_LANGUAGES = ("en", "fr")

KNAVE_NAMES = {
    "fr": {
        "Knave Noddy": "Noddy",
        "Knave Noddy turned up": "Noddy retourné",
        "his nobs": "sa caboche",
        "his nob": "sa caboche",
        "his heels": "ses talons",
    },
}
"""The rule sets' names for the Knave held and the Jack turned up (`Rules.words`, English), as
French players of each game say them: Noddy's "Noddy", cribbage's nobs and heels as "sa caboche"
and "ses talons" (French cribbage's "un pour sa caboche")."""

_READ_RANK = {
    letter.lower(): Rank[name]
    for name, key in (("ACE", "A"), ("JACK", "J"), ("QUEEN", "Q"), ("KING", "K"))
    for lang in _LANGUAGES
    for letter in (RANKS[lang][key][0],)
}
"""The rank letters of every language, read in any: "as" or "a" is an Ace, "v" or "j" a Knave."""


def _check(lang: str) -> None:
    if lang not in _LANGUAGES:
        raise CardError(f"unknown language {lang!r}; known: {', '.join(_LANGUAGES)}")


def plural_s(n: int, lang: str = "fr") -> str:
    """The "s" a word takes after the number ``n`` in ``lang``: in French none for 0 and 1
    ("1 écartée", "0 point") and "s" from 2 ("2 écartées"); in English none for 1 alone."""
    return "" if (n == 1 if lang == "en" else abs(n) < 2) else "s"


def card_text(card: Card, lang: str = "en") -> str:
    """A card as a player writes it in ``lang``, with its suit sign: "J♥", "V♥", "As♣"."""
    _check(lang)
    rank = str(card.rank)
    return RANKS[lang].get(rank, (rank, rank))[0] + card.suit.symbol


def card_typed(card: Card, lang: str = "en") -> str:
    """A card as a player types it in ``lang``, with its suit's letter: "Jh", "Vh", "Ash"."""
    _check(lang)
    rank = str(card.rank)
    return RANKS[lang].get(rank, (rank, rank))[0] + card.suit.value


def cards_text(cards: Iterable[Card], lang: str = "en") -> str:
    """Cards as a player writes them in ``lang``, separated by spaces."""
    return " ".join(card_text(c, lang) for c in cards)


def card_words(card: Card, lang: str = "en") -> str:
    """A card in words, every rank a word: "Jack of hearts", "eight of clubs", "dix de pique". The
    pages name a card from the same names (`noddy.words.page_phrases`: ``card.name``, ``rank.8``)."""
    _check(lang)
    rank = str(card.rank)
    name = RANKS[lang][rank][1] if rank in RANKS[lang] else NUMBER_NAMES[lang][rank]
    return CARD_NAME[lang].format(rank=name, suit=SUITS[lang][card.suit.value])


def knave_name(rules: Rules | None, lang: str = "en", *, turned: bool = False) -> str:
    """What ``rules`` call the Knave of the turn-up's suit held in hand (or, ``turned``, a Jack
    turned up) in ``lang``: the rules' own words in English, their French name in French (a house
    name with no French one is said as the house wrote it)."""
    _check(lang)
    english = "Knave Noddy turned up" if turned else "Knave Noddy"
    if rules is not None:
        english = rules.words.turned_jack if turned else rules.words.knave
    return KNAVE_NAMES.get(lang, {}).get(english, english)


def read_card(text: str, lang: str = "en") -> Card:
    """One card as a player types it, in the letters of any language ("Vh", "Jh", "Ash", "10♦");
    a token that does not read is refused (a `CardFault`, said in the reader's language by
    `noddy.words.say_error`), quoted short (`noddy.errors.quoted`), with the forms that would read.
    A rank written alone in ``lang``'s letters is refused for want of its suit: in French "As" is
    the Ace (not the English A of spades), so "As" alone says no suit."""
    _check(lang)
    token = text.strip() if isinstance(text, str) else ""
    if len(token) < 2:
        raise CardError(CardFault.TOO_SHORT, text=quoted(text), accepted=CardFault.ACCEPTED)
    alone = _rank_alone(token, lang)
    if alone:
        typed = [alone + letter for letter in SUITS[lang]]
        signs = [alone + suit.symbol for suit in Suit]
        forms = (", ".join(typed + signs[:-1]), CardFault.OR, signs[-1])
        raise CardError(CardFault.NO_SUIT, text=token, forms=forms)
    rank, suit = _rank(token[:-1]), _suit(token[-1])
    if rank is not None and suit is not None:
        return Card(rank, suit)
    fault = CardFault.BAD_RANK if rank is None else CardFault.BAD_SUIT
    if rank is None and suit is None:
        fault = CardFault.BAD_BOTH
    said = {"rank": quoted(token[:-1]), "suit": quoted(token[-1])}
    raise CardError(fault, text=quoted(text), accepted=CardFault.ACCEPTED, **said)


def _rank_alone(token: str, lang: str) -> str:
    """The rank of more than one letter ``token`` writes alone in ``lang`` (French "As"), which would
    otherwise read as a shorter rank and a suit; ``""`` if it is none."""
    letters = (letter for letter, _ in RANKS[lang].values() if len(letter) > 1)
    alone = (letter for letter in letters if token.lower() == letter.lower())
    return next(alone, "")


def _rank(text: str) -> Rank | None:
    """The rank ``text`` writes in the letters of any language, or ``None``."""
    if text.lower() in _READ_RANK:
        return _READ_RANK[text.lower()]
    try:
        return parse_card(text + "h").rank
    except CardError:
        return None


def _suit(text: str) -> Suit | None:
    """The suit ``text`` writes (a letter or a sign), or ``None``."""
    try:
        return parse_card("A" + text).suit
    except CardError:
        return None


def read_cards(text: str | Sequence[str], lang: str = "en", *, unique: bool = True) -> tuple[Card, ...]:
    """Cards as a player types them, separated by spaces or commas (`read_card` each); with
    ``unique`` a card given twice is refused."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(read_card(t, lang) for t in tokens)
    if unique:
        require_distinct(cards)
    return cards
