"""Hot-seat: seats for other people at the maker's device (``here``), taken at once, each with its
own secret; each seat's websocket is sent only its own view; bad tables are refused with the reason."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from web_helpers import Seat, assert_no_hidden_cards, live, new_table, play_to_end

COMPUTER = {"kind": "computer", "level": "random"}


def test_the_seats_of_the_people_here_are_taken_at_once_each_with_its_own_secret(client: TestClient) -> None:
    seats = [{"kind": "me", "name": "Ann"}, {"kind": "here", "name": "Bob"}, COMPUTER, {"kind": "here"}]
    made = new_table(client, "cribbage", seats, partners=True)
    assert made["seat"] == 0 and made["secret"] and made["invites"] == []
    assert [(h["seat"], h["name"]) for h in made["here"]] == [(1, "Bob"), (3, "Player 4")]
    keys = [made["secret"], *(h["secret"] for h in made["here"])]
    assert len(set(keys)) == 3 and all(len(k) >= 24 for k in keys)
    summary = client.get(f"/api/tables/{made['id']}").json()
    assert summary["status"] == "playing" and all(s["claimed"] for s in summary["seats"])
    listing = client.get("/api/tables").text
    assert not any(key in listing or key in str(summary) for key in keys)
    table = live(client, made["id"])
    assert [table.seat_of_secret(k) for k in keys] == [0, 1, 3]


def test_a_table_of_people_here_only_and_its_game_keep_each_hand_to_its_own_seat(client: TestClient) -> None:
    made = new_table(client, "willughby", [{"kind": "here", "name": "Ann"}, {"kind": "here", "name": "Bob"}])
    assert made["seat"] is None and made["secret"] is None
    seats = {h["seat"]: Seat(client, made["id"], None, h["seat"], secret=h["secret"]) for h in made["here"]}
    for seat in seats.values():
        assert seat.until("welcome")["seat"] == seat.seat
    play_to_end(client, made["id"], seats, random.Random(5))
    table = live(client, made["id"])
    assert table.state.is_over
    assert assert_no_hidden_cards(table, list(seats.values())) > 20


def test_bad_hot_seat_tables_are_refused_with_the_reason(client: TestClient) -> None:
    here, me = {"kind": "here", "name": "Bob"}, {"kind": "me", "name": "Ann"}
    cases = [
        ({"seats": [me, {"kind": "here", "name": "ann"}]}, 400, "seat 2: 'ann' is already a seat's name"),
        ({"seats": [me, here], "hints": True}, 400, "hints are only for a table of one person"),
        ({"seats": [me, me]}, 400, "make the others 'here' (someone else at this device)"),
        ({"seats": [me, {"kind": "there"}]}, 422, "'me', 'here', 'friend' or 'computer'"),
        ({"seats": [me, {"kind": "here", "name": "You"}]}, 400, "cannot be a name"),
    ]
    for body, status, reason in cases:
        response = client.post("/api/tables", json={"rules": "cribbage", **body})
        assert response.status_code == status, (body, response.text)
        assert reason in response.text, (body, response.text)
    assert client.get("/api/tables").json() == {"open": [], "playing": [], "finished": []}
