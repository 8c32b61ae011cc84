"""The tables a server holds in memory: those in play, at most a number of them (the idle ones wait in
the store and leave memory first), and the last finished ones, for their pages and records. The
store holds every table; these are copies, read again from it when asked for and not held.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator

from noddy.web.live import LiveTable, Refused
from noddy.words import Reason

__all__ = ["MAX_FINISHED_IN_MEMORY", "HeldTables"]

MAX_FINISHED_IN_MEMORY = 200


class HeldTables:
    """The live and the finished tables held here, by id."""

    def __init__(self, max_tables: int = 500) -> None:
        self.max_tables = max_tables
        self.live: dict[str, LiveTable] = {}
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()

    def find(self, table_id: str) -> LiveTable | None:
        """The table held here, in play or finished; ``None`` if it is not held."""
        return self.live.get(table_id) or self.finished.get(table_id)

    def playing(self) -> list[LiveTable]:
        """The tables in play held here."""
        return list(self.live.values())

    def __iter__(self) -> Iterator[LiveTable]:
        """Every table held here, in play then finished (a copy: the holding may change meanwhile)."""
        return iter([*self.live.values(), *self.finished.values()])

    def hold(self, table: LiveTable) -> None:
        """Hold a table in play, making room first (`make_room`)."""
        self.make_room()
        self.live[table.id] = table

    def make_room(self) -> None:
        """Keep at most ``max_tables`` unfinished tables in memory: the idle ones wait in the store;
        `Refused` when none is idle."""
        if len(self.live) < self.max_tables:
            return
        idle = sorted((t for t in self.live.values() if t.idle), key=lambda t: t.active)
        for table in idle[: len(self.live) - self.max_tables + 1]:
            del self.live[table.id]
        if len(self.live) >= self.max_tables:
            raise Refused(Reason("server_full", tables=len(self.live)))

    def keep_finished(self, table: LiveTable) -> None:
        """Hold a finished table among the last `MAX_FINISHED_IN_MEMORY` (the idle ones go first)."""
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        idle = [t.id for t in self.finished.values() if t.idle]
        for table_id in idle[: max(0, len(self.finished) - MAX_FINISHED_IN_MEMORY)]:
            del self.finished[table_id]

    def in_play(self, table_id: str) -> LiveTable | None:
        """The table held here in play; ``None`` if it is not held, or is over."""
        return self.live.get(table_id)

    def finish(self, table: LiveTable) -> None:
        """The table is over: held among the finished ones, no more in play."""
        self.live.pop(table.id, None)
        self.keep_finished(table)

    def forget(self, table_id: str) -> None:
        """Hold the table no more (it is read again from the store when asked for)."""
        self.live.pop(table_id, None)
        self.finished.pop(table_id, None)
