"""The engine's shortcuts answer exactly as the definitions they stand for.

A view's events are each event as the seat may see it (`Event.seen_by`), the state's own tuple
where none is hidden from it; the play's refusals in a view are `GameState.why_illegal`'s answers
for the cards and the Go it may not play, though the legal actions and the refusals come from one
pass of the check; a shuffle is checked as a set. A state keeps nothing of its own answers: it is
frozen, and nothing is written into it behind that.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from helpers import sweep
from noddy.cards import DECK, parse_cards
from noddy.game import Action, GameState, PlayerView, new_game
from noddy.players import RandomPlayer
from noddy.players.driver import run_game
from noddy.rules import load_rules, preset_names


def _tables() -> list[tuple[str, int]]:
    return [(name, n) for name in preset_names() for n in load_rules(name).player_counts]


def _check_views(state: GameState) -> None:
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        assert set(vars(view)) == {f.name for f in fields(PlayerView)}, "a view built without a field"
        assert view.events == tuple(event.seen_by(seat) for event in state.events)
        if seat is not None and seat == state.to_act and state.phase.value == "play":
            tried = (*(Action.play(seat, card) for card in state.hands[seat]), Action.go(seat))
            expected = tuple((a, state.why_illegal(a)) for a in tried if a not in view.legal)
            assert view.refused == expected
            assert all(not state.why_illegal(a) for a in view.legal)
        else:
            assert view.refused == ()


@pytest.mark.parametrize(("name", "players"), sweep(_tables(), 3))
def test_views_agree_with_the_definitions(name: str, players: int) -> None:
    rules = load_rules(name)
    hidden = 0
    for seed in range(3):
        states: list[GameState] = []
        end = run_game(
            new_game(rules, players),
            [RandomPlayer() for _ in range(players)],
            random.Random(seed),
            on_action=lambda before, _action, _after, seen=states: seen.append(before),
        )
        for state in [*states, end]:
            _check_views(state)
        hidden += sum(event.hidden for event in end.events)
    if rules.hand.when == "before_play" and rules.hand.wrong_count != "muggins":
        assert hidden, "counts made before the play are announced without showing the cards"


def test_a_state_keeps_nothing_of_its_own_answers() -> None:
    """Listing, viewing, refusing and applying write nothing into a frozen state: it holds its
    fields and only them, before and after, and a copy made by `GameState.evolve` too."""
    rules = load_rules("willughby")
    steps: list[tuple[GameState, Action, GameState]] = []
    run_game(
        new_game(rules, 2),
        [RandomPlayer(), RandomPlayer()],
        random.Random(4),
        on_action=lambda before, action, after: steps.append((before, action, after)),
    )
    own = {f.name for f in fields(GameState)}
    for before, action, after in steps:
        before.legal_actions()
        before.why_illegal(Action.go(0))
        for seat in (None, 0, 1):
            before.view(seat)
        assert set(vars(before)) == own
        assert before.apply(action) == after
        assert set(vars(before)) == own and set(vars(before.evolve(to_act=None))) == own


def test_a_view_is_not_misled_by_events_replaced() -> None:
    rules = next(
        r
        for r in map(load_rules, preset_names())
        if r.hand.when == "before_play" and r.hand.wrong_count != "muggins"
    )
    states: list[GameState] = []
    run_game(
        new_game(rules, 2),
        [RandomPlayer(), RandomPlayer()],
        random.Random(1),
        on_action=lambda before, _action, _after: states.append(before),
    )
    with_hidden = next(s for s in reversed(states) if any(e.hidden for e in s.events))
    other = 1 - next(e.seat for e in with_hidden.events if e.hidden)
    assert with_hidden.view(other).events != with_hidden.events
    assert with_hidden.evolve(events=()).view(other).events == ()
    public = tuple(e for e in with_hidden.events if not e.hidden)
    assert with_hidden.evolve(events=public).view(other).events == public


def test_a_shuffle_must_hold_every_card_once() -> None:
    state = new_game(load_rules("cribbage"), 2).apply(Action("cut", None, parse_cards("Ac Kd")))
    assert state.why_illegal(Action("shuffle", None, DECK)) == ""
    short = Action("shuffle", None, DECK[:-1])
    twice = Action("shuffle", None, (*DECK[:-1], DECK[0]))
    for action in (short, twice):
        assert state.why_illegal(action) == "a shuffle must order all 52 cards, each once"
