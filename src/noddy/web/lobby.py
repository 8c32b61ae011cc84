"""What the lobby lists: the tables open to join, those in play and those finished.

A server of a site shared with others (`noddy.web.site`) lists the site's tables, from the database,
not only those it holds: a person may reach any server and sees the same lobby.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from noddy.game import side_seats
from noddy.rules import load_rules
from noddy.web.store import TableRow

if TYPE_CHECKING:
    from noddy.web.tables import TableManager

__all__ = ["listing"]


def listing(manager: TableManager, limit: int = 50) -> dict[str, list[dict[str, Any]]]:
    """The lobby's three lists, at most ``limit`` tables each."""
    live = list(manager.live.values())
    if manager.site.shared:
        found = (manager.get(row.id) for row in manager.store.tables(status="playing", limit=limit))
        live = [table for table in found if table is not None and not table.state.is_over]
    live.sort(key=lambda t: t.id)
    finished = [_finished_summary(row) for row in manager.store.tables(status="over", limit=limit)]
    return {
        "open": [t.summary() for t in live if t.status == "open"][:limit],
        "playing": [t.summary() for t in live if t.status == "playing"][:limit],
        "finished": finished,
    }


def _finished_summary(row: TableRow) -> dict[str, Any]:
    rules = load_rules(row.preset, row.overrides)
    result = row.result or {}
    return {
        "id": row.id,
        "rules": row.preset,
        "title": rules.title or rules.name,
        "players": row.players,
        "partners": row.partners,
        "side_seats": [list(seats) for seats in side_seats(row.players, row.partners)],
        "status": "over",
        "scores": result.get("scores", []),
        "winner": result.get("winner"),
        "seats": [{"name": s.name, "kind": s.kind, "claimed": True} for s in row.seats],
    }
