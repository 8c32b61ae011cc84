"""What the server tells a connection: the table, and the game as one seat (or a spectator) may see it.

The part a view alone makes (the game, its events in words, the pegs, the deals) is
`noddy.offline.page`'s, which the page's own engine sends too when it plays with no network; this
adds what only the server's table has: its id, seats and links, who is connected, the discards laid
away early, undo and the win-chance bar.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from noddy.offline.page import (
    deal_summaries,
    event_json,
    pegs,
    rules_title,
    showing,
    table_fields,
    view_fields,
)
from noddy.web.live import LiveTable
from noddy.web.undo import undo_fields
from noddy.web.winchance import winchance_fields
from noddy.words import phrase, record_name

__all__ = [
    "deal_summaries",
    "display_names",
    "event_json",
    "pegs",
    "showing",
    "state_message",
    "table_message",
    "table_title",
]


def display_names(table: LiveTable, seat: int | None, lang: str = "en") -> list[str]:
    """Seat names as ``seat`` reads them: its own seat is "You" ("Vous"), and the names the lobby
    gives unnamed seats are said in ``lang`` ("Computer (medium)" is "Ordinateur (moyen)" to a French
    reader, whatever language the table was made in: `noddy.words.record_name`)."""
    said = [_said_name(s.name, s.kind, lang) for s in table.seats]
    return [phrase("you", lang) if i == seat else name for i, name in enumerate(said)]


_said_name = lru_cache(maxsize=4096)(record_name)
"""`noddy.words.record_name`, kept: a name is said the same way each time, and working it out (trying
it against every language's lobby names) took a third of a state message's time."""


def table_title(table: LiveTable, lang: str = "en") -> str:
    """The table's rule set's title in ``lang``."""
    return rules_title(table.preset, table.rules, lang)


def table_message(table: LiveTable, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """Who sits where, who is connected, and the facts of the rules the table shows, in ``lang``."""
    names = display_names(table, seat, lang)
    return {
        "type": "table",
        "id": table.id,
        "you": seat,
        "status": table.status,
        "rematch": table.rematch,
        **table_fields(table.preset, table.state, names, lang),
        "seats": [
            {
                "name": s.name,
                "kind": s.kind,
                "claimed": s.claimed or not s.is_human,
                "connected": s.is_human and table.connected(i),
            }
            for i, s in enumerate(table.seats)
        ],
    }


def state_message(
    table: LiveTable, seat: int | None, since: int = 0, lang: str = "en"
) -> tuple[dict[str, Any], int]:
    """The game as ``seat`` sees it, with the events from ``since`` on, worded in ``lang``; and the
    new event count."""
    state = table.state
    view = state.view(seat)
    names = display_names(table, seat, lang)
    deals = table.kept.deals(view)
    fields = view_fields(view, names, since, lang, deals=deals.summaries, pegged=deals.pegged)
    message: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "seq": len(state.history),
        **fields,
        "laid_away": table.laying.laid(seat),
        "lay_away_now": table.laying.may_lay_away(state, seat),
        "status": table.status,
        "undo": undo_fields(table, seat, names, lang),
        "winchance": winchance_fields(table, seat, view, deals.starts),
    }
    return message, len(view.events)
