"""Every id, name and text a client sends with a control character in it (a NUL above all, which
PostgreSQL's text cannot hold) gets the same clear 4xx on SQLite and on PostgreSQL, in the reader's
language: each route of the app is tried (a new route is tried with no change here), with the
character in each of its path's parts, in each of its query's parameters and in each text of its
body; and the table websocket, in its address and in each text of its messages."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from fastapi.testclient import TestClient
from starlette.routing import BaseRoute, Mount
from starlette.websockets import WebSocketDisconnect
from web_helpers import FAST, OPEN, Seat, db_url, new_table

from noddy.web import create_app
from noddy.web.guard import NOT_PAGES
from noddy.words import Reason, page_phrases

NUL = "\x00"


def _routes(routes: list[BaseRoute], prefix: str = "") -> Iterator[tuple[str, str, BaseRoute]]:
    """(method, path, route) of every route: FastAPI keeps an included router's routes in it."""
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:
            inner = prefix + route.include_context.prefix  # type: ignore[attr-defined]
            yield from _routes(included.routes, inner)
        elif isinstance(route, APIRoute):
            for method in sorted(route.methods - {"HEAD"}):
                yield method, prefix + route.path, route
        elif isinstance(route, Mount):
            yield "GET", prefix + route.path + "/{path}", route
        elif isinstance(route, APIWebSocketRoute):
            yield "WEBSOCKET", prefix + route.path, route
        else:
            yield "GET", prefix + getattr(route, "path", ""), route


ROUTES = list(_routes(create_app("sqlite://").routes))
"""The app's routes, read from an app that is never started."""
HTTP = [
    pytest.param(method, path, route, id=f"{method} {path}")
    for method, path, route in ROUTES
    if method != "WEBSOCKET"
]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[TestClient, str]]:
    """A server on each store, and a table of it (whose id fills the paths' other parts)."""
    if request.param == "sqlite":
        url = db_url(tmp_path_factory.mktemp("store"))
    else:
        url = request.getfixturevalue("postgres").database()
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as client:
        yield client, new_table(client, "cribbage")["id"]
        while OPEN:
            OPEN.pop().close()


def _refusal(lang: str) -> str:
    return Reason("control_text", code="U+0000").say(lang)


def _fill(path: str, table: str, nul_in: str | None) -> str:
    """``path`` with each part filled with a value that is found (the NUL, %00, in ``nul_in``)."""
    good = {
        "table_id": table, "table:path": table, "name": "cribbage", "lang": "en", "path": "common.js",
        "players": "2", "partners": "false",
    }
    for name, value in good.items():
        path = path.replace("{" + name + "}", "%00" if name == nul_in else value)
    assert "{" not in path, f"a path part the test does not know how to fill: {path}"
    return path


def _parts(path: str) -> list[str]:
    return [part[1:-1] for part in path.split("/") if part.startswith("{")]


def _query(route: BaseRoute) -> list[str]:
    dependant = getattr(route, "dependant", None)
    return [param.name for param in dependant.query_params] if dependant is not None else []


def _example(schema: dict[str, Any], defs: dict[str, Any]) -> Any:
    """A body as the JSON schema asks for it, with a NUL in each of its free texts."""
    if "$ref" in schema:
        return _example(defs[schema["$ref"].rsplit("/", 1)[1]], defs)
    if "anyOf" in schema:
        return _example(next(s for s in schema["anyOf"] if s.get("type") != "null"), defs)
    if "const" in schema or "enum" in schema:
        return schema.get("const", (schema.get("enum") or [None])[0])
    kind = schema.get("type")
    if kind == "object":
        return {name: _example(part, defs) for name, part in schema.get("properties", {}).items()}
    if kind == "array":
        return [_example(schema.get("items", {}), defs)] * max(1, schema.get("minItems", 1))
    if kind in ("integer", "number"):
        return schema.get("minimum", 0)
    if kind == "boolean":
        return False
    return f"a{NUL}b"


def _body(route: BaseRoute) -> Any:
    field = getattr(route, "body_field", None)
    if field is None:
        return None
    schema = field.field_info.annotation.model_json_schema()
    return _example(schema, schema.get("$defs", {}))


@pytest.mark.parametrize(("method", "path", "route"), HTTP)
def test_a_nul_in_a_path_or_a_query_is_refused_in_the_readers_language(
    served: tuple[TestClient, str], method: str, path: str, route: BaseRoute
) -> None:
    client, table = served
    tried = [_fill(path, table, part) for part in _parts(path)]
    tried += [f"{_fill(path, table, None)}?{name}=%00" for name in _query(route)]
    tried += [f"{_fill(path, table, None)}?x=a%00b"]  # a parameter no route reads: refused alike
    for lang, accept in (("en", "en"), ("fr", "fr-FR,fr;q=0.9")):
        for url in tried:
            answer = client.request(method, url, json=_body(route), headers={"accept-language": accept})
            assert answer.status_code == 400, (url, answer.status_code, answer.text)
            if url.startswith(NOT_PAGES):
                assert answer.json() == {"detail": _refusal(lang)}, url
            else:  # a person asking for a page gets one, as a link to no table does
                assert answer.headers["content-type"].startswith("text/html"), url
                words = page_phrases(lang)
                assert (
                    f'<html lang="{lang}">' in answer.text and words["missing.address_title"] in answer.text
                )
                assert "\\x00" in answer.text and "\x00" not in answer.text, url


@pytest.mark.parametrize(("method", "path", "route"), [p for p in HTTP if _body(p.values[2]) is not None])
def test_a_nul_in_a_bodys_texts_is_refused_with_a_4xx(
    served: tuple[TestClient, str], method: str, path: str, route: BaseRoute
) -> None:
    client, table = served
    answer = client.request(method, _fill(path, table, None), json=_body(route))
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text)
    detail = answer.json()["detail"]
    assert detail and NUL not in json.dumps(detail, ensure_ascii=False), detail


def test_the_table_websocket_at_an_address_with_a_nul_is_closed_saying_why(
    served: tuple[TestClient, str],
) -> None:
    client, _ = served
    for address, lang in (("/ws/%00", "en"), ("/ws/a%00b?lang=fr", "fr"), ("/ws/x?lang=%00", "en")):
        with client.websocket_connect(address) as ws:
            assert ws.receive_json() == {"type": "error", "error": _refusal(lang)}
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 4400


def test_a_nul_in_each_text_of_a_websocket_message_is_answered_and_the_connection_stays(
    served: tuple[TestClient, str],
) -> None:
    client, table = served
    for hello in ({"secret": f"a{NUL}"}, {"token": f"a{NUL}"}, {"name": NUL}, {"lang": NUL}, {"type": NUL}):
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_text(json.dumps({"type": "hello", **hello}))
            error = ws.receive_json()
            assert error["type"] == "error" and error["error"] and NUL not in error["error"], hello
            ws.send_text(json.dumps({"type": "hello"}))
            assert ws.receive_json()["type"] == "welcome"  # the connection stays, and may say hello
    made = new_table(client, "cribbage")
    me = Seat(client, made["id"], None, 0, secret=made["secret"])
    me.until("state")
    for message in (
        {"type": "act", "action": f"play{NUL}5h"},
        {"type": "act", "action": "go", "seq": 0, "seat": NUL},
        {"type": "name", "name": NUL},
        {"type": "lang", "lang": NUL},
        {"type": NUL},
    ):
        me.send(**message)
        assert NUL not in me.error(), message
    me.send(type="ping")
    me.until("pong")


def test_the_routes_tried_are_the_apps(tmp_path: Path) -> None:
    """The routes are read from the app as it is built, the websocket and the routers' included."""
    paths = {path for _, path, _ in ROUTES}
    assert {"/ws/{table_id}", "/api/tables/{table_id}/winchance", "/api/train/answer"} <= paths
    assert "/static/{path}" in paths
    assert len(HTTP) >= 25


ESCAPES = ["\x1b[2J", "\x1b]0;pwned\x07", "\x9b31m", "\u202e"]
"""Escape sequences a client may send (clear the screen, set the window's title, a C1 CSI, a mark
that reverses the text), none of which may reach the server's log as it is."""


def test_a_clients_escape_sequences_never_reach_the_servers_log(
    served: tuple[TestClient, str], caplog: pytest.LogCaptureFixture
) -> None:
    """Ids, names and messages with escape sequences, through every door a client has: what the
    server logs of them (at any level) holds none raw. (Before the app, uvicorn's parsers refuse a
    raw control byte in a request line or header, logging "Invalid HTTP request received." alone.)"""
    client, table = served
    caplog.set_level(logging.DEBUG)
    for escape in ESCAPES:
        sent = quote(escape, safe="")
        for url in (
            f"/t/{sent}",
            f"/api/tables/{sent}",
            f"/api/tables/{table}?lang={sent}",
            f"/rules/{sent}",
        ):
            assert client.get(url).status_code < 500, url
        with client.websocket_connect(f"/ws/{sent}") as ws:
            assert ws.receive_json()["type"] == "error"
        made = client.post(
            "/api/tables",
            json={
                "rules": "cribbage",
                "players": 2,
                "seats": [{"kind": "me", "name": f"Ann{escape}"}, {"kind": "computer"}],
            },
        )
        assert made.status_code in (201, 400), made.text
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_text(json.dumps({"type": "hello", "name": escape, "lang": escape, "secret": escape}))
            assert ws.receive_json()["type"] == "error"
            ws.send_text(json.dumps({"type": escape}))
            assert ws.receive_json()["type"] == "error"
    logged = [record.getMessage() + (record.exc_text or "") for record in caplog.records]
    assert not [line for line in logged if any(c in line for c in "\x1b\x07\x9b\u202e")], logged
