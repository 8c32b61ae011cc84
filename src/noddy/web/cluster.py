"""Computer players on a dask.distributed cluster (``noddy serve --bot-cluster ADDRESS``).

Each decision is a task on the cluster: `noddy.web.bots.decide` with the player, the seat's view
(only what that seat may know) and the state of the table's random generator, exactly what crosses
to a local worker process. A decision of a table where a person plays runs before those of tables
of computers only (dask's task priority). A worker lost mid-decision is the scheduler's to redo.

When the cluster fails a decision (the scheduler is gone or cannot be reached: the task is cancelled
or the connection fails), that decision is thought in the server's own pool of worker processes
(`noddy.web.bots.BotPool`, started at its first such decision), by the same player from the same
seat's view and generator state: a computer never becomes a random player because a cluster is
down. The outage is logged once, each decision so thought is counted (`fallbacks`, the metric
``noddy_bot_fallback_total``), and decisions go back to the cluster once it answers again with a
worker to think on (a new client is sought every `RECONNECT` seconds, its workers warmed first).
When the server dies its client's tasks are forgotten by the scheduler, and the server that takes
the table over asks the decision again: it is never made twice into the game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import random
from typing import Any

from noddy.errors import NoddyError
from noddy.game import Action, PlayerView
from noddy.players import Player
from noddy.web.bots import PEOPLE_FIRST, BotPool, decide, warm

__all__ = ["ClusterBots", "scheduler_refusal"]

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 10
RECONNECT = 2.0
"""Seconds between two tries at a new client while the cluster is down (its own reconnecting over)."""


def scheduler_refusal(address: str) -> str:
    """Why no dask scheduler answers at ``address`` now, or ``""`` when one does: `noddy serve` asks
    before it starts, so a wrong address is one clear line rather than a failed start-up."""
    from distributed import Client

    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        return str(exc)
    client.close()  # type: ignore[no-untyped-call]
    return ""


class ClusterBots:
    """Computer decisions sent to the dask scheduler at ``address``; while it fails, thought in the
    ``local`` pool (one of as many workers as the server would run, if not given)."""

    def __init__(self, address: str, local: BotPool | None = None) -> None:
        self.address = address
        self.client: Any = None
        self.local = local if local is not None else BotPool(0)
        self.fallbacks = 0
        """Decisions thought in the local pool because the cluster failed them."""
        self.down = False
        """Whether the cluster is failing now (an outage, logged once)."""
        self._running = 0
        self._reconnecting: asyncio.Task[None] | None = None

    @property
    def running(self) -> int:
        """Decisions sent to the cluster, or thought locally, and not yet answered."""
        return self._running + self.local.running

    @property
    def waiting(self) -> int:
        """Decisions waiting here for a local worker (those on the cluster wait in its queue)."""
        return self.local.waiting

    async def start(self) -> None:
        """Connect to the scheduler and warm each worker (`noddy.web.bots.warm`); a scheduler that
        cannot be reached is a `NoddyError` saying so."""
        try:
            self.client = await self._connect()
            await self.client.run(warm)
        except (OSError, TimeoutError, ValueError) as exc:
            raise NoddyError(
                f"cannot reach the dask scheduler at {self.address!r}: {exc}; start one (dask scheduler)"
                " and give its address, e.g. tcp://10.0.0.5:8786, or leave --bot-cluster out"
            ) from None

    async def _connect(self) -> Any:
        from distributed import Client

        return await Client(self.address, asynchronous=True, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]

    async def choose(
        self,
        player: Player,
        view: PlayerView,
        rng: random.Random,
        priority: int = PEOPLE_FIRST,
        since: float | None = None,
    ) -> Action:
        """The player's action from ``view``, decided on the cluster (by ``priority`` alone: dask's),
        or in the local pool while the cluster fails (``since`` too: `BotPool.choose`); ``rng``
        advances exactly as if the player chose here."""
        if not self.down and self.client is not None and self.client.status == "running":
            try:
                return await self._on_cluster(player, view, rng, priority)
            except (TimeoutError, OSError, concurrent.futures.CancelledError) as exc:
                # dask's FutureCancelledError (the scheduler lost) is concurrent.futures', not
                # asyncio's: this task being cancelled (the server closing, an undo) goes on up
                self._outage(exc)
        else:
            self._outage(None)
        self.fallbacks += 1
        return await self.local.choose(player, view, rng, priority, since)

    async def _on_cluster(
        self, player: Player, view: PlayerView, rng: random.Random, priority: int
    ) -> Action:
        self._running += 1
        try:
            future = self.client.submit(decide, player, view, rng.getstate(), pure=False, priority=-priority)
            action, after = await future
        finally:
            self._running -= 1
        rng.setstate(after)
        assert isinstance(action, Action)
        return action

    def _outage(self, exc: BaseException | None) -> None:
        """The cluster failed a decision: said once an outage; a new client is sought if dask's own
        has given up."""
        if not self.down:
            self.down = True
            why = f" ({exc})" if exc is not None else ""
            log.warning(
                "the dask cluster at %s fails%s: computer players think in this server's own processes"
                " until it answers again",
                self.address,
                why,
            )
        if self._reconnecting is None or self._reconnecting.done():
            self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect())

    async def _reconnect(self) -> None:
        """Every `RECONNECT` seconds until the cluster answers with a worker to think on: then its
        workers are warmed and decisions go back to it. A client that is not running is replaced
        by a new one at once: dask's own reconnecting waits out its connect timeout (30 s) and would
        keep the decisions here that long after the scheduler is back."""
        while True:
            await asyncio.sleep(RECONNECT)
            try:
                if self.client is None or self.client.status != "running":
                    client = await self._connect()
                    old, self.client = self.client, client
                    if old is not None:
                        with contextlib.suppress(Exception):
                            await asyncio.wait_for(old.close(), RECONNECT)
                if not await self.client.run(warm):
                    continue  # no worker yet: a scheduler without workers would hold the decisions
            except Exception as exc:  # whatever a scheduler still away answers
                log.debug("the dask cluster at %s does not answer yet: %s", self.address, exc)
                continue
            self.down = False
            log.warning("the dask cluster at %s is back: computer players think there again", self.address)
            return

    async def close(self) -> None:
        if self._reconnecting is not None:
            self._reconnecting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reconnecting
        if self.client is not None:
            await self.client.close()
            self.client = None
        await self.local.close()
