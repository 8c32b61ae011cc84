"""The words a player says for a count, made from its items, in English or French.

>>> from noddy.cards import Card
>>> from noddy.scoring.items import ScoreItem
>>> c = Card.parse("5h")
>>> announce([ScoreItem("fifteen", (c,), 2), ScoreItem("fifteen", (c,), 2), ScoreItem("pair", (c,), 2)])
'fifteen 2, fifteen 4, and a pair 6'
>>> announce([ScoreItem("fifteen", (c,), 2), ScoreItem("pair", (c,), 2)], lang="fr")
'quinze 2 et une paire 4'
"""

from __future__ import annotations

from collections.abc import Sequence

from noddy.errors import NoddyError
from noddy.rules import Rules
from noddy.scoring.items import ScoreItem

__all__ = ["LANGUAGES", "announce", "item_name"]

LANGUAGES = ("en", "fr")

_NUMBERS = {
    "en": {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"},
    "fr": {3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit"},
}
_NAMES = {
    "en": {
        "fifteen": "fifteen",
        "twenty_five": "twenty-five",
        "thirty_one": "thirty-one",
        "pair": "a pair",
        "pair_royal": "a pair royal",
        "double_pair_royal": "a double pair royal",
        "pairs": "{n} alike",
        "run": "a run of {n}",
        "flush": "a flush of {n}",
        "last_card": "one for last",
    },
    "fr": {
        "fifteen": "quinze",
        "twenty_five": "vingt-cinq",
        "thirty_one": "trente-et-un",
        "pair": "une paire",
        "pair_royal": "une paire royale",
        "double_pair_royal": "une double paire royale",
        "pairs": "{n} cartes pareilles",
        "run": "une suite de {n}",
        "flush": "une couleur de {n}",
        "last_card": "la dernière carte",
        "knave": "Noddy",
        "turned_jack": "Noddy retourné",
    },
}
_SPECIAL_NAMES = {"Ks": "Flat Back", "Qh": "Countenance", "Jh": "Roger"}
_NOTHING = {"en": "nothing to score, 0", "fr": "rien, 0"}
_AND = {"en": ", and ", "fr": " et "}


def item_name(item: ScoreItem, rules: Rules | None = None, lang: str = "en") -> str:
    """What a player calls one item: "fifteen", "a run of three", "Knave Noddy", "une paire"."""
    if lang not in _NAMES:
        raise NoddyError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    names = _NAMES[lang]
    n = item.size
    if item.kind in names:
        return names[item.kind].format(n=_NUMBERS[lang].get(n, str(n)))
    if item.kind == "knave":
        return rules.words.knave if rules is not None else "Knave Noddy"
    if item.kind == "turned_jack":
        return rules.words.turned_jack if rules is not None else "Knave Noddy turned up"
    if item.kind == "special":
        card = str(item.cards[0])
        return _SPECIAL_NAMES.get(card, item.cards[0].pretty)
    return item.kind.replace("_", " ")


def announce(items: Sequence[ScoreItem], rules: Rules | None = None, lang: str = "en") -> str:
    """The call with a running total: "fifteen 2, fifteen 4, a run of three 7, and Knave Noddy 8"."""
    if lang not in _NAMES:
        raise NoddyError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    running = 0
    parts = []
    for item in items:
        running += item.points
        parts.append(f"{item_name(item, rules, lang)} {running}")
    if not parts:
        return _NOTHING[lang]
    if len(parts) == 1:
        return parts[0]
    joiner = _AND[lang] if len(parts) > 2 or lang == "fr" else " and "
    return ", ".join(parts[:-1]) + joiner + parts[-1]
