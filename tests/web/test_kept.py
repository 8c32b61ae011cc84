"""What a table's state messages keep from one to the next (`noddy.web.kept`) changes nothing a
connection is sent: each seat's and a watcher's messages, in English and French, move after move,
through an undo and a move taken back to the middle of a deal and played on another way, are the
very bytes a table that kept nothing sends; and none carries a card its seat may not know."""

from __future__ import annotations

from dataclasses import replace

import pytest
from web_helpers import greedy_states

from noddy.cards import DECK, Card
from noddy.game import Event, EventKind, GameState
from noddy.web.connection import message_json
from noddy.web.kept import KeptDeals
from noddy.web.live import LiveTable
from noddy.web.messages import deal_summaries, state_message
from noddy.web.seats import LiveSeat
from noddy.web.store import SeatRow
from noddy.words import card_text
from reveal import known_until


def _table(rules: str, state: GameState) -> LiveTable:
    """A table of a person at seat 0 against computers (so undo is offered), at ``state``."""
    seats = [
        LiveSeat.stored(SeatRow(i, "human" if i == 0 else "hard", f"Seat {i}", None, True))
        for i in range(state.players)
    ]
    return LiveTable("t1", rules, (), state.rules, seats, state)


@pytest.mark.parametrize(
    ("rules", "players"),
    [("cribbage", 2), ("five-card-cribbage", 2), ("noddy-rules", 2), ("willughby", 2), ("cribbage", 4)],
)
def test_a_seats_messages_are_the_bytes_of_a_table_that_kept_nothing(rules: str, players: int) -> None:
    states = greedy_states(rules, players, 3)
    middle = next(i for i in range(len(states) // 2, len(states)) if states[i].deal_number > 1)
    other = greedy_states(rules, players, 4, states[middle])
    played = [*states[: middle + 6], *other[1:]]
    table = _table(rules, states[0])
    since: dict[tuple[int | None, str], int] = {}
    compared = 0
    for step, state in enumerate(played):
        table.state = state
        if step == middle + 6:
            table.undo.took_back(0, 5, len(state.history))
        for seat in (*range(players), None):
            for lang in ("en", "fr"):
                sent = since.get((seat, lang), 0)
                sent = sent if sent <= len(state.events) else 0
                message, since[(seat, lang)] = state_message(table, seat, sent, lang)
                afresh, _ = state_message(replace(table, kept=KeptDeals()), seat, sent, lang)
                assert message_json(message) == message_json(afresh), (step, seat, lang)
                compared += 1
    whole, _ = state_message(table, 0)
    assert message_json(whole) == message_json(state_message(replace(table, kept=KeptDeals()), 0)[0])
    assert compared > 100 and whole["deals"]
    if rules == "cribbage":
        assert whole["winchance"]["points"]


def _dealt(state: GameState) -> int:
    """Where the deal being played starts in the state's events (its deal event)."""
    return max(i for i, event in enumerate(state.events) if event.kind == EventKind.DEAL)


def test_deals_played_another_way_before_the_deal_kept_are_worked_out_again() -> None:
    """The table's game goes on from a copy played another way from the second deal (as another
    server's copy of the table could), whose third deal starts at the same event as the one kept:
    the kept deals are not the game's, and the messages are still the bytes of a table that kept
    nothing."""
    states = greedy_states("cribbage", 2, 3)
    branch = next(i for i, state in enumerate(states) if state.deal_number == 2) - 1
    other = greedy_states("cribbage", 2, 9, states[branch])
    third = [state for state in states if state.deal_number == 3]
    third_other = [state for state in other if state.deal_number == 3]
    start = _dealt(third[0])
    assert start == _dealt(third_other[0])
    assert third[0].events[: start + 1] != third_other[0].events[: start + 1]
    table = _table("cribbage", states[0])
    for state in [*third[:6], *third_other]:
        table.state = state
        for seat in (0, 1, None):
            message, _ = state_message(table, seat)
            afresh, _ = state_message(replace(table, kept=KeptDeals()), seat)
            assert message_json(message) == message_json(afresh), (len(state.history), seat)


def _scored(events: tuple[Event, ...]) -> bool:
    return any(event.points and event.seat is not None for event in events)


def test_a_deal_dealt_another_way_since_the_seat_was_told_is_summed_again() -> None:
    """A seat told of the deal being played as it was dealt and once more, then (its connection
    behind, or the table taken over from another server's copy) of the same deal dealt another way,
    as long again and with no points since: that deal is summed again, not kept."""
    states = greedy_states("cribbage", 2, 3)
    second = [i for i, state in enumerate(states) if state.deal_number == 2]
    other = greedy_states("cribbage", 2, 4, states[second[0] - 1])
    told, later = next(
        (i, state)
        for i in second[1:]
        for state in other
        if state.deal_number == 2
        and len(state.events) >= len(states[i].events)
        and state.events[: len(states[i].events)] != states[i].events
        and not _scored(state.events[len(states[i].events) :])
    )
    assert _dealt(later) == _dealt(states[told])
    assert deal_summaries(later.view(0)) != deal_summaries(states[told].view(0))
    table = _table("cribbage", states[0])
    for state in [*states[: second[0] + 1], states[told], later]:
        table.state = state
        message, _ = state_message(table, 0)
        afresh, _ = state_message(replace(table, kept=KeptDeals()), 0)
        assert message_json(message) == message_json(afresh), len(state.history)


def _leaked(text: str, hidden: set[Card], lang: str) -> set[Card]:
    return {card for card in hidden if f'"{card}"' in text or card_text(card, lang) in text}


@pytest.mark.parametrize(("rules", "lang"), [("noddy-rules", "en"), ("willughby", "fr")])
def test_a_seats_kept_messages_carry_no_card_it_may_not_know(rules: str, lang: str) -> None:
    """Hands declared or counted unseen: each seat's messages (kept from one to the next, every
    event sent once, then the whole game again as a reconnection gets it) hold no card the rules
    have not shown that seat (`reveal.known_until`, from the states alone); the check catches the
    holder's own messages read as the other seat's."""
    states = greedy_states(rules, 2, 11)
    table = _table(rules, states[0])
    caught = 0
    for seat in (0, 1, None):
        known = known_until(states, seat)
        others = known_until(states, 1 if seat == 0 else 0)
        sent = 0
        for state, may_know, other_knows in zip(states, known, others, strict=True):
            table.state = state
            for since in (sent, 0):
                message, count = state_message(table, seat, since, lang)
                text = message_json(message)
                assert not _leaked(text, set(DECK) - may_know, lang), (seat, len(state.history))
                caught += bool(seat is not None and _leaked(text, set(DECK) - other_knows, lang))
            sent = count
    assert caught
