"""Seats belong to the people who took them: an invite link seats one person, who is given the seat's
own secret; the table's maker can give a seat nobody holds a new link; rematches keep the people;
names are told apart; a finished game's names stay; a database made before seat secrets still opens."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient
from web_helpers import FAST, Seat, db_url, invite_token, live, mine, new_table, play_to_end, wait_for

from noddy.web import create_app
from noddy.web.seats import hash_token
from noddy.web.store import Store

FRIEND = {"kind": "friend", "name": "Bob"}
COMPUTER = {"kind": "computer", "level": "random"}


def invite(client: TestClient, made: dict[str, object], seat: int, maker: object = None) -> dict[str, object]:
    response = client.post(
        f"/api/tables/{made['id']}/invites", json={"maker": maker or made["maker"], "seat": seat}
    )
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def hello_error(client: TestClient, table_id: str, **hello: object) -> str:
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", **hello}))
        answer = json.loads(ws.receive_text())
        assert answer["type"] == "error", answer
        return str(answer["error"])


def test_an_invite_link_seats_one_person_who_reconnects_with_the_seats_secret(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me", "name": "Ann"}, FRIEND])
    assert "token" not in made and made["secret"] and made["seat"] == 0
    link = invite_token(made, 1)
    bob = Seat(client, made["id"], link, 1)
    welcome = bob.until("welcome")
    assert welcome["seat"] == 1 and welcome["secret"] not in (None, link)
    secret = welcome["secret"]
    hand = bob.until("state")["view"]["hand"]
    assert len(hand) == 6
    for who in ("a stranger", "the maker, who holds every link"):
        other = Seat(client, made["id"], link, None)
        seated = other.until("welcome")
        assert seated["seat"] is None and seated["taken"] == 1 and "secret" not in seated, who
        seen = other.until("table")
        assert seen["you"] is None and seen["seats"][1]["claimed"]
        assert other.until("state")["view"]["hand"] == []
        other.send(type="act", action=f"discard {hand[0]} {hand[1]}")
        assert "you are watching" in other.error()
        other.close()
    bob.close()
    again = Seat(client, made["id"], link, 1, secret=secret)
    welcome = again.until("welcome")
    assert welcome["seat"] == 1 and "secret" not in welcome and "taken" not in welcome
    assert again.until("state")["view"]["hand"] == hand
    again.close()
    rows = client.app.state.store.table(made["id"]).seats  # type: ignore[attr-defined]
    assert rows[1].secret_hash == hash_token(secret) and rows[1].token_hash == hash_token(link)
    assert rows[0].secret_hash == hash_token(made["secret"]) and rows[0].token_hash is None


def test_the_maker_gives_a_seat_nobody_took_a_new_link_and_the_old_one_stops(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, FRIEND, COMPUTER])
    old = invite_token(made, 1)
    fresh = invite(client, made, 1)
    assert fresh["seat"] == 1 and fresh["name"] == "Bob"
    token = str(fresh["link"]).split("#")[1]
    assert str(fresh["link"]).startswith(f"/t/{made['id']}#") and token != old
    assert "not for this table, or the table's maker has since made a new one" in hello_error(
        client, made["id"], token=old
    )
    bob = Seat(client, made["id"], token, 1)
    assert bob.until("welcome")["seat"] == 1
    bob.close()
    refusals = [
        ({"maker": made["secret"], "seat": 1}, 403, "only the table's maker"),
        ({"maker": "guess", "seat": 1}, 403, "only the table's maker"),
        ({"maker": made["maker"], "seat": 2}, 400, "seat 2 is not a person's seat"),
        ({"maker": made["maker"], "seat": 3}, 400, "choose one of: [0, 1]"),
        ({"maker": made["maker"], "seat": 9}, 422, "seat"),
        ({"maker": made["maker"]}, 422, "seat"),
    ]
    for body, status, reason in refusals:
        response = client.post(f"/api/tables/{made['id']}/invites", json=body)
        assert response.status_code == status and reason in response.text, (body, response.text)
    assert client.post("/api/tables/nothing/invites", json={"maker": "x", "seat": 0}).status_code == 404


def test_the_maker_gives_an_abandoned_seat_a_new_link_and_the_old_secret_stops(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, FRIEND])
    bob = Seat(client, made["id"], invite_token(made, 1), 1)
    secret = bob.until("welcome")["secret"]
    table = live(client, made["id"])
    response = client.post(f"/api/tables/{made['id']}/invites", json={"maker": made["maker"], "seat": 1})
    assert response.status_code == 400 and "Bob is at the table (seat 1)" in response.text
    assert table.status == "playing"
    bob.close()
    wait_for(lambda: not table.connected(1))
    token = str(invite(client, made, 1)["link"]).split("#")[1]
    assert table.status == "open"
    assert "seat key is not valid at this table" in hello_error(client, made["id"], secret=secret)
    carol = Seat(client, made["id"], token, 1)
    welcome = carol.until("welcome")
    assert welcome["seat"] == 1 and welcome["secret"] != secret
    stale = Seat(client, made["id"], invite_token(made, 1), None, secret=secret)
    assert "not for this table" in stale.error()
    carol.close()
    stale.close()


def test_a_rematch_keeps_the_people_and_their_secrets_and_a_used_link_stays_used(client: TestClient) -> None:
    made = new_table(client, "french", [{"kind": "me"}, FRIEND])
    link = invite_token(made, 1)
    me = mine(client, made)
    bob = Seat(client, made["id"], link, 1)
    secret = bob.until("welcome")["secret"]
    play_to_end(client, made["id"], {0: me, 1: bob}, random.Random(4))
    bob.send(type="rematch")
    rematch = bob.until("rematch")["table"]
    assert me.until("rematch")["table"] == rematch
    again = {0: mine(client, made | {"id": rematch}), 1: Seat(client, rematch, None, 1, secret=secret)}
    assert [seat.until("welcome")["seat"] for seat in again.values()] == [0, 1]
    for table_id in (made["id"], rematch):
        spy = Seat(client, table_id, link, None)
        assert spy.until("welcome") == {"type": "welcome", "table": table_id, "seat": None, "taken": 1}
        spy.close()
    play_to_end(client, rematch, again, random.Random(5))
    for seat in [me, bob, *again.values()]:
        seat.close()


def test_in_a_rematch_a_seat_nobody_took_keeps_a_single_use_link(client: TestClient) -> None:
    made = new_table(client, "french", [{"kind": "me"}, FRIEND])
    finished = new_table(client, "french")
    play_to_end(client, finished["id"], {0: mine(client, finished)}, random.Random(6))
    table = live(client, made["id"])
    wait_for(lambda: table.state.to_act is not None)
    table.state = live(client, finished["id"]).state
    me = mine(client, made)
    me.send(type="rematch")
    rematch = me.until("rematch")["table"]
    token = invite_token(made, 1)
    first = Seat(client, rematch, token, 1)
    assert first.until("welcome")["secret"]
    second = Seat(client, rematch, token, None)
    assert second.until("welcome")["taken"] == 1
    for seat in (me, first, second):
        seat.close()


def test_nobody_may_be_called_you_or_take_another_seats_name(client: TestClient) -> None:
    me, cpu = {"kind": "me", "name": "Ann"}, COMPUTER
    cases = [
        ([{"kind": "me", "name": "You"}, cpu], "seat 1: 'You' cannot be a name"),
        ([me, {"kind": "friend", "name": " yOU\u0007 "}], "seat 2: 'yOU' cannot be a name"),
        ([me, {"kind": "friend", "name": "ＹＯＵ"}], "cannot be a name"),
        ([me, {"kind": "friend", "name": "ann"}], "seat 2: 'ann' is already a seat's name at this table"),
        ([{"kind": "me", "name": "Computer (random)"}, cpu], "seat 2: 'Computer (random)' is already"),
    ]
    for seats, reason in cases:
        response = client.post("/api/tables", json={"rules": "cribbage", "players": 2, "seats": seats})
        assert response.status_code == 400 and reason in response.json()["detail"], (seats, response.text)
    made = new_table(client, "cribbage", [me, {"kind": "friend"}, cpu])
    ann = mine(client, made)
    refused = [("you", "cannot be a"), ("ANN", "already a seat's name"), ("computer (random)", "('Computer")]
    for name, reason in refused:
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": invite_token(made, 1), "name": name}))
            assert reason in json.loads(ws.receive_text())["error"]
    assert not live(client, made["id"]).seats[1].claimed
    for name, reason in [("You", "cannot be a"), ("friend", "('Friend')"), ("COMPUTER (random)", "already")]:
        ann.send(type="name", name=name)
        assert reason in ann.error()
    friend = Seat(client, made["id"], invite_token(made, 1), 1)
    assert friend.until("welcome")["seat"] == 1
    friend.send(type="name", name="you ")
    assert "cannot be a name" in friend.error()
    ann.send(type="name", name="ann")
    renamed = ann.until("table", lambda m: m["seats"][0]["name"] == "ann")
    assert renamed["seats"][0]["name"] == "ann"
    ann.close()
    friend.close()


def test_a_look_alike_of_you_or_of_another_seats_name_is_refused(client: TestClient) -> None:
    """Names are told apart by how they look (Unicode's confusables), not by their code points: a
    Cyrillic "о" in "Yоu" still reads as "You"."""
    me, cpu = {"kind": "me", "name": "Ann"}, COMPUTER
    cases = [
        ([{"kind": "me", "name": "Y\u043eu"}, cpu], 'own seat "You"'),
        ([me, {"kind": "friend", "name": "V\u043eus"}], "own seat \"Vous\""),
        ([me, {"kind": "friend", "name": "\u0410nn"}], "seat 2: '\u0410nn' is already a seat's name"),
        ([{"kind": "me", "name": "Ian"}, {"kind": "friend", "name": "\u0399an"}], "is already a seat's name"),
    ]
    for seats, reason in cases:
        response = client.post("/api/tables", json={"rules": "cribbage", "players": 2, "seats": seats})
        assert response.status_code == 400 and reason in response.json()["detail"], (seats, response.text)
    for seats in ([me, {"kind": "friend", "name": "Anne"}], [me, {"kind": "friend", "name": "Zo\u00eb"}]):
        response = client.post("/api/tables", json={"rules": "cribbage", "players": 2, "seats": seats})
        assert response.status_code == 201, response.text
    made = new_table(client, "cribbage", [me, {"kind": "friend"}])
    ann = mine(client, made)
    ann.send(type="name", name="Y\u043eu")
    assert "cannot be a name" in ann.error()
    ann.close()


def test_a_finished_games_seat_names_cannot_be_changed_nor_their_record(tmp_path: Path) -> None:
    url = db_url(tmp_path)
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        made = new_table(client, "willughby", [{"kind": "me", "name": "Ann"}, COMPUTER])
        me = mine(client, made)
        play_to_end(client, made["id"], {0: me}, random.Random(8))
        names = client.get(f"/api/tables/{made['id']}/record").json()["seats"]
        me.send(type="name", name="Zed")
        assert "the game is over: the names in its record stay as they were" in me.error()
        me.close()
        assert "the game is over" in hello_error(client, made["id"], secret=made["secret"], name="Zed")
        assert live(client, made["id"]).seats[0].name == "Ann"
        assert not client.app.state.store.rename_seat(made["id"], 0, "Zed")  # type: ignore[attr-defined]
        assert client.get(f"/api/tables/{made['id']}/record").json()["seats"] == names
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        assert client.get(f"/api/tables/{made['id']}/record").json()["seats"] == names


OLD_SCHEMA = """
CREATE TABLE noddy_tables (
    id VARCHAR(32) NOT NULL, created FLOAT NOT NULL, preset VARCHAR(64) NOT NULL, overrides TEXT NOT NULL,
    players INTEGER NOT NULL, partners BOOLEAN NOT NULL, status VARCHAR(16) NOT NULL, result TEXT,
    rematch VARCHAR(32), finished FLOAT, PRIMARY KEY (id));
CREATE TABLE noddy_seats (
    table_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL, kind VARCHAR(32) NOT NULL,
    name VARCHAR(64) NOT NULL, token_hash VARCHAR(64), claimed BOOLEAN NOT NULL, PRIMARY KEY (table_id, seat),
    FOREIGN KEY(table_id) REFERENCES noddy_tables (id));
CREATE INDEX ix_noddy_seats_token_hash ON noddy_seats (token_hash);
CREATE TABLE noddy_actions (
    table_id VARCHAR(32) NOT NULL, number INTEGER NOT NULL, text TEXT NOT NULL, at FLOAT NOT NULL,
    PRIMARY KEY (table_id, number), FOREIGN KEY(table_id) REFERENCES noddy_tables (id));
"""
"""The schema of the version before seat secrets and maker keys, as it made its databases."""


def test_a_database_made_before_seat_secrets_opens_with_every_table(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with TestClient(create_app(db_url(scratch), bot_delay=0, limits=FAST)) as client:
        made = new_table(client, "cribbage", [{"kind": "me", "name": "Ann"}, FRIEND])
        wait_for(lambda: live(client, made["id"]).state.to_act is not None)
        moves = client.app.state.store.actions(made["id"])  # type: ignore[attr-defined]
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(OLD_SCHEMA)
    row = ("oldtable", 1.0, "cribbage", "[]", 2, 0, "playing", None, None, None)
    old.execute("INSERT INTO noddy_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
    seats = [(0, "human", "Ann", hash_token("ann-link"), 1), (1, "human", "Bob", hash_token("bob-link"), 0)]
    old.executemany("INSERT INTO noddy_seats VALUES ('oldtable', ?, ?, ?, ?, ?)", seats)
    numbered = list(enumerate(moves, start=1))
    old.executemany("INSERT INTO noddy_actions VALUES ('oldtable', ?, ?, 1.0)", numbered)
    old.commit()
    old.close()
    with TestClient(create_app(f"sqlite:///{path}", bot_delay=0, limits=FAST)) as client:
        facts = client.get("/api/tables/oldtable").json()
        assert facts["status"] == "open" and [s["name"] for s in facts["seats"]] == ["Ann", "Bob"]
        assert len(live(client, "oldtable").state.history) == len(moves)
        ann = Seat(client, "oldtable", "ann-link", 0)
        welcome = ann.until("welcome")
        assert welcome["seat"] == 0 and welcome["secret"]
        spy = Seat(client, "oldtable", "ann-link", None)
        assert spy.until("welcome")["taken"] == 0
        bob = Seat(client, "oldtable", "bob-link", 1)
        assert bob.until("welcome")["seat"] == 1
        back = Seat(client, "oldtable", None, 0, secret=welcome["secret"])
        assert back.until("welcome")["seat"] == 0
        for seat in (ann, spy, bob, back):
            seat.close()
    store = Store(f"sqlite:///{path}")
    assert store.table("oldtable").seats[0].secret_hash == hash_token(welcome["secret"])  # type: ignore[union-attr]
    store.close()
    columns = {row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(noddy_seats)")}
    assert {"secret_hash", "token_hash", "claimed"} <= columns


def test_invisible_characters_do_not_make_a_name_new(client: TestClient) -> None:
    """Characters a page draws as nothing (Unicode's default-ignorables) are taken out before names
    are compared: "You\ufe0f" reads "You", and "Ann" with a Hangul filler reads "Ann"."""
    me = {"kind": "me", "name": "Ann"}
    cases = [
        ([{"kind": "me", "name": "You\ufe0f"}, COMPUTER], 'own seat "You"'),
        ([me, {"kind": "friend", "name": "An\u034fn"}], "is already a seat's name"),
        ([me, {"kind": "friend", "name": "Ann\u3164"}], "is already a seat's name"),
        ([me, {"kind": "friend", "name": "A\u17b4nn"}], "is already a seat's name"),
        ([me, {"kind": "friend", "name": "Ann\U000e0101"}], "is already a seat's name"),
    ]
    for seats, reason in cases:
        response = client.post("/api/tables", json={"rules": "cribbage", "players": 2, "seats": seats})
        assert response.status_code == 400 and reason in response.json()["detail"], (seats, response.text)
    made = new_table(client, "cribbage", [me, {"kind": "friend"}])
    ann = mine(client, made)
    ann.send(type="name", name="Y\ufe0fou")
    assert "cannot be a name" in ann.error()
    ann.close()
