"""One websocket at a table: read the client's messages, refuse the bad ones, send each view.

The protocol is in ``docs/web.md``. A connection first says ``hello`` (with its seat's secret, or an
invite link's token, or neither to watch; and the language it reads, if chosen); then it may ``act``
for its own seat only, ``undo`` its own last move (alone against computers), change its ``lang``,
ask for a ``rematch``, or ``ping``.
Sending is done by one task per connection that always sends the latest view ("latest wins"), so
a slow client never holds up the table; a client that falls too far behind is disconnected and
gets the whole state again when it reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import re
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import WebSocket, WebSocketDisconnect

from noddy.web.guard import Doorway
from noddy.web.live import LiveTable, Refused
from noddy.web.lookup import quoted
from noddy.web.messages import state_message, table_message
from noddy.web.pages import page_language
from noddy.web.store import StoreUnavailable
from noddy.web.tables import TableManager
from noddy.words import LANGUAGES, Reason, say_error, say_reason

__all__ = ["MAX_NAME", "Bucket", "Connection", "Limits", "clean_name", "message_json", "serve_connection"]

MAX_NAME = 24
MAX_OUTBOX = 64
TYPES = ("hello", "act", "undo", "name", "lang", "rematch", "ping")


@dataclass(frozen=True)
class Limits:
    """What one connection may do: message size, message rate, and connections a table takes."""

    max_message: int = 2048
    """The longest message a client may send, in characters."""
    rate: float = 20.0
    """Messages a second a client may send on average, in bursts of up to ``burst``."""
    burst: float = 40.0
    max_listeners: int = 64
    """Connections a table accepts at once (seats and spectators)."""
    tables_rate: float = 0.5
    """Tables a second one address may create on average, in bursts of up to ``tables_burst``."""
    tables_burst: float = 20.0
    computer_tables: int = 3
    """Tables of computer players only (no person's seat) one address may have in play at once."""
    hello_timeout: float = 5.0
    """Seconds a new connection has to say hello before it is closed."""
    unidentified_per_address: int = 16
    """Connections from one address that may be open at once without having said hello."""
    unidentified: int = 256
    """Connections that may be open at once without having said hello, from all addresses."""
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)
    """Seconds by which the rates above are kept (a test sets the time instead of waiting for it)."""


class Bucket:
    """A token bucket: ``rate`` a second on average, ``burst`` at once, by the seconds ``clock`` tells."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.allowance = burst
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


class Connection:
    """A listener at a table that sends through one websocket."""

    def __init__(self, websocket: WebSocket, table: LiveTable, limits: Limits) -> None:
        self.websocket = websocket
        self.limits = limits
        self.table = table
        self.seat: int | None = None
        self.lang = table.language
        """The language this connection's person reads: chosen in hello or later, else the table's."""
        self.ready = False
        self.events_sent = 0
        self.undos_seen = table.undo.count
        self.dirty = False
        self.table_dirty = False
        self.outbox: deque[dict[str, Any]] = deque()
        self.wake = asyncio.Event()
        self.overflow = False
        self.bucket = Bucket(limits.rate, limits.burst, limits.clock)
        self.told_too_many = -math.inf

    def notify(self, *, table: bool = False) -> None:
        self.dirty = True
        self.table_dirty = self.table_dirty or table
        self.wake.set()

    def send(self, message: dict[str, Any]) -> None:
        if len(self.outbox) >= MAX_OUTBOX:
            self.overflow = True
        else:
            self.outbox.append(message)
        self.wake.set()

    def error(self, text: str, about: str | None = None) -> None:
        self.send({"type": "error", "error": text, "about": about})

    def allowed(self) -> bool:
        """At most ``limits.rate`` messages a second, ``limits.burst`` at once. A message past the
        rate is dropped, and the sender is told so at most once a second, so that a flood cannot
        fill the connection's outbox with answers."""
        if self.bucket.take():
            return True
        now = self.limits.clock()
        if now - self.told_too_many >= 1.0:
            self.told_too_many = now
            self.error(f"too many messages: at most {self.limits.rate:g} a second; the rest were dropped")
        return False

    async def run_sender(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.overflow:
                await self.websocket.close(code=1008, reason="too far behind: reconnect")
                return
            while self.outbox:
                await self.websocket.send_text(message_json(self.outbox.popleft()))
            if not self.ready:
                continue
            if self.table_dirty:
                self.table_dirty = False
                await self.websocket.send_text(message_json(table_message(self.table, self.seat, self.lang)))
            if self.dirty:
                self.dirty = False
                if self.undos_seen != self.table.undo.count:
                    self.undos_seen, self.events_sent = self.table.undo.count, 0
                message, self.events_sent = state_message(self.table, self.seat, self.events_sent, self.lang)
                await self.websocket.send_text(message_json(message))


def message_json(message: dict[str, Any]) -> str:
    """A message as JSON text, written by orjson: the standard library's encoder took 0.15 ms for a
    late cribbage state message, orjson 0.02, and a table is sent about two a move."""
    return orjson.dumps(message).decode()


async def serve_connection(
    websocket: WebSocket, manager: TableManager, table_id: str, limits: Limits, doorway: Doorway
) -> None:
    """Serve one websocket for table ``table_id`` until it closes.

    Until it says hello the connection counts in ``doorway`` and has ``limits.hello_timeout``
    seconds to do so.
    """
    address = websocket.client.host if websocket.client is not None else ""
    await websocket.accept()
    why = doorway.enter(address)
    if why:
        await _refuse(websocket, say_reason(why, _asked(websocket)), 4429)
        return
    waiting = True

    def identified() -> None:
        nonlocal waiting
        if waiting:
            waiting = False
            doorway.leave(address)

    try:
        await _serve(websocket, manager, table_id, limits, identified)
    finally:
        identified()


async def _serve(
    websocket: WebSocket, manager: TableManager, table_id: str, limits: Limits, identified: Callable[[], None]
) -> None:
    try:
        table = manager.get(table_id)
    except (Refused, StoreUnavailable) as exc:
        await _refuse(websocket, say_error(exc, _asked(websocket)), 4503)
        return
    if table is None:
        await _refuse(websocket, Reason("no_table", table=quoted(table_id)).say(_asked(websocket)), 4404)
        return
    if len(table.listeners) >= limits.max_listeners:
        await _refuse(websocket, _full(limits).say(_asked(websocket)), 4429)
        return
    conn = Connection(websocket, table, limits)
    sender = asyncio.create_task(conn.run_sender())
    deadline = time.monotonic() + limits.hello_timeout
    try:
        while not sender.done():
            if conn.ready:
                message = await websocket.receive()
            else:
                try:
                    message = await asyncio.wait_for(websocket.receive(), deadline - time.monotonic())
                except TimeoutError:
                    sender.cancel()
                    late = f"no hello within {limits.hello_timeout:g} seconds: reconnect and say hello"
                    await _refuse(websocket, late, 4408)
                    break
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                conn.error(Reason("binary").say(conn.lang))
                continue
            if not conn.allowed():
                continue
            await _handle(conn, manager, text)
            if conn.ready:
                identified()
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        if conn in conn.table.listeners:
            conn.table.listeners.discard(conn)
            conn.table.announce(table=True)


async def _refuse(websocket: WebSocket, text: str, code: int) -> None:
    """Tell a connection why it cannot stay, then close it."""
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"type": "error", "error": text}))
        await websocket.close(code=code)


async def _handle(conn: Connection, manager: TableManager, text: str) -> None:
    limit = conn.limits.max_message
    if len(text) > limit:
        conn.error(Reason("too_long", length=len(text), limit=limit).say(conn.lang))
        return
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        example = '{"type": "ping"}'
        conn.error(Reason("not_json", why=exc.msg, at=exc.pos, example=example).say(conn.lang))
        return
    except RecursionError:
        conn.error(Reason("too_deep").say(conn.lang))
        return
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        conn.error(Reason("no_type", types=", ".join(TYPES)).say(conn.lang))
        return
    kind = data["type"]
    try:
        if kind == "hello":
            await _hello(conn, manager, data)
        elif not conn.ready:
            raise Refused(Reason("hello_first"))
        elif kind == "act":
            await _act(conn, manager, data)
        elif kind == "undo":
            await manager.undo(conn.table, conn.seat)
        elif kind == "lang":
            conn.lang = _lang(data.get("lang"))
            conn.events_sent = 0
            conn.notify(table=True)
        elif kind == "name":
            if conn.seat is None:
                raise Refused(Reason("watcher_name"))
            manager.rename(conn.table, conn.seat, _name(data.get("name")))
        elif kind == "rematch":
            if conn.seat is None:
                raise Refused(Reason("watcher_rematch"))
            await manager.rematch(conn.table)
        elif kind == "ping":
            conn.send({"type": "pong"})
        else:
            raise Refused(Reason("unknown_type", kind=repr(kind[:40]), types=", ".join(TYPES)))
    except Refused as exc:
        conn.error(say_error(exc, conn.lang), kind[:40])
    except StoreUnavailable as exc:
        conn.error(say_error(exc, conn.lang), kind[:40])


async def _hello(conn: Connection, manager: TableManager, data: dict[str, Any]) -> None:
    """Seat the connection by its seat's secret, or by an invite link's token (the first to bring an
    open link takes the seat and is given its secret); with neither, or a used link, it watches."""
    if conn.ready:
        raise Refused(Reason("hello_twice"))
    # The table may have left memory while the connection was quiet: join the one the manager holds,
    # as the store holds it now.
    table = manager.latest(conn.table.id)
    if table is None:
        raise Refused(Reason("no_table", table=quoted(conn.table.id)))
    conn.table = table
    if len(table.listeners) >= conn.limits.max_listeners:
        raise Refused(_full(conn.limits))
    secret, token = data.get("secret"), data.get("token")
    if secret is not None and not isinstance(secret, str):
        raise Refused(Reason("secret_text"))
    if token is not None and not isinstance(token, str):
        raise Refused(Reason("token_text"))
    name = _name(data["name"]) if data.get("name") is not None else None
    if data.get("lang") is not None:
        conn.lang = _lang(data["lang"])
    else:
        conn.lang = table.language
    welcome: dict[str, Any] = {"type": "welcome", "table": table.id, "seat": None}
    seat = table.seat_of_secret(secret) if secret else None
    if seat is None and token:
        linked = table.seat_of_token(token)
        if linked is None:
            raise Refused(Reason("link_not_here"))
        if table.seats[linked].link_open and not table.state.is_over:
            welcome["secret"] = manager.claim(table, linked, name)
            seat = linked
        elif not table.seats[linked].link_open:
            welcome["taken"] = linked
    elif seat is None and secret:
        raise Refused(Reason("key_not_here"))
    if seat is not None and name is not None and "secret" not in welcome:
        manager.rename(table, seat, name)
    conn.seat = welcome["seat"] = seat
    conn.ready = True
    table.listeners.add(conn)
    table.active = time.monotonic()
    conn.send(welcome)
    table.announce(table=True)


async def _act(conn: Connection, manager: TableManager, data: dict[str, Any]) -> None:
    if conn.seat is None:
        raise Refused(Reason("watcher_act"))
    if "seat" in data and data["seat"] != conn.seat:
        raise Refused(Reason("other_seat", seat=conn.seat, other=quoted(data["seat"])))
    action = data.get("action")
    if not isinstance(action, str) or not action.strip():
        raise Refused(Reason("action_text", examples=_ACTIONS))
    seq = data.get("seq")
    if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
        raise Refused(Reason("seq_number"))
    await manager.act(conn.table, conn.seat, action, seq)


def _name(name: object) -> str:
    """A name from a message, cleaned; `Refused` if it is no name."""
    cleaned = clean_name(name) if isinstance(name, str) else ""
    if not cleaned:
        raise Refused(Reason("name_text", most=MAX_NAME))
    return cleaned


def _lang(lang: object) -> str:
    """A language from a message; `Refused` if noddy does not speak it."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise Refused(Reason("lang_text", languages=", ".join(LANGUAGES), lang=repr(str(lang)[:20])))
    return lang


_ACTIONS = '"play 5h", "go", "discard 5h 6d", "count", "declare 12"'
"""Actions as a message writes them (the record's notation, which the protocol speaks in every language)."""


def _full(limits: Limits) -> Reason:
    return Reason("table_full", limit=limits.max_listeners)


def _asked(websocket: WebSocket) -> str:
    """The language of a connection refused before it says hello: its ``?lang=``, else its browser's."""
    return page_language(websocket.query_params.get("lang"), websocket.headers.get("accept-language"))


_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
"""Unicode's default-ignorable code points (DerivedCoreProperties.txt), which a page draws as
nothing (variation selectors, the grapheme joiner, the Hangul fillers, Khmer's inherent vowels),
and the blank Braille pattern: "You\ufe0f" shows as "You", "Ann\u3164" as "Ann"."""


def clean_name(name: str) -> str:
    """A name with control characters and the invisible ones (`_INVISIBLE`) taken out before names
    are compared for their look, trimmed, at most ``MAX_NAME`` characters."""
    name = _INVISIBLE.sub("", name)
    words = ("".join(ch for ch in word if unicodedata.category(ch)[0] != "C") for word in name.split())
    return " ".join(word for word in words if word)[:MAX_NAME].strip()
