"""The HTTP endpoints' one way to find a table and a seat at it: a table that does not exist is a
404, a secret that is no seat's a 403, each saying what was wrong."""

from __future__ import annotations

from fastapi import HTTPException

from noddy.errors import quoted
from noddy.web.live import LiveTable
from noddy.web.tables import TableManager
from noddy.words import Reason

__all__ = ["quoted", "seat_or_403", "table_or_404"]


def table_or_404(manager: TableManager, table_id: str) -> LiveTable:
    """The live table ``table_id``; a 404 naming it where there is none."""
    table = manager.get(table_id)
    if table is None:
        raise HTTPException(404, Reason("no_table", table=quoted(table_id)))
    return table


def seat_or_403(table: LiveTable, secret: str) -> int:
    """The seat whose secret ``secret`` is; a 403 where it is no seat's."""
    seat = table.seat_of_secret(secret)
    if seat is None:
        raise HTTPException(403, Reason("not_a_seat_key"))
    return seat
