"""Computer players on a dask.distributed cluster (``noddy serve --bot-cluster ADDRESS``).

Each decision is a task on the cluster: `noddy.web.bots.decide` with the player, the seat's view
(only what that seat may know) and the state of the table's random generator, exactly what crosses
to a local worker process. A decision of a table where a person plays runs before those of tables
of computers only (dask's task priority). A worker lost mid-decision is the scheduler's to redo; a
decision whose task fails for the cluster's sake (a connection lost) is asked again, for about
15 s (`ATTEMPTS`). When the server dies its client's tasks are forgotten by the scheduler, and the
server that takes the table over asks the decision again: it is never made twice into the game.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from noddy.errors import NoddyError
from noddy.game import Action, PlayerView
from noddy.players import Player
from noddy.web.bots import PEOPLE_FIRST, decide, warm

__all__ = ["ClusterBots", "scheduler_refusal"]

log = logging.getLogger(__name__)

ATTEMPTS = 6
"""Tries of a decision that fails for the cluster's sake (0.5, 1, 2, 4, 8 s apart) before it fails."""
CONNECT_TIMEOUT = 10


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
    """Computer decisions sent to the dask scheduler at ``address``."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.client: Any = None
        self._running = 0

    @property
    def running(self) -> int:
        """Decisions sent to the cluster and not yet answered (the scheduler queues them)."""
        return self._running

    @property
    def waiting(self) -> int:
        """Decisions waiting here: none (they wait in the scheduler's queue, counted in `running`)."""
        return 0

    async def start(self) -> None:
        """Connect to the scheduler and warm each worker (`noddy.web.bots.warm`); a scheduler that
        cannot be reached is a `NoddyError` saying so."""
        from distributed import Client

        try:
            self.client = await Client(self.address, asynchronous=True, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as exc:
            raise NoddyError(
                f"cannot reach the dask scheduler at {self.address!r}: {exc}; start one (dask scheduler)"
                " and give its address, e.g. tcp://10.0.0.5:8786, or leave --bot-cluster out"
            ) from None
        await self.client.run(warm)

    async def choose(
        self, player: Player, view: PlayerView, rng: random.Random, priority: int = PEOPLE_FIRST
    ) -> Action:
        """The player's action from ``view``, decided on the cluster; ``rng`` advances exactly as if
        the player chose here."""
        self._running += 1
        try:
            attempt = 1
            while True:
                future = self.client.submit(
                    decide, player, view, rng.getstate(), pure=False, priority=-priority
                )
                try:
                    action, after = await future
                    break
                except (TimeoutError, OSError) as exc:
                    if attempt == ATTEMPTS:
                        raise
                    attempt += 1
                    log.warning("a decision on the dask cluster failed (%s); it is asked again", exc)
                    await asyncio.sleep(0.25 * 2 ** (attempt - 1))
        finally:
            self._running -= 1
        rng.setstate(after)
        assert isinstance(action, Action)
        return action

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()
            self.client = None
