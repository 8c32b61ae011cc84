"""The rule sets' words beyond their files' English: each preset's title and summary, and what each
counting option does, per language (the lobby and the table show them); the sources a note cites
by code, by their names."""

from __future__ import annotations

import re

from noddy.rules import field_spec
from noddy.words.calls import check_language, opening

__all__ = ["COUNTING", "RULE_SETS", "cited", "counting_words", "rule_set_words"]

COUNTING: dict[str, dict[str, str]] = {
    "fr": {
        "corrected": (
            "l’arbitre marque le vrai compte, qu’on en ait annoncé trop ou trop peu, et dit qu’il l’a"
            " corrigé"
        ),
        "stands": (
            "un compte trop bas reste (les points oubliés sont perdus) ; un compte trop haut est ramené au"
            " vrai compte"
        ),
        "muggins": (
            "un compte trop bas reste et un adversaire peut prendre les points oubliés (muggins) quand la"
            " main est montrée, après le jeu pour les mains comptées avant ; un compte trop haut est corrigé"
        ),
    },
}
"""What each counting option (``hand.wrong_count``) does, in words other than the rules' own English."""

RULE_SETS: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {
        "willughby": (
            "Le Noddy de Willughby (vers 1665-70)",
            "La liste de points de Willughby, l’un des rares textes de règles conservés : 3 cartes chacun"
            " et une retournée, partie en 31, suite de trois 2, couleurs 1 par carte, sans le 25 régional ;"
            " le jeu tel que le lit du Coeur",
        ),
        "strawberry": (
            "Nodde, selon Lady Mwynwen Ysginidd (« Strawberry »)",
            "Une reconstitution de la SCA d’après Willughby pour 2 à 4 joueurs : le 25 vaut 4, les suites"
            " de 3/4/5 valent 2/4/6, et les deux points du valet se marquent avant tout le reste",
        ),
        "noddy-rules": (
            "Noddy Rules (compilé de sources en ligne)",
            "Une compilation moderne à la manière du cribbage : 25 et couleurs 1 par carte en main et au"
            " jeu, 31 au jeu seulement, la donne passe à droite ; les cartes nommées de « quelques"
            " références » en option",
        ),
        "du-coeur": (
            "Noddy, reconstitué par Justin du Coeur (1996)",
            "La reconstitution de du Coeur d’après Willughby, la liste de points perdue refaite : suites et"
            " couleurs 1 par carte, pas de 25, les mains comptées avant le jeu, et le jeu s’arrête au"
            " premier Go",
        ),
        "early-cribbage": (
            "Cribbage ancien, reconstitué par Justin du Coeur (1996)",
            "Le Noddy de du Coeur avec un crib : 5 cartes, 2 chacun au crib du donneur, le non-donneur part"
            " de 3, partie en 61 avec lurch sous 45",
        ),
        "four-card": (
            "Noddy à quatre cartes (Jonny Groves)",
            "Une variante moderne pour 2 à 4 : 4 cartes chacun, partie en 61, quinzes 1 par carte, 25 et 31"
            " (1 par carte) au jeu seulement, et la retournée n’aide une couleur que pour en faire cinq",
        ),
        "crib-noddy-old": (
            "Crib Noddy, ancienne version (Jonny Groves, variante moderne)",
            "Une variante moderne de Jonny Groves (pas le « Cribbidge-Noddy » de Holme, 1688) : le Noddy à"
            " quatre cartes où chacun reçoit aussi 3 cartes de son propre crib, compté avec la retournée"
            " après le jeu",
        ),
        "crib-noddy-new": (
            "Crib Noddy, nouvelle version (Jonny Groves, variante moderne)",
            "Une variante moderne de Jonny Groves (pas le « Cribbidge-Noddy » de Holme, 1688) : Crib Noddy"
            " avec un choix : 6 cartes, chacun en garde 3 et en pose 3 face cachée comme son propre crib",
        ),
        "french": (
            "Noddy (page web française)",
            "Le jeu à 2 d’une page française : un valet retourné rapporte au non-donneur, 25 et 31 («"
            " Hitter ») valent 1 par carte en main, et après une seule donne le plus haut score gagne",
        ),
        "five-card-cribbage": (
            "Cribbage à cinq cartes (XVIIe-XIXe siècle)",
            "L’ancien cribbage à 2 : 5 cartes, 2 au crib du donneur, une seule série au jeu, le compte"
            " après le jeu, le non-donneur part de 3, partie en 61 avec lurch",
        ),
        "cribbage": (
            "Cribbage (le jeu moderne à six cartes)",
            "Le jeu moderne : 6 cartes et 2 au crib du donneur (à 3 : 5 chacun et une carte du talon ; à 4"
            " : en équipes), le compte repart après un Go ou 31, le compte des mains après le jeu, partie"
            " en 121 avec skunks",
        ),
    },
}
"""Each preset's title and summary in words other than its file's English."""


def counting_words(value: str, lang: str = "en") -> str:
    """What a counting option does, in ``lang`` (the rules field's own words in English)."""
    check_language(lang)
    return COUNTING.get(lang, {}).get(value) or field_spec("hand.wrong_count").choices[value]


def rule_set_words(name: str, title: str, summary: str, lang: str = "en") -> tuple[str, str]:
    """A rule set's title and summary in ``lang``; its own (English) ones where none is written."""
    check_language(lang)
    return RULE_SETS.get(lang, {}).get(name, (title, summary))


_CODE = re.compile(r"\b(S\d{3})\b('s)?")
_KNOBS = re.compile(r"^K\d+(?:, K\d+)*: ")


def cited(text: str, *, codes: bool = False) -> str:
    """``text`` (a preset's note) with each source code written as the source's name: "S002" as
    "du Coeur (1996)", "S002's" as "du Coeur's". For players the note's leading knob ids ("K13: ")
    go too; a historian's view (``codes``) keeps them and each code beside its name.

    >>> cited("K31: S002 does not say; S000's table does.")
    "Du Coeur (1996) does not say; Strawberry's table does."
    >>> cited("K31: S002 does not say.", codes=True)
    'K31: Du Coeur (1996, S002) does not say.'
    """

    from noddy.rules import CITED  # only notes cite: a count starts without the citations

    def name(match: re.Match[str]) -> str:
        code, owner = match.groups()
        source = CITED.get(code)
        if source is None:
            return match.group()
        if owner:
            said = f"{source.name}'s" + (f" ({code})" if codes else "")
        else:
            year = ", ".join(x for x in (source.year, code if codes else "") if x)
            said = f"{source.name} ({year})" if year else source.name
        start = match.start() == 0 or match.string[: match.start()].endswith((". ", ": "))
        return opening(said) if start else said

    plain = text if codes else _KNOBS.sub("", text)
    said = _CODE.sub(name, plain)
    return said if codes else opening(said)
