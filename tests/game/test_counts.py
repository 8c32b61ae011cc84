"""Counting a hand or crib (K26): nobody gains by declaring points the cards do not hold, no counting
option shows a hidden hand, and a crib is turned face up when it is counted.

The laws followed are HOYLE's (Hoyle's Games, laws of cribbage): a player who scores more than he is
entitled to is put back; points a player neglects are taken by the adversary "in some companies"
(muggins) and in others only lost (stands).
"""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

from helpers import dealt
from noddy.cards import Card, parse_cards
from noddy.cli.main import app
from noddy.cli.render import counted_text
from noddy.game import Action, Event, GameState, Phase, new_game
from noddy.rules import field_spec, load_rules, preset_names
from noddy.scoring import total
from noddy.words import event_line
from reveal import known_at

READINGS = tuple(field_spec("hand.wrong_count").choices)
CARD_IN_TEXT = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([cdhs♣♦♥♠])(?![0-9A-Za-z])")
NAMES = ["A", "B", "C", "D"]

# Willughby: the elder (seat 0) holds 5h 10c Kd with 2s turned: fifteen 2, fifteen 4 (the issue's
# 4-point hand); B holds 2c 7d Kh, which with the 9s turned counts nothing.
FOUR = {0: "5h 10c Kd", 1: "3c 4d 8h"}
NOTHING = {0: "2c 7d Kh", 1: "3s 4h 6c"}


@pytest.mark.parametrize("reading", READINGS)
def test_declaring_31_on_a_4_point_hand_pegs_4_and_says_it_was_corrected(reading: str) -> None:
    """Issue 11.2: under `stands` this won the Willughby game at once, 31-0."""
    state = dealt("willughby", FOUR, "2s", (f"hand.wrong_count={reading}",))
    state = state.apply(Action.declare(0, 31))
    event = state.events[-1]
    assert (event.declared, event.points, state.scores) == (31, 4, (4, 0))
    assert not state.is_over and state.phase is Phase.COUNT and state.to_act == 1
    for seat in (0, 1, None):
        line = event_line(state.view(seat).events[-1], NAMES, state.rules, False)
        assert line is not None and "declared 31, corrected to 4" in line.text, (seat, line)


@pytest.mark.parametrize("reading", READINGS)
def test_declaring_11_on_a_hand_of_nothing_pegs_nothing(reading: str) -> None:
    state = dealt("willughby", NOTHING, "9s", (f"hand.wrong_count={reading}",))
    state = state.apply(Action.declare(0, 11))
    assert state.events[-1].points == 0 and state.scores == (0, 0)
    assert state.phase is Phase.COUNT, "no claim: nothing was missed"


@pytest.mark.parametrize(
    ("reading", "pegged", "claim"), [("corrected", 4, False), ("stands", 3, False), ("muggins", 3, True)]
)
def test_a_count_too_low(reading: str, pegged: int, claim: bool) -> None:
    """Corrected by the referee, or it stands, or (muggins) it may be claimed after the play."""
    state = dealt("willughby", FOUR, "2s", (f"hand.wrong_count={reading}",))
    state = state.apply(Action.declare(0, 3))
    assert state.scores == (pegged, 0) and state.phase is Phase.COUNT
    state = state.apply(Action.count(1))
    while state.phase is Phase.PLAY:
        state = state.apply(next(iter(state.legal_actions())))
    assert (state.phase is Phase.MUGGINS) == claim
    if claim:
        assert state.muggins == (0, 1) and state.to_act == 1


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("declared", [3, 4, 9])
def test_opponents_hear_only_the_declared_number_of_a_hidden_hand(reading: str, declared: int) -> None:
    """Issue 11.3: before a hand is shown the others learn the number declared (and a correction),
    never its true call; its holder sees his own items."""
    state = dealt("willughby", FOUR, "2s", (f"hand.wrong_count={reading}",))
    state = state.apply(Action.declare(0, declared))
    mine = state.view(0).events[-1]
    assert total(mine.items) == 4 and mine.items
    for seat in (1, None):
        seen = state.view(seat).events[-1]
        assert seen.items == () and seen.cards == ()
        assert seen.text == f"hand: declared {declared}" + (
            f", corrected to {seen.points}" if seen.points != declared else ""
        )
        line = event_line(seen, NAMES, state.rules, False)
        assert line is not None and "fifteen" not in line.text and "true count" not in line.text
        assert not set(parse_cards("5h 10c Kd")) & state.view(seat).cards_seen()


def test_under_muggins_a_hand_counted_before_the_play_is_shown_only_after_it() -> None:
    """Issue 11.3: every Noddy preset with muggins sent each hand face up before the play."""
    state = dealt("willughby", FOUR, "2s", ("hand.wrong_count=muggins",))
    state = state.apply(Action.count(0)).apply(Action.count(1))
    assert state.phase is Phase.PLAY
    assert not set(parse_cards("5h 10c Kd")) & state.view(1).cards_seen()
    assert not set(parse_cards("3c 4d 8h")) & state.view(0).cards_seen()
    while state.phase is Phase.PLAY:
        state = state.apply(next(iter(state.legal_actions())))
    shows = [e for e in state.events if e.kind == "show"]
    assert [(e.seat, e.cards) for e in shows] == [(0, parse_cards("5h 10c Kd")), (1, parse_cards("3c 4d 8h"))]
    line = event_line(shows[0], NAMES, state.rules, False)
    assert line is not None and line.text == "A's hand is shown: 5♥ 10♣ K♦"


CRIBS = [name for name in preset_names() if load_rules(name).crib.kind != "none"]


@pytest.mark.parametrize("name", CRIBS)
def test_a_crib_is_turned_face_up_to_all_before_it_is_counted(name: str) -> None:
    """Issue 11.4: the dealer was asked to count a crib two of whose cards he had never seen."""
    rng = random.Random(name)
    state = new_game(load_rules(name), 2)
    asked = 0
    while not state.is_over and asked < 3:
        if state.phase is Phase.COUNT and state.tasks[0].what == "crib":
            owner = state.tasks[0].seat
            crib = set(state.cribs[owner])
            show = state.events[-1]
            assert show.kind == "show" and show.subject == "crib" and set(show.cards) == crib
            for seat in (0, 1, None):
                assert crib <= state.view(seat).cards_seen(), (name, seat)
            line = event_line(show, NAMES, state.rules, False)
            assert line is not None and "crib is turned face up: " in line.text
            for seat in (0, 1):
                text = counted_text(state.view(seat), NAMES)
                assert text is not None and all(card.pretty in text for card in crib), (seat, text)
            asked += 1
        chance = state.chance()
        state = state.apply(chance.sample(rng) if chance else rng.choice(list(state.legal_actions())))
    assert asked


def test_the_terminal_turns_the_crib_face_up_and_shows_the_cards_being_counted() -> None:
    """Issue 11.4 in the terminal: a person counting the crib sees its cards and the turn-up."""
    result = CliRunner().invoke(
        app, ["play", "--rules", "cribbage", "--seed", "3"], input="1 2\n1\n2\n3\n4\ngo\n\n" * 300
    )
    out = result.stdout
    assert "crib is turned face up: " in out
    assert "Your crib, being counted: " in out
    assert "Your hand, being counted: " in out


def _play(name: str, reading: str, players: int, seed: int) -> list[GameState]:
    """A whole game with random choices, declaring a count (often a wrong one) now and then."""
    rng = random.Random(seed)
    state = new_game(load_rules(name, (f"hand.wrong_count={reading}",)), players)
    states = [state]
    while not state.is_over and len(states) < 4000:
        chance = state.chance()
        legal = state.legal_actions()
        if chance is not None:
            action = chance.sample(rng)
        elif legal.declare is not None and rng.random() < 0.5:
            action = Action.declare(legal.declare.seat, rng.randrange(0, 25))
        else:
            action = rng.choice(list(legal))
        state = state.apply(action)
        states.append(state)
    return states


def _cards(event: Event) -> set[Card]:
    cards = {*event.cards, *(c for item in event.items for c in item.cards)}
    return cards | {Card.parse(r + s) for r, s in CARD_IN_TEXT.findall(event.text)}


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("name", preset_names())
def test_no_counting_option_shows_a_card_the_rules_keep_hidden(name: str, reading: str) -> None:
    """Whole games of every preset under every counting option: each seat's view, and each event
    as it happens (with its words), shows only cards the rules let that seat know; no declaration
    pegs more than its cards hold."""
    players = load_rules(name).player_counts
    for seed, n in enumerate((players[0], players[-1])):
        states = _play(name, reading, n, seed)
        assert states[-1].is_over
        for seat in (*range(n), None):
            known = known_at(states, seat)
            for i, state in enumerate(states):
                view = state.view(seat)
                fields = {*view.hand, *view.held, *view.discards, *view.own_crib}
                fields |= {c for _, c in view.played} | {c for a in view.legal for c in a.cards}
                fields |= {view.turnup} if view.turnup else set()
                assert fields <= known[i], (name, reading, seat, i, fields - known[i])
                before = len(states[i - 1].events) if i else 0
                for event in view.events[before:]:
                    line = event_line(event, NAMES[:n], view.rules, view.partners)
                    said = _cards(event)
                    if line is not None:
                        said |= {c for p in line.parts if not isinstance(p, str) for c in p}
                        said |= {c for part in line.call for c in part.cards}
                    assert said <= known[i], (name, reading, seat, i, event, said - known[i])
                    hidden_declare = event.kind == "declare" and event.seat != seat and not event.cards
                    if hidden_declare and view.rules.hand.when == "before_play":
                        assert event.items == (), "a declaration tells only its number"
        for event in states[-1].events:
            if event.kind == "declare":
                true = total(event.items)
                assert event.points <= true and (event.points == true or event.declared == event.points)


def test_each_counting_option_says_in_plain_words_what_it_does() -> None:
    """The lobby reads these words from /api/rules: each says what happens to a count too high and
    too low, and the field says a hidden hand stays hidden."""
    spec = field_spec("hand.wrong_count")
    assert "the others hear only the number declared" in spec.doc
    for value, words in spec.choices.items():
        assert "too high" in words or value == "corrected", value
        assert "corrected" in words, value
    assert "claim" in spec.choices["muggins"] and "after the play" in spec.choices["muggins"]
