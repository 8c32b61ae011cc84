"""Computer players think in worker processes, never on the server's event loop.

A `BotPool` runs each decision of a table's computer seat in a bounded pool of worker processes
(``spawn``ed, sized from the CPU count). What crosses
to a worker is only what the seat may know, its view, plus the player (a small dataclass) and the
state of the table's random generator; the worker answers with the action and the generator's new
state, which the table takes over, so a game gives the same record whether a worker or the server
decides. A table asks for one decision at a time (its driver awaits each), and the pool's queue is
first come first served, so tables share the workers fairly. A worker that dies breaks the pool: the
pool is replaced and the decision asked again; nothing of the table's is lost, as its generator only
advances with an answer. With no workers (``workers=0``) decisions run in a thread of the server, as
before the pool (for tests and debugging).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from noddy.game import Action, PlayerView
from noddy.players import Player

__all__ = ["BotPool", "default_workers"]

log = logging.getLogger(__name__)

ATTEMPTS = 3
"""How many pools a decision is tried on before it fails (a worker that dies breaks its pool)."""

RngState = tuple[Any, ...]


def default_workers() -> int:
    """The workers a server runs: ``NODDY_BOT_WORKERS``, else one for each CPU this process may use."""
    told = os.environ.get("NODDY_BOT_WORKERS")
    if told is not None:
        return max(0, int(told))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def decide(player: Player, view: PlayerView, rng_state: RngState) -> tuple[Action, RngState]:
    """One decision (in a worker): the player's action from its view, and its generator's new state."""
    rng = random.Random()
    rng.setstate(rng_state)
    action = player.choose(view, view.legal, rng)
    return action, rng.getstate()


def _ready() -> int:
    """Nothing (in a worker): unpickling this imports this module, so the players, ahead of need."""
    return os.getpid()


class BotPool:
    """A bounded pool of worker processes that computer players' decisions run in."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    def start(self) -> None:
        """Start the workers now (each imports the players), so the first decisions do not wait."""
        if self.workers:
            pool = self._executor()
            for _ in range(self.workers):
                pool.submit(_ready)

    def pids(self) -> list[int]:
        """The process ids of the workers running now (none before the first decision)."""
        pool = self._pool
        processes = getattr(pool, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    async def choose(self, player: Player, view: PlayerView, rng: random.Random) -> Action:
        """The player's action from ``view``; ``rng`` advances exactly as if the player chose here."""
        if self.workers == 0:
            action, after = await asyncio.to_thread(decide, player, view, rng.getstate())
        else:
            action, after = await self._in_worker(player, view, rng.getstate())
        rng.setstate(after)
        return action

    async def _in_worker(self, player: Player, view: PlayerView, state: RngState) -> tuple[Action, RngState]:
        attempt = 1
        while True:
            pool = self._executor()
            try:
                return await asyncio.wrap_future(pool.submit(decide, player, view, state))
            except BrokenProcessPool:
                if attempt == ATTEMPTS:
                    raise
                attempt += 1
                log.warning("a computer players' worker died; a fresh pool takes the decision")
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Shut the workers down (pending decisions are cancelled) and wait for them to exit; the
        next decision starts a fresh pool."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
