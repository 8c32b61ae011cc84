"""A server keeps its copies of the site's tables up to date with what the other servers do.

The manager (`noddy.web.tables.TableManager`) calls these when the site (`noddy.web.site`) hears a
notice from another server, after a notice may have been missed, and every second to take over
the tables that need a driver and have none (their server died). A copy is brought up to date
from the database, never from a notice's content: the notice only says which table changed.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from noddy.errors import NoddyError
from noddy.record import GameRecord, Seat, parse_action
from noddy.web.live import LiveTable, Undone
from noddy.web.seats import LiveSeat
from noddy.web.store import StoreUnavailable

if TYPE_CHECKING:
    from noddy.web.tables import TableManager

__all__ = ["catch_up", "changed", "missed", "sweep"]

log = logging.getLogger("noddy.web")


def changed(manager: TableManager, server: str, table_id: str, actions: int, undos: int) -> None:
    """Another server changed a table: a copy someone here looks at (or that this server drives) is
    brought up to date; any other copy is forgotten (read again from the database when asked)."""
    if server == manager.store.server:
        return
    table = manager.held.find(table_id)
    if table is None:
        return
    if table.idle and table_id not in manager.site.held:
        manager.held.forget(table_id)
        return
    try:
        catch_up(manager, table)
    except StoreUnavailable:
        log.warning("table %s: cannot catch up with another server's change just now", table_id)


def missed(manager: TableManager) -> None:
    """Notices may have been missed (the listening connection was lost): every copy is checked."""
    for table in manager.held:
        changed(manager, "", table.id, -1, -1)


def catch_up(manager: TableManager, table: LiveTable) -> None:
    """Bring ``table`` to what the database holds: the moves stored since this copy's last (or the
    whole game again after an undo), its seats and their people's choices, rematch and discards laid
    away early; tell its listeners, and drive it if it needs a driver and none has it."""
    store = manager.store
    row = store.table(table.id)
    if row is None:
        return
    try:
        stored = tuple(parse_action(text) for text in store.actions(table.id))
        history = table.state.history
        if row.undos == table.undo.count and stored[: len(history)] == history:
            state = table.state
            for action in stored[len(history) :]:
                state = state.apply(action)
        else:
            seats = tuple(Seat(s.name, s.kind) for s in row.seats)
            state = GameRecord(table.rules, row.players, row.partners, seats, stored).final()
    except NoddyError as exc:
        log.error("table %s: the stored moves do not replay: %s", table.id, exc)
        return
    if row.undos != table.undo.count:
        undone = Undone(
            table.people[0] if table.people else 0,
            max(0, len(table.state.history) - len(state.history)),
            len(state.history),
        )
        table.undo.caught_up(row.undos, undone)
    moved = state is not table.state
    table.state = state
    table.seats[:] = [LiveSeat.stored(s) for s in row.seats]
    table.bar.adopt(row.seats)
    manager.adopt_laid(table)  # discards laid away early, at any server
    if row.rematch is not None and table.rematch is None:
        table.rematch = row.rematch
        table.broadcast({"type": "rematch", "table": row.rematch})
    if moved:
        table.active = time.monotonic()
    table.announce(table=True)
    if state.is_over:
        if manager.held.in_play(table.id) is not None:
            manager.held.finish(table)
        return
    manager.kick(table)  # a discard laid away early whose turn came is applied by the driver


def sweep(manager: TableManager, limit: int | None = None) -> bool:
    """Take over the tables where chance or a computer is to act and no server holds the lease
    (their server died): each is read from the database and driven here. With a `limit`, at most
    that many are read in one call, so that a server taking over many tables at once still answers
    the people reconnecting to it between them; say whether tables were left for the next call."""
    site = manager.site
    if manager.closing:
        return False
    wanted = [i for i in manager.store.unattended() if i not in site.held]
    if not wanted:
        return False
    free = site.free(wanted)
    left = limit is not None and len(free) > limit
    for table_id in free[:limit]:
        table = manager.held.in_play(table_id)
        if table is not None and table.driver is not None and not table.driver.done():
            continue
        if not site.take(table_id):
            continue
        try:
            if table is not None:
                catch_up(manager, table)
            else:
                table = manager.get(table_id)
        except (NoddyError, StoreUnavailable) as exc:
            log.warning("table %s: cannot take it over just now: %s", table_id, exc)
            table = None
        if table is None or table.driver is None or table.driver.done():
            site.release(table_id)
        else:
            manager.metrics.takeovers.inc()
            log.info("table %s: taken over (its server is gone)", table_id)
    return left
