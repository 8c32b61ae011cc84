"""Undo against the computer at a web table: allowed to one person against computers, refused (and
changing nothing) otherwise, every view rewound without showing a hidden card, the store consistent
across a restart, a computer's reply in flight dropped."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import FAST, Seat, cards_in, live, mine, new_table, play_to_end, wait_for

from noddy.cards import DECK
from noddy.game import GameState, undo_point
from noddy.record import GameRecord
from noddy.web import create_app
from noddy.web.live import LiveTable
from reveal import known_until

COMPUTER = {"kind": "computer", "level": "random"}


def play_until_undoable(table: LiveTable, me: Seat, rng: random.Random, *, replied: bool = True) -> None:
    """Act for seat 0 at random until it is its turn with a move of its own in this deal to take back
    (and, with ``replied``, the computer's reply after it)."""
    while True:
        wait_for(lambda: table.state.is_over or table.state.to_act == 0)
        state = table.state
        assert not state.is_over
        if undo_point(state, (0,)) is not None and (not replied or state.history[-1].seat != 0):
            return
        seen = me.state_at(len(state.history))
        me.send(type="act", action=rng.choice(seen["view"]["legal"]), seq=seen["seq"])
        wait_for(lambda state=state: table.state is not state)


def no_hidden_card(raw: list[str], states: list[GameState], seat: int | None) -> int:
    """Each message's cards are ones ``seat`` knew at its move, by the states of the game it saw."""
    known = known_until(states, seat)
    for text in raw:
        message: dict[str, Any] = json.loads(text)
        if message["type"] != "state":
            continue
        leaked = cards_in(text) & (set(DECK) - known[message["seq"]])
        assert not leaked, f"seat {seat} was sent hidden cards {leaked} at move {message['seq']}"
    return len(raw)


def test_undo_takes_back_the_persons_move_and_the_computers_reply_in_every_view(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER])
    me = mine(client, made)
    watcher = Seat(client, made["id"], None, None)
    table = live(client, made["id"])
    play_until_undoable(table, me, random.Random(3))
    me.state_at(len(table.state.history))
    watcher.state_at(len(table.state.history))
    old = list(table.record().states())
    point = undo_point(old[-1], (0,))
    assert point is not None
    before = (len(me.raw), len(watcher.raw))
    me.send(type="undo")
    wait_for(lambda: len(table.state.history) == point)
    assert table.state == old[point] and table.undo.count == 1
    assert client.app.state.store.actions(made["id"]) == [  # type: ignore[attr-defined]
        f"{'chance' if a.seat is None else a.seat}: {a}" for a in old[point].history
    ]
    moves = len(old) - 1 - point
    mine_now = me.until("state", lambda m: m["seq"] == point)
    seen = watcher.until("state", lambda m: m["seq"] == point)
    assert mine_now["events_from"] == 0 and seen["events_from"] == 0, "every log is sent again whole"
    assert mine_now["undo"]["undone"] == f"You took back {moves} move{'s' if moves > 1 else ''}."
    assert seen["undo"]["undone"].startswith(f"{table.names[0]} took back {moves}")
    assert mine_now["undo"]["offered"] and not seen["undo"]["offered"]
    assert mine_now["view"]["hand"] == [str(c) for c in old[point].hands[0]]
    new = list(table.record().states())
    for seat, raw, cut in ((0, me.raw, before[0]), (None, watcher.raw, before[1])):
        no_hidden_card(raw[:cut], old, seat)
        assert no_hidden_card(raw[cut:], new, seat) >= 1
    me.close()
    watcher.close()


def test_undo_is_refused_with_a_reason_and_changes_nothing(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER])
    me = mine(client, made)
    watcher = Seat(client, made["id"], None, None)
    table = live(client, made["id"])
    wait_for(lambda: table.state.to_act == 0)
    before = table.state
    me.send(type="undo")
    why = me.error()
    assert "there is nothing of yours to take back in this deal" in why
    assert me.state_at(len(before.history))["undo"] == {
        "offered": True,
        "ready": False,
        "why": why,
        "undone": None,
        "undos": 0,
    }
    play_until_undoable(table, me, random.Random(4))
    before = table.state
    watcher.send(type="undo")
    assert "you are watching" in watcher.error()
    assert table.state is before
    play_to_end(client, made["id"], {0: me}, random.Random(5))
    me.send(type="undo")
    assert "the game is over" in me.error()
    assert table.undo.count == 0
    me.close()
    watcher.close()


def test_a_forged_undo_at_a_table_of_two_people_is_refused(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, {"kind": "friend"}])
    token = made["invites"][0]["link"].split("#")[1]
    people = {0: mine(client, made), 1: Seat(client, made["id"], token, 1)}
    table = live(client, made["id"])
    rng = random.Random(6)
    while undo_point(table.state, (0,)) is None or undo_point(table.state, (1,)) is None:
        wait_for(lambda: table.state.to_act is not None)
        state = table.state
        seat = people[state.to_act or 0]
        seen = seat.state_at(len(state.history))
        seat.send(type="act", action=rng.choice(seen["view"]["legal"]), seq=seen["seq"])
        wait_for(lambda state=state: table.state is not state)
    before = table.state
    for seat in people.values():
        assert seat.state_at(len(before.history))["undo"]["offered"] is False
        seat.send(type="undo")
        assert "undo is only for one person playing against computer players: 2 people" in seat.error()
    assert table.state is before and table.undo.count == 0
    assert len(client.app.state.store.actions(made["id"])) == len(before.history)  # type: ignore[attr-defined]
    for seat in people.values():
        seat.close()


def test_a_restart_after_an_undo_resumes_at_the_rewound_point(database: str) -> None:
    rng = random.Random(7)
    with TestClient(create_app(database, bot_delay=0, limits=FAST)) as client:
        made = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER])
        me = mine(client, made)
        table = live(client, made["id"])
        play_until_undoable(table, me, rng)
        point = undo_point(table.state, (0,))
        me.send(type="undo")
        wait_for(lambda: len(table.state.history) == point)
        rewound = table.state
        me.close()
    with TestClient(create_app(database, bot_delay=0, limits=FAST)) as client:
        table = live(client, made["id"])
        assert table.state == rewound and table.undo.count == 1
        me = mine(client, made)
        assert me.state_at(point)["undo"]["undos"] == 1
        play_to_end(client, made["id"], {0: me}, rng)
        data = client.get(f"/api/tables/{made['id']}/record").json()
        assert data["undos"] == 1
        assert GameRecord.from_json(data).verify() == live(client, made["id"]).state
        me.close()


class Held:
    """The computers' choices, held once ``hold`` is set until the test lets them go."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.hold = False
        self.asked = threading.Event()
        self.go = threading.Event()

    async def choose(
        self, player: Any, view: Any, rng: random.Random, priority: int = 0, since: float | None = None
    ) -> Any:
        if self.hold:
            self.asked.set()
            assert await asyncio.to_thread(self.go.wait, 30), "the test never let the computer go"
        return await self.real(player, view, rng, priority, since)


def test_a_computers_reply_in_flight_when_the_undo_lands_is_dropped(tmp_path: Any, monkeypatch: Any) -> None:
    url = f"sqlite:///{tmp_path / 'noddy.db'}"
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        bots = client.app.state.manager.bots  # type: ignore[attr-defined]
        held = Held(bots.choose)
        monkeypatch.setattr(bots, "choose", held.choose)
        made = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER])
        me = mine(client, made)
        table = live(client, made["id"])
        rng = random.Random(8)
        while True:  # until the person has a move to take back and one after which the computer
            play_until_undoable(table, me, rng, replied=False)  # has a choice (a lone action is not asked)
            state = table.state
            seen = me.state_at(len(state.history))
            replied = [
                a
                for a in state.legal_actions()
                if (after := state.apply(a)).to_act == 1 and len(after.legal_actions()) > 1
            ]
            if replied:
                break
            me.send(type="act", action=rng.choice(seen["view"]["legal"]), seq=seen["seq"])
            wait_for(lambda state=state: table.state is not state)
        held.hold = True
        assert str(replied[0]) in seen["view"]["legal"]
        me.send(type="act", action=str(replied[0]), seq=seen["seq"])
        assert held.asked.wait(30), "the computer was never asked for its reply"
        me.send(type="undo")
        wait_for(lambda: len(table.state.history) == len(state.history))
        rewound = table.state
        driver = table.driver
        assert driver is not None and not driver.done(), "the computer's reply is in flight"
        held.go.set()
        wait_for(driver.done)
        assert table.state is rewound and rewound.to_act == 0
        assert len(client.app.state.store.actions(made["id"])) == len(rewound.history)  # type: ignore[attr-defined]
        me.close()
