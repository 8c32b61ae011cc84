"""A hostile client cannot hurt the server: bodies over the limit however they are sent, error
answers that echo nothing, silent websockets with a deadline and a cap, deep JSON, floods, and
forwarded addresses trusted only from the operator's proxy."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import Seat, db_url, mine, new_table

from noddy.web import Limits, create_app, server_options

TABLE = {"rules": "cribbage", "players": 2, "seats": [{"kind": "me"}, {"kind": "computer"}]}


def test_a_chunked_body_over_the_limit_is_refused_without_reading_it_all(client: TestClient) -> None:
    big = json.dumps({**TABLE, "pad": "x" * 200_000}).encode()
    response = client.post(
        "/api/tables", content=iter([big[i : i + 4096] for i in range(0, len(big), 4096)]),
        headers={"content-type": "application/json"},
    )
    assert "content-length" not in response.request.headers
    assert response.status_code == 413
    assert response.json() == {"detail": "request body too large: the limit is 16384 bytes"}


def test_a_body_over_the_limit_is_refused_in_the_readers_language(client: TestClient) -> None:
    big = json.dumps({**TABLE, "pad": "x" * 200_000})
    for asked in ({"params": {"lang": "fr"}}, {"headers": {"accept-language": "fr-FR,fr;q=0.9"}}):
        response = client.post("/api/tables", content=big, **asked)  # type: ignore[arg-type]
        assert response.status_code == 413
        assert response.json() == {"detail": "corps de la requête trop long : la limite est de 16384 octets"}


def test_a_malformed_body_is_answered_without_echoing_it(client: TestClient) -> None:
    secret = "y" * 5000
    response = client.post("/api/tables", json={**TABLE, "seats": [{"kind": "me", "name": secret}]})
    assert response.status_code == 422
    assert secret[:100] not in response.text
    assert len(response.text) < 1000
    assert ["body", "seats", 0, "name"] in [fault["loc"] for fault in response.json()["detail"]]


def test_a_connection_that_never_says_hello_is_closed_after_the_deadline(tmp_path: Path) -> None:
    limits = Limits(hello_timeout=0.3)
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=limits)) as client:
        made = new_table(client)
        with client.websocket_connect(f"/ws/{made['id']}") as silent:
            assert "no hello within 0.3 seconds" in json.loads(silent.receive_text())["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                silent.receive_text()
            assert closed.value.code == 4408


def test_silent_connections_from_one_address_are_capped_until_they_say_hello(tmp_path: Path) -> None:
    limits = Limits(unidentified_per_address=2)
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=limits)) as client:
        made = new_table(client)
        path = f"/ws/{made['id']}"
        with client.websocket_connect(path) as first, client.websocket_connect(path):
            with client.websocket_connect(path) as third:
                assert "too many connections from your address" in json.loads(third.receive_text())["error"]
            first.send_text(json.dumps({"type": "hello"}))
            assert json.loads(first.receive_text())["type"] == "welcome"
            with client.websocket_connect(path) as fourth:
                fourth.send_text(json.dumps({"type": "hello"}))
                assert json.loads(fourth.receive_text())["type"] == "welcome"


def test_silent_connections_are_capped_in_all(tmp_path: Path) -> None:
    limits = Limits(unidentified=1)
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=limits)) as client:
        made = new_table(client)
        path = f"/ws/{made['id']}"
        with client.websocket_connect(path), client.websocket_connect(path) as late:
            assert "too many connections waiting" in json.loads(late.receive_text())["error"]
        with client.websocket_connect(path), client.websocket_connect(f"{path}?lang=fr") as late:
            said = json.loads(late.receive_text())["error"]
            assert said.startswith("le serveur a trop de connexions qui attendent de dire bonjour")


def test_deeply_nested_json_is_answered_and_the_connection_stays(client: TestClient) -> None:
    made = new_table(client)
    me = mine(client, made)
    me.ws.send_text("[" * 1500)
    assert "nested too deeply" in me.error()
    me.send(type="ping")
    me.until("pong")
    me.close()


class Clock:
    """Seconds for the rate limits that pass only when the test moves them on."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def read_so_far(seat: Seat) -> list[tuple[str, str]]:
    """The pongs and errors answering what ``seat`` sent so far: a binary message (never rate
    limited, always refused) is sent last, and its error read, so every message before it was read."""
    seat.ws.send_bytes(b"a barrier")
    answers: list[tuple[str, str]] = []
    while True:
        message = seat.receive()
        if message["type"] == "error" and message["error"].startswith("send JSON text messages"):
            return answers
        if message["type"] in ("pong", "error"):
            answers.append((message["type"], message.get("error", "")))


def test_a_flood_is_dropped_with_one_error_a_second_and_the_connection_stays(tmp_path: Path) -> None:
    clock = Clock()
    limits = Limits(rate=1, burst=3, clock=clock)
    dropped = ("error", "too many messages: at most 1 a second; the rest were dropped")
    with TestClient(create_app(db_url(tmp_path), bot_delay=0, limits=limits)) as client:
        me = mine(client, new_table(client))
        me.until("state")
        for _ in range(300):
            me.ws.send_text('{"type": "ping"}')
        assert read_so_far(me) == [("pong", ""), ("pong", ""), dropped]  # the hello took one of three
        clock.now = 0.9
        me.send(type="ping")
        assert read_so_far(me) == []  # not yet a message's allowance back, nor a second since the error
        clock.now = 1.2
        me.send(type="ping")
        me.send(type="ping")
        assert read_so_far(me) == [("pong", ""), dropped]
        me.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Callable[[str | None], str]]:
    """Serve the app with `noddy serve`'s options on a free loopback port; yield its address."""
    servers: list[tuple[uvicorn.Server, threading.Thread]] = []

    def start(proxy: str | None) -> str:
        port = _free_port()
        limits = Limits(tables_rate=1 / 60, tables_burst=2)
        folder = tmp_path / f"server{len(servers)}"
        folder.mkdir()
        app = create_app(db_url(folder), bot_delay=0, limits=limits)
        server = uvicorn.Server(uvicorn.Config(app, **server_options("127.0.0.1", port, proxy)))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        servers.append((server, thread))
        end = time.monotonic() + 15
        while not server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.02)
        return f"http://127.0.0.1:{port}"

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(15)


def _create_as(address: str, posing_as: str) -> int:
    with httpx.Client(base_url=address, timeout=10) as http:
        return http.post("/api/tables", json=TABLE, headers={"X-Forwarded-For": posing_as}).status_code


def test_a_client_cannot_pose_as_many_addresses_unless_a_proxy_is_named(
    served: Callable[[str | None], str],
) -> None:
    direct = served(None)
    assert [_create_as(direct, f"203.0.113.{i}") for i in range(3)] == [201, 201, 429]
    behind_proxy = served("127.0.0.1")
    assert [_create_as(behind_proxy, f"203.0.113.{i}") for i in range(3)] == [201, 201, 201]
