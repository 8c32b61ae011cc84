"""Helpers for the tests of one site on several servers: real ``noddy serve`` processes on one
PostgreSQL database, a load balancer that sends each new connection to any live server, and a
scripted person who plays at random and reconnects (to whichever server) when a connection drops,
remembering every move a server acknowledged."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from noddy.game import Action
from noddy.record import GameRecord
from noddy.web import Limits

SRC = str(Path(__file__).parents[2] / "src")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``noddy serve`` in its own process on the site's database; the tests kill it with SIGKILL."""

    def __init__(self, url: str, folder: Path, *options: str) -> None:
        self.url = url
        self.options = options
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"server-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start the server and wait until it answers."""
        return self.spawn().wait()

    def spawn(self) -> Server:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
        command = [sys.executable, "-m", "noddy", "serve", "--db", self.url, "--port", str(self.port)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [*command, *self.options], env=env, stdout=subprocess.DEVNULL, stderr=log
            )
        return self

    def wait(self) -> Server:
        assert self.process is not None
        end = time.monotonic() + 60
        while time.monotonic() < end:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx.get(f"{self.base}/api/tables", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError(f"the server did not start in 60 s: {self.log.read_text()}")

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """``kill -9``: no shutdown, no last write."""
        if self.alive:
            assert self.process is not None
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def metrics(self) -> str:
        return httpx.get(f"{self.base}/metrics", timeout=10).text


class Balancer:
    """A TCP load balancer on its own port: each new connection goes to a live server chosen at
    random (no sticky routing), its bytes piped both ways."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers
        self.rng = random.Random(7)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.base = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            live = [s for s in self.servers if s.alive]
            try:
                backend = socket.create_connection(("127.0.0.1", self.rng.choice(live).port), timeout=5)
            except (OSError, IndexError):
                client.close()
                continue
            backend.settimeout(None)
            for a, b in ((client, backend), (backend, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()


class Person:
    """A seat played at random over websockets to ``bases`` (each connection to one chosen at
    random); reconnects after a dropped connection. ``acknowledged``: (move number, action) of
    every move a server confirmed by sending a state past it."""

    def __init__(self, bases: list[str], table: str, secret: str, seat: int, rng: random.Random) -> None:
        self.bases = bases
        self.table = table
        self.secret = secret
        self.seat = seat
        self.rng = rng
        self.ws: ClientConnection | None = None
        self.state: dict[str, Any] = {}
        self.acknowledged: list[tuple[int, str]] = []
        self.sent: tuple[int, str] | None = None
        self.last_sent = 0.0
        self.reconnects = 0
        self.errors: list[str] = []
        self.stack = contextlib.ExitStack()

    def connect(self, base: str | None = None, timeout: float = 30) -> None:
        """Connect (to ``base``, else to one of ``bases`` at random), trying again until ``timeout``."""
        self.close()
        end = time.monotonic() + timeout
        while True:
            where = base or self.rng.choice(self.bases)
            try:
                address = where.replace("http", "ws", 1) + f"/ws/{self.table}"
                self.ws = self.stack.enter_context(connect(address, open_timeout=5))
                self.ws.send(json.dumps({"type": "hello", "secret": self.secret}))
                self.sent = None
                self.read()
                return
            except (OSError, ConnectionClosed, TimeoutError):
                self.close()
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)

    def close(self) -> None:
        if self.ws is not None:
            self.ws = None
            self.stack.close()

    def read(self, timeout: float = 30) -> dict[str, Any]:
        """The next state sent; a move in flight is acknowledged once a state is past it."""
        assert self.ws is not None
        while True:
            message = json.loads(self.ws.recv(timeout=timeout))
            if message["type"] == "error":
                self.errors.append(message["error"])
                if message.get("about") == "act":
                    self.sent = None
                continue
            if message["type"] == "state":
                self.state = message
                if self.sent is not None and message["seq"] >= self.sent[0]:
                    self.acknowledged.append(self.sent)
                    self.sent = None
                return message

    def step(self) -> bool:
        """Read one state and, if this seat is to act and nothing is in flight, act at random.
        False once the game is over."""
        if self.state.get("status") == "over":
            return False
        self.act()
        self.read()
        return True

    def act(self) -> bool:
        """Send a random legal move if this seat is to act and nothing is in flight (and say so)."""
        view = self.state.get("view", {})
        if self.sent is not None or view.get("to_act") != self.seat or self.state.get("status") == "over":
            return False
        text = str(self.rng.choice(view["legal"])) if view["legal"] else f"declare {view['declare']['min']}"
        self.sent = (self.state["seq"] + 1, text)
        assert self.ws is not None
        # Within the server's message rate: a move past it is dropped, and said so only once a
        # second, so a person against a quick computer would wait out a read's timeout for it.
        time.sleep(max(0.0, self.last_sent + 1 / Limits().rate - time.monotonic()))
        self.ws.send(json.dumps({"type": "act", "action": text, "seq": self.state["seq"]}))
        self.last_sent = time.monotonic()
        return True

    def play(self, *, moves: int | None = None, hop: float = 0.0, timeout: float = 120) -> None:
        """Play to the end (or ``moves`` moves acknowledged), reconnecting after a drop; with ``hop``,
        also reconnect, to any server, after each acknowledged move with that chance."""
        end = time.monotonic() + timeout
        goal = None if moves is None else len(self.acknowledged) + moves
        while goal is None or len(self.acknowledged) < goal:
            assert time.monotonic() < end, f"the game did not move on in {timeout} s: {self.state}"
            done = len(self.acknowledged)
            try:
                if not self.step():
                    return
            except (ConnectionClosed, OSError, TimeoutError):
                self.reconnects += 1
                self.connect()
                continue
            if hop and len(self.acknowledged) > done and self.rng.random() < hop:
                self.connect()

    def check(self, record: GameRecord) -> None:
        """Every acknowledged move is in the record, at its number, once."""
        for number, text in self.acknowledged:
            assert record.actions[number - 1] == Action.parse(text, self.seat), (number, text)
        assert len({number for number, _ in self.acknowledged}) == len(self.acknowledged)


def start_all(url: str, folder: Path, count: int, *options: str) -> list[Server]:
    """``count`` servers on ``url``, started at once."""
    servers = [Server(url, folder, *options).spawn() for _ in range(count)]
    return [server.wait() for server in servers]


def record_of(base: str, table: str) -> GameRecord:
    answer = httpx.get(f"{base}/api/tables/{table}/record", timeout=30)
    assert answer.status_code == 200, answer.text
    return GameRecord.from_json(answer.json())


def new_table(base: str, seats: list[dict[str, Any]], rules: str = "willughby") -> dict[str, Any]:
    body = {"rules": rules, "players": len(seats), "seats": seats}
    made = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    assert made.status_code == 201, made.text
    return dict(made.json())
