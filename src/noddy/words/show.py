"""The words of the show on the web table, per language: the pace the counts are made at, going on,
saying the counts aloud, and the summary at the end of a deal. The
calls themselves are `noddy.words.calls`', and why a hand is not shown `noddy.words.unshown_note`."""

from __future__ import annotations

from noddy.words.calls import check_language

__all__ = ["SHOW_PAGE", "show_page_phrases"]

SHOW_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "show.options": "The show",
        "show.pace": "Pace of the counts",
        "show.pace.slow": "slow",
        "show.pace.normal": "normal",
        "show.pace.fast": "fast",
        "show.pace.hand": "step by step (Go on)",
        "show.speak": "Say the counts aloud",
        "show.go_on": "Go on",
        "show.go_on_title": "Go on (Enter)",
        "show.declared": "declared {count}",
        "show.muggins": "{who} claims the points missed: the true count is {true}.",
        "show.summary": "Deal {deal}: the show",
        "show.next_in": "The next deal in {n} s",
        "show.press": "Press Enter or Go on for the next deal.",
    },
    "fr": {
        "show.options": "Le compte des mains",
        "show.pace": "Rythme des comptes",
        "show.pace.slow": "lent",
        "show.pace.normal": "normal",
        "show.pace.fast": "rapide",
        "show.pace.hand": "pas à pas (Continuer)",
        "show.speak": "Dire les comptes à voix haute",
        "show.go_on": "Continuer",
        "show.go_on_title": "Continuer (Entrée)",
        "show.declared": "annoncé {count}",
        "show.muggins": "{who} réclame les points oubliés : le vrai compte est {true}.",
        "show.summary": "Donne {deal} : le compte",
        "show.next_in": "Donne suivante dans {n} s",
        "show.press": "Appuyez sur Entrée ou Continuer pour la donne suivante.",
    },
}
"""The show's phrases on the table page, per language."""


def show_page_phrases(lang: str = "en") -> dict[str, str]:
    """The show's phrases in ``lang``, for the page's phrase table."""
    check_language(lang)
    return dict(SHOW_PAGE[lang])
