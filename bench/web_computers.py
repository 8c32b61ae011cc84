"""``make bench`` (web, computers): what a person waits for at tables against computer players.

A local server (the one of ``bench/web.py``: uvicorn, the web app on a temporary SQLite database, no
delay before a computer acts) is loaded by this process with ``--tables`` cribbage tables, each a
person (driven here, playing random legal moves as fast as the server answers) against one computer
of a ``--levels`` level. A person's wait is the time from sending ``act`` to the first state in which
it is their turn again or the game is over: the server's round trip plus the computer's replies;
the ack is the server's round trip alone, from ``act`` to the first state that includes it.
Each level gets a fresh server in turn, ``--rounds`` times (levels alternating). Reported per level:
the waits (median, 95th percentile), the person's moves and the games finished in the time, and the
server's CPU seconds, in all (its lifetime, its reaped workers' included) and per move of the
person (which a loaded machine inflates less than the waits); and, while the tables played, the CPU
a move of the server's own process (its event loop: views, messages, the store, sending to the
workers) and of its workers (the computers' thinking), read from ``/proc`` (`cpu_split`), and of
this process (the simulated people, who share the machine). With
``--profile DIR`` each run's server process runs under cProfile and writes its statistics to
``DIR/LEVEL-ROUND.prof``. Only addresses on this machine are used; every loop is bounded in time.

    .venv/bin/python bench/web_computers.py [--quick] [--tables 100] [--seconds 60] [--levels medium,hard]
        [--workers 2] [--profile DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console
from rich.table import Table

import web_trace
from noddy.web.bots import default_workers
from web import HOST, free_port, percentile, wait_for_server
from web_trace import _ms

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "web_computers.json"


class Tally:
    """What the tables of one run measured."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self.acks: list[float] = []
        self.games = 0
        self.cut = 0
        self.sizes: list[tuple[int, int]] = []
        """With ``--trace``, each message one table received: its bytes, and its bytes deflated as
        permessage-deflate sends them (one stream a connection, each message flushed)."""
        self.lags: list[float] = []
        """How late this process's event loop woke a sleep of 5 ms (the simulated people's own wait)."""


async def play_table(
    base: str,
    ws_base: str,
    level: str,
    deadline: float,
    rng: random.Random,
    tally: Tally,
    weigh: bool = False,
) -> None:
    """A person plays games against one computer at one table until the deadline."""
    seats = [{"kind": "me"}, {"kind": "computer", "level": level}]
    request = {"rules": "cribbage", "players": 2, "seats": seats}
    async with httpx.AsyncClient(timeout=60) as http:
        response = await http.post(f"{base}/api/tables", json=request)
        response.raise_for_status()
    made = response.json()
    async with websockets.connect(f"{ws_base}/ws/{made['id']}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "secret": made["secret"]}))
        stream = zlib.compressobj(wbits=-zlib.MAX_WBITS)

        async def next_state() -> dict[str, Any] | None:
            """The next state, or None when the deadline comes first."""
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                try:
                    text = await asyncio.wait_for(ws.recv(), left)
                    message = json.loads(text)
                except TimeoutError:
                    return None
                if weigh:
                    data = text.encode() if isinstance(text, str) else text
                    sent = stream.compress(data) + stream.flush(zlib.Z_SYNC_FLUSH)
                    tally.sizes.append((len(data), len(sent) - 4))
                if message["type"] == "state":
                    return message

        state = await next_state()
        while state is not None:
            if state["status"] == "over":
                tally.games += 1
                return
            legal = state["view"]["legal"]
            if state["view"]["to_act"] != 0 or not legal:
                state = await next_state()
                continue
            started = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": rng.choice(legal), "seq": state["seq"]}))
            sent = state["seq"]
            acked = False
            while True:
                state = await next_state()
                if state is None:
                    tally.cut += 1
                    return
                if not acked and state["seq"] > sent:
                    acked = True
                    tally.acks.append(time.perf_counter() - started)
                mine = state["view"]["to_act"] == 0 and state["view"]["legal"]
                if state["seq"] > sent and (mine or state["status"] == "over"):
                    tally.waits.append(time.perf_counter() - started)
                    break


TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float, float] | None:
    """A process's parent, its own CPU seconds, and those of its children it has reaped
    (``/proc/<pid>/stat``); None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    utime, stime, cutime, cstime = (int(f) for f in fields[11:15])
    return int(fields[1]), (utime + stime) / TICK, (cutime + cstime) / TICK


def cpu_split(pid: int) -> tuple[float, float]:
    """The CPU seconds so far of a process itself and of all its descendants (the bot workers,
    live or reaped), read from ``/proc``."""
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))) is not None:
            stats[int(entry.name)] = stat
    children: dict[int, list[int]] = {}
    for child, (parent, _, _) in stats.items():
        children.setdefault(parent, []).append(child)

    def below(p: int) -> float:
        return sum(stats[c][1] + stats[c][2] + below(c) for c in children.get(p, []))

    if pid not in stats:
        return 0.0, 0.0
    return stats[pid][1], stats[pid][2] + below(pid)


def resident(pid: int) -> int:
    """The resident memory of a process and all its descendants, in bytes (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text(encoding="utf-8").split()
    except OSError:
        return 0
    rss = next((int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    return rss + sum(resident(int(child)) for child in children)


async def load(
    port: int, server: int, level: str, tables: int, seconds: float, weigh: bool = False
) -> tuple[Tally, int, tuple[float, float, float]]:
    """The tables' tally, the server's peak memory (with its workers) while they played, and the
    CPU seconds they took of the server's own process, of its workers (`cpu_split`) and of this
    process (the simulated people, on the same machine); with ``weigh``, the first table's
    messages weighed (`Tally.sizes`)."""
    base, ws_base = f"http://{HOST}:{port}", f"ws://{HOST}:{port}"
    tally = Tally()
    deadline = time.monotonic() + seconds
    rng = random.Random(7)
    peak = 0

    async def sample() -> None:
        nonlocal peak
        while True:
            peak = max(peak, resident(server))
            await asyncio.sleep(0.5)

    async def lag() -> None:
        while True:
            slept = time.monotonic()
            await asyncio.sleep(0.005)
            tally.lags.append(time.monotonic() - slept - 0.005)

    sampler = asyncio.create_task(sample())
    lagging = asyncio.create_task(lag())
    own, workers = cpu_split(server)
    people = time.process_time()
    while time.monotonic() < deadline - 0.5:
        seeds = [random.Random(rng.random()) for _ in range(tables)]
        await asyncio.gather(
            *(
                play_table(base, ws_base, level, deadline, seed, tally, weigh and i == 0)
                for i, seed in enumerate(seeds)
            )
        )
    sampler.cancel()
    lagging.cancel()
    own_after, workers_after = cpu_split(server)
    return tally, peak, (own_after - own, workers_after - workers, time.process_time() - people)


def run(
    level: str,
    tables: int,
    seconds: float,
    workers: int,
    profile: Path | None = None,
    trace: bool = False,
    deflate: bool = True,
) -> dict[str, Any]:
    """One level against a fresh server: the tally, the server's CPU seconds and peak memory (with
    ``profile``, the server's own process's cProfile statistics written there; with ``trace``, the
    steps of its computers' decisions, `web_trace`)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        traced = Path(folder) / "trace.json"
        command = [sys.executable, str(HERE / "web.py"), "--serve", str(port), url]
        command += ["--profile", str(profile)] if profile is not None else []
        command += ["--trace", str(traced)] if trace else []
        command += [] if deflate else ["--no-deflate"]
        env = {**os.environ, "NODDY_BOT_DELAY": "0", "NODDY_BOT_WORKERS": str(workers)}
        process = subprocess.Popen(command, env={**env, web_trace.FOLDER: folder} if trace else env)
        try:
            wait_for_server(port, process)
            measured = asyncio.run(load(port, process.pid, level, tables, seconds, trace))
            tally, peak, (own, thinking, people) = measured
        finally:
            process.terminate()
            _, _, usage = os.wait4(process.pid, 0)
        steps = web_trace.summary(traced, len(tally.waits)) if trace else {}
    waits = tally.waits or [float("nan")]
    acks = tally.acks or [float("nan")]
    cpu = usage.ru_utime + usage.ru_stime
    moves = len(tally.waits) or float("nan")
    return {
        "level": level,
        "moves": len(tally.waits),
        "games": tally.games,
        "cut_by_deadline": tally.cut,
        "median_ms": statistics.median(waits) * 1000,
        "p95_ms": percentile(waits, 0.95) * 1000,
        "ack_median_ms": statistics.median(acks) * 1000,
        "ack_p95_ms": percentile(acks, 0.95) * 1000,
        "server_cpu_s": cpu,
        "server_cpu_ms_a_move": cpu / moves * 1000,
        "server_own_ms_a_move": own / moves * 1000,
        "workers_ms_a_move": thinking / moves * 1000,
        "people_ms_a_move": people / moves * 1000,
        "server_peak_mb": peak / 2**20,
        "load_average": os.getloadavg()[0],
        **(
            {"ack": _ms(tally.acks), "wait": _ms(tally.waits), "people_lag": _ms(tally.lags)} if trace else {}
        ),
        **({"message_bytes": _weights(tally.sizes)} if trace else {}),
        **steps,
    }


def _weights(sizes: list[tuple[int, int]]) -> str:
    """The messages a table received: how many, and their mean bytes, as sent and deflated."""
    if not sizes:
        return "-"
    raw, deflated = (statistics.fmean(size) for size in zip(*sizes, strict=True))
    return f"{len(sizes)} messages, mean {raw:,.0f} bytes, deflated {deflated:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 tables for 10 seconds, 1 round")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=default_workers(), help="the server's bot workers")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--levels", default="medium,hard", help="computer levels, comma-separated")
    parser.add_argument("--results", type=Path, default=RESULTS, help=f"JSON written (default {RESULTS})")
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="the server compresses no websocket frame (permessage-deflate off)",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="time the steps of each computer decision in the server (web_trace)",
    )
    parser.add_argument(
        "--profile", type=Path, help="a folder: each run's server process under cProfile, statistics there"
    )
    args = parser.parse_args()
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    tables, seconds, rounds = (4, 10.0, 1) if args.quick else (args.tables, args.seconds, args.rounds)
    levels = args.levels.split(",")
    console = Console()
    rows = []
    with console.status("web computers") as status:
        for r in range(rounds):
            for level in levels if r % 2 == 0 else levels[::-1]:
                status.update(f"round {r + 1} of {rounds}: {tables} tables against {level} for {seconds:g} s")
                profile = args.profile / f"{level}-{r + 1}.prof" if args.profile is not None else None
                rows.append(
                    {
                        "round": r + 1,
                        **run(level, tables, seconds, args.workers, profile, args.trace, not args.no_deflate),
                    }
                )
    title = f"a person's wait for their turn: {tables} tables, {seconds:g} s a run, {args.workers} workers"
    table = Table(title=title, show_edge=False)
    columns = [key for key, value in rows[0].items() if key == "level" or isinstance(value, int | float)]
    for key in columns:
        table.add_column(key.replace("_", " "), justify="left" if key == "level" else "right")
    for row in rows:
        table.add_row(*(f"{row[k]:,.1f}" if isinstance(row[k], float) else str(row[k]) for k in columns))
    console.print(table)
    for row in rows if args.trace else ():
        console.print(f"round {row['round']}, {row['level']}:")
        for key, value in row.items():
            if key not in columns:
                console.print(f"  {key}: {value}")
    args.results.parent.mkdir(parents=True, exist_ok=True)
    summary = {"tables": tables, "seconds": seconds, "workers": args.workers, "rows": rows}
    args.results.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {args.results}")


if __name__ == "__main__":
    main()
