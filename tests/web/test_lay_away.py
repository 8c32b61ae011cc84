"""Laying away together: every seat that still has to lay away may do it at once, as at a table; the
discard waits, hidden from the others, until the engine asks that seat, so the record keeps its order."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from web_helpers import Seat, assert_no_hidden_cards, live, mine, new_table, play_to_end, wait_for

from noddy.game import Phase
from noddy.record import format_action


def two_friends(client: TestClient, rules: str = "cribbage") -> tuple[dict[int, Seat], str]:
    made = new_table(client, rules, [{"kind": "me"}, {"kind": "friend"}])
    token = made["invites"][0]["link"].split("#")[1]
    return {0: mine(client, made), 1: Seat(client, made["id"], token, 1)}, made["id"]


def test_both_players_lay_away_at_once_and_the_record_keeps_the_engines_order(client: TestClient) -> None:
    people, table_id = two_friends(client)
    table = live(client, table_id)
    wait_for(lambda: table.state.phase is Phase.DISCARD and table.state.to_act is not None)
    first = table.state.to_act
    assert first is not None
    second = 1 - first
    before = len(table.state.history)
    early = people[second].state_at(before)
    assert early["lay_away_now"] is True and early["view"]["legal"] == []
    assert people[first].state_at(before)["lay_away_now"] is True
    laid = early["view"]["hand"][:2]
    people[second].send(type="act", action="discard " + " ".join(laid), seq=before - 1)
    told = people[second].until("state", lambda m: sorted(m["laid_away"]) == sorted(laid))
    assert told["lay_away_now"] is False and told["seq"] == before
    assert len(table.state.history) == before, "a discard laid away early waits for its turn"
    people[second].send(type="act", action="discard " + " ".join(early["view"]["hand"][2:4]))
    assert "laid away already" in people[second].error()
    assert len(table.state.history) == before
    hand = people[first].state_at(before)["view"]["hand"]
    people[first].send(type="act", action="discard " + " ".join(hand[:2]), seq=before)
    wait_for(lambda: table.state.phase is not Phase.DISCARD)
    discards = [a for a in table.state.history if a.kind == "discard"]
    assert [a.seat for a in discards] == [first, second]
    assert sorted(str(c) for c in discards[1].cards) == sorted(laid)
    stored = client.app.state.store.actions(table_id)  # type: ignore[attr-defined]
    assert stored == [format_action(a) for a in table.state.history]
    assert table.laying.waiting == {}
    after = people[second].state_at(len(table.state.history))
    assert after["laid_away"] == [] and not set(laid) & set(after["view"]["hand"])
    for message in people[first].messages:
        assert message.get("laid_away", []) == []
    play_to_end(client, table_id, people, random.Random(3))
    assert_no_hidden_cards(table, list(people.values()))


def test_a_discard_before_ones_turn_is_checked_and_only_a_discard_may_come_early(client: TestClient) -> None:
    people, table_id = two_friends(client)
    table = live(client, table_id)
    wait_for(lambda: table.state.phase is Phase.DISCARD and table.state.to_act is not None)
    waiting = people[1 - (table.state.to_act or 0)]
    seen = waiting.state_at(len(table.state.history))
    waiting.send(type="act", action="discard " + seen["view"]["hand"][0])
    assert "discard 2 different card(s)" in waiting.error()
    waiting.send(type="act", action="go")
    assert "it is not your turn" in waiting.error()
    assert table.laying.waiting == {}


def test_with_a_computer_seat_each_person_lays_away_at_once_and_the_game_plays_on(client: TestClient) -> None:
    computer = {"kind": "computer", "level": "random"}
    made = new_table(client, "cribbage", [{"kind": "me"}, {"kind": "friend"}, computer])
    token = made["invites"][0]["link"].split("#")[1]
    people = {0: mine(client, made), 1: Seat(client, made["id"], token, 1)}
    table = live(client, made["id"])
    wait_for(lambda: table.state.phase is Phase.DISCARD and table.state.to_act is not None)
    for person in people.values():
        seen = person.state_at(len(table.state.history))
        assert seen["lay_away_now"] is True
        person.send(type="act", action="discard " + seen["view"]["hand"][0], seq=seen["seq"])
    wait_for(lambda: table.state.phase is not Phase.DISCARD)
    assert table.laying.waiting == {}
    discards = [a.seat for a in table.state.history if a.kind == "discard"]
    assert discards == list(table.state.order_from_elder())
    play_to_end(client, made["id"], people, random.Random(5))
    assert_no_hidden_cards(table, list(people.values()))
