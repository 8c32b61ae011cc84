"""The words a player says for a count, made from its items, in English or French.

A call is structured (`CallPart`: each item's kind, name, cards, points and the running total) and
said by one function (`say`), so the terminal, the web and the score command all say it alike.

>>> from noddy.cards import Card
>>> from noddy.scoring import Kind, ScoreItem
>>> c = Card.parse("5h")
>>> fifteen, pair = ScoreItem(Kind.FIFTEEN, (c,), 2), ScoreItem(Kind.PAIR, (c,), 2)
>>> announce([fifteen, fifteen, pair])
'fifteen 2, fifteen 4, and a pair 6'
>>> announce([fifteen, pair], lang="fr")
'quinze 2 et une paire 4'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from noddy.cards import Card
from noddy.errors import NoddyError
from noddy.rules import LANGUAGES, Rules
from noddy.scoring import Kind, ScoreItem
from noddy.words.card_names import card_text, card_words, knave_name
from noddy.words.kinds import KIND_WORDS
from noddy.words.sentences import number_words

__all__ = [
    "LANGUAGES",
    "SPECIAL_NAMES",
    "CallPart",
    "announce",
    "call",
    "card_name",
    "card_text",
    "card_words",
    "check_language",
    "fill_phrase",
    "item_name",
    "kind_term",
    "opening",
    "play_said",
    "said_items",
    "say",
]


SPECIAL_NAMES = {"Ks": "Flat Back", "Qh": "Countenance", "Jh": "Roger"}
"""The names of the named cards, where the rules count them."""

_NOTHING = {"en": "nothing to score, 0", "fr": "rien, 0"}
_AND = {"en": ", and ", "fr": " et "}


@dataclass(frozen=True, slots=True)
class CallPart:
    """One item of a call: its kind, what it is called, its cards (those the hearer may see), its
    points and the running total said after it."""

    kind: Kind
    name: str
    cards: tuple[Card, ...]
    points: int
    running: int

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "name": self.name,
            "cards": [str(c) for c in self.cards],
            "points": self.points,
            "total": self.running,
        }


def opening(text: str) -> str:
    """``text`` as it opens a sentence, a line or a heading: its first letter a capital, the rest
    as it is (``"his heels"`` → ``"His heels"``; ``str.capitalize`` would lower the rest)."""
    return text[:1].upper() + text[1:]


def check_language(lang: str) -> None:
    """Refuse a language noddy cannot speak, naming those it can."""
    if lang not in LANGUAGES:
        raise NoddyError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")


def fill_phrase(
    table: Mapping[str, Mapping[str, str]], key: str, lang: str, values: dict[str, object]
) -> str:
    """The phrase ``key`` of a per-language ``table`` in ``lang``, its ``{fields}`` filled from
    ``values``: what every phrase table's own function says through."""
    check_language(lang)
    return table[lang][key].format(**values)


def card_name(card: Card, lang: str = "en") -> str:
    """What a named card is called ("Flat Back"), or the card as a player of ``lang`` sees it
    ("K♠", "R♠")."""
    return SPECIAL_NAMES.get(str(card), card_text(card, lang))


def item_name(item: ScoreItem, rules: Rules | None = None, lang: str = "en") -> str:
    """What a player calls one item: "fifteen", "a run of three", "Knave Noddy", "une paire"."""
    check_language(lang)
    name = KIND_WORDS[item.kind].names.get(lang)
    if name is not None:
        return name.format(n=number_words(item.size, lang))
    if item.kind in (Kind.KNAVE, Kind.TURNED_JACK):
        return knave_name(rules, lang, turned=item.kind == Kind.TURNED_JACK)
    if item.kind == Kind.SPECIAL:
        return card_name(item.cards[0], lang)
    return item.kind.replace("_", " ")


def kind_term(kind: Kind, rules: Rules, lang: str = "en") -> str:
    """A score kind's glossary term under ``rules`` ("pair royal"), the rules' own name in it where
    the term is that name ("Knave Noddy", "his nobs")."""
    check_language(lang)
    term = KIND_WORDS[kind].terms[lang]
    return term.format(name=item_name(ScoreItem(kind, (), 0), rules, lang) if "{name}" in term else "")


def call(items: Sequence[ScoreItem], rules: Rules | None = None, lang: str = "en") -> tuple[CallPart, ...]:
    """The call of a count, item by item, with its running total."""
    running = 0
    parts = []
    for item in items:
        running += item.points
        parts.append(CallPart(item.kind, item_name(item, rules, lang), item.cards, item.points, running))
    return tuple(parts)


def say(parts: Sequence[CallPart], lang: str = "en") -> str:
    """The call as it is said: "fifteen 2, fifteen 4, a run of three 7, and Knave Noddy 8"."""
    return "".join(said_items(parts, lang))


def said_items(parts: Sequence[CallPart], lang: str = "en") -> tuple[str, ...]:
    """Each item's words as `say` says them, with what joins it to the one before, so that a face
    can show or speak the call item by item: ("fifteen 2", ", fifteen 4", ", and a pair 6"); joined,
    they are `say`'s call. A count of nothing is one piece, "nothing to score, 0".

    >>> from noddy.cards import Card
    >>> from noddy.scoring import Kind, ScoreItem
    >>> c = Card.parse("5h")
    >>> fifteen, pair = ScoreItem(Kind.FIFTEEN, (c,), 2), ScoreItem(Kind.PAIR, (c,), 2)
    >>> said_items(call([fifteen, fifteen, pair]))
    ('fifteen 2', ', fifteen 4', ', and a pair 6')
    >>> said_items(call([fifteen, pair]))
    ('fifteen 2', ' and a pair 4')
    """
    check_language(lang)
    said = [f"{part.name} {part.running}" for part in parts]
    if not said:
        return (_NOTHING[lang],)
    joiner = _AND[lang] if len(said) > 2 or lang == "fr" else " and "
    pieces = [said[0], *(", " + s for s in said[1:-1])]
    if len(said) > 1:
        pieces.append(joiner + said[-1])
    return tuple(pieces)


def play_said(count: int, parts: Sequence[CallPart], lang: str = "en") -> str:
    """What a player says laying a card: the count, and the call if it scores ("7"; "22, a pair 2");
    a call that names the count itself is said alone ("fifteen 2", "thirty-one 2").

    >>> from noddy.cards import Card
    >>> from noddy.scoring import Kind, ScoreItem
    >>> play_said(15, call([ScoreItem(Kind.FIFTEEN, (Card.parse("8h"),), 2)]))
    'fifteen 2'
    >>> play_said(7, ())
    '7'
    """
    check_language(lang)
    if not parts:
        return str(count)
    if parts[0].kind in (Kind.FIFTEEN, Kind.THIRTY_ONE):
        return say(parts, lang)
    return f"{count}, {say(parts, lang)}"


def announce(items: Sequence[ScoreItem], rules: Rules | None = None, lang: str = "en") -> str:
    """The call of a count with a running total, said: `say` of `call`."""
    return say(call(items, rules, lang), lang)
