"""What the show sends a seat: at every step of whole games (cribbage, whose hands are counted after
the play and shown; Willughby, whose hands are counted before it, unseen), the events the browser
draws and speaks (their cards, their items' cards, the words said of them) and the ``showing`` count
hold no card the rules have not yet revealed to that seat (`reveal.known_until`, worked out from the
states, never from the views)."""

from __future__ import annotations

import json
import random

import pytest

from noddy.cards import DECK
from noddy.game import GameState, new_game
from noddy.players import make_player, next_action
from noddy.rules import load_rules
from noddy.web.messages import event_json, showing
from noddy.words import card_text
from reveal import known_until


def _states(rules: str, seed: int) -> list[GameState]:
    state = new_game(load_rules(rules), 2)
    players = [make_player("greedy"), make_player("greedy")]
    rng = random.Random(seed)
    states = [state]
    while not state.is_over and state.deal_number < 4:
        state = state.apply(next_action(state, players, rng))
        states.append(state)
    return states


@pytest.mark.parametrize(("rules", "lang"), [("cribbage", "en"), ("willughby", "fr")])
def test_the_show_sends_no_hand_before_the_rules_reveal_it(rules: str, lang: str) -> None:
    states = _states(rules, 35)
    names = ["Ann", "Bob"]
    checked = 0
    for seat in (None, 1):
        known = known_until(states, seat)
        for state, may_know in zip(states, known, strict=True):
            view = state.view(seat)
            sent = [event_json(e, names, state.rules, False, lang) for e in view.events]
            text = json.dumps([sent, showing(view)], ensure_ascii=False)
            hidden = set(DECK) - may_know
            leaked = {c for c in hidden if f'"{c}"' in text or card_text(c, lang) in text}
            assert not leaked, f"seat {seat} was sent {sorted(map(str, leaked))} at move {len(state.history)}"
            checked += 1
    assert checked > 20
    shown = [e for e in states[-1].events if e.kind == "count" and e.cards]
    assert rules == "willughby" or shown, "no hand was shown at all"


def test_a_hand_counted_unseen_is_said_but_not_shown() -> None:
    """Willughby's hands are counted before the play: the other seat hears the call (its names and
    totals) and is sent none of its cards."""
    states = _states("willughby", 7)
    last = states[-1]
    counts = [e for e in last.view(1).events if e.kind == "count" and e.seat == 0]
    assert counts
    for count in counts:
        data = event_json(count, ["Ann", "Bob"], last.rules, False)
        assert "cards" not in data and data["said"]
        unnamed = [
            item for item in data.get("items", ()) if item["kind"] in ("fifteen", "pair", "run", "flush")
        ]
        assert all(item["cards"] == [] for item in unnamed), data["items"]
