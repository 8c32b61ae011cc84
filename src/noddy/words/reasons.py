"""Why an action is refused, in words: a `Reason` is the English text every caller reads as a
string, and keeps its key and values so that a face can say it in the reader's language.

>>> from noddy.cards import Card
>>> why = Reason("over_limit", card=Card.parse("8c"), count=34, limit=31)
>>> why
'8c would make the count 34, over 31'
>>> why.say("fr")
'8♣ porterait le compte à 34, au-delà de 31'
"""

from __future__ import annotations

from typing import Any

from noddy.cards import Card, parse_cards
from noddy.errors import CardError
from noddy.words.calls import check_language
from noddy.words.card_names import card_text, cards_text

__all__ = ["PHASES", "REFUSALS", "STEPS", "Reason", "say_reason"]

REFUSALS: dict[str, dict[str, str]] = {
    "en": {
        "over": "the game is over",
        "chance": "chance must {kind} now",
        "chance_kind": "chance must {kind} now, not {given}",
        "shuffle_order": "a shuffle must order all {cards} cards, each once",
        "cut_cards": "a cut for the deal needs {players} different cards, one a seat",
        "dealer_seat": "the dealer must be a seat from 0 to {last}",
        "turn_not_chance": "it is seat {seat}'s turn, not chance's",
        "turn": "it is seat {seat}'s turn",
        "phase": "in the {phase} you may: {allowed}",
        "declare_range": "a declared count is from {low} to {high} points, not {number}",
        "discard_count": "discard {need} different card(s) from your hand, not {given}",
        "discard_twice": "discard {need} different card(s) from your hand: {card} is given twice",
        "discard_not_held": (
            "discard {need} different card(s) from your hand: not all of them are in it ({hand})"
        ),
        "one_card": "play one card at a time",
        "not_held": "{card} is not in your hand ({hand})",
        "over_limit": "{card} would make the count {count}, over {limit}",
        "must_play": "you can lay a card within {limit}, and must",
        "go_at_zero": "a Go needs a count to stop on: lay a card to begin the series",
        "early_not_discard": "only a discard may be chosen before your turn, not {action}",
        "laid_away": "you have laid away already in this deal: wait for the others",
        "seat_taken": "this seat is taken: you can watch",
        "not_turn_chance": "it is not your turn: the cards are being shuffled or cut",
        "not_turn": "it is not your turn: {who} (seat {seat}) is to act",
        "moved_on": (
            "the game has moved on (you acted on move {seen}, it is now move {now}); look again and choose"
        ),
        "over_rematch": "the game is over: start a rematch or go back to the lobby",
        "computer_tables": (
            "you have {n} tables of computer players only in play, the most one address may have: wait"
            " for one to end, or take a seat at the new table yourself"
        ),
        "over_links": "the game is over: make new links at its rematch",
        "names_kept": "the game is over: the names in its record stay as they were",
        "undo_people": (
            "undo is only for one person playing against computer players: {people} people play here,"
            " and an undo would take back another person's move"
        ),
        "undo_none": (
            "there is nothing of yours to take back in this deal: undo reaches back to your first move"
            " since the cards were shuffled, or since the turn-up was seen"
        ),
        "undo_over": "the game is over: its result stands, and no move can be taken back",
        "undo_watching": "you are watching: only the person playing can take a move back",
    },
    "fr": {
        "over": "la partie est finie",
        "chance": "le hasard doit d’abord agir ({kind})",
        "chance_kind": "le hasard doit maintenant {kind}, pas {given}",
        "shuffle_order": "un mélange doit ordonner les {cards} cartes, chacune une fois",
        "cut_cards": "une coupe pour la donne demande {players} cartes différentes, une par siège",
        "dealer_seat": "le donneur doit être un siège de 0 à {last}",
        "turn_not_chance": "c’est au tour du siège {seat}, pas au hasard",
        "turn": "c’est au tour du siège {seat}",
        "phase": "à ce moment ({phase}) vous pouvez : {allowed}",
        "declare_range": "un compte annoncé va de {low} à {high} points, pas {number}",
        "discard_count": "écartez {need} carte(s) différente(s) de votre main, pas {given}",
        "discard_twice": "écartez {need} carte(s) différente(s) de votre main : {card} est donnée deux fois",
        "discard_not_held": (
            "écartez {need} carte(s) différente(s) de votre main : elles n’y sont pas toutes ({hand})"
        ),
        "one_card": "jouez une carte à la fois",
        "not_held": "{card} n’est pas dans votre main ({hand})",
        "over_limit": "{card} porterait le compte à {count}, au-delà de {limit}",
        "must_play": "vous pouvez poser une carte sans dépasser {limit}, et vous le devez",
        "go_at_zero": "un Go demande un compte où s’arrêter : posez une carte pour commencer la série",
        "early_not_discard": "avant votre tour, vous ne pouvez qu’écarter, pas {action}",
        "laid_away": "vous avez déjà écarté pour cette donne : attendez les autres",
        "seat_taken": "cette place est prise : vous pouvez regarder",
        "not_turn_chance": "ce n’est pas votre tour : les cartes sont mélangées ou coupées",
        "not_turn": "ce n’est pas votre tour : c’est à {who} (siège {seat}) de jouer",
        "moved_on": (
            "la partie a avancé (vous avez joué sur le coup {seen}, elle en est au coup {now}) ;"
            " regardez de nouveau et choisissez"
        ),
        "over_rematch": "la partie est finie : lancez une revanche ou revenez au salon",
        "computer_tables": (
            "vous avez {n} tables d’ordinateurs seuls en jeu, le plus qu’une adresse peut avoir :"
            " attendez qu’une finisse, ou prenez vous-même une place à la nouvelle table"
        ),
        "over_links": "la partie est finie : faites de nouveaux liens pour sa revanche",
        "names_kept": "la partie est finie : les noms de son compte rendu restent tels quels",
        "undo_people": (
            "on ne reprend un coup que seul contre l’ordinateur : {people} personnes jouent ici, et"
            " reprendre un coup reprendrait celui d’une autre"
        ),
        "undo_none": (
            "rien à reprendre de vous dans cette donne : on remonte au plus à votre premier coup depuis"
            " le mélange des cartes, ou depuis que la retournée est vue"
        ),
        "undo_over": "la partie est finie : son résultat reste, aucun coup ne se reprend",
        "undo_watching": "vous regardez : seul le joueur peut reprendre un coup",
    },
}
"""Each reason for refusing an action, per language; a card value is said as the player sees it, in
the language's letters with its suit sign ("8♣", "V♥"), wherever it is said to a player (a page, a
prompt); only the English text a `Reason` reads as (for records and logs) keeps the notation ("8c")."""


_ENGLISH = REFUSALS["en"]

STEPS = {
    "fr": {
        "cut": "couper",
        "shuffle": "mélanger",
        "discard": "écarter",
        "count": "compter",
        "muggins": "muggins",
        "play": "jouer",
        "over": "fin",
        "go": "Go",
        "declare": "annoncer",
        "pass": "laisser",
        "dealer": "choisir le donneur",
        "deal": "donner",
        "turnup": "retourner",
    },
}
"""The kinds of action (and of chance's), as a refusal names them in French ("vous pouvez : Go,
jouer"); English says the notation's own words."""
PHASES = {
    "fr": {
        "cut": "la coupe",
        "shuffle": "le mélange",
        "discard": "l’écart",
        "count": "le compte",
        "muggins": "muggins",
        "play": "le jeu",
        "over": "la fin",
    },
}
"""The phases of a deal as a refusal names them in French ("à ce moment (le jeu) vous pouvez…")."""
_STEP_KEYS = frozenset({"allowed", "kind", "given"})


def _step(value: object, lang: str, table: dict[str, dict[str, str]] = STEPS) -> object:
    """A kind of action or a list of kinds (", ") in ``lang`` (a phase, from ``table`` `PHASES`)."""
    words = table.get(lang, {})
    if not isinstance(value, str):
        return value
    return ", ".join(words.get(part, part) for part in value.split(", "))


def _action(value: object, lang: str) -> object:
    """An action written in notation ("play Jh", "declare 3") as the player reads it in ``lang``."""
    if not isinstance(value, str):
        return value
    kind, _, rest = value.partition(" ")
    try:
        shown = cards_text(parse_cards(rest), lang) if rest and not rest.isdigit() else rest
    except CardError:
        shown = rest
    return " ".join(part for part in (str(_step(kind, lang)), shown) if part)


def _value(value: object, lang: str) -> object:
    if isinstance(value, Card):
        return card_text(value, lang)
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        return cards_text(value, lang)
    return value


class Reason(str):
    """A refusal: reads as its English text, says itself in any language with `say`."""

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, **values: object) -> Reason:
        # The engine makes a reason for every card it refuses while it searches: kept cheap.
        english = {k: " ".join(map(str, v)) if type(v) is tuple else v for k, v in values.items()}
        made = super().__new__(cls, _ENGLISH[key].format_map(english))
        made.key = key
        made.values = values
        return made

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (self.key,), dict(self.values)

    def say(self, lang: str = "en") -> str:
        """The reason in ``lang`` as a player reads it, its cards as the player sees them ("8♣")."""
        check_language(lang)
        said = {k: _step(v, lang) if k in _STEP_KEYS else _value(v, lang) for k, v in self.values.items()}
        if "phase" in said:
            said["phase"] = _step(self.values["phase"], lang, PHASES)
        if "action" in said:
            said["action"] = _action(self.values["action"], lang)
        return REFUSALS[lang][self.key].format(**said)


def say_reason(reason: str, lang: str = "en") -> str:
    """A refusal said for a page in ``lang`` (cards with suit signs); text that is no `Reason` as it is."""
    return reason.say(lang) if isinstance(reason, Reason) else reason
