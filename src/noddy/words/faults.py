"""Errors in words: every error a face shows, said in English or French from its key and values.

An error made from a `noddy.errors.Fault` (a key the layer that raises it declares, its value the
English sentence) is said here from that key's `FaultWords`: one record a key, its French beside the
key's English. An `IllegalActionError` is said by its `Reason`, as is any error made from a `Reason`
(the game's refusals and the web's, whose keys and sentences live in `noddy.words.reasons`).

>>> from noddy.cards import parse_card
>>> from noddy.errors import CardError
>>> try:
...     parse_card("Xz")
... except CardError as error:
...     print(say_error(error, "fr").split(" ; ")[0])
impossible de lire la carte 'Xz' : 'X' n’est pas un rang et 'z' n’est pas une couleur
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from noddy.cards import Card, CardFault
from noddy.errors import Fault, IllegalActionError, NoddyError
from noddy.rules import RulesFault
from noddy.scoring.faults import ScoringFault
from noddy.textdata import TextFault
from noddy.words.calls import check_language
from noddy.words.card_names import CARD_ERRORS, card_text, cards_text
from noddy.words.extras import ExtraFault
from noddy.words.reasons import Reason

__all__ = ["FAULT_WORDS", "FaultWords", "say_error"]


@dataclass(frozen=True, slots=True)
class FaultWords:
    """The words of one error key: its English is the key's own sentence, ``fr`` its French, with the
    same ``{names}``; a value that is itself a key (an alternative, a part of a sentence) is said in
    the same language."""

    fault: Fault
    fr: str

    def text(self, lang: str) -> str:
        """The sentence in ``lang``, its ``{names}`` not yet filled."""
        return str(self.fault.value) if lang == "en" else self.fr

    def say(self, values: Mapping[str, Any], lang: str = "en") -> str:
        """The sentence in ``lang`` with ``values`` said as a reader of it reads them."""
        return self.text(lang).format_map({k: _said(v, lang) for k, v in values.items()})


def _said(value: object, lang: str) -> object:
    """A value as a reader of ``lang`` reads it: a card with its suit sign in the language's letters,
    a key's sentence, a reason or an error (a part with values of its own) in the language, a list of
    parts each said and spaced."""
    if isinstance(value, Card):
        return card_text(value, lang)
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return cards_text(value, lang)
    if isinstance(value, Fault):
        return FAULT_WORDS[value].text(lang)
    if isinstance(value, Reason):
        return value.say(lang)
    if isinstance(value, NoddyError):
        return say_error(value, lang)
    if isinstance(value, tuple):
        return " ".join(str(_said(v, lang)) for v in value)
    return value


def _words(*records: FaultWords) -> dict[Fault, FaultWords]:
    return {r.fault: r for r in records}


_CARDS = (
    FaultWords(CardFault.ACCEPTED, CARD_ERRORS["fr"]["accepted"]),
    FaultWords(
        CardFault.NOT_A_SUIT, "{value} n’est pas une couleur : les couleurs sont 'c', 'd', 'h' et 's'"
    ),
    FaultWords(CardFault.NOT_A_RANK, "{value} n’est pas un rang : les rangs vont de 1 (as) à 13 (roi)"),
    FaultWords(
        CardFault.NOT_A_CARD,
        "Card({rank}, {suit}) n’est pas une carte : donnez un Rank et un Suit, par exemple"
        " Card(Rank.JACK, Suit.HEARTS), ou lisez un texte avec Card.parse('Jh')",
    ),
    FaultWords(CardFault.NOT_AN_INDEX, "{value} n’est pas un numéro de carte : ils vont de 0 à 51"),
    FaultWords(CardFault.NOT_TEXT, "impossible de lire la carte {text} : il faut un texte, {accepted}"),
    FaultWords(CardFault.TOO_SHORT, CARD_ERRORS["fr"]["unreadable"]),
    FaultWords(
        CardFault.BAD_RANK,
        "impossible de lire la carte {text} : {rank} n’est pas un rang ; il faut {accepted}",
    ),
    FaultWords(
        CardFault.BAD_SUIT,
        "impossible de lire la carte {text} : {suit} n’est pas une couleur ; il faut {accepted}",
    ),
    FaultWords(
        CardFault.BAD_BOTH,
        "impossible de lire la carte {text} : {rank} n’est pas un rang et {suit} n’est pas une couleur ;"
        " il faut {accepted}",
    ),
    FaultWords(
        CardFault.NOT_CARDS, "impossible de lire les cartes {text} : il faut un texte comme « Vh 4d 5d »"
    ),
    FaultWords(CardFault.TWICE, CARD_ERRORS["fr"]["twice"]),
)

_EXTRAS = (
    FaultWords(ExtraFault.MISSING, "{needs} a besoin de l’extra {extra} : pip install 'noddy[{extra}]'"),
)

_RULES = (
    FaultWords(
        RulesFault.PLAYERS, "{players} joueurs ne sont pas permis par ces règles : sont permis {allowed}"
    ),
    FaultWords(
        RulesFault.NOT_A_FIELD,
        "{path} n’est pas un champ des règles ; écrivez section.champ, par exemple 'hand.flush'",
    ),
    FaultWords(
        RulesFault.OVERRIDE_FORM, "impossible de lire le changement {item} : écrivez-le section.champ=valeur"
    ),
    FaultWords(RulesFault.NOT_A_TABLE, "{path} : {part} n’est pas une table"),
    FaultWords(
        RulesFault.UNKNOWN_PRESET, "règles inconnues {name}. Connues : {known} (ou donnez un fichier .toml)"
    ),
    FaultWords(
        RulesFault.UNKNOWN_PRESET_CLOSE,
        "règles inconnues {name} ; vouliez-vous dire {close} ? Connues : {known}"
        " (ou donnez un fichier .toml)",
    ),
    FaultWords(RulesFault.UNKNOWN_SECTION, "section inconnue {name}. Connues : {known} (dans {path})"),
    FaultWords(
        RulesFault.UNKNOWN_SECTION_CLOSE,
        "section inconnue {name} ; vouliez-vous dire {close} ? Connues : {known} (dans {path})",
    ),
)

_TEXT = (
    FaultWords(TextFault.JSON, "ce n’est pas du JSON valide ({why} à {where})"),
    FaultWords(TextFault.JSON_AT, "la colonne {column}"),
    FaultWords(TextFault.JSON_AT_LINE, "la ligne {line}, colonne {column}"),
    FaultWords(TextFault.TOML, "ce n’est pas du TOML valide : {why}"),
    FaultWords(
        TextFault.TOO_DEEP,
        "listes et tables imbriquées à plus de {depth} niveaux ; les fichiers de noddy n’en ont que"
        " quelques-uns",
    ),
    FaultWords(TextFault.NUMBER, "ce n’est pas un nombre que noddy lit ({why})"),
    FaultWords(TextFault.NOT_UTF8, "ce n’est pas du texte UTF-8 (octet 0x{byte} à la position {offset})"),
)

_SCORING = (
    FaultWords(ScoringFault.EMPTY_HAND, "une main demande au moins une carte tenue"),
    FaultWords(
        ScoringFault.TURNUP_HELD,
        "la retournée {turnup} est aussi parmi les cartes tenues ; un jeu n’a qu’une carte de chaque",
    ),
    FaultWords(
        ScoringFault.FLUSH_READING, "lecture de la couleur inconnue {reading} ; choisissez parmi : {choices}"
    ),
    FaultWords(
        ScoringFault.OVER_LIMIT,
        "{pile} porteraient le compte à {count} : on ne pose une carte que tant que le compte reste à {limit}"
        " ou moins",
    ),
)

FAULT_WORDS: dict[Fault, FaultWords] = _words(*_CARDS, *_EXTRAS, *_RULES, *_TEXT, *_SCORING)
"""The words of every error key, keyed by the key (a test finds any key without its record)."""


def say_error(error: BaseException, lang: str = "en") -> str:
    """``error`` as a reader of ``lang`` reads it: from its key and values, or its `Reason`; an error
    made from an English sentence alone (not yet given a key) as it is."""
    check_language(lang)
    if isinstance(error, IllegalActionError) and error.fault is None:
        return error.reason.say(lang) if isinstance(error.reason, Reason) else error.reason
    if isinstance(error, NoddyError) and error.fault is not None:
        return FAULT_WORDS[error.fault].say(error.values, lang)
    if error.args and isinstance(error.args[0], Reason):
        return error.args[0].say(lang)
    return str(error)
