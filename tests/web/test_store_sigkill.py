"""A real server process killed with SIGKILL mid-game (no shutdown, no last write, a move in flight),
restarted on the same database, SQLite or PostgreSQL: no move it acknowledged is lost, the player
reconnects with the seat's secret, the game plays to its end and its record verifies."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from noddy.game import Action
from noddy.record import GameRecord

SERVER = """
import sys, uvicorn
from noddy.web import Limits, create_app
fast = Limits(rate=1e6, burst=1e6, tables_rate=1e6, tables_burst=1e6)
uvicorn.run(create_app(sys.argv[1], bot_delay=0, limits=fast), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning")
"""
SRC = str(Path(__file__).parents[2] / "src")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``create_app`` served by uvicorn in its own process, which the test kills."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
        command = [sys.executable, "-c", SERVER, self.url, str(self.port)]
        self.process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            assert self.process.poll() is None, self.process.stderr.read().decode()  # type: ignore[union-attr]
            try:
                if httpx.get(f"{self.base}/api/tables", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError("the server did not start in 60 s")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)
        if self.process is not None and self.process.stderr is not None:
            self.process.stderr.close()


@pytest.fixture
def server(database: str) -> Iterator[Server]:
    served = Server(database)
    try:
        yield served
    finally:
        served.kill()


class Player:
    """Seat 0 over a real websocket, playing at random; remembers each move the server acknowledged
    (by sending the state that follows it) with its move number."""

    def __init__(self, ws: ClientConnection, secret: str) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"type": "hello", "secret": secret}))
        self.state: dict[str, Any] = {}
        self.sent: tuple[int, str] | None = None

    def read(self) -> dict[str, Any]:
        while True:
            message = json.loads(self.ws.recv(timeout=30))
            assert message["type"] != "error", message
            if message["type"] == "state":
                self.state = message
                return message

    def my_turn(self) -> dict[str, Any] | None:
        """The state in which seat 0 is to act, or None once the game is over."""
        state = self.state or self.read()
        while True:
            if state["status"] == "over":
                return None
            if state["view"]["to_act"] == 0 and (self.sent is None or state["seq"] >= self.sent[0]):
                return state
            state = self.read()

    def act(self, rng: random.Random) -> int | None:
        """Send a random legal action; its move number, or None if the game is over."""
        state = self.my_turn()
        if state is None:
            return None
        view = state["view"]
        text = str(rng.choice(view["legal"])) if view["legal"] else f"declare {view['declare']['min']}"
        self.sent = (state["seq"] + 1, text)
        self.ws.send(json.dumps({"type": "act", "action": text, "seq": state["seq"]}))
        return state["seq"] + 1

    def acknowledged(self) -> tuple[int, str]:
        """Wait until the server confirms the last move sent (a state past it)."""
        assert self.sent is not None
        while self.state["seq"] < self.sent[0]:
            self.read()
        return self.sent


def test_a_server_killed_mid_game_loses_no_acknowledged_move(server: Server) -> None:
    rng = random.Random(11)
    server.start()
    seats = [{"kind": "me"}, {"kind": "computer", "level": "random"}]
    body = {"rules": "willughby", "players": 2, "seats": seats}
    made = httpx.post(f"{server.base}/api/tables", json=body, timeout=30).json()
    address = f"ws://127.0.0.1:{server.port}/ws/{made['id']}"
    acknowledged: list[tuple[int, str]] = []
    with connect(address) as ws:
        player = Player(ws, made["secret"])
        for _ in range(4):
            assert player.act(rng) is not None
            acknowledged.append(player.acknowledged())
        assert player.act(rng) is not None  # killed with this move sent and not yet answered
        in_flight = player.sent
        server.kill()
    assert in_flight is not None
    server.start()
    with connect(address) as ws:
        player = Player(ws, made["secret"])
        back = player.read()
        stored = back["seq"] >= in_flight[0]
        assert stored or (back["seq"] == in_flight[0] - 1 and back["view"]["to_act"] == 0)
        while player.act(rng) is not None:
            acknowledged.append(player.acknowledged())
    answer = httpx.get(f"{server.base}/api/tables/{made['id']}/record", timeout=30)
    record = GameRecord.from_json(answer.json())
    for number, text in acknowledged:
        assert record.actions[number - 1] == Action.parse(text, 0), (number, text)
    if stored:  # the move in flight was stored before the kill: it stands
        assert record.actions[in_flight[0] - 1] == Action.parse(in_flight[1], 0)
    assert record.verify().scores == tuple(player.state["view"]["scores"])
