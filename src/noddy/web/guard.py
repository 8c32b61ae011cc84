"""What keeps one client from hurting the server: a request body limit that holds however the body
is sent, error answers that never echo the input, and a count of websockets that have not said
hello yet (per address and in all), so silent connections cannot use up the server's files.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["SECURITY_HEADERS", "BodyLimit", "Doorway", "invalid_request"]

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
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
        detail = f"request body too large: the limit is {self.limit} bytes"
        await JSONResponse({"detail": detail}, 413, headers=SECURITY_HEADERS)(scope, receive, send)


async def invalid_request(_request: Request, exc: Exception) -> JSONResponse:
    """A malformed body (422): where each fault is and what was expected, never the input itself."""
    assert isinstance(exc, RequestValidationError)
    faults: list[dict[str, Any]] = [
        {"loc": list(error.get("loc", ())), "msg": str(error.get("msg", ""))[:200]}
        for error in exc.errors()[:10]
    ]
    return JSONResponse({"detail": faults}, status_code=422)


class Doorway:
    """Websockets open but not yet identified by a hello: at most ``per_address`` from one address
    and ``in_all`` together. `enter` says why a new one is refused (or ``""``), `leave` lets it go."""

    def __init__(self, per_address: int, in_all: int) -> None:
        self.per_address = per_address
        self.in_all = in_all
        self.waiting: Counter[str] = Counter()

    def enter(self, address: str) -> str:
        if self.waiting[address] >= self.per_address:
            return (
                f"too many connections from your address are waiting to say hello (at most "
                f"{self.per_address}): say hello on those, or close them"
            )
        if self.waiting.total() >= self.in_all:
            return "the server has too many connections waiting to say hello: try again in a few seconds"
        self.waiting[address] += 1
        return ""

    def leave(self, address: str) -> None:
        self.waiting[address] -= 1
        if self.waiting[address] <= 0:
            del self.waiting[address]
