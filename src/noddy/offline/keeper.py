"""What the scorer and the board keeper (``/score``, ``/board``: a game played with real cards) need
to know of a rule set, ready to be JSON: the same answer whether the server gives it or the page's
own engine does offline (`noddy.offline`), so a phone at a campsite keeps the board a preset or a
house-rules file says.

`rule_set(rules, house)` gives a rule set's board (its game hole, how many play, partners, who
deals next), the hand and crib sizes the scorer taps, and the reasons points are pegged for, each
named by the words layer in every language noddy speaks (the rule set's own names: "his heels",
"Knave Noddy turned up"), with its points where the rules fix them (the Jack turned up, a Go, 31).
"""

from __future__ import annotations

from typing import Any

from noddy.errors import NoddyError
from noddy.rules import Points, Rules, load_rules, loads_rules, preset_names
from noddy.scoring import Kind
from noddy.words import (
    KIND_WORDS,
    LANGUAGES,
    PHRASES,
    REASONS,
    knave_name,
    opening,
    rule_set_words,
    say_error,
    stake_line,
)

__all__ = ["rule_set", "rule_sets", "rules_of"]


def rules_of(rules: str = "", house: str = "") -> Rules:
    """The rules asked for: the house-rules file's text ``house`` if given, else the preset ``rules``."""
    return loads_rules(house) if house else load_rules(rules or "cribbage")


def _fixed(points: Points | int) -> int | None:
    """The points a reason always scores, or None where they vary (a point a card, or none)."""
    if isinstance(points, int):
        return points or None
    return None if points.per_card or not points.flat else points.flat


def _scores(points: Points | int) -> bool:
    """Whether the rules score anything for it."""
    return bool(points) if isinstance(points, int) else bool(points.per_card or points.flat)


def _each(say: Any) -> dict[str, str]:
    words = {lang: str(say(lang)) for lang in LANGUAGES}
    return {lang: opening(text) for lang, text in words.items()}


def _reasons(rules: Rules) -> list[dict[str, Any]]:
    """The reasons a side pegs for under ``rules``, in the order of a deal: ``to`` says whose they
    are where the rules say it (the crib and a Jack turned up are the dealer's)."""
    has_crib = any(rules.crib_size(n) for n in rules.player_counts)
    jack = _fixed(rules.turnup.jack_points)
    reasons: list[dict[str, Any]] = []

    def add(key: str, words: dict[str, str], points: int | None = None, to: str = "any") -> None:
        reasons.append({"key": key, "words": words, "points": points, "to": to})

    if rules.game.compensation:
        add(
            "compensation", _each(lambda lang: REASONS[lang]["compensation"]), rules.game.compensation, "pone"
        )
    if jack:
        to = "dealer" if rules.turnup.jack_to == "dealer" else "any"
        add("turned_jack", _each(lambda lang: knave_name(rules, lang, turned=True)), jack, to)
    if rules.hand.knave_when != "in_announcement" and rules.hand.knave:
        add("knave", _each(lambda lang: knave_name(rules, lang)), rules.hand.knave)
    add("play", _each(lambda lang: REASONS[lang]["play"]))
    if _scores(rules.play.last_card):
        words = _each(lambda lang: KIND_WORDS[Kind.LAST_CARD].terms[lang])
        add("last_card", words, _fixed(rules.play.last_card))
    if _scores(rules.play.thirty_one):
        words = _each(lambda lang: KIND_WORDS[Kind.THIRTY_ONE].terms[lang])
        add("thirty_one", words, _fixed(rules.play.thirty_one))
    add("hand", _each(lambda lang: PHRASES[lang]["hand"]))
    if has_crib:
        add("crib", _each(lambda lang: PHRASES[lang]["crib"]), None, "dealer")
    if rules.hand.wrong_count == "muggins":
        add("muggins", _each(lambda lang: REASONS[lang]["muggins"]))
    return reasons


def rule_set(rules: str = "", house: str = "") -> dict[str, Any]:
    """The facts of the preset ``rules`` (or the house rules ``house``, a rules file's text) the
    scorer and the board keeper show, or ``{"error": ...}`` in each language saying what was wrong."""
    try:
        ruled = rules_of(rules, house)
    except NoddyError as exc:
        return {"error": {lang: say_error(exc, lang) for lang in LANGUAGES}}
    titles = {}
    for lang in LANGUAGES:
        title, _ = rule_set_words(ruled.name, ruled.title or ruled.name, ruled.summary, lang)
        titles[lang] = title
    game = ruled.game
    return {
        "name": ruled.name,
        "house": bool(house),
        "titles": titles,
        "language": ruled.language,
        "players": list(ruled.player_counts),
        "partners": ruled.table.partners,
        "end": game.end,
        "target": game.target,
        "rotation": ruled.deal.rotation,
        "rotation_per": ruled.deal.rotation_per,
        "hand": {str(n): ruled.held_size(n) for n in ruled.player_counts},
        "crib": {str(n): ruled.crib_size(n) for n in ruled.player_counts},
        "reasons": _reasons(ruled),
        "stakes": _stakes(ruled),
    }


def _stakes(rules: Rules) -> dict[str, dict[str, str]]:
    """What a win counts when it is more than a game (`Game.stake`: a skunk, a lurch), by the score
    of the best of the losers, said in each language; a score not listed is a win of one game."""
    stakes = {}
    for score in range(rules.game.target):
        stake = rules.game.stake(score)
        if stake[1] > 1:
            stakes[str(score)] = {lang: str(stake_line(stake, lang)) for lang in LANGUAGES}
    return stakes


def rule_sets() -> list[dict[str, Any]]:
    """`rule_set` of every preset, in the presets' order."""
    return [rule_set(name) for name in preset_names()]
