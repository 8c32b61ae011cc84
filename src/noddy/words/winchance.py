"""The words of the chance of winning, per language: the board's bar at the terminal and on the
table page, its toggle, and what is said where no chance can be shown. Keys under ``page.`` are the
table page's (`win_page_phrases`, without the prefix); the others the terminal's."""

from __future__ import annotations

from collections.abc import Sequence

from noddy.words.calls import check_language, fill_phrase

__all__ = [
    "WINCHANCE",
    "bar_sides",
    "is_bar_key",
    "percent_text",
    "win_page_phrases",
    "win_phrase",
]

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
        "bar.unbuilt": (
            "The chance of winning is not worked out yet for these rules on this machine: noddy analyze board"
            " works it out (in minutes), then it shows."
        ),
        "review.lost": "In the chance of winning the game, these decisions cost {lost} in all.",
        "review.marked.one": "The decision that mattered most is marked {mark}.",
        "review.marked.many": "The {n} decisions that mattered most are marked {mark}.",
        "review.marked.none": "None cost as much as {matters} of the game.",
        "review.mark": "★",
        "review.cost": "Cost: {lost} of the game (a {chosen} chance of winning where {best} was to be had).",
        "review.chance_col": "chance of winning",
        "review.unserved": "No chance of winning here: the board table does not cover these rules.",
        "review.how": (
            "The chance of winning: a lay-away over {samples} deals played out, a card by the strong"
            " player's search playing for the game, a count by the board it leaves."
        ),
        "review.plot.title": "{name}: chance of winning at the start of each deal",
        "review.plot.x": "deal",
        "review.plot.y": "chance of winning",
        "review.plot.end": "end",
        "review.plot.marked": "move {move}: −{lost}",
        "review.plot.saved": "The curve of the chance of winning is drawn in {path}.",
        "review.curve": "Chance of winning deal by deal: {points}",
        "page.winchance.title": "Chance of winning",
        "page.winchance.toggle": "Show the chance of winning",
        "page.winchance.note": "From each deal's start: the scores and the dealer, nothing hidden.",
        "page.winchance.waiting": "Shown once every player turns it on ({on} of {people} have).",
        "page.winchance.unserved": (
            "No chance of winning can be shown here: the board table does not cover these rules."
        ),
        "page.winchance.unbuilt": (
            "The chance of winning is not worked out yet for these rules on this server."
        ),
        "page.winchance.deal": "deal {deal} · dealer: {dealer}",
        "page.winchance.end": "the game is over",
        "page.winchance.side": "{name} {percent}",
        "page.winchance.review.lost": (
            "In the chance of winning the game, these decisions cost {lost} in all."
        ),
        "page.winchance.review.marked.one": "The decision that mattered most is marked {mark}.",
        "page.winchance.review.marked.many": "The {n} decisions that mattered most are marked {mark}.",
        "page.winchance.review.marked.none": "None cost as much as {matters} of the game.",
        "page.winchance.review.mark": "★",
        "page.winchance.review.cost": (
            "Cost: {lost} of the game (a {chosen} chance of winning where {best} was to be had)."
        ),
        "page.winchance.review.chance_col": "chance of winning",
        "page.winchance.review.unserved": (
            "No chance of winning here: the board table does not cover these rules."
        ),
        "page.winchance.review.curve": "{name}: chance of winning at the start of each deal: {points}",
        "page.winchance.review.deal": "deal",
        "page.winchance.review.end": "end",
        "page.winchance.review.marked_at": "move {move}: −{lost}",
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
        "bar.unbuilt": (
            "La chance de gagner n’est pas encore calculée pour ces règles sur cette machine : noddy"
            " analyze board la calcule (en quelques minutes), puis elle s’affiche."
        ),
        "review.lost": "En chance de gagner la partie, ces décisions ont coûté {lost} en tout.",
        "review.marked.one": "La décision qui a le plus compté est marquée {mark}.",
        "review.marked.many": "Les {n} décisions qui ont le plus compté sont marquées {mark}.",
        "review.marked.none": "Aucune n’a coûté autant que {matters} de la partie.",
        "review.mark": "★",
        "review.cost": (
            "Coût : {lost} de la partie ({chosen} de chances de gagner là où {best} étaient possibles)."
        ),
        "review.chance_col": "chance de gagner",
        "review.unserved": "Pas de chance de gagner ici : la table des positions ne couvre pas ces règles.",
        "review.how": (
            "La chance de gagner : un écart sur {samples} donnes jouées, une carte par la recherche du"
            " joueur fort qui joue pour la partie, un compte par la planchette qu’il laisse."
        ),
        "review.plot.title": "{name} : chance de gagner au début de chaque donne",
        "review.plot.x": "donne",
        "review.plot.y": "chance de gagner",
        "review.plot.end": "fin",
        "review.plot.marked": "coup {move} : −{lost}",
        "review.plot.saved": "La courbe de la chance de gagner est dessinée dans {path}.",
        "review.curve": "Chance de gagner donne par donne : {points}",
        "page.winchance.title": "Chance de gagner",
        "page.winchance.toggle": "Afficher la chance de gagner",
        "page.winchance.note": "Au début de chaque donne : les scores et le donneur, rien de caché.",
        "page.winchance.waiting": "Affichée une fois que chaque joueur l’active ({on} sur {people}).",
        "page.winchance.unserved": (
            "Aucune chance de gagner ne peut s’afficher ici : la table des positions ne couvre pas ces"
            " règles."
        ),
        "page.winchance.unbuilt": (
            "La chance de gagner n’est pas encore calculée pour ces règles sur ce serveur."
        ),
        "page.winchance.deal": "donne {deal} · donneur : {dealer}",
        "page.winchance.end": "la partie est finie",
        "page.winchance.side": "{name} {percent}",
        "page.winchance.review.lost": (
            "En chance de gagner la partie, ces décisions ont coûté {lost} en tout."
        ),
        "page.winchance.review.marked.one": "La décision qui a le plus compté est marquée {mark}.",
        "page.winchance.review.marked.many": "Les {n} décisions qui ont le plus compté sont marquées {mark}.",
        "page.winchance.review.marked.none": "Aucune n’a coûté autant que {matters} de la partie.",
        "page.winchance.review.mark": "★",
        "page.winchance.review.cost": (
            "Coût : {lost} de la partie ({chosen} de chances de gagner là où {best} étaient possibles)."
        ),
        "page.winchance.review.chance_col": "chance de gagner",
        "page.winchance.review.unserved": (
            "Pas de chance de gagner ici : la table des positions ne couvre pas ces règles."
        ),
        "page.winchance.review.curve": "{name} : chance de gagner au début de chaque donne : {points}",
        "page.winchance.review.deal": "donne",
        "page.winchance.review.end": "fin",
        "page.winchance.review.marked_at": "coup {move} : −{lost}",
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
