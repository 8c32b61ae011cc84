"""The terminal game's words for sitting at its table, per language: the lay-away confirmed, the
discard advisor's hint on request, a deal-by-deal summary at the end, and a stopped game saved and
played on (``noddy play --resume``). The terminal styles and fills in the ``{fields}``."""

from __future__ import annotations

from noddy.words.calls import check_language, fill_phrase

__all__ = ["SITTING", "is_hint", "sitting_phrase"]

SITTING: dict[str, dict[str, str]] = {
    "en": {
        "laid_away.yours": "You laid away {cards} to your crib.",
        "laid_away.theirs": "You laid away {cards} to {name}'s crib.",
        "laid_away.none": "You laid away {cards}.",
        "hint.words": "h hint",
        "hint.help": "h (or hint) shows the discard advisor's best lay-aways, from what you can see.",
        "hint.heading": "The discard advisor's best lay-aways for your hand (expected points):",
        "summary.heading": "Deal by deal:",
        "summary.deal": "Deal {deal}: {sides}",
        "summary.start": "Before the first deal: {sides}",
        "summary.side": "{name} +{points}",
        "summary.side_detail": "{name} +{points} ({detail})",
        "summary.reason": "{reason} {points}",
        "summary.uncounted": "{name}: +{points} past the game hole, not counted",
        "resume.saved": "Saved to {path}; noddy play --resume {path} plays it on.",
        "resume.resumed": "Played on from {path}, after {moves} moves.",
        "resume.bad": "--resume {path}: {why}",
        "resume.over": (
            "{path}: this game is over, there is nothing to play on; noddy replay {path} shows it"
        ),
        "resume.options": (
            "--resume plays a saved game on with its own rules, seats and seed: leave out {options}"
        ),
    },
    "fr": {
        "laid_away.yours": "Vous avez écarté {cards} pour votre crib.",
        "laid_away.theirs": "Vous avez écarté {cards} pour le crib {of}.",
        "laid_away.none": "Vous avez écarté {cards}.",
        "hint.words": "h conseil indice hint",
        "hint.help": (
            "h (ou conseil) montre les meilleurs écarts selon le conseiller d’écart, d’après ce que vous"
            " voyez."
        ),
        "hint.heading": "Les meilleurs écarts de votre main selon le conseiller (points attendus) :",
        "summary.heading": "Donne par donne :",
        "summary.deal": "Donne {deal} : {sides}",
        "summary.start": "Avant la première donne : {sides}",
        "summary.side": "{name} +{points}",
        "summary.side_detail": "{name} +{points} ({detail})",
        "summary.reason": "{reason} {points}",
        "summary.uncounted": "{name} : +{points} au-delà du dernier trou, hors compte",
        "resume.saved": "Enregistrée dans {path} ; noddy play --resume {path} la reprend.",
        "resume.resumed": "Reprise de {path}, après {moves} coups.",
        "resume.bad": "--resume {path} : {why}",
        "resume.over": (
            "{path} : cette partie est finie, il n’y a plus rien à jouer ; noddy replay {path} la montre"
        ),
        "resume.options": (
            "--resume reprend une partie enregistrée avec ses propres règles, places et graine : retirez"
            " {options}"
        ),
    },
}
"""Each phrase per language, with ``{fields}`` the terminal fills in (and may style)."""


def sitting_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of sitting at the terminal's table in ``lang``, with its values filled in."""
    return fill_phrase(SITTING, key, lang, values)


def is_hint(text: str, lang: str = "en") -> bool:
    """Whether ``text`` asks for a hint in ``lang`` (the English words are read too)."""
    check_language(lang)
    word = text.strip().lower()
    return bool(word) and word in {*SITTING[lang]["hint.words"].split(), *SITTING["en"]["hint.words"].split()}
