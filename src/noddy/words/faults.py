"""Errors in words: every error a face shows, said in English or French from its key and values.

An error made from a `noddy.errors.Fault` (a key the layer that raises it declares, its value the
English sentence) is said here from that key's `FaultWords`: one record a key, its French beside the
key's English. An `IllegalActionError` is said by its `Reason`, as is any error made from a `Reason`
(the game's refusals and the web's, whose keys and sentences live in `noddy.words.reasons`). A new
error of a layer under the words takes a `Fault` (those layers cannot import a `Reason`); from the
words up it takes a `Reason`.

>>> from noddy.cards import parse_card
>>> from noddy.errors import CardError
>>> try:
...     parse_card("Xz")
... except CardError as error:
...     print(say_error(error, "fr").split(" ; ")[0])
impossible de lire la carte 'Xz' : 'X' n’est pas un rang et 'z' n’est pas une couleur
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from noddy.cards import Card, CardFault
from noddy.errors import Fault, IllegalActionError, NoddyError
from noddy.rules import RulesFault
from noddy.scoring.faults import ScoringFault
from noddy.textdata import TextFault
from noddy.words.calls import check_language
from noddy.words.card_names import card_text, cards_text
from noddy.words.extras import ExtraFault
from noddy.words.reasons import Reason
from noddy.words.rule_fields import allowed_words

__all__ = ["FAULT_WORDS", "FaultWords", "say_error"]


@dataclass(frozen=True, slots=True)
class FaultWords:
    """The words of one error key: its English is the key's own sentence, ``fr`` its French, with the
    same ``{names}``; a value that is itself a key (an alternative, a part of a sentence) is said in
    the same language. ``values``: how a value of this key alone is said (by its name), where it is
    words of its own (what a rules field allows)."""

    fault: Fault
    fr: str
    values: Mapping[str, Callable[[Any, str], object]] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        """The sentence in ``lang``, its ``{names}`` not yet filled."""
        return str(self.fault.value) if lang == "en" else self.fr

    def say(self, values: Mapping[str, Any], lang: str = "en") -> str:
        """The sentence in ``lang`` with ``values`` said as a reader of it reads them."""
        own = self.values
        said = {k: own[k](v, lang) if k in own else _said(v, lang) for k, v in values.items()}
        return self.text(lang).format_map(said)


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
    FaultWords(
        CardFault.ACCEPTED,
        "un rang (As ou A, 2-9, 10 ou T, V ou J, D ou Q, R ou K) suivi d’une couleur (♣ ♦ ♥ ♠, ou les"
        " lettres c, d, h, s pour trèfle, carreau, cœur, pique), par exemple « Vh », « 10d », « As♠ »",
    ),
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
    FaultWords(CardFault.TOO_SHORT, "impossible de lire la carte {text} : il faut {accepted}"),
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
    FaultWords(CardFault.TWICE, "la carte {card} est donnée deux fois ; un jeu n’a qu’une carte de chaque"),
    FaultWords(CardFault.NO_SUIT, "{text} : il manque la couleur ; écrivez {forms}"),
    FaultWords(CardFault.OR, "ou"),
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
    FaultWords(RulesFault.AT, "{where} : {error}"),
    FaultWords(RulesFault.RULES, "règles"),
    FaultWords(RulesFault.RULES_TEXT, "texte de règles"),
    FaultWords(RulesFault.PRESET, "règles"),
    FaultWords(RulesFault.NO_FILE, "pas de fichier de règles {name}{where}{hint}"),
    FaultWords(RulesFault.LOOKED_FOR, " (cherché en {path})"),
    FaultWords(RulesFault.PRESET_HINT, " ; pour les règles de ce nom, écrivez {stem}"),
    FaultWords(
        RulesFault.FOLDER, "{name} est un dossier, pas un fichier de règles : donnez un fichier .toml"
    ),
    FaultWords(RulesFault.UNREADABLE, "impossible de lire le fichier de règles {name} : {why}"),
    FaultWords(
        RulesFault.NOT_UTF8,
        "{name} : ce n’est pas du texte UTF-8 (octet 0x{byte} à la position {offset}) ; enregistrez le"
        " fichier de règles en UTF-8",
    ),
    FaultWords(
        RulesFault.EXTENDS_NOT_TEXT,
        "extends : donnez en texte un nom de règles ou un fichier .toml, pas {parent}",
    ),
    FaultWords(RulesFault.EXTENDS_CIRCLE, "extends : {chain} tourne en rond"),
    FaultWords(RulesFault.EXTENDS, "extends : {error}"),
    FaultWords(RulesFault.UNKNOWN_KEY, "clé inconnue {name}. Connues : {known}"),
    FaultWords(
        RulesFault.UNKNOWN_KEY_CLOSE, "clé inconnue {name} ; vouliez-vous dire {close} ? Connues : {known}"
    ),
    FaultWords(RulesFault.UNKNOWN_FIELD, "champ inconnu {name}. Connus : {known}"),
    FaultWords(
        RulesFault.UNKNOWN_FIELD_CLOSE, "champ inconnu {name} ; vouliez-vous dire {close} ? Connus : {known}"
    ),
    FaultWords(
        RulesFault.NO_RULE,
        'ne dit aucune règle : partez de règles existantes, par exemple extends = "cribbage", et changez'
        " ce qui diffère, ou écrivez les règles entières comme le fait 'noddy rules show NOM --toml'",
    ),
    FaultWords(RulesFault.NO_NAME, 'name : donnez un nom aux règles, par exemple name = "mes-regles"'),
    FaultWords(RulesFault.SECTION_TABLE, "il faut une table [{section}], pas {value}"),
    FaultWords(RulesFault.EXPECTED_TEXT, "il faut du texte, pas {value}"),
    FaultWords(RulesFault.SOURCES, "source : il faut une liste de tables [[source]]"),
    FaultWords(RulesFault.SOURCE_NAME, 'source[{i}] : chaque [[source]] demande name = "..."'),
    FaultWords(
        RulesFault.SOURCE_KEYS, "source[{i}] : clés inconnues {keys} ; permises : name, file, page, url"
    ),
    FaultWords(RulesFault.NOTES, 'notes : il faut une table chemin de champ = "note"'),
    FaultWords(RulesFault.NOTE_PATH, "notes : {path} n’est pas un chemin de champ comme 'hand.flush'"),
    FaultWords(RulesFault.NOTE_TEXT, "notes.{path} : il faut du texte"),
    FaultWords(
        RulesFault.NOT_ALLOWED,
        "{path} : {value} n’est pas permis ; permis : {allowed}",
        {"allowed": allowed_words},
    ),
    FaultWords(
        RulesFault.NOT_ALLOWED_WHY,
        "{path} : {value} n’est pas permis ({why}) ; permis : {allowed}",
        {"allowed": allowed_words},
    ),
    FaultWords(RulesFault.RUN_LENGTH, "une suite a 3 cartes ou plus, pas {key}"),
    FaultWords(RulesFault.LURCH_KEYS, "chaque lurch demande name, below et games"),
    FaultWords(RulesFault.LURCH_GAMES, "un lurch compte 2 parties ou plus"),
    FaultWords(RulesFault.SHAPE_PLAYERS, "{key} joueurs n’est pas possible ; donnez 2, 3 ou 4"),
    FaultWords(RulesFault.SHAPE_DEALT, "{where} demande au moins dealt = N"),
    FaultWords(RulesFault.SHAPE_KEYS, "clés inconnues {keys}"),
    FaultWords(RulesFault.NEEDS_NAME, "des règles demandent un nom"),
    FaultWords(
        RulesFault.NOT_A_LANGUAGE,
        "{language} n’est pas une langue que noddy parle ; écrivez l’une de {known}",
    ),
    FaultWords(RulesFault.NO_DEAL, "donnez la donne pour au moins un nombre de joueurs, par exemple 2"),
    FaultWords(RulesFault.NO_CARD_DEALT, "chaque joueur doit recevoir au moins une carte"),
    FaultWords(RulesFault.NO_CARD_LEFT, "en écarter {discard} sur {dealt} ne laisse aucune carte à jouer"),
    FaultWords(
        RulesFault.PACK_TOO_SMALL, "la donne demande {used} cartes avec la retournée ; un paquet en a 52"
    ),
    FaultWords(
        RulesFault.NO_CRIB,
        "des cartes vont à un crib mais crib.kind vaut 'none' ; réglez crib.kind ou retirez-les",
    ),
    FaultWords(
        RulesFault.NOBODY_DISCARDS, "crib.kind vaut 'dealer' mais personne n’y écarte ; réglez discard"
    ),
    FaultWords(RulesFault.DEALER_CRIB_DEALT, "le crib du donneur est fait des écarts, il n’est pas donné"),
    FaultWords(
        RulesFault.OWN_CRIB_EMPTY,
        "crib.kind vaut 'own' mais aucune carte n’y va ; réglez crib_dealt ou discard",
    ),
    FaultWords(RulesFault.OWN_CRIB_FROM_PACK, "un crib à soi ne prend aucune carte au paquet"),
    FaultWords(
        RulesFault.THIRTY_ONE_EXTRA_ONE,
        "1 point en plus de ce que marque le 31, mais faire 31 ne marque rien (play.thirty_one est off) ;"
        " donnez des points à play.thirty_one, ou réglez thirty_one_extra = 0",
    ),
    FaultWords(
        RulesFault.THIRTY_ONE_EXTRA,
        "{extra} points en plus de ce que marque le 31, mais faire 31 ne marque rien (play.thirty_one est"
        " off) ; donnez des points à play.thirty_one, ou réglez thirty_one_extra = 0",
    ),
    FaultWords(
        RulesFault.LURCH_BELOW,
        "{below} n’est pas entre 1 et le but {target} ; changez game.lurch avec le but (game.lurch=[]"
        " pour aucun)",
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
