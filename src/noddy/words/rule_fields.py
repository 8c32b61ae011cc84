"""The rules in plain words in a language other than the fields' own English (``noddy rules show
--lang fr``): what each field is about, each choice's words, each value said, and the page's frame.
A rule set's notes quote its sources and stay as written."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from noddy.cards import Card
from noddy.rules import DealShape, Lurch, Points, Rules
from noddy.words.calls import check_language
from noddy.words.card_names import card_text, knave_name, plural_s
from noddy.words.rule_sets import COUNTING

if TYPE_CHECKING:
    from noddy.rules import Row

__all__ = ["RULE_WORDS", "allowed_words", "rule_phrase", "rule_rows"]

RULE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "players": "Players: {players}",
        "source": "source: {source}",
        "allowed": "allowed:",
        "open_choice": "open choice:",
        "rule": "rule",
        "reading": "reading taken",
        "knob": "knob",
        "sources": "Sources",
        "the_rules": "the rules",
        "how_to_play": "The game in plain words",
        "reference": "Every rule, one by one",
        "reference_note": (
            "Each rule as this rule set reads it; a word in brackets is its name in a rules file."
        ),
    },
    "fr": {
        "players": "Joueurs : {players}",
        "source": "source : {source}",
        "allowed": "permis :",
        "open_choice": "choix ouvert (note de la source) :",
        "rule": "règle",
        "reading": "lecture retenue",
        "knob": "réglage",
        "sources": "Sources",
        "the_rules": "les règles",
        "how_to_play": "Le jeu en mots simples",
        "reference": "Chaque règle, une à une",
        "reference_note": (
            "Chaque règle telle que ce jeu de règles la lit ; un mot entre parenthèses est son nom dans un"
            " fichier de règles."
        ),
    },
}
"""The frame of ``rules show`` per language."""

_GROUPS = {
    "Deal": "La donne",
    "Turn-up": "La retournée",
    "Hand": "La main",
    "Crib": "Le crib",
    "Play": "Le jeu",
    "Combinations (hand, crib and play)": "Les combinaisons (main, crib et jeu)",
    "Game end": "La fin de la partie",
    "Words": "Les mots",
}

_ABOUT = {
    "deal.players": (
        "pour chaque nombre de joueurs permis : les cartes données à chacun, écartées au crib, données"
        " face cachée à un crib à soi, et prises au paquet pour le crib"
    ),
    "deal.first_dealer": "qui donne le premier",
    "deal.rotation": "dans quel sens passe la donne",
    "deal.rotation_per": "à quelle fréquence passe la donne",
    "deal.reshuffle": "si le paquet est mélangé avant chaque donne (ou distribué jusqu’à épuisement)",
    "table.partners": "à 4 joueurs : si les partenaires s’assoient face à face et marquent ensemble",
    "table.direction": "dans quel sens passent les tours dans l’annonce et le jeu",
    "turnup.jack_to": "qui marque un valet retourné",
    "turnup.jack_points": "les points d’un valet retourné",
    "turnup.jack_when": "quand se marque le valet retourné",
    "turnup.jack_also_in_hand": "si un valet retourné compte aussi comme le valet tenu en main",
    "turnup.cut_by": "qui coupe le paquet avant la retournée",
    "turnup.when": "avec un crib : si la carte est retournée avant ou après l’écart",
    "hand.fifteen": "chaque groupe de cartes qui fait 15",
    "hand.twenty_five": "chaque groupe de 3 cartes ou plus qui fait 25",
    "hand.thirty_one": "chaque groupe de 4 cartes ou plus qui fait 31",
    "hand.flush": "quelles cartes peuvent faire une couleur dans une main",
    "hand.flush_three_of_four": "avec flush = held_five : si 3 cartes tenues d’une couleur sur 4 comptent 3",
    "hand.knave": "les points pour tenir le valet de la couleur de la retournée (0 = non compté)",
    "hand.knave_when": "quand se marque le valet tenu en main",
    "hand.when": "quand se comptent les mains",
    "hand.order": "l’ordre des annonces",
    "hand.wrong_count": (
        "ce qui arrive quand un joueur annonce un compte que ses cartes n’ont pas ; dans tous les cas un"
        " compte trop haut est corrigé et tous le savent, et une main comptée avant le jeu reste cachée :"
        " les autres n’entendent que le nombre annoncé"
    ),
    "crib.kind": "s’il y a un crib et à qui il est",
    "crib.flush": "quelles cartes peuvent faire une couleur dans un crib",
    "crib.when": (
        "quand se compte le crib (après la main du donneur, ou chaque crib à soi dans l’ordre du jeu)"
    ),
    "play.fifteen": "amener le compte à 15 exactement",
    "play.twenty_five": "amener le compte à 25 exactement",
    "play.thirty_one": "amener le compte à 31 exactement (au lieu du point de la dernière carte)",
    "play.thirty_one_extra": (
        "les points ajoutés à ceux du 31 (les « deux points supplémentaires » de la page française) ;"
        " seulement là où faire 31 marque"
    ),
    "play.last_card": "les points de la dernière carte quand 31 n’est pas atteint",
    "play.flush": "si 3 cartes ou plus d’une couleur à la suite marquent au jeu",
    "play.combinations": "ce que marque une carte qui fait plusieurs combinaisons à la fois",
    "play.after_go": "ce qui arrive après qu’un joueur a dit Go",
    "play.must_play": (
        "si un joueur qui peut poser une carte doit le faire ; celui qui n’y est pas tenu peut dire Go,"
        " mais jamais à un compte de 0 (un compte commence par une carte)"
    ),
    "play.go_round": "à 3 joueurs ou plus : comment passe un Go",
    "play.series": "ce qui arrive quand 31 est atteint ou que personne ne peut jouer",
    "combinations.pairs": (
        "les points d’une paire, d’une paire royale (trois pareilles) et d’une double paire royale"
    ),
    "combinations.pairs_by": "ce qui fait une paire",
    "combinations.run_values": (
        "les points d’une suite d’une longueur donnée ; les longueurs non listées marquent 1 point par carte"
    ),
    "combinations.ace": "où se place l’as dans les suites",
    "special_cards.enabled": "si les cartes nommées marquent à part",
    "special_cards.cards": "les cartes nommées et leurs points (Flat Back R♠, Countenance D♥, Roger V♥)",
    "special_cards.scored_in": "où marque une carte nommée",
    "special_cards.turnup_counts": "si une carte nommée retournée marque dans chaque main qu’elle rejoint",
    "game.end": "ce qui finit la partie",
    "game.target": "les points pour gagner (31, 61 ou 121 trous sur la planche)",
    "game.win_at_once": "si atteindre le but fait gagner aussitôt, même au milieu d’une donne",
    "game.compensation": "les points que marque le non-donneur avant la première donne d’une partie",
    "game.lurch": "les victoires par un large écart qui comptent pour plus d’une partie",
    "words.knave": "le nom annoncé pour le valet tenu en main",
    "words.turned_jack": "le nom annoncé pour un valet retourné",
}
"""What each field is about, in French."""

_CHOICES = {
    "deal.first_dealer": {
        "low_cut": "celui qui coupe la carte la plus basse",
        "high_cut": "celui qui coupe la carte la plus haute",
        "any": "n’importe quel joueur, au hasard",
    },
    "deal.rotation": {"left": "à gauche du donneur (sens horaire)", "right": "à droite du donneur"},
    "deal.rotation_per": {"deal": "après chaque donne", "game": "après chaque partie"},
    "table.partners": {
        "always": "4 joueurs jouent en deux équipes (toujours)",
        "optional": "au choix, en équipes ou chacun pour soi",
        "never": "chacun pour soi (jamais en équipes)",
    },
    "table.direction": {"left": "vers la gauche (sens horaire)", "right": "vers la droite"},
    "turnup.jack_to": {"dealer": "le donneur", "elder": "le premier en main (non-donneur)"},
    "turnup.jack_when": {
        "at_turn": "aussitôt retourné, avant qu’aucune main soit comptée",
        "in_announcement": "dans l’annonce de celui qui le reçoit",
    },
    "turnup.cut_by": {
        "dealer": "le donneur",
        "next_dealer": "le prochain donneur",
        "pone": "l’adversaire du donneur (à 3, le joueur à sa gauche) coupe",
    },
    "turnup.when": {
        "after_lay_away": "après que chacun a écarté ses cartes au crib",
        "before_lay_away": "avant l’écart",
    },
    "hand.knave_when": {
        "at_start": "au début, avant toute annonce",
        "in_announcement": "dans l’annonce de celui qui le tient",
        "in_play": "au jeu, quand il est posé",
    },
    "hand.when": {"before_play": "avant le jeu (les annonces)", "after_play": "après le jeu (la montre)"},
    "hand.order": {
        "elder_first": "du premier en main jusqu’au donneur, qui compte le dernier",
        "dealer_first": "le donneur d’abord",
    },
    "crib.kind": {
        "none": "pas de crib",
        "dealer": "un crib des écarts de tous, compté pour le donneur",
        "own": "chacun son crib",
    },
    "crib.when": {"before_play": "avant le jeu", "after_play": "après le jeu"},
    "play.combinations": {
        "all": "toutes les combinaisons qu’elle fait",
        "best": (
            "seulement la meilleure (un Valet ou une carte nommée marqués au jeu marquent en plus, à part)"
        ),
    },
    "play.after_go": {
        "continue": "les autres continuent à poser tant qu’ils peuvent",
        "end": "le jeu s’arrête là",
    },
    "play.go_round": {
        "pass_round": "le tour passe jusqu’à ce que personne ne puisse jouer",
        "next_only": "seul le suivant peut encore jouer",
    },
    "play.series": {
        "single": "le jeu s’arrête",
        "reset": "le compte revient à 0 et le jeu continue jusqu’à la dernière carte",
    },
    "combinations.pairs_by": {
        "rank": "des cartes de même rang (un roi et une dame ne font pas une paire)",
        "value": "des cartes de même valeur (un roi et une dame font une paire)",
    },
    "combinations.ace": {
        "low": "l’as en bas seulement : As-2-3 est une suite, D-R-As et R-As-2 non",
        "high_or_low": "l’as en bas ou en haut : As-2-3 et D-R-As, mais pas R-As-2",
        "around": "l’as tourne : R-As-2 est une suite",
    },
    "special_cards.scored_in": {"hand": "dans le compte de la main", "play": "au jeu", "both": "aux deux"},
    "game.end": {
        "target": "le premier camp qui atteint le but gagne",
        "single_deal": "une seule donne : le plus haut score gagne",
    },
}
"""Each choice's words in French, by field (the flush fields share theirs, `_FLUSH`; the counting
options are `COUNTING`'s)."""

_FLUSH = {
    "any": "n’importe quelles cartes d’une couleur",
    "held": "les cartes tenues d’une couleur, 1 par carte, et 1 de plus si la retournée est de la même",
    "all": "toutes les cartes, retournée comprise, d’une couleur, 1 par carte",
    "held_five": "les cartes tenues d’une couleur, et la retournée avec elles",
    "off": "pas de couleur",
}


def rule_phrase(key: str, lang: str = "en", **values: object) -> str:
    """A phrase of the rules' frame in ``lang``."""
    check_language(lang)
    return RULE_WORDS[lang][key].format(**values)


def _choices(path: str) -> dict[str, str]:
    if path == "hand.wrong_count":
        return COUNTING["fr"]
    return _FLUSH if path.endswith(".flush") and path != "play.flush" else _CHOICES.get(path, {})


def _points(value: Points) -> str:
    if value.per_card:
        return "1 point par carte"
    return f"{value.flat} points" if value.flat else "non compté"


def _said(path: str, value: Any, rules: Rules) -> str | None:
    """A value said in French, or ``None`` where it is said as written (a number, a name)."""
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, Points):
        return _points(value)
    if path in ("words.knave", "words.turned_jack"):
        return knave_name(rules, "fr", turned=path == "words.turned_jack")
    if path == "deal.players":
        return " ; ".join(_shape(n, shape) for n, shape in value)
    if path == "game.lurch":
        lurches: tuple[Lurch, ...] = value
        said = [f"{x.name} : le perdant sous {x.below} perd {x.games} parties" for x in lurches]
        return " ; ".join(said) or "aucune"
    if path == "combinations.pairs":
        return f"paire {value[0]}, paire royale {value[1]}, double paire royale {value[2]}"
    if path == "combinations.run_values":
        listed = ", ".join(f"suite de {n} : {p}" for n, p in value)
        return f"{listed} ; les autres longueurs 1 point par carte" if listed else "1 point par carte"
    if path == "special_cards.cards":
        return ", ".join(f"{card_text(Card.parse(str(card)), 'fr')} {points}" for card, points in value)
    if isinstance(value, str) and value in _choices(path):
        return f"{_choices(path)[value]} ({value})"
    return None


def _shape(n: int, shape: DealShape) -> str:
    parts = [f"{shape.dealt} donnée{plural_s(shape.dealt)} à chacun"]
    if shape.discard:
        parts.append(f"{shape.discard} écartée{plural_s(shape.discard)} au crib")
    if shape.crib_dealt:
        parts.append(f"{shape.crib_dealt} donnée{plural_s(shape.crib_dealt)} à un crib à soi")
    if shape.crib_from_pack:
        parts.append(f"{shape.crib_from_pack} du paquet au crib")
    return f"{n} joueurs : " + ", ".join(parts)


_ALLOWED = {
    '"off", a whole number of points up to 99, or "per_card"': (
        "« off », un nombre entier de points jusqu’à 99, ou « per_card »"
    ),
    'a list of { name = "skunk", below = 91, games = 2 } (games from 2 to 99)': (
        'une liste de { name = "skunk", below = 91, games = 2 } (games : de 2 à 99 parties)'
    ),
    "a table of card = points (up to 99), e.g. { Ks = 6, Qh = 4 }": (
        "une table carte = points (jusqu’à 99), par ex. { Ks = 6, Qh = 4 }"
    ),
    "a table of run length = points (up to 99), e.g. { 3 = 2, 4 = 4 } (or {} for 1 a card)": (
        "une table longueur de suite = points (jusqu’à 99), par ex. { 3 = 2, 4 = 4 } (ou {} pour 1"
        " par carte)"
    ),
    "a table per number of players (2-4), e.g. [deal.players.2] dealt = 6, discard = 2 (also"
    " crib_dealt, crib_from_pack)": (
        "une table par nombre de joueurs (2 à 4), par ex. [deal.players.2] dealt = 6, discard = 2"
        " (aussi crib_dealt, crib_from_pack)"
    ),
    "a whole number of points from 0 to 99": "un nombre entier de points de 0 à 99",
    "a whole number of points from 1 to 999": "un nombre entier de points de 1 à 999",
    "text": "du texte",
    "three whole numbers of points up to 99, e.g. [2, 6, 12]": (
        "trois nombres entiers de points jusqu’à 99, par ex. [2, 6, 12]"
    ),
    "true or false": "true (oui) ou false (non)",
    "a whole number, 0 or more": "un nombre entier, 0 ou plus",
    "a whole number from 2 to 99": "un nombre entier de 2 à 99",
    "a whole number from 1 to the target": "un nombre entier de 1 au but",
}
"""What a field that is no choice allows, in French, by its English words (the names and values
written in a rules file stay as they are written)."""


def allowed_words(allowed: str, lang: str = "en") -> str:
    """What a field allows (its codec's ``allowed``) in ``lang``: a choice's values as written."""
    check_language(lang)
    return allowed if lang == "en" else _ALLOWED.get(allowed, allowed)


def rule_rows(rules: Rules, lang: str = "en") -> list[tuple[str, list[Row]]]:
    """Every rule of ``rules`` in plain words in ``lang``, grouped as `describe` groups them: in
    English the fields' own words, in French each field's words, value and choices in French (its
    note, quoting the sources, as written)."""
    # Imported here: words.faults uses this module, and counting a hand needs no rows.
    from noddy.rules import describe

    check_language(lang)
    groups = describe(rules)
    if lang == "en":
        return groups
    said = []
    for title, rows in groups:
        translated = []
        for row in rows:
            section, name = row.path.split(".")
            value = getattr(getattr(rules, section), name)
            reading = _said(row.path, value, rules)
            choices = _choices(row.path)
            translated.append(
                replace(
                    row,
                    about=_ABOUT[row.path],
                    reading=row.reading if reading is None else reading,
                    allowed=allowed_words(row.allowed, lang),
                    choices=tuple((value, choices.get(value, words)) for value, words in row.choices),
                )
            )
        said.append((_GROUPS[title], translated))
    return said
