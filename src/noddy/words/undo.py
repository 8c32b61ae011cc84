"""The words of undo against the computer, per language: what the terminal and the table page say
when a person takes moves back, the words typed to ask for it, and its help. The refusals are
`noddy.words.reasons`' (``undo_*``)."""

from __future__ import annotations

from noddy.words.calls import check_language, fill_phrase

__all__ = ["UNDO", "is_undo", "undo_page_phrases", "undo_phrase"]

UNDO: dict[str, dict[str, str]] = {
    "en": {
        "words": "u undo",
        "help": (
            "u (or undo) takes back your last move and the computers' replies after it, again and again"
            " back to the start of the deal, but never past a card turned up (a lay-away stands once the"
            " turn-up is seen); the cards stay as they fell (the same hands, the same turn-up to come)."
            " The record keeps the game as finally played, and how many undos."
        ),
        "took_back.one": "Took back 1 move, your last:",
        "took_back.many": "Took back {n} moves, from your last on:",
        "page.undo.button": "Undo",
        "page.undo.keys": "U undo",
        "page.undo.title": (
            "Take back your last move and the computers' replies (U), never past a card turned up; the"
            " cards stay as they fell"
        ),
        "undone.one": "{name} took back 1 move.",
        "undone.many": "{name} took back {n} moves.",
        "undone_you.one": "You took back 1 move.",
        "undone_you.many": "You took back {n} moves.",
    },
    "fr": {
        "words": "u undo annuler",
        "help": (
            "u (ou annuler) reprend votre dernier coup et les réponses de l’ordinateur qui l’ont suivi,"
            " autant de fois que voulu jusqu’au début de la donne, mais jamais avant une carte retournée"
            " (un écart reste fait une fois la retournée vue) ; les cartes restent telles qu’elles"
            " sont tombées (les mêmes mains, la même retournée à venir). Le compte rendu garde la partie"
            " telle qu’elle a fini par se jouer, et le nombre de coups repris."
        ),
        "took_back.one": "1 coup repris, le vôtre :",
        "took_back.many": "{n} coups repris, depuis le vôtre :",
        "page.undo.button": "Annuler",
        "page.undo.keys": "U annuler",
        "page.undo.title": (
            "Reprendre votre dernier coup et les réponses de l’ordinateur (U), jamais avant une carte"
            " retournée ; les cartes restent telles qu’elles sont tombées"
        ),
        "undone.one": "{name} a repris 1 coup.",
        "undone.many": "{name} a repris {n} coups.",
        "undone_you.one": "Vous avez repris 1 coup.",
        "undone_you.many": "Vous avez repris {n} coups.",
    },
}
"""Undo's words; ``words`` are what may be typed at the terminal's prompt to ask for it."""


def undo_phrase(key: str, lang: str = "en", **values: object) -> str:
    """An undo phrase in ``lang`` with its values filled in."""
    return fill_phrase(UNDO, key, lang, values)


def is_undo(text: str, lang: str = "en") -> bool:
    """Whether ``text``, typed at a prompt, asks to take a move back (``u``, ``undo``...).

    >>> is_undo(" Undo "), is_undo("5h")
    (True, False)
    """
    return text.strip().lower() in undo_phrase("words", lang).split()


def undo_page_phrases(lang: str = "en") -> dict[str, str]:
    """The table page's undo phrases in ``lang``, under their page keys (``undo.button``...)."""
    check_language(lang)
    return {key.removeprefix("page."): text for key, text in UNDO[lang].items() if key.startswith("page.")}
