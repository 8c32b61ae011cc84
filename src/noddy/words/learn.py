"""The learners' words on the web pages (the discard advisor and the review), one table per
language, joined to the pages' own table by `noddy.words.page.page_phrases`."""

from __future__ import annotations

__all__ = ["LEARN_PAGE"]

LEARN_PAGE: dict[str, dict[str, str]] = {
    "en": {
        "lobby.hints": "Hints: the discard advisor (only with you against computers)",
        "lobby.advise": "what to lay away",
    },
    "fr": {
        "lobby.hints": "Conseils : le conseiller d’écart (seulement vous contre l’ordinateur)",
        "lobby.advise": "que mettre au crib",
    },
}
"""Each phrase of the learners' parts of the pages, by language (the same keys in each)."""
