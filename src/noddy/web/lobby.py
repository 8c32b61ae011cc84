"""What the lobby lists: the tables open to join, those in play and those finished.

A server of a site shared with others (`noddy.web.site`) lists the site's tables, from the database,
not only those it holds: a person may reach any server and sees the same lobby. It reads them from
the stored rows (a table's seats, and the scores and deal its last move stored with it), never by
replaying a game, and loads no table into memory: a lobby polled by many people costs one query.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from noddy.game import side_seats
from noddy.rules import load_rules
from noddy.web.live import LiveTable
from noddy.web.seats import HUMAN
from noddy.web.store import Store, TableRow

__all__ = ["listing", "stored_summary"]


def listing(
    store: Store, playing: Iterable[LiveTable], *, shared: bool, limit: int = 50
) -> dict[str, list[dict[str, Any]]]:
    """The lobby's three lists, at most ``limit`` tables each: the tables in play are those this server
    holds (``playing``), or on a site ``shared`` with other servers those the store keeps."""
    if shared:
        live = [stored_summary(row) for row in store.tables(status="playing", limit=limit)]
    else:
        live = [table.summary() for table in playing if not table.state.is_over]
    live.sort(key=lambda summary: str(summary["id"]))
    finished = [_finished_summary(row) for row in store.tables(status="over", limit=limit)]
    return {
        "open": [s for s in live if s["status"] == "open"][:limit],
        "playing": [s for s in live if s["status"] == "playing"][:limit],
        "finished": finished,
    }


def stored_summary(row: TableRow) -> dict[str, Any]:
    """What the lobby lists of a table in play, from its stored row: the same as the table's own
    `noddy.web.live.LiveTable.summary` (the scores of a table stored by an earlier version and not
    moved since are not known: shown as none scored)."""
    people = [s for s in row.seats if s.kind == HUMAN]
    sides = side_seats(row.players, row.partners)
    return {
        **_facts(row),
        "status": "open" if any(not s.claimed for s in people) else "playing",
        "scores": list(row.scores) if row.scores is not None else [0] * len(sides),
        "deal": row.deal,
        "winner": None,
        "hints": row.hints,
        "seats": [
            {"name": s.name, "kind": s.kind, "claimed": s.claimed or s.kind != HUMAN} for s in row.seats
        ],
    }


def _finished_summary(row: TableRow) -> dict[str, Any]:
    """A finished table as the lobby lists it, its scores as the table said them: a peg going out past
    the game hole stops there (121, not 122); the record keeps the engine's own totals."""
    result = row.result or {}
    game = load_rules(row.preset, row.overrides).game
    scores = [game.pegged(s) for s in result.get("scores", [])]
    return {
        **_facts(row),
        "status": "over",
        "scores": scores,
        "winner": result.get("winner"),
        "seats": [{"name": s.name, "kind": s.kind, "claimed": True} for s in row.seats],
    }


def _facts(row: TableRow) -> dict[str, Any]:
    """What the lobby lists of any table: its rules and its seats' sides."""
    rules = load_rules(row.preset, row.overrides)
    return {
        "id": row.id,
        "rules": row.preset,
        "title": rules.title or rules.name,
        "players": row.players,
        "partners": row.partners,
        "side_seats": [list(seats) for seats in side_seats(row.players, row.partners)],
    }
