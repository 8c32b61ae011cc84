"""Helpers for the web tests: seats that talk over websockets, random play, and the hidden-card check
that compares every message a seat received with the full state of the game when it was sent."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from noddy.cards import ACCEPTED, DECK, Card
from noddy.game import new_game
from noddy.game.state import GameState
from noddy.players import make_player, next_action
from noddy.rules import load_rules
from noddy.web import Limits, create_app
from noddy.web.live import LiveTable
from reveal import known_until

FAST = Limits(rate=1e6, burst=1e6, tables_rate=1e6, tables_burst=1e6)
OPEN: list[Seat] = []
"""Every websocket the tests open, closed at the end of each test even when it fails."""
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[A2-9JQK])([cdhs♣♦♥♠])(?![0-9A-Za-z])")


def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'noddy.db'}"


@contextmanager
def served(url: str) -> Iterator[TestClient]:
    """The app on ``url``; its seats' websockets are closed before it stops, even when the test fails
    (`Seat`)."""
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        yield client


def new_table(
    client: TestClient, rules: str = "cribbage", seats: list[Any] | None = None, **extra: Any
) -> Any:
    seats = seats or [{"kind": "me"}, {"kind": "computer", "level": "random"}]
    body = {"rules": rules, "players": len(seats), "seats": seats, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def live(client: TestClient, table_id: str) -> LiveTable:
    table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    assert table is not None
    return table  # type: ignore[no-any-return]


def wait_for(predicate: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout:g} s waiting for the server")
        time.sleep(0.001)


class Seat:
    """One websocket at a table, as a seat (with its secret, or an invite token) or a spectator;
    keeps every message."""

    def __init__(
        self,
        client: TestClient,
        table_id: str,
        token: str | None,
        seat: int | None,
        *,
        secret: str | None = None,
        lang: str | None = "en",
    ) -> None:
        """``lang``: the language the seat asks to read (English unless a test says otherwise;
        ``None`` says none, so the table's rule set chooses)."""
        self.seat = seat
        self.closed = False
        self.context = client.websocket_connect(f"/ws/{table_id}")
        self.ws = self.context.__enter__()
        OPEN.append(self)
        if client.portal is not None:
            # Closed first when the client's `with` ends, even by a failure: a client stopped with a
            # websocket open waits for it for ever (its portal stops without cancelling the session),
            # and closing the websocket after that waits for ever too.
            client.exit_stack.callback(self.close)
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        hello = {"type": "hello", "token": token} | ({"secret": secret} if secret else {})
        hello |= {"lang": lang} if lang else {}
        self.ws.send_text(json.dumps(hello))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.context.__exit__(None, None, None)

    def receive(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        message = json.loads(text)
        self.raw.append(text)
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, kind: str, predicate: Any = lambda m: True) -> dict[str, Any]:
        while True:
            message = self.receive()
            if message["type"] == kind and predicate(message):
                return message

    def state_at(self, seq: int) -> dict[str, Any]:
        if self.state is not None and self.state["seq"] >= seq:
            return self.state
        return self.until("state", lambda m: m["seq"] >= seq)

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def error(self) -> str:
        return str(self.until("error")["error"])


def mine(client: TestClient, made: dict[str, Any], lang: str | None = "en") -> Seat:
    """The maker's own seat, by the secret the new table's answer gave."""
    return Seat(client, made["id"], None, made["seat"], secret=made["secret"], lang=lang)


def invite_token(made: dict[str, Any], seat: int) -> str:
    """The token of seat ``seat``'s invite link, from the new table's answer."""
    return str(next(i["link"] for i in made["invites"] if i["seat"] == seat).split("#")[1])


def choose(state: dict[str, Any], rng: random.Random) -> str:
    """A random legal action, declaring a count now and then."""
    view = state["view"]
    if view["declare"] is not None and rng.random() < 0.4:
        return f"declare {rng.randrange(view['declare']['min'], 20)}"
    return str(rng.choice(view["legal"]))


def play_to_end(client: TestClient, table_id: str, seats: dict[int, Seat], rng: random.Random) -> None:
    """Play the human seats at random until the game is over; every seat reads every message."""
    table = live(client, table_id)
    while True:
        wait_for(lambda: table.state.is_over or table.state.to_act in seats)
        state = table.state
        if state.is_over:
            break
        assert state.to_act is not None
        me = seats[state.to_act]
        seen = me.state_at(len(state.history))
        assert seen["seq"] == len(state.history)
        me.send(type="act", action=choose(seen, rng), seq=seen["seq"])
        wait_for(lambda state=state: table.state is not state)
    final = len(table.state.history)
    for seat in seats.values():
        seat.state_at(final)


def cards_in(text: str) -> set[Card]:
    data = json.dumps(json.loads(text), ensure_ascii=False)
    return {Card.parse(rank + suit) for rank, suit in CARD.findall(data)}


EXAMPLES = {Card.parse(rank + suit) for rank, suit in CARD.findall(ACCEPTED + " play 5h, discard 5h 6d")}
"""The fixed example cards that error messages use to show the notation (not cards of the game)."""


def greedy_states(rules: str, players: int, seed: int, start: GameState | None = None) -> list[GameState]:
    """Every state of a game between greedy players, from ``start`` (else a new game) on."""
    states = [start or new_game(load_rules(rules), players)]
    bots = [make_player("greedy") for _ in range(players)]
    rng = random.Random(seed)
    while not states[-1].is_over:
        states.append(states[-1].apply(next_action(states[-1], bots, rng)))
    return states


def states_of(table: LiveTable) -> list[GameState]:
    return list(table.record().states())


def assert_no_hidden_cards(table: LiveTable, seats: list[Seat]) -> int:
    """Check every message each seat received against what the rules let it know when the message
    was sent (worked out from the states, never from what the views show: `reveal`)."""
    states = states_of(table)
    checked = 0
    for seat in seats:
        known = known_until(states, seat.seat)
        seq = 0
        for text, message in zip(seat.raw, seat.messages, strict=True):
            seq = message.get("seq", seq)
            secret = set(DECK) - known[seq]
            if message["type"] == "error":
                secret -= EXAMPLES
            if message["type"] == "welcome":  # a seat secret is random letters, "-7c-" no card
                text = json.dumps({key: value for key, value in message.items() if key != "secret"})
            leaked = cards_in(text) & secret
            assert not leaked, f"seat {seat.seat} was sent hidden cards {leaked} at move {seq}: {text}"
            checked += 1
    return checked
