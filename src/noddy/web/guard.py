"""What keeps one client from hurting the server: a request body limit that holds however the body
is sent, addresses with control characters refused before any route reads them, error answers
that never echo the input, and a count of websockets that have not said hello yet (per address
and in all), so silent connections cannot use up the server's files.
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from typing import Any
from urllib.parse import unquote_plus

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from noddy.web.pages import missing_table_page, page_language
from noddy.words import Reason

__all__ = ["NOT_PAGES", "SECURITY_HEADERS", "BodyLimit", "ControlText", "Doorway", "invalid_request"]

NOT_PAGES = ("/api/", "/static/", "/ws/")
"""Where an address asks for no page (the API, the pages' files, the websockets): answered in JSON."""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class BodyLimit:
    """Refuse (413) a request whose body is longer than ``limit`` bytes, with or without a
    Content-Length: the body is read here, counted as it comes, and handed on whole."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body: list[Message] = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replay() -> Message:
            return body.pop() if body else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        detail = Reason("body_too_large", limit=self.limit).say(_reader(scope))
        await JSONResponse({"detail": detail}, 413, headers=SECURITY_HEADERS)(scope, receive, send)


class ControlText:
    """Refuse (400; a websocket: closed with 4400) an address whose path or query holds a control
    character, before any route reads it: no id, name or word has one, and PostgreSQL cannot hold
    a NUL in text (it failed the query, a 500, where SQLite found nothing, a 404). Said in the
    reader's language (its ``?lang=``, else its browser's): to a person asking for a page, as a
    page (as a link to no table is answered), to the API in JSON."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        query = unquote_plus(scope.get("query_string", b"").decode("latin-1"))
        found = next((ch for ch in scope["path"] + query if unicodedata.category(ch) == "Cc"), None)
        if found is None:
            await self.app(scope, receive, send)
            return
        lang = _reader(scope)
        why = Reason("control_text", code=f"U+{ord(found):04X}").say(lang)
        if scope["type"] == "http" and not scope["path"].startswith(NOT_PAGES):
            address = scope["path"] + (f"?{query}" if query else "")
            page = missing_table_page(address, lang, "address")
            await HTMLResponse(page, 400, headers=SECURITY_HEADERS)(scope, receive, send)
            return
        if scope["type"] == "http":
            await JSONResponse({"detail": why}, 400, headers=SECURITY_HEADERS)(scope, receive, send)
            return
        await receive()  # the websocket's connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps({"type": "error", "error": why})})
        await send({"type": "websocket.close", "code": 4400})


def _reader(scope: Scope) -> str:
    """The language of the reader of a request (its ``?lang=``, else its browser's)."""
    asked = HTTPConnection(scope)
    return page_language(asked.query_params.get("lang"), asked.headers.get("accept-language"))


async def invalid_request(request: Request, exc: Exception) -> JSONResponse:
    """A malformed body (422): where each fault is and what was expected, never the input itself;
    a fault noddy's own check found (a `Reason`) said in the page's language, pydantic's in its own
    words."""
    assert isinstance(exc, RequestValidationError)
    lang = page_language(request.query_params.get("lang"), request.headers.get("accept-language"))
    faults: list[dict[str, Any]] = [
        {"loc": list(error.get("loc", ())), "msg": _said(error, lang)[:200]} for error in exc.errors()[:10]
    ]
    return JSONResponse({"detail": faults}, status_code=422)


def _said(error: dict[str, Any], lang: str) -> str:
    why = error.get("ctx", {}).get("error")
    if isinstance(why, ValueError) and why.args and isinstance(why.args[0], Reason):
        return why.args[0].say(lang)
    return str(error.get("msg", ""))


class Doorway:
    """Websockets open but not yet identified by a hello: at most ``per_address`` from one address
    and ``in_all`` together. `enter` says why a new one is refused (or ``""``), `leave` lets it go."""

    def __init__(self, per_address: int, in_all: int) -> None:
        self.per_address = per_address
        self.in_all = in_all
        self.waiting: Counter[str] = Counter()

    def enter(self, address: str) -> str:
        """Why a new connection from ``address`` is refused (a `Reason`), or ``""``: counted in if not."""
        if self.waiting[address] >= self.per_address:
            return Reason("waiting_here", most=self.per_address)
        if self.waiting.total() >= self.in_all:
            return Reason("waiting_all")
        self.waiting[address] += 1
        return ""

    def leave(self, address: str) -> None:
        self.waiting[address] -= 1
        if self.waiting[address] <= 0:
            del self.waiting[address]
