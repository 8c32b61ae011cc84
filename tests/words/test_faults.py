"""Errors in words: every error key has an English and a French sentence with the same values, an
error says itself in either language, and `IllegalActionError` carries its `Reason`."""

from __future__ import annotations

import importlib
import pickle
import pkgutil
import string

import pytest

import noddy
from noddy.cards import Card, parse_card, parse_cards
from noddy.errors import CardError, Fault, IllegalActionError, NoddyError
from noddy.game import Action, new_game
from noddy.rules import load_rules
from noddy.words import FAULT_WORDS, Reason, say_error


def _every_fault() -> list[Fault]:
    """Every key of every `Fault` declared in noddy (each module imported, an optional extra's
    module that cannot be, left out: its keys are found where it is installed)."""
    for module in pkgutil.walk_packages(noddy.__path__, "noddy."):
        try:
            importlib.import_module(module.name)
        except ImportError:
            continue
    kinds, found = [Fault], []
    while kinds:
        kind = kinds.pop()
        kinds.extend(kind.__subclasses__())
        found.extend(kind)
    return found


def _names(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_error_key_has_an_english_and_a_french_sentence_with_the_same_values() -> None:
    """A key added to a layer without its `FaultWords` (or with French that drops or adds a value)
    fails here."""
    faults = _every_fault()
    assert len(faults) > 10
    for fault in faults:
        assert fault in FAULT_WORDS, f"{fault!r} has no words: add its FaultWords to noddy.words.faults"
        words = FAULT_WORDS[fault]
        english, french = words.text("en"), words.text("fr")
        assert english and french and english != french, fault
        assert _names(french) == _names(english), fault


def test_an_error_made_from_a_key_reads_in_english_and_says_itself_in_french() -> None:
    with pytest.raises(CardError) as caught:
        parse_card("Xz")
    error = caught.value
    assert str(error).startswith("cannot read card 'Xz': 'X' is not a rank and 'z' is not a suit;")
    assert say_error(error) == str(error)
    assert say_error(error, "fr").startswith(
        "impossible de lire la carte 'Xz' : 'X' n’est pas un rang et 'z' n’est pas une couleur ;"
        " il faut un rang"
    )
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.fault, again.values) == (str(error), error.fault, error.values)


def test_a_card_in_an_error_is_said_as_the_reader_writes_it() -> None:
    with pytest.raises(CardError) as caught:
        parse_cards("Jh 5d Jh")
    assert str(caught.value) == "card Jh appears twice; a pack has one of each card"
    said = "la carte V♥ est donnée deux fois ; un jeu n’a qu’une carte de chaque"
    assert say_error(caught.value, "fr") == said


def test_an_error_of_an_english_sentence_alone_is_said_as_it_is() -> None:
    assert say_error(NoddyError("no key here"), "fr") == "no key here"
    assert say_error(ValueError("not noddy's"), "fr") == "not noddy's"


def test_an_illegal_action_carries_its_reason_action_seat_and_phase() -> None:
    """The web says the refusal from the error itself, in the reader's language, without asking the
    game again."""
    state = new_game(load_rules("cribbage"), 2)
    action = Action.play(0, Card.parse("5h"))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    error = caught.value
    assert isinstance(error.reason, Reason)
    assert (error.action, error.seat, error.phase) == (action, 0, state.phase)
    assert error.reason == state.why_illegal(action)
    assert str(error) == f"seat 0 play 5h refused in {state.phase.value}: {error.reason}"
    assert say_error(error, "fr") == error.reason.say("fr")
    assert say_error(error, "fr").startswith("le hasard doit d’abord agir")
    again = pickle.loads(pickle.dumps(error))
    assert (again.reason, again.action, again.seat, again.phase) == (error.reason, action, 0, state.phase)


def test_representative_errors_of_each_layer_in_french() -> None:
    """A card, the rules and the game each refuse in French as in English, naming the bad input."""
    from noddy.errors import NotationError, RulesError

    rules = load_rules("cribbage")
    cases: list[tuple[type[NoddyError], object, str, str]] = [
        (CardError, lambda: Card.parse("Qx"), "'x' is not a suit", "'x' n’est pas une couleur"),
        (RulesError, lambda: rules.deal.shape(7), "7 players is not allowed", "7 joueurs ne sont pas"),
        (RulesError, lambda: load_rules("cribage"), "did you mean 'cribbage'?", "vouliez-vous dire"),
        (NotationError, lambda: Action.parse("jump", 0), "'jump' is not one of", "'jump' n’est pas l’une"),
        (RulesError, lambda: new_game(rules, 2, partners=True), "partnerships need 4", "en équipes"),
    ]
    for kind, make, english, french in cases:
        with pytest.raises(kind) as caught:
            make()  # type: ignore[operator]
        assert english in str(caught.value) and english in say_error(caught.value, "en")
        assert french in say_error(caught.value, "fr"), say_error(caught.value, "fr")
