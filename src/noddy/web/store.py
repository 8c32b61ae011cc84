"""The web app's persistence: tables, seats and every action, one row an action, in SQL.

SQLite (WAL mode) by default, or PostgreSQL (`pip install 'noddy[postgres]'`), both proved by the
tests. An action is written and committed before anyone is told of it, so a restart replays each
table to where it was; a database that cannot be reached raises `StoreUnavailable`, having written
nothing.
Invite tokens, seat secrets and maker keys are stored only as SHA-256 hashes. A database made by an
earlier version is brought up to date when opened: the columns it lacks are added, its rows kept.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Dialect,
    Engine,
    bindparam,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError, OperationalError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

from noddy.errors import NoddyError
from noddy.places import data_dir
from noddy.web.schema import actions, engine_for, laid, metadata, seat_in_play, seats, tables, upgrade
from noddy.words import Reason, need_extra

__all__ = ["CHANNEL", "MoveTaken", "Moved", "SeatRow", "Store", "StoreUnavailable", "TableRow", "default_url"]

log = logging.getLogger("noddy.web")

SCHEMA_LOCK = 0x6E6F646479
"""PostgreSQL's advisory lock that servers take in turn to make or upgrade the tables ("noddy")."""
CHANNEL = "noddy_tables"
"""The PostgreSQL ``NOTIFY`` channel on which a change to a table is told to every server: its
payload is ``"SERVER TABLE ACTIONS UNDOS"``, sent by the transaction that made the change, at its
commit (never a card: a discard laid away early is told as a change, not what it is)."""

# The statements every move runs, built once: SQLAlchemy builds a statement, and works out its
# cache key, in far more time than SQLite takes to run it (0.65 ms a move stored, 0.14 of it
# SQLite's); a statement kept is compiled once and run with each move's values.
_UNDOS = (
    select(func.coalesce(tables.c.undos, 0)).where(tables.c.id == bindparam("table_id")).with_for_update()
)
_ADD_ACTION = insert(actions)
_SET_SCORES = (
    update(tables)
    .where(tables.c.id == bindparam("table_id"))
    .values(scores=bindparam("scores"), deal=bindparam("deal"))
)
_ACTION_KEYS = ["table_id", "number", "text", "at", "driven"]


class _Compiled:
    """A statement compiled once for the database's own driver and run on its cursor: at every move,
    SQLAlchemy's execution (its context, result and cache lookups) took four times what the driver
    takes (a move stored: 0.21 ms, 0.08 through the driver within the same transaction)."""

    def __init__(self, statement: ClauseElement, dialect: Dialect, keys: list[str] | None = None) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=keys)
        assert isinstance(compiled, SQLCompiler)
        self.sql = str(compiled)
        self.defaults = {key: value for key, value in compiled.params.items() if value is not None}
        self.order = tuple(compiled.positiontup or ()) if compiled.positional else None

    def run(self, cursor: Any, values: dict[str, Any]) -> Any:
        """Run it on a cursor of the driver with these values (by their SQLAlchemy names)."""
        merged = {**self.defaults, **values}
        cursor.execute(
            self.sql, tuple(merged[key] for key in self.order) if self.order is not None else merged
        )
        return cursor


_LAID = select(laid.c.seat, laid.c.text).where(laid.c.table_id == bindparam("table_id"))
_TAKE_LAID = delete(laid).where(laid.c.table_id == bindparam("table_id"), laid.c.seat == bindparam("seat"))


def default_url(folder: Path | None = None) -> str:
    """The SQLite file ``noddy.db`` in ``folder`` (made if missing); with no folder,
    ``NODDY_DATABASE_URL``, else that file in the user's data folder."""
    if folder is None:
        return os.environ.get("NODDY_DATABASE_URL") or f"sqlite:///{data_dir() / 'noddy.db'}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise NoddyError(
            f"cannot keep the data in {str(folder)!r}: {exc.strerror}; give a folder you can write to"
        ) from None
    return f"sqlite:///{folder.resolve() / 'noddy.db'}"


def _shown(url: str) -> str:
    """The URL quoted for a message, without its password."""
    try:
        return repr(make_url(url).render_as_string(hide_password=True))
    except ArgumentError:
        return repr(url)


def _first_line(exc: Exception) -> str:
    return str(exc).splitlines()[0]


def _one_line(exc: BaseException | None) -> str:
    """A driver's error on one line (PostgreSQL's span several: the fault, a detail, a hint)."""
    return "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())


def _unique(exc: BaseException | None) -> bool:
    """Whether a driver's integrity error is a unique key taken (SQLite's message says so, psycopg's
    class: `UniqueViolation`)."""
    return "unique" in type(exc).__name__.lower() or "UNIQUE" in str(exc)


class MoveTaken(Exception):
    """The move number was stored already, by another server (or another driver): this server's
    copy of the table is behind; nothing was written."""


class StoreUnavailable(Exception):
    """The database cannot be reached or cannot answer just now (its server is down or restarting, a
    SQLite file stays locked): nothing was written, and the same call may succeed a moment later."""

    def __init__(self) -> None:
        super().__init__(Reason("store_down"))


@dataclass(frozen=True)
class SeatRow:
    """A seat as stored: ``token_hash`` is its invite link's, ``secret_hash`` the secret of whoever
    took the seat with it (``None`` while the link is open)."""

    seat: int
    kind: str
    name: str
    token_hash: str | None
    claimed: bool
    secret_hash: str | None = None
    winchance: bool | None = None
    """The person's choice to show the win-chance bar; ``None`` while they have not chosen."""


@dataclass(frozen=True)
class TableRow:
    id: str
    created: float
    preset: str
    overrides: tuple[str, ...]
    players: int
    partners: bool
    status: str
    result: dict[str, Any] | None
    rematch: str | None
    seats: tuple[SeatRow, ...]
    maker_hash: str | None = None
    hints: bool = False
    """Whether the one person at the table asked for the discard advisor's hints."""
    undos: int = 0
    """How many times the one person at the table took moves back (undo against the computer)."""
    scores: tuple[int, ...] | None = None
    """The scores as the last stored move left them (``None``: not known, an earlier version's)."""
    deal: int = 0
    """The deal being played, as the last stored move left it."""


@dataclass(frozen=True)
class Moved:
    """What a stored move changed beside the game's record (`Store.append_action`): the ``scores``
    and ``deal`` the lobby lists (``None``: unchanged); in laying away (``laying``), the seat whose
    discard this is (``discarded``) and the seat the engine asks next (``asked``)."""

    scores: tuple[int, ...] | None = None
    deal: int = 0
    laying: bool = False
    discarded: int | None = None
    asked: int | None = None


class Store:
    """Tables, seats and actions in one SQL database."""

    def __init__(self, url: str) -> None:
        """Open (and create the tables of) the database at ``url``; `NoddyError` says why it cannot."""
        self.url = url
        self.server = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        """This server's name among a site's servers (in the payload of its notices)."""
        try:
            self.engine: Engine = engine_for(url)
        except ArgumentError as exc:
            why = (
                f"SQLAlchemy knows no database {url.partition(':')[0]!r}"
                if isinstance(exc, NoSuchModuleError)
                else _first_line(exc)
            )
            raise NoddyError(
                f"cannot use the database {_shown(url)}: {why}; give a SQLAlchemy URL such as"
                " sqlite:///noddy.db or postgresql://user@host/noddy"
            ) from None
        except ImportError as exc:
            if make_url(url).get_backend_name() in ("postgresql", "postgres"):
                need_extra("postgres", _shown(url))
            raise NoddyError(
                f"cannot use the database {_shown(url)}: its driver is not installed ({exc})"
            ) from None
        try:
            self._make_tables()
        except DBAPIError as exc:
            self.engine.dispose()
            raise NoddyError(f"cannot open the database {_shown(url)}: {_one_line(exc.orig)}") from None

    def _make_tables(self) -> None:
        """Create the tables, or add what an older version's lack, one server at a time: two servers
        opening a new database at once would both create its tables, and one of them fail."""
        with self.engine.connect() as conn:
            if self.engine.dialect.name == "sqlite":
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            elif self.engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            metadata.create_all(conn)
            upgrade(conn)
            conn.commit()

    @cached_property
    def _moving(self) -> tuple[_Compiled, _Compiled, _Compiled]:
        """The statements every move runs (`append_action`), compiled for this database's driver."""
        dialect = self.engine.dialect
        return (
            _Compiled(_UNDOS, dialect),
            _Compiled(_ADD_ACTION, dialect, _ACTION_KEYS),
            _Compiled(_SET_SCORES, dialect),
        )

    @cached_property
    def _driver_errors(self) -> tuple[type[Exception], type[Exception]]:
        """What the driver raises, unwrapped, from a statement run on its own cursor (`_Compiled`):
        a unique key taken (a move stored already), and the database out of reach."""
        dbapi = self.engine.dialect.dbapi
        assert dbapi is not None  # the engine's driver, imported when the engine was made
        return dbapi.IntegrityError, dbapi.OperationalError

    @contextmanager
    def _using(self, *, write: bool) -> Iterator[Connection]:
        """A connection, in a transaction committed at the end when ``write``; a database that cannot
        be reached raises `StoreUnavailable` (its fault is logged, not told to players)."""
        try:
            with self.engine.begin() if write else self.engine.connect() as conn:
                yield conn
        except OperationalError as exc:
            log.warning("the database %s cannot be used: %s", _shown(self.url), _one_line(exc.orig))
            raise StoreUnavailable from None

    @property
    def shared(self) -> bool:
        """Whether several servers may share this database (PostgreSQL: they are told of each
        other's changes by ``NOTIFY``); SQLite serves one process."""
        return self.engine.dialect.name == "postgresql"

    def _tell(self, conn: Connection, table_id: str) -> None:
        """Within the transaction of a change: tell every server the table changed, at commit."""
        if self.shared:
            told = select(func.count()).where(actions.c.table_id == table_id).scalar_subquery()
            undos = select(func.coalesce(tables.c.undos, 0)).where(tables.c.id == table_id).scalar_subquery()
            payload = func.concat(self.server, " ", table_id, " ", told, " ", undos)
            conn.execute(select(func.pg_notify(CHANNEL, payload)))

    def close(self) -> None:
        self.engine.dispose()

    def create_table(
        self,
        table_id: str,
        preset: str,
        overrides: tuple[str, ...],
        players: int,
        partners: bool,
        seat_rows: tuple[SeatRow, ...],
        maker_hash: str | None = None,
        hints: bool = False,
        scores: tuple[int, ...] | None = None,
        deal: int = 0,
    ) -> None:
        """Store a new table and its seats, its game at ``deal`` with ``scores`` (the lobby's)."""
        with self._using(write=True) as conn:
            conn.execute(
                insert(tables).values(
                    id=table_id,
                    created=time.time(),
                    preset=preset,
                    overrides=json.dumps(list(overrides)),
                    players=players,
                    partners=partners,
                    status="playing",
                    maker_hash=maker_hash,
                    hints=hints,
                    scores=json.dumps(list(scores)) if scores is not None else None,
                    deal=deal,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "table_id": table_id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "claimed": s.claimed,
                        "secret_hash": s.secret_hash,
                        "winchance": s.winchance,
                    }
                    for s in seat_rows
                ],
            )

    def append_action(
        self,
        table_id: str,
        number: int,
        text: str,
        driven: bool | None = None,
        undos: int | None = None,
        *,
        moved: Moved | None = None,
    ) -> dict[int, str]:
        """Store action ``number`` (from 1) of a table; committed when this returns. ``driven``: chance
        or a computer is to act after it (what a server looks for to take over a table). `MoveTaken`
        if that number is stored already (the primary key takes each number once), or if moves were
        taken back since the writer's ``undos``-th undo (the table's row is locked first, as an undo
        locks it: never a move stored onto moves taken back). ``moved`` says what else the move
        changed, written in the same transaction: the lobby's scores and deal, and in laying away the
        seat whose discard this is (its discard laid away early, if any, is deleted) and the seat
        asked next (one with a discard waiting makes the move ``driven``: a server applies it).
        Return the discards still laid away early, by seat, in laying away (else nothing)."""
        undos_now, add_action, set_scores = self._moving
        try:
            with self._using(write=True) as conn, closing(conn.connection.cursor()) as cursor:
                if undos is not None:
                    row = undos_now.run(cursor, {"table_id": table_id}).fetchone()
                    if row is not None and row[0] != undos:
                        raise MoveTaken
                waiting = self._laid_after(conn, table_id, moved) if moved and moved.laying else {}
                if moved is not None and moved.asked is not None and moved.asked in waiting:
                    driven = True
                values = {
                    "table_id": table_id,
                    "number": number,
                    "text": text,
                    "at": time.time(),
                    "driven": driven,
                }
                add_action.run(cursor, values)
                if moved is not None and moved.scores is not None:
                    scores = json.dumps(list(moved.scores))
                    set_scores.run(cursor, {"table_id": table_id, "scores": scores, "deal": moved.deal})
                self._tell(conn, table_id)
                return waiting
        except IntegrityError as exc:
            if _unique(exc.orig):
                raise MoveTaken from None
            raise
        except self._driver_errors as exc:
            if isinstance(exc, self._driver_errors[0]):
                if _unique(exc):
                    raise MoveTaken from None
                raise IntegrityError(None, None, exc) from None  # as SQLAlchemy raises it
            log.warning("the database %s cannot be used: %s", _shown(self.url), _one_line(exc))
            raise StoreUnavailable from None

    @staticmethod
    def _laid_after(conn: Connection, table_id: str, moved: Moved) -> dict[int, str]:
        """Within a move's transaction: the discard laid away early by the seat that discards now is
        deleted, and those still waiting are read."""
        if moved.discarded is not None:
            conn.execute(_TAKE_LAID, {"table_id": table_id, "seat": moved.discarded})
        rows = conn.execute(_LAID, {"table_id": table_id})
        return {row.seat: row.text for row in rows}

    def lay_away(self, table_id: str, seat: int, text: str, undos: int) -> None:
        """Keep a seat's discard laid away before its turn (acknowledged to it once this returns),
        until the transaction that stores it at its turn deletes it. `MoveTaken` (nothing written) if
        the seat has one waiting already (laid away at another server) or moves were taken back since
        the writer's ``undos``-th undo; the other servers are told the table changed, not how."""
        try:
            with self._using(write=True) as conn:
                if conn.execute(_UNDOS, {"table_id": table_id}).scalar() != undos:
                    raise MoveTaken
                row = {"table_id": table_id, "seat": seat, "text": text, "at": time.time()}
                conn.execute(insert(laid).values(**row))
                self._tell(conn, table_id)
        except IntegrityError as exc:
            if _unique(exc.orig):
                raise MoveTaken from None
            raise

    def laid(self, table_id: str) -> dict[int, str]:
        """The discards laid away early at a table and waiting for their turn, by seat (hidden cards:
        for the server that applies them and for each seat's own view only)."""
        with self._using(write=False) as conn:
            rows = conn.execute(_LAID, {"table_id": table_id})
            return {row.seat: row.text for row in rows}

    def drop_laid(self, table_id: str, seat: int) -> None:
        """Forget a seat's discard laid away early that no longer fits the game (the seat is asked)."""
        with self._using(write=True) as conn:
            conn.execute(_TAKE_LAID, {"table_id": table_id, "seat": seat})
            self._tell(conn, table_id)

    def unattended(self, limit: int = 100) -> list[str]:
        """Tables in play where chance or a computer is to act (their last action says so, or they
        have none yet): each should have a server driving it (`noddy.web.site`)."""
        mine, other = actions.c.table_id == tables.c.id, actions.alias("other")
        highest = select(func.max(other.c.number)).where(other.c.table_id == tables.c.id)
        last = highest.correlate(tables).scalar_subquery()
        driven = select(actions.c.number).where(mine, actions.c.number == last, actions.c.driven)
        none = ~select(actions.c.number).where(mine).exists()
        query = select(tables.c.id).where(tables.c.status == "playing", none | driven.exists()).limit(limit)
        with self._using(write=False) as conn:
            return [row.id for row in conn.execute(query)]

    def take_back(
        self, table_id: str, keep: int, scores: tuple[int, ...] | None = None, deal: int = 0
    ) -> None:
        """Undo: keep the first ``keep`` actions of a table, forget the rest and every discard laid
        away early, and count one undo more (the lobby's ``scores`` and ``deal`` those of the game
        kept); all or nothing, committed when this returns."""
        with self._using(write=True) as conn:  # the table's row first: moves stored meanwhile wait
            undos = func.coalesce(tables.c.undos, 0) + 1
            values: dict[str, Any] = {"undos": undos}
            if scores is not None:
                values.update(scores=json.dumps(list(scores)), deal=deal)
            conn.execute(update(tables).where(tables.c.id == table_id).values(**values))
            conn.execute(delete(actions).where(actions.c.table_id == table_id, actions.c.number > keep))
            conn.execute(delete(laid).where(laid.c.table_id == table_id))
            self._tell(conn, table_id)

    def claim_seat(self, table_id: str, seat: int, name: str, secret_hash: str) -> bool:
        """The seat is taken by whoever holds the secret; False (nothing changed) if it was taken
        already or its game is over."""
        with self._using(write=True) as conn:
            done = conn.execute(
                update(seats)
                .where(seat_in_play(table_id, seat), seats.c.secret_hash.is_(None))
                .values(claimed=True, name=name, secret_hash=secret_hash)
            )
            self._tell(conn, table_id)
            return done.rowcount > 0

    def rename_seat(self, table_id: str, seat: int, name: str) -> bool:
        """Rename a seat; False (nothing changed) once its game is over, whose names are frozen."""
        with self._using(write=True) as conn:
            done = conn.execute(update(seats).where(seat_in_play(table_id, seat)).values(name=name))
            self._tell(conn, table_id)
            return done.rowcount > 0

    def invite_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give a seat a new invite link: its old link and secret stop working; False once over."""
        with self._using(write=True) as conn:
            done = conn.execute(
                update(seats)
                .where(seat_in_play(table_id, seat))
                .values(token_hash=token_hash, secret_hash=None, claimed=False)
            )
            self._tell(conn, table_id)
            return done.rowcount > 0

    def choose_bar(self, table_id: str, seat: int, on: bool) -> None:
        """Keep a seat's choice to show the win-chance bar or not, for every server and restart."""
        with self._using(write=True) as conn:
            conn.execute(
                update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(winchance=on)
            )
            self._tell(conn, table_id)

    def finish(self, table_id: str, result: dict[str, Any]) -> None:
        with self._using(write=True) as conn:
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status="over", result=json.dumps(result), finished=time.time())
            )
            self._tell(conn, table_id)

    def set_rematch(self, table_id: str, rematch: str) -> bool:
        """Name the table's rematch; False (nothing changed) if another server named one first."""
        with self._using(write=True) as conn:
            done = conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.rematch.is_(None))
                .values(rematch=rematch)
            )
            self._tell(conn, table_id)
            return done.rowcount > 0

    def actions(self, table_id: str) -> list[str]:
        with self._using(write=False) as conn:
            rows = conn.execute(
                select(actions.c.text).where(actions.c.table_id == table_id).order_by(actions.c.number)
            )
            return [row.text for row in rows]

    def table(self, table_id: str) -> TableRow | None:
        found = self._tables(tables.c.id == table_id)
        return found[0] if found else None

    def tables(self, status: str | None = None, limit: int = 1000) -> list[TableRow]:
        """Tables, newest first; only those with ``status`` when given."""
        where = tables.c.status == status if status is not None else None
        return self._tables(where, limit)

    def _tables(self, where: Any = None, limit: int = 1000) -> list[TableRow]:
        query = select(tables).order_by(tables.c.created.desc()).limit(limit)
        if where is not None:
            query = query.where(where)
        with self._using(write=False) as conn:
            rows = list(conn.execute(query))
            ids = [row.id for row in rows]
            by_table: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)):
                    row = SeatRow(s.seat, s.kind, s.name, s.token_hash, s.claimed, s.secret_hash, s.winchance)
                    by_table[s.table_id].append(row)
        return [
            TableRow(
                id=row.id,
                created=row.created,
                preset=row.preset,
                overrides=tuple(json.loads(row.overrides)),
                players=row.players,
                partners=row.partners,
                status=row.status,
                result=json.loads(row.result) if row.result else None,
                rematch=row.rematch,
                seats=tuple(by_table[row.id]),
                maker_hash=row.maker_hash,
                hints=bool(row.hints),
                undos=row.undos or 0,
                scores=tuple(json.loads(row.scores)) if row.scores else None,
                deal=row.deal or 0,
            )
            for row in rows
        ]
