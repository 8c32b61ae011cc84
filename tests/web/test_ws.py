"""The table websocket: whole games, hidden cards, refusals that change nothing, restarts losing nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import (
    FAST,
    Seat,
    assert_no_hidden_cards,
    db_url,
    live,
    mine,
    new_table,
    play_to_end,
    wait_for,
)

from helpers import sweep
from noddy.game import Action, LegalActions, PlayerView
from noddy.rules import field_spec, preset_names
from noddy.web import Limits, create_app
from noddy.words import cannot_play, stake_line

COMPUTER = {"kind": "computer", "level": "random"}
COUNTING = tuple(field_spec("hand.wrong_count").choices)


@pytest.mark.parametrize("counting", COUNTING)
@pytest.mark.parametrize("rules", sweep(preset_names()))
def test_whole_game_against_the_computer_leaks_no_hidden_card(
    client: TestClient, rules: str, counting: str
) -> None:
    """Every preset under every counting option: no message shows a card the rules keep hidden
    (a hand counted before the play, a declaration's true call, a crib before it is counted)."""
    made = new_table(client, rules, [{"kind": "me"}, COMPUTER], counting=counting)
    me = mine(client, made)
    watcher = Seat(client, made["id"], None, None)
    play_to_end(client, made["id"], {0: me}, random.Random(rules + counting))
    table = live(client, made["id"])
    assert table.state.is_over
    assert me.state is not None and me.state["status"] == "over"
    assert me.state["stake_line"] == stake_line(table.state.stake)
    ends = {0: "You win the game by ", 1: f"{table.names[1]} wins the game by ", None: "The game is a draw."}
    assert me.state["result_line"].startswith(ends[table.state.winner])
    assert me.state["cannot_play"] == cannot_play()
    assert assert_no_hidden_cards(table, [me, watcher]) > 10
    stored = client.app.state.store.actions(made["id"])  # type: ignore[attr-defined]
    assert len(stored) == len(table.state.history)
    me.close()
    watcher.close()


@pytest.mark.parametrize(
    ("rules", "seats", "extra"),
    [
        ("cribbage", ["me", "friend", "friend"], {}),
        ("four-card", ["me", "computer", "friend", "computer"], {"partners": True}),
        ("crib-noddy-old", ["me", "friend", "computer", "friend"], {"partners": False}),
        ("willughby", ["me", "friend", "computer", "friend"], {"counting": "muggins"}),
        ("early-cribbage", ["me", "friend"], {"counting": "muggins"}),
        ("strawberry", ["me", "friend", "friend"], {"counting": "stands"}),
    ],
)
def test_several_people_at_one_table_each_see_only_their_own_cards(
    client: TestClient, rules: str, seats: list[str], extra: dict[str, object]
) -> None:
    specs = [COMPUTER if kind == "computer" else {"kind": kind} for kind in seats]
    made = new_table(client, rules, specs, **extra)
    tokens = {invite["seat"]: invite["link"].split("#")[1] for invite in made["invites"]}
    people = {0: mine(client, made)} | {seat: Seat(client, made["id"], tokens[seat], seat) for seat in tokens}
    watcher = Seat(client, made["id"], None, None)
    play_to_end(client, made["id"], people, random.Random(rules))
    table = live(client, made["id"])
    assert table.state.is_over
    assert_no_hidden_cards(table, [*people.values(), watcher])
    if rules == "cribbage":
        reasons = [
            r
            for p in people.values()
            for m in p.messages
            for r in m.get("view", {}).get("refusals", {}).values()
        ]
        assert any("over 31" in reason for reason in reasons), "a card that would pass 31 is refused"
    views = [m["view"] for p in people.values() for m in p.messages if "view" in m]
    sides = [[0, 2], [1, 3]] if table.state.partners else [[s] for s in range(len(seats))]
    assert all(
        v["side_seats"] == sides and v["side_of"] == [table.state.side_of(s) for s in range(len(seats))]
        for v in views
    )
    counting = [v for v in views if v["phase"] == "count" and v["to_act"] == v["seat"]]
    assert counting and all(
        v["declare"] == {"min": 0, "max": 99} and v["legal"] == ["count"] for v in counting
    )
    for seat in [*people.values(), watcher]:
        seat.close()


def test_a_seat_cannot_act_for_another(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, {"kind": "friend"}])
    friend_token = made["invites"][0]["link"].split("#")[1]
    me = mine(client, made)
    friend = Seat(client, made["id"], friend_token, 1)
    table = live(client, made["id"])
    wait_for(lambda: table.state.to_act is not None)
    mover, other = (me, friend) if table.state.to_act == 0 else (friend, me)
    seen = other.state_at(len(table.state.history))
    before = len(table.state.history)
    other.send(type="act", action="discard " + " ".join(seen["view"]["hand"][:2]), seat=mover.seat)
    assert "a connection acts only for its own seat" in other.error()
    other.send(type="act", action="go")
    assert "it is not your turn" in other.error()
    assert len(table.state.history) == before
    me.close()
    friend.close()


def test_bad_messages_are_refused_with_a_reason_and_change_nothing(client: TestClient) -> None:
    made = new_table(client)
    table = live(client, made["id"])
    spectator = Seat(client, made["id"], None, None)
    me = mine(client, made)
    wait_for(lambda: table.state.to_act == 0)
    seen = me.state_at(len(table.state.history))
    before = len(table.state.history)
    store = client.app.state.store  # type: ignore[attr-defined]
    hand = seen["view"]["hand"]
    not_mine = next(c for c in ("Ah", "2h", "3h", "4h") if c not in hand)
    two = f"{hand[0]} {hand[1]}"
    cases = [
        ("{not json", "not JSON"),
        ("[1, 2]", 'a JSON object with a "type"'),
        ('{"type": "dance"}', "unknown message type 'dance'"),
        ('{"type": "hello"}', "hello was already said"),
        ('{"type": "act"}', '"action" must be text'),
        ('{"type": "act", "action": 5}', '"action" must be text'),
        ('{"type": "act", "action": "fold"}', "'fold' is not one of"),
        ('{"type": "act", "action": "play 99z"}', "99z"),
        ('{"type": "act", "action": "go"}', "in the discard you may: discard"),
        (json.dumps({"type": "act", "action": f"discard {hand[0]} {not_mine}"}), "discard 2 different card"),
        (json.dumps({"type": "act", "action": f"discard {two}", "seq": before + 5}), "moved on"),
        (json.dumps({"type": "act", "action": f"discard {two}", "seq": "x"}), '"seq" must be'),
        (json.dumps({"type": "ping", "pad": "x" * 3000}), "message too long: 30"),
    ]
    for text, reason in cases:
        me.ws.send_text(text)
        error = me.error()
        assert reason in error, (text, error)
    me.ws.send_bytes(b"\x00\x01")
    assert "JSON text" in me.error()
    spectator.send(type="act", action=f"discard {hand[0]} {hand[1]}")
    assert "you are watching" in spectator.error()
    assert len(table.state.history) == before
    assert len(store.actions(made["id"])) == before
    me.send(type="ping")
    assert me.until("pong")["type"] == "pong"
    assert_no_hidden_cards(table, [me, spectator])
    me.close()
    spectator.close()


def test_a_connection_must_say_hello_and_a_wrong_token_takes_no_seat(client: TestClient) -> None:
    made = new_table(client)
    other = new_table(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "act", "action": "go"}))
        assert 'say {"type": "hello"} first' in json.loads(ws.receive_text())["error"]
        ws.send_text(json.dumps({"type": "hello", "token": other["secret"]}))
        assert "not for this table" in json.loads(ws.receive_text())["error"]
        ws.send_text(json.dumps({"type": "hello", "token": "guess"}))
        assert "not for this table" in json.loads(ws.receive_text())["error"]
        ws.send_text(json.dumps({"type": "hello", "secret": other["secret"]}))
        assert "seat key is not valid at this table" in json.loads(ws.receive_text())["error"]
        ws.send_text(json.dumps({"type": "hello", "secret": made["maker"]}))
        assert "seat key is not valid at this table" in json.loads(ws.receive_text())["error"]
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert "there is no table" in json.loads(ws.receive_text())["error"]


def test_a_table_that_left_memory_before_hello_is_joined_as_the_manager_holds_it(tmp_path: Path) -> None:
    """A socket opened on an idle table, which then leaves memory for another before the hello,
    joins the table the manager holds after the hello, and plays on it."""
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=FAST, max_tables=1)) as client:
        first = new_table(client)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        stale = manager.get(first["id"])
        with client.websocket_connect(f"/ws/{first['id']}") as ws:
            second = new_table(client)  # the first table, idle, leaves memory for this one
            assert first["id"] not in manager.held.live
            # The hello brings the first back in place of the second, which must be idle by then (its
            # computer's first lay-away done: on a loaded machine it can still be thinking).
            wait_for(lambda: manager.held.live[second["id"]].idle)
            ws.send_text(json.dumps({"type": "hello", "secret": first["secret"]}))
            answer = json.loads(ws.receive_text())
            assert answer["type"] == "welcome", answer
            table = manager.held.live[first["id"]]
            assert table is not stale and len(table.listeners) == 1 and not stale.listeners
        wait_for(lambda: not table.listeners)


def test_a_full_table_refuses_the_hello(tmp_path: Path) -> None:
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=Limits(max_listeners=1))) as client:
        made = new_table(client)
        with (
            client.websocket_connect(f"/ws/{made['id']}") as late,
            client.websocket_connect(f"/ws/{made['id']}") as early,
        ):
            early.send_text(json.dumps({"type": "hello"}))
            assert json.loads(early.receive_text())["type"] == "welcome"
            late.send_text(json.dumps({"type": "hello"}))
            assert "its limit" in json.loads(late.receive_text())["error"]


def test_too_many_messages_are_refused(tmp_path: Path) -> None:
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=Limits(rate=1, burst=3))) as client:
        made = new_table(client)
        me = mine(client, made)
        for _ in range(5):
            me.send(type="ping")
        assert "too many messages" in me.error()
        me.close()


def test_a_restart_restores_every_table_where_it_was(database: str) -> None:
    url = database
    rng = random.Random(5)
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        tables = [
            new_table(client, "cribbage"),
            new_table(client, "willughby", [{"kind": "me"}, {"kind": "friend"}]),
            new_table(client, "four-card", [{"kind": "me"}, COMPUTER, COMPUTER], counting="muggins"),
        ]
        old = {}
        for made in tables:
            me = mine(client, made)
            table = live(client, made["id"])
            for _ in range(3):
                wait_for(lambda table=table: table.state.to_act is not None)
                if table.state.to_act != 0:
                    break
                seen = me.state_at(len(table.state.history))
                legal = seen["view"]["legal"]
                me.send(type="act", action=rng.choice(legal), seq=seen["seq"])
                wait_for(lambda table=table, seen=seen: len(table.state.history) > seen["seq"])
            # Shut down only once the table waits on a person: a computer seat left to act would
            # act as soon as the restarted server restores it, before its histories are compared.
            wait_for(lambda t=table: t.state.chance() is None and t.state.to_act not in t.bots)
            old[made["id"]] = table
            me.close()
    before = {key: (table.state.history, table.state.view(0).to_json()) for key, table in old.items()}
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        for made in tables:
            table = live(client, made["id"])
            history, view = before[made["id"]]
            assert table.state.history == history
            assert table.state.view(0).to_json() == view
            me = mine(client, made)
            seen = me.state_at(len(history))
            assert seen["view"]["hand"] == view["hand"]
            if not made["invites"]:
                play_to_end(client, made["id"], {0: me}, rng)
                assert live(client, made["id"]).state.is_over
            me.close()


def test_a_table_whose_stored_actions_do_not_replay_is_refused_not_half_served(database: str) -> None:
    url = database
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        made = new_table(client, "willughby", [{"kind": "me"}, {"kind": "friend"}])
        table = live(client, made["id"])
        wait_for(lambda: table.state.to_act is not None)
        store = client.app.state.store  # type: ignore[attr-defined]
        number = len(table.state.history) + 1
        store.append_action(made["id"], number, "1: play 1x")
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        assert made["id"] not in client.app.state.manager.held.live  # type: ignore[attr-defined]
        response = client.get(f"/api/tables/{made['id']}")
        assert response.status_code == 400
        assert f"table {made['id']} cannot be restored" in response.json()["detail"]
        assert "1x" in response.json()["detail"]
        assert client.app.state.store.actions(made["id"])[-1] == "1: play 1x"  # type: ignore[attr-defined]


def test_rematch_keeps_the_seats_and_the_people_in_them(client: TestClient) -> None:
    made = new_table(client, "french")
    me = mine(client, made)
    play_to_end(client, made["id"], {0: me}, random.Random(2))
    me.send(type="rematch")
    rematch = me.until("rematch")["table"]
    assert rematch != made["id"]
    again = Seat(client, rematch, None, 0, secret=made["secret"])
    welcome = again.until("welcome")
    assert welcome["seat"] == 0
    me.send(type="rematch")
    assert me.until("rematch")["table"] == rematch
    me.close()
    again.close()


def test_a_player_names_their_own_seat_and_only_theirs(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, {"kind": "friend"}])
    me = mine(client, made)
    watcher = Seat(client, made["id"], None, None)
    me.send(type="name", name="  Ann\u0007 of\tCleves  ")
    renamed = me.until("table", lambda m: m["seats"][0]["name"] != "Player 1")
    assert renamed["seats"][0]["name"] == "Ann of Cleves"
    assert live(client, made["id"]).seats[0].name == "Ann of Cleves"
    me.send(type="name", name="\u0007")
    assert '"name" must be a name' in me.error()
    watcher.send(type="name", name="Spy")
    assert "only a player can name" in watcher.error()


def played_against(
    client: TestClient, rules: str, computer: object, rng: random.Random | None = None
) -> None:
    """A whole game of ``rules``, a person at random (``rng``, else seeded 9) against ``computer``
    in the computer's seat; it must end."""
    made = new_table(client, rules, [{"kind": "me"}, COMPUTER])
    table = live(client, made["id"])
    table.bots[1] = computer  # type: ignore[assignment]
    play_to_end(client, made["id"], {0: mine(client, made)}, rng or random.Random(9))
    assert table.state.is_over


def test_a_failing_computer_player_is_replaced_by_a_random_legal_move(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken:
        name = "broken"

        def choose(self, *_args: object) -> object:
            raise RuntimeError("a bug in a computer player")

    played_against(client, "willughby", Broken())
    assert "broken failed; a random legal action instead" in caplog.text


def test_a_computer_players_illegal_action_is_refused_and_a_random_legal_move_played(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """The driver checks a computer's action against its view's legal actions, and says why one
    is refused (the engine's reason) before it plays a random legal move instead."""

    class Cheat:
        name = "cheat"

        def choose(self, *_args: object) -> Action:
            return Action.parse("go", 0)

    played_against(client, "cribbage", Cheat())
    assert "cheat chose go: it is seat 1's turn" in caplog.text
    assert "cheat failed; a random legal action instead" in caplog.text


def test_a_computers_lone_action_is_made_at_once_and_every_choice_goes_to_the_pool(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Counting:
        """The computer's player, counting the choices it makes with one action and with more."""

        name = "counting"

        def __init__(self) -> None:
            self.lone = self.choices = 0

        def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
            if len(legal) == 1:
                self.lone += 1
            else:
                self.choices += 1
            return rng.choice(legal)

    bots = client.app.state.manager.bots  # type: ignore[attr-defined]
    asked: list[tuple[Any, int]] = []

    async def pool(player: Any, view: PlayerView, rng: random.Random, *args: Any) -> Action:
        asked.append((player, len(view.legal)))
        return player.choose(view, view.legal, rng)  # type: ignore[no-any-return]

    monkeypatch.setattr(bots, "choose", pool)
    computer = Counting()
    played_against(client, "cribbage", computer, random.Random(4))
    assert computer.lone > 0 and computer.choices > 0
    # (the table's first player may be asked for its lay-away before the counting one sits down)
    assert sum(player is computer for player, _ in asked) == computer.choices
    assert min(n for _, n in asked) > 1
