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
the queue is short: a full site answers quickly and an idle one thinks fully. The event loop itself
reads each worker's socket (`_Worker`): an answer is taken and the worker handed the next decision
waiting in one callback, with no thread of the server between them (a `ProcessPoolExecutor` put two,
and three turns of the event loop, between a worker's answer and its next decision, and at a full
site the workers idled for most of that). A worker that dies is replaced and its decision asked
again of the fresh one; nothing of the table's is lost, as its generator only advances with an
answer. With no workers (``workers=0``) decisions run in a thread of the server, as before the pool
(for tests and debugging).

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
import multiprocessing.process
import os
import pickle
import random
import signal
import socket
import struct
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
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
    "PATIENCE",
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
"""How many workers a decision is tried on before it fails (a worker that dies is replaced)."""
RECEIVE = 65_536
"""The most bytes a worker's socket is read for at once (an answer is about 3 KB: the action and the
generator's state); Python allocates that much for each read before it shrinks it."""
CLOSE_WAIT = 10.0
"""Seconds `BotPool.close` waits for a worker to exit before it kills it."""

RngState = tuple[Any, ...]

PEOPLE_FIRST = 0
"""The priority of a decision at a table where a person plays; a table of computers only asks with
``PEOPLE_FIRST + 1``, and waits while decisions of the first kind are queued."""

PATIENCE = 0.4
"""Seconds of a person's wait after which its computers' decisions are ranked as if asked then
(`BotPool.choose`): a decision asked later in a long wait (a computer's second move in a row) goes
before those asked since, so that no one waits the whole queue twice; within it, first come first
served. At 100 tables against `hard` on 2 workers the queue is about 0.4 s: there this cut the p95
wait from 0.93-1.03 s to 0.81-0.87 s for a median of 385-431 ms against 347-387 (ranking by the
wait's start alone cut the p95 to 0.6 s but raised the median to 420-435 ms: bench/README.md)."""

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
        with contextlib.suppress(BrokenBarrierError):  # a worker died starting: the pool replaces it
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
        self,
        player: Player,
        view: PlayerView,
        rng: random.Random,
        priority: int = PEOPLE_FIRST,
        since: float | None = None,
    ) -> Action: ...

    async def close(self) -> None: ...


class _Job:
    """A decision (or a warming) waiting for a worker, then at one: what it sends, given the share
    of its budget the queue behind it leaves when its turn comes, and where its answer goes."""

    __slots__ = ("answer", "attempts", "due", "order", "payload", "priority")

    def __init__(
        self, payload: Payload, priority: int, due: float, order: int, answer: asyncio.Future[Any]
    ) -> None:
        self.payload = payload
        self.priority = priority
        self.due = due
        self.order = order
        self.answer = answer
        self.attempts = 1

    def rank(self) -> tuple[int, float, int, _Job]:
        """Its place in the queue: by priority, then when it is due, then first asked first served."""
        return (self.priority, self.due, self.order, self)


Payload = Callable[[float], tuple[Callable[..., Any], tuple[Any, ...]]]
"""What a job sends a worker, given its share of the budget: a function and its arguments."""

_HEADER = struct.Struct("!i")
_LONG = struct.Struct("!Q")


class _Worker:
    """A worker process and the server's end of its socket, read by the event loop itself: an
    answer is taken, and the worker given the next decision waiting, in the one callback (through
    a `ProcessPoolExecutor` that took two of the server's threads, contending for its interpreter
    lock, and three turns of the event loop, while the workers idled). Messages are framed as
    `multiprocessing.connection.Connection` frames them, which the worker reads with. A pool outlives
    an event loop (the tests run one after another): its workers listen on whichever runs it."""

    def __init__(
        self, pool: BotPool, process: multiprocessing.process.BaseProcess, channel: socket.socket
    ) -> None:
        self.pool = pool
        self.process = process
        self.channel = channel
        channel.setblocking(False)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.job: _Job | None = None
        self._in = bytearray()
        self._out = bytearray()

    def listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read the worker's answers on ``loop`` (its writes wait there too)."""
        self._forget()
        self.loop = loop
        loop.add_reader(self.channel.fileno(), self._readable)
        if self._out:
            loop.add_writer(self.channel.fileno(), self._writable)

    def _forget(self) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.remove_reader(self.channel.fileno())
            self.loop.remove_writer(self.channel.fileno())
        self.loop = None

    def _readable(self) -> None:
        try:
            data = self.channel.recv(RECEIVE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.close()
            self.pool._lost(self)
            return
        self._in += data
        while len(self._in) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self._in)
            start = _HEADER.size
            if size == -1:
                if len(self._in) < start + _LONG.size:
                    return
                (size,) = _LONG.unpack_from(self._in, start)
                start += _LONG.size
            if len(self._in) < start + size:
                return
            message = bytes(self._in[start : start + size])
            del self._in[: start + size]
            self.pool._answered(self, message)

    def send(self, data: bytes) -> None:
        """``data`` to the worker, as one message; what the socket cannot take now is written as it can."""
        size = len(data)
        frame = (_HEADER.pack(size) if size <= 0x7FFFFFFF else _HEADER.pack(-1) + _LONG.pack(size)) + data
        if self._out:
            self._out += frame
            return
        try:
            sent = self.channel.send(frame)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:
            return  # the worker is gone: its socket reads its end, and the pool replaces it
        if sent < len(frame):
            self._out += frame[sent:]
            assert self.loop is not None
            self.loop.add_writer(self.channel.fileno(), self._writable)

    def _writable(self) -> None:
        try:
            sent = self.channel.send(self._out)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            sent = len(self._out)
        del self._out[:sent]
        if not self._out and self.loop is not None:
            self.loop.remove_writer(self.channel.fileno())

    def close(self) -> None:
        self._forget()
        self.channel.close()


def _work(server: socket.socket, lifeline: Connection, gate: Barrier) -> None:
    """A worker's life: each function the server sends, run and answered in turn, until the server
    closes its socket (or its lifeline: `_worker_start`). A function's error is its answer."""
    _worker_start(lifeline, gate)
    channel = Connection(server.detach())
    while True:
        try:
            function, args = pickle.loads(channel.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, function(*args))
        except Exception as error:
            answer = (False, error)
        try:
            data = _pickled(answer)
        except Exception as error:
            data = _pickled((False, RuntimeError(f"{answer[1]!r} could not be sent back: {error}")))
        channel.send_bytes(data)


class BotPool:
    """A bounded pool of worker processes that computer players' decisions run in."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._workers: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lifeline: tuple[Connection, Connection] | None = None
        self._gate: Barrier | None = None
        self.warmed: set[int] = set()
        """The process ids of the workers `start` warmed."""
        self._waiting: list[tuple[int, float, int, _Job]] = []
        self._order = itertools.count()
        self._views = PickledViews()

    async def start(self) -> None:
        """Start the workers and warm each (`warm`), and return once they are: the first decisions
        do not wait on a worker starting."""
        if self.workers:
            warming = [self._submit(lambda _: (warm, ()), PEOPLE_FIRST) for _ in range(self.workers)]
            self.warmed = set(await asyncio.gather(*warming))

    @property
    def running(self) -> int:
        """How many decisions the workers are making now (the others wait their turn)."""
        return sum(worker.job is not None for worker in self._workers)

    @property
    def waiting(self) -> int:
        """How many decisions wait for a worker."""
        return sum(not job.answer.done() for *_, job in self._waiting)

    @property
    def fallbacks(self) -> int:
        """None: this pool is where decisions are thought (there is no cluster to fail)."""
        return 0

    def pids(self) -> list[int]:
        """The process ids of the workers running now (none before the first decision)."""
        return [worker.process.pid for worker in self._workers if worker.process.pid is not None]

    async def choose(
        self,
        player: Player,
        view: PlayerView,
        rng: random.Random,
        priority: int = PEOPLE_FIRST,
        since: float | None = None,
    ) -> Action:
        """The player's action from ``view``; ``rng`` advances exactly as if the player chose here.
        With every worker busy, the decision waits its turn: the lowest ``priority`` first, then
        the earliest of when it was asked and `PATIENCE` after ``since`` (`time.monotonic()` when
        the person began the wait it is part of, as the table's driver tells; None: now), then
        first come first served; when its turn comes it thinks with the share of its budget the
        queue behind it leaves (`budget_share`)."""
        state = rng.getstate()
        if self.workers == 0:
            action, after = await asyncio.to_thread(decide, player, view, state)
        else:

            def payload(share: float) -> tuple[Callable[..., Any], tuple[Any, ...]]:
                return decide_packed, (thinking(player, share), self._views.pack(view), state)

            action, after = await self._submit(payload, priority, since)
        rng.setstate(after)
        return action

    def _submit(self, payload: Payload, priority: int, since: float | None = None) -> asyncio.Future[Any]:
        """A job queued, and handed to a worker at once if one is idle; its answer, to await."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop = loop
            for worker in self._workers:
                worker.listen(loop)
        self._staff()
        now = time.monotonic()
        due = now if since is None else min(now, since + PATIENCE)
        job = _Job(payload, priority, due, next(self._order), loop.create_future())
        heapq.heappush(self._waiting, job.rank())
        self._dispatch()
        return job.answer

    def _dispatch(self) -> None:
        """Each idle worker given the first job waiting (cancelled ones dropped), with the share of
        its budget the queue behind it leaves."""
        while self._idle and self._waiting:
            *_, job = heapq.heappop(self._waiting)
            if job.answer.done():
                continue
            if job.answer.get_loop().is_closed():  # asked on an event loop that has ended
                continue
            share = budget_share(self.waiting, self.workers)
            try:
                data = _pickled(job.payload(share))
            except Exception as error:
                job.answer.set_exception(error)
                continue
            worker = self._idle.pop()
            worker.job = job
            worker.send(data)

    def _answered(self, worker: _Worker, message: bytes) -> None:
        """A worker's answer: the worker takes the next job waiting first, then the answer is given."""
        job, worker.job = worker.job, None
        self._idle.append(worker)
        self._dispatch()
        done, value = pickle.loads(message)
        if job is not None and not job.answer.done() and not job.answer.get_loop().is_closed():
            if done:
                job.answer.set_result(value)
            else:
                job.answer.set_exception(value)

    def _lost(self, worker: _Worker) -> None:
        """A worker's socket closed: unless the pool closed it, the worker died. Its job is asked
        again (at most `ATTEMPTS` times in all) of a fresh worker that takes its place."""
        if worker not in self._workers:
            return
        self._workers.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        worker.process.join(0)
        job, worker.job = worker.job, None
        log.warning("a computer players' worker died; a fresh one takes its place")
        if job is not None and not job.answer.done() and not job.answer.get_loop().is_closed():
            if job.attempts == ATTEMPTS:
                job.answer.set_exception(BrokenProcessPool(f"{ATTEMPTS} workers died making a decision"))
            else:
                job.attempts += 1
                heapq.heappush(self._waiting, job.rank())
        if self._waiting:
            self._staff()
            self._dispatch()

    def _staff(self) -> None:
        """As many workers as the pool has, started (each then connects, and takes a job waiting)."""
        while len(self._workers) < self.workers:
            context = multiprocessing.get_context("spawn")
            if self._lifeline is None:
                self._lifeline = context.Pipe(duplex=False)
            if self._gate is None:
                self._gate = context.Barrier(self.workers)
            ours, theirs = socket.socketpair()
            process = context.Process(
                target=_work, args=(theirs, self._lifeline[0], self._gate), name="noddy-bot", daemon=True
            )
            process.start()
            theirs.close()
            worker = _Worker(self, process, ours)
            self._workers.append(worker)
            if self._loop is not None:
                worker.listen(self._loop)
            self._idle.append(worker)

    async def close(self) -> None:
        """Shut the workers down (pending decisions are cancelled) and wait for them to exit; the
        next decision starts a fresh pool. The lifeline is closed first: each worker, seeing it
        closed, ends at once (`_worker_start`); ended otherwise, a worker took 2 s under load to
        tidy an interpreter that is about to be thrown away (Ctrl+C to a server's exit: 2.3 s)."""
        workers, self._workers, self._idle = self._workers, [], []
        lifeline, self._lifeline = self._lifeline, None
        self._gate = None
        for end in lifeline or ():
            end.close()
        running = [worker.job for worker in workers if worker.job is not None]
        for job in [job for *_, job in self._waiting] + running:
            if not job.answer.get_loop().is_closed():
                job.answer.cancel()
        for worker in workers:
            worker.close()
        self._waiting = []
        if workers:
            await asyncio.to_thread(_ended, [worker.process for worker in workers])


def _ended(processes: list[multiprocessing.process.BaseProcess]) -> None:
    """Wait for the workers to exit; one still running after `CLOSE_WAIT` seconds is killed."""
    deadline = time.monotonic() + CLOSE_WAIT
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join()
