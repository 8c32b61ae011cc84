"""The words of the chance of winning, per language: the board's bar at the terminal and on the
table page, its toggle, and what is said where no chance can be shown. Keys under ``page.`` are the
table page's (`win_page_phrases`, without the prefix); the others the terminal's."""

from __future__ import annotations

from collections.abc import Sequence

from noddy.words.calls import check_language, fill_phrase

__all__ = ["WINCHANCE", "bar_sides", "is_bar_key", "percent_text", "win_page_phrases", "win_phrase"]

WINCHANCE: dict[str, dict[str, str]] = {
    "en": {
        "percent": "{n}%",
        "bar.heading": "Chance of winning from here (next deal: {dealer}):",
        "bar.side": "{name} {percent}",
        "bar.words": "w win",
        "bar.help": (
            "w (or win) shows or hides each side's chance of winning after every deal (between people"
            " it shows only once every player has it on)."
        ),
        "bar.on": "Each side's chance of winning will show after every deal.",
        "bar.off": "The chance of winning is hidden.",
        "bar.waiting": (
            "{name} has the chance of winning on; it shows once every player has it on ({on} of {people})."
        ),
        "bar.unserved": "No chance of winning can be shown here: the board table does not cover these rules.",
        "page.winchance.title": "Chance of winning",
        "page.winchance.toggle": "Show the chance of winning",
        "page.winchance.note": "From each deal's start: the scores and the dealer, nothing hidden.",
        "page.winchance.waiting": "Shown once every player turns it on ({on} of {people} have).",
        "page.winchance.unserved": (
            "No chance of winning can be shown here: the board table does not cover these rules."
        ),
        "page.winchance.deal": "deal {deal} · dealer: {dealer}",
        "page.winchance.end": "the game is over",
        "page.winchance.side": "{name} {percent}",
        "page.winchance.percent": "{n}%",
    },
    "fr": {
        "percent": "{n}\u00a0%",
        "bar.heading": "Chance de gagner d’ici (prochaine donne : {dealer}) :",
        "bar.side": "{name} {percent}",
        "bar.words": "w win gagner",
        "bar.help": (
            "w (ou gagner) montre ou cache la chance de gagner de chaque camp après chaque donne (entre"
            " personnes, elle ne s’affiche qu’une fois que chaque joueur l’a activée)."
        ),
        "bar.on": "La chance de gagner de chaque camp s’affichera après chaque donne.",
        "bar.off": "La chance de gagner est cachée.",
        "bar.waiting": (
            "{name} a activé la chance de gagner ; elle s’affiche une fois que chaque joueur l’a activée"
            " ({on} sur {people})."
        ),
        "bar.unserved": (
            "Aucune chance de gagner ne peut s’afficher ici : la table des positions ne couvre pas ces"
            " règles."
        ),
        "page.winchance.title": "Chance de gagner",
        "page.winchance.toggle": "Afficher la chance de gagner",
        "page.winchance.note": "Au début de chaque donne : les scores et le donneur, rien de caché.",
        "page.winchance.waiting": "Affichée une fois que chaque joueur l’active ({on} sur {people}).",
        "page.winchance.unserved": (
            "Aucune chance de gagner ne peut s’afficher ici : la table des positions ne couvre pas ces"
            " règles."
        ),
        "page.winchance.deal": "donne {deal} · donneur : {dealer}",
        "page.winchance.end": "la partie est finie",
        "page.winchance.side": "{name} {percent}",
        "page.winchance.percent": "{n}\u00a0%",
    },
}
"""The chance of winning's words; ``bar.words`` are what may be typed at the terminal's prompt to
show or hide the bar."""


def win_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of the chance of winning in ``lang`` with its values filled in."""
    return fill_phrase(WINCHANCE, key, lang, values)


def percent_text(chance: float, lang: str = "en") -> str:
    """A chance (0 to 1) in whole percent as ``lang`` writes it.

    >>> percent_text(0.617), percent_text(0.617, "fr")
    ('62%', '62\\xa0%')
    """
    return win_phrase("percent", lang, n=round(100 * chance))


def is_bar_key(text: str, lang: str = "en") -> bool:
    """Whether ``text``, typed at a prompt, asks to show or hide the bar (``w``...).

    >>> is_bar_key(" W "), is_bar_key("5h")
    (True, False)
    """
    return text.strip().lower() in win_phrase("bar.words", lang).split()


def bar_sides(names: Sequence[str], chances: Sequence[float], lang: str = "en") -> list[str]:
    """Each side's name with its chance, as the bar says them."""
    return [
        win_phrase("bar.side", lang, name=name, percent=percent_text(chance, lang))
        for name, chance in zip(names, chances, strict=True)
    ]


def win_page_phrases(lang: str = "en") -> dict[str, str]:
    """The table page's phrases of the chance of winning in ``lang``, under their page keys."""
    check_language(lang)
    words = WINCHANCE[lang].items()
    return {key.removeprefix("page."): text for key, text in words if key.startswith("page.")}
