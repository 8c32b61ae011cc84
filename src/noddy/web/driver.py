"""A table's driver: the task that makes the moves nobody at the table makes by hand.

Chance's moves, the computer seats' decisions (thought in `noddy.web.bots` or on a dask cluster),
and the discards laid away early whose turn has come (`noddy.web.live.PendingDiscards`), which the
store keeps so that whichever server drives the table at that turn applies them. One driver a
table, on the server holding its lease (`noddy.web.site`); started by `TableManager.kick`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from noddy.errors import IllegalActionError
from noddy.game import Action, GameState, PlayerView
from noddy.players import next_action
from noddy.web import follow
from noddy.web.bots import PEOPLE_FIRST
from noddy.web.live import LiveTable
from noddy.web.store import MoveTaken, StoreUnavailable

if TYPE_CHECKING:
    from noddy.web.tables import TableManager

__all__ = ["STORE_RETRY", "drive", "driven"]

log = logging.getLogger("noddy.web")

STORE_RETRY = 1.0
"""Seconds the driver waits before trying a move again when the database cannot be reached."""


def driven(state: GameState, table: LiveTable) -> bool:
    """Whether a move is to be made by the driver: chance's, a computer's, or a discard laid away
    early whose turn has come."""
    if state.is_over:
        return False
    return state.chance() is not None or state.to_act in table.bots or table.laying.due(state) is not None


def _lone(view: PlayerView) -> bool:
    """Whether the seat has one listed action: a go, the one card it may lay, or its count made by
    the engine (a player picks among the listed actions; declaring a number is a person's). The
    player still chooses it, its generator advancing as it would, but here and at once: it is no
    decision to queue for a worker behind those that are (nearly half of a cribbage game's)."""
    return len(view.legal) == 1


async def drive(manager: TableManager, table: LiveTable) -> None:
    """Make the driver's moves until a person is to act; while the database cannot be reached wait
    and try again, so that the table goes on by itself once it is back. The driver holds the table's
    lease while it runs (`noddy.web.site`), and gives it back at the end."""
    try:
        while True:
            try:
                await _moves(manager, table)
                return
            except StoreUnavailable:
                await asyncio.sleep(STORE_RETRY)
    finally:
        manager.site.release(table.id)


def _commit(manager: TableManager, table: LiveTable, action: Action) -> None:
    """The driver's move; if another server stored a move first, this copy catches up instead
    (and the driver looks again at the game as it now stands)."""
    try:
        manager.commit(table, action)
    except MoveTaken:
        manager.metrics.conflicts.inc()
        follow.catch_up(manager, table)


async def _moves(manager: TableManager, table: LiveTable) -> None:
    """Chance and the computer seats act through the players' driver, `next_action`; a discard laid
    away early is applied at its turn. The computers' decisions of one run, at a person's table, are
    one wait of the person's, and ask the pool to be ranked by when it began."""
    began = time.monotonic()
    try:
        while True:
            async with table.lock:
                state = table.state
                if not driven(state, table):
                    return
                due = table.laying.due(state)
                if due is not None:
                    try:
                        _commit(manager, table, due)
                    except IllegalActionError:
                        manager.drop_laid(table, due.seat)
                    continue
                if state.chance() is not None:
                    _commit(manager, table, next_action(state, table.bots, table.rng))
                    continue
            if manager.bot_delay:
                await asyncio.sleep(manager.bot_delay)
            player = table.bots[state.to_act or 0]
            try:
                view = state.view(state.to_act or 0)
                if _lone(view):
                    action = player.choose(view, view.legal, table.rng)
                    # The last move's state goes out before this one is made, as when the pool is
                    # awaited, and the loop serves the other tables between a run of lone moves.
                    await asyncio.sleep(0)
                else:
                    priority, since = (PEOPLE_FIRST, began) if table.people else (PEOPLE_FIRST + 1, None)
                    asked = time.perf_counter()
                    action = await manager.bots.choose(player, view, table.rng, priority, since)
                    manager.metrics.bot_waited(time.perf_counter() - asked)
                # The view's legal actions were listed by the engine's own check: the check
                # itself, and its reason, only for an action they do not hold.
                why = "" if action in view.legal else state.why_illegal(action)
                if why:
                    raise IllegalActionError(f"{player.name} chose {action}: {why}")
            except Exception:
                log.exception("table %s: %s failed; a random legal action instead", table.id, player.name)
                action = table.rng.choice(state.legal_actions())
            async with table.lock:
                if table.state is state:
                    _commit(manager, table, action)
    except (asyncio.CancelledError, StoreUnavailable):
        raise
    except Exception:
        log.exception("table %s: the table stopped", table.id)
