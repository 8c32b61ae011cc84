"""One site on several servers: what a server shares with the others through PostgreSQL.

Any server of a site may serve any table; the database is the one truth. Three things of
PostgreSQL's own make that safe and quick, with no consensus of our own:

- **Each move is stored once**: a move is the row (table, move number), whose primary key lets
  only one server take each number; a server whose copy was behind is refused (`MoveTaken`),
  catches up from the database and asks again. Nothing below is needed for that guarantee.
- **Every server hears of every change**: the transaction that stores a change sends a
  ``NOTIFY`` on `CHANNEL` (delivered at commit); each server ``LISTEN``s on a connection of its
  own and brings its copy of the table up to date, or forgets it when nobody here looks at it.
- **One server drives a table**: the server that runs a table's chance and computer moves holds
  the table's *lease*, a session-level advisory lock, on a connection kept for the leases. When a
  server dies (``kill -9``, a machine lost) PostgreSQL ends its session and frees its leases; the
  other servers look for tables where chance or a computer is to act and whose lease is free
  (`Store.unattended`) and take them over, asking the computer's decision again.

With SQLite (one process) there is nothing to share: `Site.take` always grants the lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import threading
from collections.abc import Callable
from typing import Any

from noddy.web.store import CHANNEL, Store

__all__ = ["Site", "lease_key", "sweep_every"]

log = logging.getLogger("noddy.web")

SWEEP = 1.0
"""Seconds between two looks for tables in need of a driver (`Store.unattended`)."""
SWEEP_MORE = 0.05
"""Seconds before the next few are taken over, when a look found more than `TAKEOVER_BATCH`: the
people reconnecting after their server died are answered between them."""
TAKEOVER_BATCH = 4
"""Tables a server reads and takes over in one go (each is read from the database and replayed)."""
RETRY = 1.0
"""Seconds before a lost connection to the database is opened again."""


def lease_key(table_id: str) -> int:
    """The advisory lock's key (a signed 64-bit number) of a table's lease."""
    digest = hashlib.blake2b(f"noddy lease {table_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class Site:
    """This server's part in a site: its name, the leases it holds, what it hears from the others."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.shared = store.shared
        self.server = store.server
        self.held: set[str] = set()
        """The tables whose lease this server holds: those it drives."""
        self._leases: Any = None
        self._guard = threading.Lock()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._sweeper: asyncio.Task[None] | None = None

    def _connect(self) -> Any:
        """A psycopg connection of its own to the store's database, in autocommit."""
        import psycopg  # a shared store is PostgreSQL, whose driver is installed

        engine = self.store.engine
        args, kwargs = engine.dialect.create_connect_args(engine.url)
        return psycopg.connect(*args, **{**kwargs, "autocommit": True})

    # -- leases -----------------------------------------------------------------------------------

    def take(self, table_id: str) -> bool:
        """Take the table's lease (True), or find it held by another server (False). A database that
        cannot be reached grants none: the table waits until it can."""
        if not self.shared or table_id in self.held:
            return True
        with self._guard:
            try:
                if self._leases is None:
                    self._leases = self._connect()
                row = self._leases.execute(
                    "SELECT pg_try_advisory_lock(%s)", (lease_key(table_id),)
                ).fetchone()
            except Exception as exc:  # the connection, and with it every lease, is gone
                log.warning("the leases' connection to the database failed: %s", exc)
                self._drop_leases()
                return False
        if row and row[0]:
            self.held.add(table_id)
            return True
        return False

    def free(self, table_ids: list[str]) -> list[str]:
        """Those of ``table_ids`` whose lease no server holds (one look at PostgreSQL's locks)."""
        if not self.shared:
            return list(table_ids)
        query = (
            "SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks WHERE locktype = 'advisory'"
            " AND objsubid = 1"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        )
        with self._guard:
            try:
                if self._leases is None:
                    self._leases = self._connect()
                held = {row[0] for row in self._leases.execute(query)}
            except Exception as exc:
                log.warning("the leases' connection to the database failed: %s", exc)
                self._drop_leases()
                return []
        return [i for i in table_ids if lease_key(i) % 2**64 not in held]

    def release(self, table_id: str) -> None:
        """Give up the table's lease (another server, or this one later, may take it)."""
        if not self.shared or table_id not in self.held:
            return
        self.held.discard(table_id)
        with self._guard:
            try:
                self._leases.execute("SELECT pg_advisory_unlock(%s)", (lease_key(table_id),))
            except Exception as exc:
                log.warning("the leases' connection to the database failed: %s", exc)
                self._drop_leases()

    def _drop_leases(self) -> None:
        """The leases' connection is lost: PostgreSQL freed every lease it held."""
        self.held.clear()
        conn, self._leases = self._leases, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    # -- hearing the others -----------------------------------------------------------------------

    async def start(
        self,
        changed: Callable[[str, str, int, int], None],
        missed: Callable[[], None],
        sweep: Callable[[], bool],
    ) -> None:
        """Listen for the other servers' changes: ``changed(server, table, actions, undos)`` for each
        notice, ``missed()`` after the listening connection was lost and made again (notices may
        have been missed), and ``sweep()`` every `SWEEP` seconds, or after `SWEEP_MORE` while it
        says it left tables to take over. Nothing for SQLite."""
        if not self.shared:
            return
        loop = asyncio.get_running_loop()
        ready = threading.Event()

        def heard(payload: str) -> None:
            parts = payload.split()
            if len(parts) == 4 and parts[2].isdigit() and parts[3].isdigit():
                changed(parts[0], parts[1], int(parts[2]), int(parts[3]))

        def listen() -> None:
            lost = False
            while not self._stop.is_set():
                try:
                    conn = self._connect()
                except Exception as exc:
                    log.warning("cannot listen to the other servers: %s", exc)
                    ready.set()
                    self._stop.wait(RETRY)
                    continue
                try:
                    conn.execute(f"LISTEN {CHANNEL}")
                    ready.set()
                    if lost:
                        loop.call_soon_threadsafe(missed)
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            loop.call_soon_threadsafe(heard, notice.payload)
                except Exception as exc:
                    log.warning("listening to the other servers failed: %s", exc)
                    lost = True
                    self._stop.wait(RETRY)
                finally:
                    with contextlib.suppress(Exception):
                        conn.close()

        self._listener = threading.Thread(target=listen, name="noddy-listen", daemon=True)
        self._listener.start()
        await asyncio.to_thread(ready.wait, 10)

        self._sweeper = loop.create_task(sweep_every(sweep), name="noddy-sweep")

    async def close(self) -> None:
        """Stop listening and give every lease back."""
        self._stop.set()
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5)
        with self._guard:
            self._drop_leases()


async def sweep_every(sweep: Callable[[], bool]) -> None:
    """Call ``sweep()`` every `SWEEP` seconds, or after `SWEEP_MORE` while it says it left tables
    to take over (it reads a few at a time: `TAKEOVER_BATCH`); a failure is logged, never raised."""
    more = False
    while True:
        await asyncio.sleep(SWEEP_MORE if more else SWEEP)
        try:
            more = sweep()
        except Exception:
            more = False
            log.exception("looking for tables without a driver failed")
