"""Computer players think in worker processes, never on the server's event loop.

A `BotPool` runs each decision of a table's computer seat in a bounded pool of worker processes
(``spawn``ed, sized from the CPU count). What crosses to a worker is only what the seat may know,
its view (its rules and events pickled once and kept, so a table's next decision pickles only the
events since: `PickledViews`), plus the player (a small dataclass) and the state of the table's
random generator; the worker answers with the action and the generator's new state, which the
table takes over, so a game gives the same record whether a worker or the server decides. A table
asks for one decision at a time (its driver awaits each). The pool hands the workers at most one
decision each and keeps the rest in its own queue, by priority, then first come first served: a
table where a person plays comes before a table of computers only, so that nobody waits on
computers playing each other. A decision handed to a worker while others queue behind it
thinks with a share of its budget that shrinks as the queue grows (`budget_share`; a player that has
a budget, `noddy.players.Budgeted`, never goes below its own floor), and with all of it again once
the queue is short: a full site answers quickly and an idle one thinks fully. A worker that dies
breaks the pool: the pool is replaced and the decision asked again; nothing of the table's is
lost, as its generator only advances with an answer. With no workers (``workers=0``) decisions run
in a thread of the server, as before the pool (for tests and debugging).

The workers end with the server however it ends, a ``kill -9`` included: each holds the reading end
of a pipe whose only writing end is the server's, and a thread of the worker waits on it; when the
server's process is gone the pipe reads its end, and the worker exits. `BotPool.start` warms every
worker before the server answers (its imports, and a decision of each level, so that what the
players build on first use is built), so the first computer move after a start is as quick as any.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import pickle
import random
import signal
import threading
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import fields
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Barrier
from threading import BrokenBarrierError
from typing import Any, Protocol, cast

from noddy.game import Action, Event, PlayerView, new_game
from noddy.players import LEVELS, Budgeted, Player, make_player
from noddy.rules import Rules, load_rules

__all__ = [
    "PEOPLE_FIRST",
    "BotPool",
    "Bots",
    "PackedView",
    "PickledViews",
    "budget_share",
    "decide",
    "decide_packed",
    "default_workers",
    "thinking",
    "unpack_view",
    "warm",
]

log = logging.getLogger(__name__)

ATTEMPTS = 3
"""How many pools a decision is tried on before it fails (a worker that dies breaks its pool)."""

RngState = tuple[Any, ...]

PEOPLE_FIRST = 0
"""The priority of a decision at a table where a person plays; a table of computers only asks with
``PEOPLE_FIRST + 1``, and waits while decisions of the first kind are queued."""

WARM_RULES = "cribbage"
"""The rule set each worker warms up on (`BotPool.start`)."""
WARM_WAIT = 120.0
"""Seconds a worker's `warm` waits for the other workers' (they start at once; under load, slowly)."""


def default_workers() -> int:
    """The workers a server runs: ``NODDY_BOT_WORKERS``, else one for each CPU this process may use."""
    told = os.environ.get("NODDY_BOT_WORKERS")
    if told is not None:
        return max(0, int(told))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def budget_share(waiting: int, workers: int) -> float:
    """The share of its budget a decision thinks with when it goes to a worker with ``waiting``
    decisions queued behind it for ``workers`` workers: all of it while at most one a worker waits,
    else ``workers / waiting``, so the thinking queued stays about one whole decision a worker and
    the last in line waits about as long as a whole decision takes (until the players' floors
    bound the shares: `noddy.players.StrongPlayer.thinking`)."""
    if workers <= 0 or waiting <= workers:
        return 1.0
    return workers / waiting


def thinking(player: Player, share: float) -> Player:
    """``player`` thinking with ``share`` of its budget where it has one (`noddy.players.Budgeted`);
    a player without (greedy, easy, random) as it is."""
    if share < 1 and _budgeted(type(player), player):
        return cast(Budgeted, player).thinking(share)
    return player


_BUDGETED: dict[type, bool] = {}
"""Whether each type of player is `Budgeted`: checking a runtime protocol looks up each of its
members (17 µs, on the event loop, at each decision while decisions queue)."""


def _budgeted(kind: type, player: Player) -> bool:
    found = _BUDGETED.get(kind)
    if found is None:
        found = _BUDGETED[kind] = isinstance(player, Budgeted)
    return found


def decide(player: Player, view: PlayerView, rng_state: RngState) -> tuple[Action, RngState]:
    """One decision (in a worker): the player's action from its view, and its generator's new state."""
    rng = random.Random()
    rng.setstate(rng_state)
    action = player.choose(view, view.legal, rng)
    return action, rng.getstate()


def decide_packed(player: Player, view: PackedView, rng_state: RngState) -> tuple[Action, RngState]:
    """`decide` (in a worker) on a view `PickledViews.pack` sent: the view as the server holds it."""
    return decide(player, unpack_view(view), rng_state)


PackedView = tuple[dict[str, Any], bytes, tuple[bytes, ...]]
"""A view as it crosses to a worker (`PickledViews.pack`): its fields but the rules and the events,
the rules pickled, and the events pickled in stretches."""

_VIEW_FIELDS = tuple(f.name for f in fields(PlayerView) if f.name not in ("rules", "events"))

_unpickled: OrderedDict[bytes, Any] = OrderedDict()
"""In a worker: the rules and the stretches of events it was sent lately, unpickled."""
UNPICKLED = 8192
"""How many of those a worker keeps."""


def unpack_view(packed: PackedView) -> PlayerView:
    """The view `PickledViews.pack` sent. What a worker was sent lately is not unpickled again: a
    table's next decision is sent the same rules and the same stretches of events and one more, and
    unpickling a late deal's events took a worker most of a millisecond."""
    rest, rules, stretches = packed
    events = tuple(itertools.chain.from_iterable(_unpickle(stretch) for stretch in stretches))
    return PlayerView(**rest, rules=_unpickle(rules), events=events)


def _unpickle(data: bytes) -> Any:
    found = _unpickled.get(data)
    if found is None:
        found = _unpickled[data] = pickle.loads(data)
        if len(_unpickled) > UNPICKLED:
            _unpickled.popitem(last=False)
    else:
        _unpickled.move_to_end(data)
    return found


class PickledViews:
    """Views as they cross to the workers, their rules and events pickled once and kept, so that
    the next decision of a table pickles only the events since: a game's events only grow (an undo
    keeps a prefix), and a late deal's events took a millisecond a decision to pickle, and its rules
    a tenth of one, most of what the server spent to send a view. A view's events are matched against a
    kept prefix that ends in the same event (the very object) and is equal to them up to it (the
    same objects compare at once; equal events pickle the same), so a seat's own copies of a hidden
    count (`noddy.game.Event.seen_by`), which differ from another seat's, never take that seat's
    stretches; the events after the prefix are pickled as one more stretch."""

    def __init__(self, kept: int = 1024) -> None:
        self.kept = kept
        self._prefixes: OrderedDict[int, tuple[tuple[Event, ...], tuple[bytes, ...]]] = OrderedDict()
        """By the ``id`` of a prefix's last event: the prefix (which keeps its events alive, so no
        other event takes that id meanwhile) and its stretches."""
        self._rules: OrderedDict[int, tuple[Rules, bytes]] = OrderedDict()
        """By the ``id`` of a rule set: it, and it pickled."""

    def pack(self, view: PlayerView) -> PackedView:
        """``view`` as it crosses to a worker (`unpack_view` gives it back)."""
        return (
            {name: getattr(view, name) for name in _VIEW_FIELDS},
            self._pickled_rules(view.rules),
            self.events(view.events),
        )

    def events(self, events: tuple[Event, ...]) -> tuple[bytes, ...]:
        """``events`` as stretches of pickled events."""
        start, stretches = self._longest_prefix(events)
        if start < len(events):
            stretches = (*stretches, _pickled(events[start:]))
            self._prefixes[id(events[-1])] = (events, stretches)
            while len(self._prefixes) > self.kept:
                self._prefixes.popitem(last=False)
        return stretches

    def _pickled_rules(self, rules: Rules) -> bytes:
        found = self._rules.get(id(rules))
        if found is None or found[0] is not rules:
            found = self._rules[id(rules)] = (rules, _pickled(rules))
            while len(self._rules) > self.kept:
                self._rules.popitem(last=False)
        return found[1]

    def _longest_prefix(self, events: tuple[Event, ...]) -> tuple[int, tuple[bytes, ...]]:
        """The longest prefix of ``events`` kept, as its length and stretches (0 and none if none)."""
        for last in range(len(events) - 1, -1, -1):
            found = self._prefixes.get(id(events[last]))
            if found is None:
                continue
            prefix, stretches = found
            if len(prefix) == last + 1 and prefix == events[: last + 1]:
                self._prefixes.move_to_end(id(events[last]))
                return last + 1, stretches
        return 0, ()


def _pickled(value: object) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


_gate: Barrier | None = None
"""In a worker of a `BotPool`: where each worker's `warm` waits for the others' (`_worker_start`)."""


def _worker_start(lifeline: Connection, gate: Barrier) -> None:
    """In a worker, as it starts: Ctrl+C at a terminal reaches every process of the server, and
    only the server decides what stops, so a worker ignores it (it printed a KeyboardInterrupt
    traceback a worker); a thread waits on the server's pipe and ends the worker when the server's
    process is gone (its end of the pipe closed, by exit or by ``kill -9``). ``gate`` is where
    `warm` waits for every worker's warming."""
    global _gate
    _gate = gate
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        with contextlib.suppress(EOFError, OSError):
            lifeline.recv_bytes()
        os._exit(0)

    threading.Thread(target=watch, name="noddy-server-watch", daemon=True).start()


def warm() -> int:
    """In a worker: the players imported, and a decision of each level made on a game of
    `WARM_RULES`, so that what they build on first use is built before a table waits on it; then,
    in a `BotPool`'s worker, wait until every worker has warmed (so that no worker takes two
    warmings while another takes none). Return the worker's process id."""
    rules = load_rules(WARM_RULES)
    for level in LEVELS:
        state = new_game(rules, 2)
        rng = random.Random(0)
        while (chance := state.chance()) is not None:
            state = state.apply(chance.sample(rng))
        seat = state.to_act or 0
        decide(make_player(level), state.view(seat), rng.getstate())
    if _gate is not None:
        with contextlib.suppress(BrokenBarrierError):  # a worker died starting: the pool is replaced
            _gate.wait(WARM_WAIT)
    return os.getpid()


class Bots(Protocol):
    """Where computer players think: a `BotPool` of local processes, or a dask cluster
    (`noddy.web.cluster.ClusterBots`). Only the seat's view crosses, with the player and the state
    of the table's random generator."""

    @property
    def running(self) -> int:
        """Decisions being made now."""

    @property
    def waiting(self) -> int:
        """Decisions waiting for a worker."""

    @property
    def fallbacks(self) -> int:
        """Decisions thought in the server's own processes because the cluster failed them."""

    async def start(self) -> None: ...

    async def choose(
        self, player: Player, view: PlayerView, rng: random.Random, priority: int = PEOPLE_FIRST
    ) -> Action: ...

    async def close(self) -> None: ...


class BotPool:
    """A bounded pool of worker processes that computer players' decisions run in."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._lifeline: tuple[Connection, Connection] | None = None
        self.warmed: set[int] = set()
        """The process ids of the workers `start` warmed."""
        self._running = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._views = PickledViews()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            if self._lifeline is None:
                self._lifeline = context.Pipe(duplex=False)
            reading = self._lifeline[0]
            gate = context.Barrier(self.workers)
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_worker_start, initargs=(reading, gate)
            )
        return self._pool

    async def start(self) -> None:
        """Start the workers and warm each (`warm`), and return once they are: the first decisions
        do not wait on a worker starting."""
        if self.workers:
            pool = self._executor()
            warming = (asyncio.wrap_future(pool.submit(warm)) for _ in range(self.workers))
            self.warmed = set(await asyncio.gather(*warming))

    @property
    def running(self) -> int:
        """How many decisions the workers are making now (the others wait their turn)."""
        return self._running

    @property
    def waiting(self) -> int:
        """How many decisions wait for a worker."""
        return sum(not ready.done() for _, _, ready in self._waiting)

    @property
    def fallbacks(self) -> int:
        """None: this pool is where decisions are thought (there is no cluster to fail)."""
        return 0

    def pids(self) -> list[int]:
        """The process ids of the workers running now (none before the first decision)."""
        pool = self._pool
        processes = getattr(pool, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    async def choose(
        self, player: Player, view: PlayerView, rng: random.Random, priority: int = PEOPLE_FIRST
    ) -> Action:
        """The player's action from ``view``; ``rng`` advances exactly as if the player chose here.
        With every worker busy, the decision waits its turn: the lowest ``priority`` first, then
        first come first served; when its turn comes it thinks with the share of its budget the
        queue behind it leaves (`budget_share`)."""
        if self.workers == 0:
            action, after = await asyncio.to_thread(decide, player, view, rng.getstate())
        else:
            await self._turn(priority)
            try:
                share = budget_share(self.waiting, self.workers)
                action, after = await self._in_worker(thinking(player, share), view, rng.getstate())
            finally:
                self._release()
        rng.setstate(after)
        return action

    async def _turn(self, priority: int) -> None:
        """Wait until a worker is free for this decision (a worker's slot is handed on, never lost)."""
        if self._running < self.workers and not self._waiting:
            self._running += 1
            return
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), ready))
        try:
            await ready
        except asyncio.CancelledError:
            if ready.done() and not ready.cancelled():
                self._release()
            raise

    def _release(self) -> None:
        """A decision is done: its worker's slot goes to the first decision waiting, if any."""
        while self._waiting:
            _, _, ready = heapq.heappop(self._waiting)
            if not ready.done():
                ready.set_result(None)
                return
        self._running -= 1

    async def _in_worker(self, player: Player, view: PlayerView, state: RngState) -> tuple[Action, RngState]:
        attempt = 1
        while True:
            pool = self._executor()
            try:
                packed = self._views.pack(view)
                return await asyncio.wrap_future(pool.submit(decide_packed, player, packed, state))
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
        next decision starts a fresh pool. The lifeline is closed first: each worker, seeing it
        closed, ends at once (`_worker_start`); ended by the pool, a worker took 2 s under load to
        tidy an interpreter that is about to be thrown away (Ctrl+C to a server's exit: 2.3 s)."""
        pool, self._pool = self._pool, None
        lifeline, self._lifeline = self._lifeline, None
        for end in lifeline or ():
            end.close()
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
