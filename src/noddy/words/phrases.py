"""The fixed phrases of the faces, per language: the score command's headings and its turned-Jack
line, who receives a turned Jack, the end of the play, and the lines that end a game (its stake)."""

from __future__ import annotations

from noddy.rules import Rules
from noddy.scoring import PLAY_LIMIT, ScoreItem
from noddy.words.calls import check_language, item_name

__all__ = [
    "PHRASES",
    "REASONS",
    "cannot_play",
    "count_heading",
    "jack_receiver_name",
    "phrase",
    "play_end_line",
    "reason_name",
    "stake_line",
    "turned_jack_line",
]

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Hand",
        "crib": "Crib",
        "heading": "{what} {cards} with {turnup} turned up, under {rules}",
        "combination": "combination",
        "cards": "cards",
        "points": "points",
        "total": "total",
        "count_total": "Total: {total}",
        "dealer": "the dealer",
        "elder": "the elder hand (the non-dealer)",
        "turned_jack": "A Jack turned up: {points} to {who} for {name}, pegged apart from this count.",
        "stake": "A {stake}: it counts {games} games.",
        "cannot_play": "You cannot play within {limit}",
        "play_end": "The play ends.",
        "play_end_unplayed": "The play ends; {unplayed} card(s) not played.",
    },
    "fr": {
        "hand": "Main",
        "crib": "Crib",
        "heading": "{what} {cards} avec {turnup} retournée, selon {rules}",
        "combination": "combinaison",
        "cards": "cartes",
        "points": "points",
        "total": "total",
        "count_total": "Total : {total}",
        "dealer": "le donneur",
        "elder": "le premier en main (celui qui ne donne pas)",
        "turned_jack": "Un valet retourné : {points} pour {who} ({name}), marqués à part de ce compte.",
        "stake": "Un {stake} : la partie compte pour {games}.",
        "cannot_play": "Vous ne pouvez pas jouer sans dépasser {limit}",
        "play_end": "Le jeu est fini.",
        "play_end_unplayed": "Le jeu est fini ; {unplayed} carte(s) non jouée(s).",
    },
}
"""Each phrase per language, with ``{fields}`` a face fills in (and may style)."""


REASONS: dict[str, dict[str, str]] = {
    "en": {
        "compensation": "before the first deal",
        "turnup": "turn-up",
        "knave": "Knave",
        "play": "play",
        "show": "show",
        "crib": "crib",
        "muggins": "muggins",
    },
    "fr": {
        "compensation": "avant la première donne",
        "turnup": "retourne",
        "knave": "valet",
        "play": "jeu",
        "show": "compte",
        "crib": "crib",
        "muggins": "muggins",
    },
}
"""What a deal's points count under (`EventFacts.reason`), per language, in the order a deal's
summary lists them."""


def reason_name(reason: str, lang: str = "en") -> str:
    """The words for what points count under in a deal's summary ("show", "crib")."""
    check_language(lang)
    return REASONS[lang][reason]


def phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase in ``lang`` with its values filled in."""
    check_language(lang)
    return PHRASES[lang][key].format(**values)


def cannot_play(lang: str = "en") -> str:
    """Why a seat must say Go: no card of its hand can be laid within the play's limit."""
    return phrase("cannot_play", lang, limit=PLAY_LIMIT)


def count_heading(what: str, cards: str, turnup: str, rules: str, lang: str = "en") -> str:
    """The heading of a count: "Hand 5♥ 5♦ 5♣ J♠ with 5♠ turned up, under Cribbage"."""
    return phrase("heading", lang, what=phrase(what, lang), cards=cards, turnup=turnup, rules=rules)


def jack_receiver_name(rules: Rules, lang: str = "en") -> str:
    """Who the rules give a turned Jack to, in words."""
    return phrase(rules.turnup.jack_to, lang)


def turned_jack_line(jack: ScoreItem, rules: Rules, lang: str = "en") -> str:
    """The score command's line for a Jack turned up, which its count leaves out."""
    name = item_name(jack, rules, lang)
    who = jack_receiver_name(rules, lang)
    return phrase("turned_jack", lang, points=jack.points, who=who, name=name)


def play_end_line(unplayed: int, lang: str = "en") -> str:
    """The line for the end of the play, with the cards left in hand (under a single series)."""
    return phrase("play_end_unplayed", lang, unplayed=unplayed) if unplayed else phrase("play_end", lang)


def stake_line(stake: tuple[str, int], lang: str = "en") -> str | None:
    """The line for a win worth more than one game ("A lurch: it counts 2 games."), else ``None``."""
    name, games = stake
    return phrase("stake", lang, stake=name, games=games) if games > 1 else None
