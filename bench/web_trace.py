"""Where a person's wait goes at a loaded site: the bench server's parts, timed (``bench/web_computers.py
--trace``). Nothing of it is in the server's own code: `install` wraps, in the bench's server process
only, the bot pool's steps, the store's write, the state message and the event loop, and the workers
run `decide_timed` (this module is on their path: they start from the server's). Each computer
decision is timed in its steps, on the clock every process of the machine shares
(``time.monotonic``):

- ``queue``: from asked to a worker's slot given (`noddy.web.bots.BotPool._turn`);
- ``send``: from the slot to the worker starting the decision (packing the view, the pool's feeder
  thread, the pipe, the worker reading it);
- ``think``: the worker's decision (its CPU beside it: ``think_cpu``);
- ``back``: from the worker's answer to the event loop running the table's driver again (the pipe,
  the pool's manager thread if it has one, the event loop's queue);
- ``lag``: how long a callback another thread hands the event loop waits to run (sampled every 5 ms);
  what every step through the event loop waits, the person's move and each state sent included.

Beside them, the event loop's own CPU a person's move by its parts (`PARTS`, each by the thread's
CPU, ``NAME_ms_a_move`` and ``NAME_calls_a_move``): a move stored (``commit``, its ``store`` write
and the engine's ``apply`` inside it), the ``state_message`` s and their JSON (``message_json``), a
websocket frame received (``receive``: uvicorn's parsing) and sent (``ws_send``: framing,
compression, the transport), a client's message handled (``handle``: a person's move with its
``commit``), a worker's answer read (``readable``, with the next decision handed on), a decision
handed to a worker (``dispatch``: the view packed and pickled, the socket written), every ``view``
built, and the cyclic garbage collector by generation (``gc0``-``gc2``). The parts overlap where one
calls another (named above); what no part holds is the event loop itself, the tasks and the rest.

`summary` reads the file the server writes as it stops.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from noddy.game import Action, GameState
from noddy.web import bots, connection, store, tables

decide_packed = bots.decide_packed
thinking = bots.thinking
FOLDER = "NODDY_TRACE_DIR"
"""The environment variable naming the folder the workers write their timings in."""


def decide_timed(player: Any, packed: Any, state: Any) -> tuple[Action, Any]:
    """In a worker: `noddy.web.bots.decide_packed`, its start, end and CPU written down by the
    decision's key, which the server keeps too: the hash of its generator's numbers (not of the
    whole state: it holds None, whose hash is its address before Python 3.12) and of how many
    events its view holds (a decision that draws no number leaves the next one the same numbers)."""
    started, cpu = time.monotonic(), time.thread_time()
    answer = decide_packed(player, packed, state)
    key = hash((state[1], len(bots.unpack_view(packed).events)))
    line = f"{key} {started} {time.monotonic()} {time.thread_time() - cpu}\n"
    with open(Path(os.environ[FOLDER]) / f"worker-{os.getpid()}.txt", "a", encoding="utf-8") as out:
        out.write(line)
    return answer


class Trace:
    def __init__(self) -> None:
        self.decisions: list[dict[str, float]] = []
        self.timed: dict[str, list[float]] = {f"{name}{wall}": [] for name in PARTS for wall in ("", "_wall")}
        self.lags: list[float] = []
        self.collecting = 0.0
        self.loop: asyncio.AbstractEventLoop | None = None
        self.threads: dict[str, float] = {}
        """Each thread's CPU seconds, sampled every second (the pool's threads end before the server)."""

    def timing(self, name: str, function: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            started, wall = time.thread_time(), time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.timed[name].append(time.thread_time() - started)
                self.timed[f"{name}_wall"].append(time.perf_counter() - wall)

        return timed

    def timing_async(self, name: str, function: Any) -> Any:
        """`timing` for a coroutine function: its thread's CPU from call to return counts every task
        that ran while it awaited, so it is wrapped only where the await does not wait (a lock not
        held across an await, a transport that takes the frame at once)."""

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started, wall = time.thread_time(), time.perf_counter()
            try:
                return await function(*args, **kwargs)
            finally:
                self.timed[name].append(time.thread_time() - started)
                self.timed[f"{name}_wall"].append(time.perf_counter() - wall)

        return timed

    def collected(self, phase: str, info: dict[str, int]) -> None:
        """A `gc.callbacks` hook: the CPU of each collection, by its generation."""
        if phase == "start":
            self.collecting = time.thread_time()
        else:
            self.timed[f"gc{info['generation']}"].append(time.thread_time() - self.collecting)

    def probe(self) -> None:
        """Every 5 ms, a callback handed to the event loop from this thread; its wait to run, kept."""
        beat = 0
        while True:
            time.sleep(0.005)
            beat += 1
            if beat % 200 == 0:
                self.threads = _thread_cpu()
            if self.loop is not None:
                sent = time.monotonic()
                try:
                    self.loop.call_soon_threadsafe(lambda s=sent: self.lags.append(time.monotonic() - s))
                except RuntimeError:  # the loop closed: the server stops
                    return

    def write(self, path: Path) -> None:
        out = {"decisions": self.decisions, "lags": self.lags, "threads": self.threads, **self.timed}
        path.write_text(json.dumps(out))


def _thread_cpu() -> dict[str, float]:
    """The CPU seconds of each thread of this process so far, by its name."""
    threads = {}
    for thread in threading.enumerate():
        try:
            stat = Path(f"/proc/self/task/{thread.native_id}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        threads[f"{thread.name} ({type(thread).__name__})"] = (int(stat[11]) + int(stat[12])) / os.sysconf(
            "SC_CLK_TCK"
        )
    return threads


PARTS = (
    "commit",
    "store",
    "state_message",
    "receive",
    "ws_send",
    "handle",
    "message_json",
    "readable",
    "dispatch",
    "view",
    "apply",
    "gc0",
    "gc1",
    "gc2",
)
"""The server's parts timed by their CPU (`install`), each also summed a person's move (`summary`)."""


TRACE = Trace()


def install() -> Trace:
    """Wrap the server's parts in this process (the bench's server) and start the event loop's
    probe. Only what both the pool of today and that of before (a `ProcessPoolExecutor`) call is
    wrapped: `BotPool.start` and `choose`, and the module's `thinking` and `decide_packed`, which a
    decision calls as its turn comes, and in its worker."""
    pool = bots.BotPool
    choose, start = pool.choose, pool.start
    asked: dict[int, dict[str, float]] = {}

    async def traced_choose(
        self: bots.BotPool,
        player: Any,
        view: Any,
        rng: random.Random,
        priority: int = bots.PEOPLE_FIRST,
        since: float | None = None,
    ) -> Action:
        record = {
            "ask": time.monotonic(),
            "waiting": float(self.waiting),
            "key": hash((rng.getstate()[1], len(view.events))),
        }
        asked[id(player)] = record
        action = await choose(self, player, view, rng, priority, since)
        record["done"] = time.monotonic()
        TRACE.decisions.append(record)
        return action

    def traced_thinking(player: Any, share: float) -> Any:
        record = asked.get(id(player))
        if record is not None:
            record.update(turn=time.monotonic(), share=share)
        return thinking(player, share)

    async def traced_start(self: bots.BotPool) -> None:
        TRACE.loop = asyncio.get_running_loop()
        await start(self)

    pool.choose, pool.start = traced_choose, traced_start  # type: ignore[method-assign]
    bots.thinking = traced_thinking
    bots.decide_packed = decide_timed
    tables.TableManager.commit = TRACE.timing("commit", tables.TableManager.commit)  # type: ignore[method-assign]
    store.Store.append_action = TRACE.timing("store", store.Store.append_action)  # type: ignore[method-assign]
    connection.state_message = TRACE.timing("state_message", connection.state_message)
    sansio = WebSocketsSansIOProtocol
    sansio.data_received = TRACE.timing("receive", sansio.data_received)  # type: ignore[method-assign]
    sansio.send = TRACE.timing_async("ws_send", sansio.send)  # type: ignore[method-assign]
    connection._handle = TRACE.timing_async("handle", connection._handle)
    connection.message_json = TRACE.timing("message_json", connection.message_json)
    bots._Worker._readable = TRACE.timing("readable", bots._Worker._readable)  # type: ignore[method-assign]
    pool._dispatch = TRACE.timing("dispatch", pool._dispatch)  # type: ignore[method-assign]
    GameState.view = TRACE.timing("view", GameState.view)  # type: ignore[method-assign]
    GameState.apply = TRACE.timing("apply", GameState.apply)  # type: ignore[method-assign]
    gc.callbacks.append(TRACE.collected)
    threading.Thread(target=TRACE.probe, name="trace-probe", daemon=True).start()
    return TRACE


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    mean, median = statistics.fmean(values) * 1000, statistics.median(values) * 1000
    return f"mean {mean:.2f}, median {median:.2f}, p95 {p95 * 1000:.2f} ms"


def summary(path: Path, moves: int) -> dict[str, Any]:
    """The steps of the decisions the server timed (`install`; its workers' timings in the files
    beside ``path``), each as mean, median and p95."""
    data = json.loads(path.read_text())
    workers = {}
    for timings in path.parent.glob("worker-*.txt"):
        for line in timings.read_text().splitlines():
            key, started, ended, cpu = line.split()
            workers[int(key)] = (float(started), float(ended), float(cpu))
    made = [
        {**d, **dict(zip(("started", "ended", "cpu"), workers[d["key"]], strict=True))}
        for d in data["decisions"]
        if d["key"] in workers and "turn" in d
    ]
    steps = {
        "queue": [d["turn"] - d["ask"] for d in made],
        "send": [d["started"] - d["turn"] for d in made],
        "think": [d["ended"] - d["started"] for d in made],
        "think_cpu": [d["cpu"] for d in made],
        "back": [d["done"] - d["ended"] for d in made],
        "decision": [d["done"] - d["ask"] for d in made],
        "share": [d["share"] / 1000 for d in made],
        "lag": data["lags"],
        "commit_cpu": data["commit"],
        "store_cpu": data["store"],
        "store_wall": data["store_wall"],
        "commit_wall": data["commit_wall"],
        "state_message_cpu": data["state_message"],
    }
    out: dict[str, Any] = {name: _ms(values) for name, values in steps.items()}
    out["waiting_when_asked_mean"] = round(statistics.fmean(d["waiting"] for d in made), 1) if made else None
    out["decisions_a_move"] = round(len(made) / moves, 2) if moves else None
    out["state_messages_a_move"] = round(len(data["state_message"]) / moves, 2) if moves else None
    out["thread_cpu_s"] = data["threads"]
    for name in PARTS:
        out[f"{name}_ms_a_move"] = round(sum(data[name]) * 1000 / moves, 3) if moves else None
        out[f"{name}_calls_a_move"] = round(len(data[name]) / moves, 2) if moves else None
    return out
