"""The web app: the lobby, the tables, the rules pages, the JSON API and the table websockets.

``create_app(url)`` builds the app on a database (`noddy.web.store.default_url` when none is given).
The server is the referee and the only holder of each game's state (`noddy.web.tables`); each
connection gets only its own seat's view (`noddy.web.connection`). See ``docs/web.md``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Request, Response, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from noddy.errors import NoddyError
from noddy.players import PLAYERS
from noddy.rules import field_spec, preset_names
from noddy.web.advise import router as advise_router
from noddy.web.bots import BotPool, Bots
from noddy.web.cluster import ClusterBots
from noddy.web.connection import MAX_NAME, Bucket, Limits, clean_name, serve_connection
from noddy.web.countplay import router as countplay_router
from noddy.web.engine import mount_engine
from noddy.web.guard import NOT_PAGES, SECURITY_HEADERS, BodyLimit, ControlText, Doorway, invalid_request
from noddy.web.keeper import router as keeper_router
from noddy.web.lan import Lan, lan_router
from noddy.web.live import LiveTable, Refused
from noddy.web.lookup import quoted, table_or_404
from noddy.web.metrics import CONTENT_TYPE
from noddy.web.offence import offence_router
from noddy.web.pages import (
    counting_choices,
    known_language,
    levels,
    missing_table_page,
    page_language,
    page_words,
    replay_frames,
    rules_catalogue,
    rules_page,
)
from noddy.web.seats import HUMAN, SeatSpec, name_refusal
from noddy.web.store import Store, StoreUnavailable, default_url
from noddy.web.tables import TableManager
from noddy.web.train import train_router
from noddy.web.winchance import router as winchance_router
from noddy.words import Reason, record_name, say_error, say_reason

__all__ = ["MAX_BODY", "create_app"]

MAX_BODY = 16_384
"""The largest request body the API reads, in bytes."""
log = logging.getLogger("noddy.web")
STATIC = Path(str(files("noddy.web") / "static"))
COUNTING = field_spec("hand.wrong_count").choices
"""How a declared count is treated: each reading of the rules field, with its plain words."""


class SeatIn(BaseModel):
    """A seat in the lobby's form: me, someone else here at this device (``here``: hot-seat), a friend
    (by invite link) or a computer player."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["me", "here", "friend", "computer"]
    level: str | None = Field(default=None, max_length=32)
    name: str | None = Field(default=None, max_length=MAX_NAME)


class TableIn(BaseModel):
    """A new table: the rule set, the number of players (by default, one a seat), partnerships,
    counting, and the seats."""

    model_config = ConfigDict(extra="forbid")
    rules: str = Field(max_length=64)
    players: int | None = Field(default=None, ge=2, le=4)
    partners: bool | None = None
    counting: str | None = Field(default=None, max_length=32)
    seats: list[SeatIn] = Field(min_length=2, max_length=4)
    hints: bool = False

    @field_validator("counting")
    @classmethod
    def _known_counting(cls, value: str | None) -> str | None:
        if value is not None and value not in COUNTING:
            raise ValueError(Reason("counting_unknown", known=", ".join(COUNTING)))
        return value


class InviteIn(BaseModel):
    """A new invite link for a seat, asked for by the table's maker with the key the table gave."""

    model_config = ConfigDict(extra="forbid")
    maker: str = Field(max_length=64)
    seat: int = Field(ge=0, le=3)


def _seat_specs(body: TableIn) -> tuple[list[SeatSpec], int | None, list[int]]:
    """The seats to make, the maker's own (``me``) and the seats of the others at this device (``here``)."""
    if body.rules not in preset_names():
        raise Refused(Reason("unknown_rules", rules=quoted(body.rules), names=", ".join(preset_names())))
    mine = [i for i, s in enumerate(body.seats) if s.kind == "me"]
    if len(mine) > 1:
        raise Refused(Reason("one_me"))
    here = [i for i, s in enumerate(body.seats) if s.kind == "here"]
    specs = []
    friends = sum(1 for s in body.seats if s.kind == "friend")
    computers = sum(1 for s in body.seats if s.kind == "computer")
    friend = 0
    for number, seat in enumerate(body.seats, start=1):
        name = clean_name(seat.name or "")
        if seat.kind == "computer":
            level = seat.level or levels()[0]
            if level not in PLAYERS:
                raise Refused(Reason("unknown_level", level=quoted(level), levels=", ".join(levels())))
            default = f"Computer ({level})" if computers == 1 else f"Computer {number} ({level})"
            specs.append(SeatSpec(level, name or default))
        elif seat.kind in ("me", "here"):
            specs.append(SeatSpec(HUMAN, name or f"Player {number}"))
        else:
            friend += 1
            specs.append(SeatSpec(HUMAN, name or ("Friend" if friends == 1 else f"Friend {friend}")))
    for i, spec in enumerate(specs):
        why = name_refusal(spec.name, (s.name for s in specs[:i]))
        if why:
            raise Refused(Reason("seat_name", number=i + 1, why=why))
    return specs, (mine[0] if mine else None), here


def create_app(
    url: str | None = None,
    *,
    bot_delay: float | None = None,
    max_tables: int = 500,
    limits: Limits | None = None,
    bot_workers: int | None = None,
    bot_cluster: str | None = None,
    lan: Lan | None = None,
) -> FastAPI:
    """The web app on database ``url``; computer players wait ``bot_delay`` seconds before acting and
    think in ``bot_workers`` worker processes (0: in a thread of the server; None: as many as
    ``NODDY_BOT_WORKERS`` says, else 0; ``noddy serve`` starts one a CPU), or on the dask scheduler
    at ``bot_cluster``. With ``lan`` (``noddy serve --lan``) the lobby shows phones where to join."""
    limits = limits or Limits()
    if bot_delay is None:
        bot_delay = float(os.environ.get("NODDY_BOT_DELAY", "0.8"))
    store = Store(url or default_url())
    if bot_workers is None:
        bot_workers = int(os.environ.get("NODDY_BOT_WORKERS", "0"))
    local = BotPool(bot_workers)  # with a cluster, where decisions are thought while it fails
    bots: Bots = local if bot_cluster is None else ClusterBots(bot_cluster, local)
    manager = TableManager(store, bot_delay=bot_delay, max_tables=max_tables, bots=bots)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await bots.start()
        await manager.start()
        yield
        await manager.close()
        await bots.close()
        store.close()

    app = FastAPI(title="noddy", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.manager = manager
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(train_router(store.engine))
    app.include_router(advise_router)
    app.include_router(countplay_router)
    app.include_router(winchance_router)
    app.include_router(offence_router(store.engine))
    app.include_router(lan_router(lan))
    app.include_router(keeper_router)
    mount_engine(app, STATIC)

    @app.middleware("http")
    async def headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(ControlText)
    app.add_exception_handler(RequestValidationError, invalid_request)
    doorway = Doorway(limits.unidentified_per_address, limits.unidentified)

    @app.exception_handler(HTTPException)
    async def said(request: Request, exc: HTTPException) -> Response:
        """An error whose detail is a `Reason` or a noddy error, said in the page's language."""
        if isinstance(exc.detail, (Reason, NoddyError)):
            lang = page_language(request.query_params.get("lang"), request.headers.get("accept-language"))
            detail = exc.detail if isinstance(exc.detail, NoddyError) else Refused(exc.detail)
            exc = HTTPException(exc.status_code, say_error(detail, lang), exc.headers)
        return await http_exception_handler(request, exc)

    @app.exception_handler(StarletteHTTPException)
    async def no_page(request: Request, exc: StarletteHTTPException) -> Response:
        """An address that is no page gets the page a link to no table gets (the API answers JSON)."""
        path = request.url.path
        if exc.status_code == 404 and not path.startswith(NOT_PAGES):
            lang = page_language(request.query_params.get("lang"), request.headers.get("accept-language"))
            return HTMLResponse(missing_table_page(path, lang, "page"), status_code=404)
        return await http_exception_handler(request, exc)

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        lang = page_language(request.query_params.get("lang"), request.headers.get("accept-language"))
        return JSONResponse({"detail": say_error(exc, lang)}, status_code=400)

    @app.exception_handler(StoreUnavailable)
    @app.exception_handler(OperationalError)
    async def store_down(request: Request, exc: Exception) -> JSONResponse:
        """The database cannot be reached just now (the store logged why; the trainer's own queries
        are logged here): 503, nothing done, said in the reader's language."""
        if not isinstance(exc, StoreUnavailable):
            log.warning("the database cannot be used: %s", str(exc).splitlines()[0])
        lang = page_language(request.query_params.get("lang"), request.headers.get("accept-language"))
        why = say_error(StoreUnavailable(), lang)
        return JSONResponse({"detail": why}, status_code=503, headers={"Retry-After": "5"})

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        """The pages' icon, for a browser that asks where no page names it (a JSON answer)."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/t/{table_id}", include_in_schema=False, response_model=None)
    async def table_page(table_id: str, request: Request, lang: str | None = None) -> Response:
        """The table's page; a link to no table gets a page that says so (404), with the way back."""
        if manager.get(table_id) is None:
            said = page_language(lang, request.headers.get("accept-language"))
            return HTMLResponse(missing_table_page(table_id, said), status_code=404)
        return FileResponse(STATIC / "table.html")

    @app.get("/replay/{table_id}", include_in_schema=False, response_model=None)
    async def replay_page(table_id: str, request: Request, lang: str | None = None) -> Response:
        """A finished game's replay; a link to no table gets the page that says so (404)."""
        if manager.get(table_id) is None:
            said = page_language(lang, request.headers.get("accept-language"))
            return HTMLResponse(missing_table_page(table_id, said), status_code=404)
        return FileResponse(STATIC / "replay.html")

    @app.get("/rules/{name}", include_in_schema=False)
    async def rules_html(name: str, lang: str = "en") -> HTMLResponse:
        page = rules_page(name, lang)
        if page is None:
            raise HTTPException(404, Reason("no_rule_set", name=quoted(name)).say(known_language(lang)))
        return HTMLResponse(page)

    @app.get("/api/rules")
    async def api_rules(lang: str = "en") -> dict[str, Any]:
        lang = known_language(lang)
        counting = counting_choices(tuple(COUNTING), lang)
        return {"rules": rules_catalogue(lang), "levels": levels(), "counting": counting}

    @app.get("/api/words/{lang}")
    async def api_words(lang: str) -> dict[str, Any]:
        return page_words(lang)

    @app.get("/api/tables")
    async def api_tables() -> dict[str, Any]:
        return manager.listing()

    def invite_link(request: Request, table_id: str, token: str) -> str:
        """A seat's invite link: on the local network, asked for from this machine's own browser
        (``localhost``), the address a phone opens, since the person at the laptop passes it on."""
        path = f"/t/{table_id}#{token}"
        base = lan.share_base(request.url.hostname) if lan is not None else None
        return path if base is None else base + path.removeprefix("/")

    creators: dict[str, Bucket] = {}
    # The tables of computer players only that each address made (those still in play count).
    unwatched: dict[str, list[str]] = {}

    def computers_only(host: str) -> int:
        """How many tables of computer players only ``host`` has in play (the others forgotten)."""
        playing = [i for i in unwatched.get(host, []) if manager.held.in_play(i) is not None]
        unwatched[host] = playing
        return len(playing)

    @app.post("/api/tables", status_code=201)
    async def api_create(body: TableIn, request: Request, lang: str = "en") -> dict[str, Any]:
        host = request.client.host if request.client is not None else ""
        if len(creators) > 10_000:
            creators.clear()
        bucket = creators.setdefault(host, Bucket(limits.tables_rate, limits.tables_burst, limits.clock))
        if not bucket.take():
            per_minute = 60 * limits.tables_rate
            too_fast = Reason("too_fast", per_minute=f"{per_minute:g}")
            raise HTTPException(429, too_fast.say(known_language(lang)))
        specs, mine, here = _seat_specs(body)
        nobody = all(spec.kind != HUMAN for spec in specs)
        if nobody and computers_only(host) >= limits.computer_tables:
            why = Reason("computer_tables", n=limits.computer_tables)
            raise HTTPException(429, say_reason(why, known_language(lang)))
        overrides = [f"hand.wrong_count={body.counting}"] if body.counting else []
        players = len(specs) if body.players is None else body.players
        local = sorted(here if mine is None else [mine, *here])
        made = manager.create(
            body.rules, overrides, players, body.partners, specs, claimed=local, hints=body.hints
        )
        table = made.table
        if nobody:
            if len(unwatched) > 10_000:
                unwatched.clear()
            unwatched.setdefault(host, []).append(table.id)
        invites = [
            {"seat": i, "name": table.seats[i].name, "link": invite_link(request, table.id, token)}
            for i, token in enumerate(made.tokens)
            if token is not None
        ]
        return {
            "id": table.id,
            "url": f"/t/{table.id}",
            "seat": mine,
            "secret": None if mine is None else made.secrets[mine],
            "maker": made.maker,
            "invites": invites,
            "here": [{"seat": i, "name": table.seats[i].name, "secret": made.secrets[i]} for i in here],
        }

    @app.post("/api/tables/{table_id}/invites", status_code=201)
    async def api_invite(table_id: str, body: InviteIn, request: Request) -> dict[str, Any]:
        table = table_or_404(manager, table_id)
        if not table.is_maker(body.maker):
            lang = page_language(request.query_params.get("lang"), request.headers.get("accept-language"))
            raise HTTPException(403, Reason("maker_only").say(lang))
        token = manager.invite(table, body.seat)
        link = invite_link(request, table.id, token)
        return {"seat": body.seat, "name": table.seats[body.seat].name, "link": link}

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str, lang: str | None = None) -> dict[str, Any]:
        """The table's summary; with ``lang``, its seats named as a reader of it says them."""
        table = table_or_404(manager, table_id)
        summary = table.summary()
        if lang is not None:
            said = known_language(lang)
            for seat in summary["seats"]:
                seat["name"] = record_name(seat["name"], seat["kind"], said)
        return summary

    def _finished(table_id: str, lang: str | None = None) -> LiveTable:
        table = table_or_404(manager, table_id)
        if not table.state.is_over:
            raise HTTPException(403, Reason("replay_over").say(known_language(lang)))
        return table

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str) -> dict[str, Any]:
        table = _finished(table_id)
        return table.record().to_json(table.state)

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(table_id: str, lang: str | None = None) -> dict[str, Any]:
        return replay_frames(_finished(table_id, lang), lang)

    @app.get("/metrics", include_in_schema=False)
    async def metrics() -> Response:
        """This server's health in the Prometheus text format (`noddy.web.metrics`)."""
        return Response(manager.metrics.render(), media_type=CONTENT_TYPE)

    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await serve_connection(websocket, manager, table_id, limits, doorway)

    return app
