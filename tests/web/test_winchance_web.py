"""The table's win-chance bar over the websocket: each side's chance from the start of every deal,
read from the board table; shown against the computer unless hidden, between people only once
every person has it on; none where the table does not cover the rules. Each person's choice is the
table's, kept in the store: it outlives a restart and goes on to a rematch (on several servers:
`test_site.py`)."""

from __future__ import annotations

import random
from pathlib import Path

from fastapi.testclient import TestClient
from web_helpers import (
    Seat,
    choose,
    db_url,
    invite_token,
    live,
    mine,
    new_table,
    play_to_end,
    served,
    wait_for,
)

from noddy.analysis import board
from noddy.rules import load_rules

COMPUTER = {"kind": "computer", "level": "random"}


def _first_state(seat: Seat) -> dict:  # type: ignore[type-arg]
    return seat.until("state", lambda m: m["view"]["phase"] not in ("cut", "shuffle"))


def test_against_the_computer_the_bar_shows_the_tables_chance_and_hides_when_asked(
    client: TestClient,
) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER])
    me = mine(client, made)
    state = _first_state(me)
    bar = state["winchance"]
    dealer = state["view"]["dealer"]
    expected = board(load_rules("cribbage"), players=2, partners=False).chance((0, 0), dealer)
    assert bar["offered"] and bar["on"] is True and bar["shown"] and bar["people"] == 1
    first = bar["points"][0]
    assert (first["deal"], first["dealer"], first["scores"]) == (1, dealer, [0, 0])
    assert first["chances"] == [round(c, 4) for c in expected]
    hidden = client.post(f"/api/tables/{made['id']}/winchance", json={"secret": made["secret"], "on": False})
    assert hidden.status_code == 200
    assert hidden.json() == {
        "offered": True, "ready": "ready", "on": False, "agreed": 0, "people": 1, "shown": False, "points": []
    }
    watcher = Seat(client, made["id"], None, None)
    seen = watcher.until("state")["winchance"]
    assert seen["on"] is None and not seen["shown"] and seen["points"] == []
    refused = client.post(f"/api/tables/{made['id']}/winchance", json={"secret": "nobody's", "on": True})
    assert refused.status_code == 403
    client.post(f"/api/tables/{made['id']}/winchance", json={"secret": made["secret"], "on": True})
    assert live(client, made["id"]) is not None
    again = Seat(client, made["id"], None, None).until("state")["winchance"]
    assert again["shown"] and again["points"][0] == first


def test_between_people_the_bar_shows_only_once_every_person_turns_it_on(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, {"kind": "friend"}])
    me = mine(client, made)
    friend = Seat(client, made["id"], invite_token(made, 1), 1)
    friend_secret = friend.until("welcome")["secret"]
    bar = _first_state(me)["winchance"]
    assert bar["offered"] and bar["on"] is False and not bar["shown"] and bar["points"] == []
    url = f"/api/tables/{made['id']}/winchance"
    one = client.post(url, json={"secret": made["secret"], "on": True}).json()
    assert (one["on"], one["agreed"], one["people"], one["shown"]) == (True, 1, 2, False)
    both = client.post(url, json={"secret": friend_secret, "on": True}).json()
    assert both["shown"] and both["agreed"] == 2 and both["points"][0]["scores"] == [0, 0]


def test_no_bar_where_the_table_does_not_cover_the_rules(client: TestClient) -> None:
    """The french preset is a game of one deal, with no target: no board position to read."""
    made = new_table(client, "french", [{"kind": "me"}, COMPUTER])
    bar = _first_state(mine(client, made))["winchance"]
    assert not bar["offered"] and bar["ready"] == "unserved" and not bar["shown"] and bar["points"] == []


def test_a_choice_is_kept_with_the_table_through_a_restart(tmp_path: Path) -> None:
    """Hidden, the bar stays hidden when the server restarts (the store keeps the seat's choice),
    and after a move; the other seat's default is untouched."""
    url = db_url(tmp_path)
    with served(url) as first:
        made = new_table(first, "cribbage", [{"kind": "me"}, COMPUTER])
        choice = {"secret": made["secret"], "on": False}
        hidden = first.post(f"/api/tables/{made['id']}/winchance", json=choice)
        assert hidden.status_code == 200 and hidden.json()["on"] is False
    with served(url) as again:
        me = mine(again, made)
        bar = _first_state(me)["winchance"]
        assert bar["offered"] and bar["on"] is False and not bar["shown"] and bar["points"] == []
        table = live(again, made["id"])
        wait_for(lambda: table.state.to_act == 0)
        seen = me.state_at(len(table.state.history))
        me.send(type="act", action=choose(seen, random.Random(1)), seq=seen["seq"])
        after = me.until("state", lambda m: m["seq"] > seen["seq"])["winchance"]
        assert after["on"] is False and not after["shown"]
        assert table.bar.on == {0: False}


def test_a_rematch_keeps_each_persons_choice(client: TestClient) -> None:
    made = new_table(client, "french", [{"kind": "me"}, COMPUTER])
    me = mine(client, made)
    client.post(f"/api/tables/{made['id']}/winchance", json={"secret": made["secret"], "on": False})
    play_to_end(client, made["id"], {0: me}, random.Random(3))
    me.send(type="rematch")
    rematch = me.until("rematch")["table"]
    again = Seat(client, rematch, None, 0, secret=made["secret"])
    assert again.until("state")["winchance"]["on"] is False
    assert client.app.state.store.table(rematch).seats[0].winchance is False  # type: ignore[attr-defined]
