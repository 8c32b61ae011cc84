"""The web store's database (`noddy.web.store`): its tables (tables, seats, every action, the discards
laid away early), how a database made by an earlier version is brought up to date, and the engine.

Kept apart from the store's queries so that each reads on its own. ``noddy_tables`` also keeps
what the lobby lists of a game in play (its scores and deal), written by the transaction that
stores the move that changed them, so that the lobby reads rows and never replays a game.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import ConnectionPoolEntry

__all__ = [
    "BUSY_TIMEOUT_MS",
    "actions",
    "engine_for",
    "laid",
    "metadata",
    "seat_in_play",
    "seats",
    "tables",
    "upgrade",
]

metadata = MetaData()
BUSY_TIMEOUT_MS = 5000

tables = Table(
    "noddy_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("preset", String(64), nullable=False),
    Column("overrides", Text, nullable=False, default="[]"),
    Column("players", Integer, nullable=False),
    Column("partners", Boolean, nullable=False),
    Column("status", String(16), nullable=False, default="playing"),
    Column("result", Text, nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("finished", Float, nullable=True),
    Column("maker_hash", String(64), nullable=True),
    Column("hints", Boolean, nullable=True),
    Column("undos", Integer, nullable=True),
    Column("scores", Text, nullable=True),
    Column("deal", Integer, nullable=True),
)
"""A table; ``scores`` (JSON) and ``deal`` are the game's as its last stored move left them
(``NULL`` for a table made by an earlier version and not moved since)."""

seats = Table(
    "noddy_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("noddy_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(32), nullable=False),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("claimed", Boolean, nullable=False, default=False),
    Column("secret_hash", String(64), nullable=True),
    Column("winchance", Boolean, nullable=True),
)
"""A seat; ``winchance`` is its person's choice to show the win-chance bar (`noddy.web.winchance`),
``NULL`` while they have not chosen (the default then holds)."""

actions = Table(
    "noddy_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("noddy_tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("driven", Boolean, nullable=True),
)

laid = Table(
    "noddy_laid",
    metadata,
    Column("table_id", String(32), ForeignKey("noddy_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)
"""A discard laid away before its seat's turn, acknowledged and waiting to be applied at that turn
(by whichever server then drives the table): one a seat, deleted by the transaction that stores
that seat's discard, and by an undo. The seat's hidden cards: read only to apply them and to show
them to that seat."""


def upgrade(conn: Connection) -> None:
    """Add the columns that a database made by an earlier version lacks; its rows are kept."""
    found = inspect(conn)
    for table in (tables, seats, actions, laid):
        have = {column["name"] for column in found.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have:
                kind = column.type.compile(conn.dialect)
                conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"))


def seat_in_play(table_id: str, seat: int) -> Any:
    """The seat ``seat`` of table ``table_id`` while its game is not over."""
    playing = select(tables.c.id).where(tables.c.id == table_id, tables.c.status != "over")
    return (seats.c.table_id == table_id) & (seats.c.seat == seat) & seats.c.table_id.in_(playing)


def engine_for(url: str) -> Engine:
    """The engine for ``url``: SQLite with its pragmas; a server database with each connection
    checked as it is taken from the pool, so that a database server restarted under a running
    game costs no move. ``postgres://`` is read as ``postgresql://``, as libpq reads it."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if make_url(url).get_backend_name() == "sqlite":
        engine = create_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    """WAL mode and a busy timeout. Switching a new file to WAL while another server does the same
    can fail at once with "database is locked" (the busy timeout does not cover it): tried again
    for as long as that timeout."""
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)
    for pragma in ("synchronous=NORMAL", "foreign_keys=ON"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()
