"""``make bench`` (web, several servers): one site on several ``noddy serve`` processes (issue 26).

A throwaway PostgreSQL cluster (the tests' ``tests/web/pg.py``) and, in the same run and in turn:
``one``, one server with its local worker processes (``--workers``, default 2); ``site``, two servers
and a dask ``LocalCluster`` of two single-threaded workers (``--bot-cluster``); ``site+kill``, the
same with one server killed (SIGKILL) every ``--kill-every`` seconds and started again. Each is
loaded by this process with ``--tables`` tables of a person (played here, random legal moves as
fast as the servers answer) against one ``--level`` computer, cribbage, for ``--seconds``; a
person's connection goes to a random server that answers at each (re)connect (as a balancer that
health-checks sends it: not to one still starting), and reconnects by choice
after a move with chance ``--hop``; a finished game is followed by its rematch. The ack is from
``act`` to the first state past it; the computer wait from ``act`` to the person's turn again.
``back``: from a connection dropped (its server killed) to the next state at another server.
Checked after each run from the database: every acknowledged move stored at its number (lost: 0),
each table's moves replay (a move stored twice would not). CPU seconds of the servers, the dask
workers and PostgreSQL, per stored move, give the scaling on paper. Bounded in time everywhere.

    .venv/bin/python bench/web_site.py [--tables 100] [--seconds 240] [--level hard] [--kill-every 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "web"))
from pg import Cluster  # noqa: E402  (the tests' throwaway cluster)

from noddy.record import GameRecord, Seat, parse_action  # noqa: E402
from noddy.rules import load_rules  # noqa: E402
from noddy.web.store import Store  # noqa: E402
from web import HOST, free_port, percentile  # noqa: E402

RESULTS = HERE / "results" / "web_site.json"
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_of(pid: int) -> float:
    """CPU seconds of a live process and of its children it reaped (0 once gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(f) for f in fields[11:15]) / TICKS


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (started from any of its threads)."""
    children: list[str] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children += (task / "children").read_text().split()
        except OSError:
            continue
    return [int(c) for c in children] + [d for c in children for d in descendants(int(c))]


class Server:
    """``noddy serve`` in its own process, on a fixed port (a restart comes back on it)."""

    def __init__(self, url: str, *options: str) -> None:
        self.url, self.options = url, options
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.cpu = 0.0
        """CPU seconds of the processes of this server that ended."""
        self.ready = False
        """Whether it answers (the balancer's health check): a person connects only to those ready."""

    def start(self) -> None:
        command = [sys.executable, "-m", "noddy", "serve", "--db", self.url, "--port", str(self.port)]
        command += ["--bot-delay", "0", "--proxy", "127.0.0.1", *self.options]
        self.log = Path(tempfile.gettempdir()) / f"noddy-bench-server-{self.port}.log"
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
        end = time.monotonic() + 300
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"a server stopped as it started: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"http://{HOST}:{self.port}/api/tables", timeout=5).status_code == 200:
                    self.ready = True
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("a server did not start in 300 s")

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, sig: int = signal.SIGTERM) -> None:
        self.ready = False
        if self.process is not None and self.process.poll() is None:
            workers = descendants(self.process.pid)
            self.cpu += sum(cpu_of(w) for w in workers)  # up to now: killed, they are not reaped here
            self.process.send_signal(sig)
            _, _, usage = os.wait4(self.process.pid, 0)
            self.cpu += usage.ru_utime + usage.ru_stime
        self.process = None

    def running_cpu(self) -> float:
        if not self.alive:
            return self.cpu
        assert self.process is not None
        return self.cpu + cpu_of(self.process.pid) + sum(cpu_of(w) for w in descendants(self.process.pid))


class Tally:
    def __init__(self) -> None:
        self.acks: list[float] = []
        self.waits: list[float] = []
        self.backs: list[float] = []
        self.back_parts: list[tuple[float, float, int]] = []
        """Of each return: seconds until a connection opened, then until the first state, and the
        connection attempts it took."""
        self.games: dict[int, int] = {}
        self.acknowledged: list[tuple[str, int, str]] = []
        self.drops = 0
        self.refused = 0


async def person(
    number: int, servers: list[Server], level: str, deadline: float, hop: float, tally: Tally
) -> None:
    """One person's table (and its rematches) until the deadline."""
    rng = random.Random(number)
    tally.games[number] = 0
    body = {
        "rules": "cribbage",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "computer", "level": level}],
    }
    headers = {"X-Forwarded-For": f"10.{number // 250}.{number % 250}.1"}
    made: dict[str, Any] = {}
    while not made and time.monotonic() < deadline:
        port = rng.choice([s.port for s in servers if s.ready] or [servers[0].port])
        try:
            async with httpx.AsyncClient(timeout=60) as http:
                answer = await http.post(f"http://{HOST}:{port}/api/tables", json=body, headers=headers)
                if answer.status_code == 201:
                    made = answer.json()
        except httpx.TransportError:
            await asyncio.sleep(0.5)
    table, secret = made.get("id"), made.get("secret")
    dropped: float | None = None
    opened, attempts = 0.0, 0
    while table is not None and time.monotonic() < deadline:
        port = rng.choice([s.port for s in servers if s.ready] or [servers[0].port])
        attempts += 1
        try:
            async with websockets.connect(f"ws://{HOST}:{port}/ws/{table}", open_timeout=10) as ws:
                opened = time.monotonic()
                await ws.send(json.dumps({"type": "hello", "secret": secret}))
                sent: tuple[float, int, str] | None = None
                acked = False
                while time.monotonic() < deadline:
                    try:
                        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
                    except TimeoutError:
                        return
                    if message["type"] == "error" and message.get("about") == "act":
                        tally.refused += 1
                        sent = None
                        continue
                    if message["type"] == "rematch":
                        table = message["table"]
                        break
                    if message["type"] != "state":
                        continue
                    if dropped is not None:
                        now = time.monotonic()
                        tally.backs.append(now - dropped)
                        tally.back_parts.append((opened - dropped, now - opened, attempts))
                        dropped = None
                    attempts = 0
                    view = message["view"]
                    if sent is not None and message["seq"] >= sent[1]:
                        if not acked:
                            acked = True
                            tally.acks.append(time.perf_counter() - sent[0])
                            tally.acknowledged.append((table, sent[1], sent[2]))
                        mine = view["to_act"] == 0 and view["legal"]
                        if mine or message["status"] == "over":
                            tally.waits.append(time.perf_counter() - sent[0])
                            sent = None
                            if rng.random() < hop:
                                break
                    if message["status"] == "over":
                        tally.games[number] += 1
                        await ws.send(json.dumps({"type": "rematch"}))
                        continue
                    if sent is None and view["to_act"] == 0 and view["legal"]:
                        text = str(rng.choice(view["legal"]))
                        sent, acked = (time.perf_counter(), message["seq"] + 1, text), False
                        await ws.send(json.dumps({"type": "act", "action": text, "seq": message["seq"]}))
        except (websockets.ConnectionClosed, OSError, TimeoutError):
            tally.drops += 1
            dropped = time.monotonic() if dropped is None else dropped
            await asyncio.sleep(0.5)  # as the page waits before it reconnects


def check(url: str, tally: Tally) -> dict[str, int]:
    """Lost acknowledged moves, and tables whose stored moves do not replay, from the database."""
    store = Store(url)
    try:
        lost = 0
        stored: dict[str, list[str]] = {}
        for table, number, text in tally.acknowledged:
            moves = stored.setdefault(table, store.actions(table))
            lost += not (len(moves) >= number and moves[number - 1] == f"0: {text}")
        broken = 0
        rows = store.tables(limit=100_000)
        for row in rows:
            try:
                seats = tuple(Seat(s.name, s.kind) for s in row.seats)
                actions = tuple(parse_action(t) for t in store.actions(row.id))
                GameRecord(
                    load_rules(row.preset, row.overrides), row.players, row.partners, seats, actions
                ).final()
            except Exception:
                broken += 1
        with store.engine.connect() as conn:
            from sqlalchemy import text

            moves = int(conn.execute(text("SELECT count(*) FROM noddy_actions")).scalar_one())
        return {"lost": lost, "not_replaying": broken, "tables_stored": len(rows), "moves_stored": moves}
    finally:
        store.close()


def run(kind: str, cluster: Cluster, args: argparse.Namespace) -> dict[str, Any]:
    url = cluster.database()
    dask = None
    if kind == "one":
        servers = [Server(url, "--bot-workers", str(args.workers))]
    else:
        from distributed import LocalCluster

        dask = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        servers = [Server(url, "--bot-cluster", dask.scheduler_address) for _ in range(2)]
    for server in servers:
        server.start()
    postgres_pid = int((cluster.data / "postmaster.pid").read_text().split()[0])
    pg_before = cpu_of(postgres_pid) + sum(cpu_of(p) for p in descendants(postgres_pid))
    dask_before = _dask_cpu(dask)
    tally = Tally()
    kills: list[float] = []

    async def killer(deadline: float) -> None:
        while time.monotonic() + args.kill_every < deadline:
            await asyncio.sleep(args.kill_every)
            victim = servers[len(kills) % len(servers)]
            victim.stop(signal.SIGKILL)
            kills.append(time.monotonic())
            await asyncio.to_thread(victim.start)

    async def load() -> None:
        deadline = time.monotonic() + args.seconds
        jobs = [person(i, servers, args.level, deadline, args.hop, tally) for i in range(args.tables)]
        if kind == "site+kill":
            jobs.append(killer(deadline))
        await asyncio.gather(*jobs)

    asyncio.run(load())
    server_cpu = sum(s.running_cpu() for s in servers)
    dask_cpu = _dask_cpu(dask) - dask_before
    pg_cpu = cpu_of(postgres_pid) + sum(cpu_of(p) for p in descendants(postgres_pid)) - pg_before
    for server in servers:
        server.stop()
    server_cpu = max(server_cpu, sum(s.cpu for s in servers))
    if dask is not None:
        dask.close()
    checked = check(url, tally)
    moves = checked["moves_stored"] or 1
    nan = [float("nan")]
    return {
        "kind": kind,
        "servers": len(servers),
        "person_moves": len(tally.acks),
        "games": sum(tally.games.values()),
        "tables_with_a_game": sum(1 for g in tally.games.values() if g),
        "ack_median_ms": statistics.median(tally.acks or nan) * 1000,
        "ack_p95_ms": percentile(tally.acks or nan, 0.95) * 1000,
        "wait_median_ms": statistics.median(tally.waits or nan) * 1000,
        "wait_p95_ms": percentile(tally.waits or nan, 0.95) * 1000,
        "wait_max_ms": max(tally.waits or nan) * 1000,
        "kills": len(kills),
        "drops": tally.drops,
        "back_worst_s": max(tally.backs or [0.0]),
        "back_p95_s": percentile(tally.backs or [0.0], 0.95),
        "back_worst_parts": max(tally.back_parts or [(0.0, 0.0, 0)], key=lambda p: p[0] + p[1]),
        "back_connect_worst_s": max((p[0] for p in tally.back_parts), default=0.0),
        "back_state_worst_s": max((p[1] for p in tally.back_parts), default=0.0),
        "refused_stale": tally.refused,
        **checked,
        "server_cpu_ms_a_move": server_cpu / moves * 1000,
        "bot_cpu_ms_a_move": (dask_cpu if dask is not None else float("nan")) / moves * 1000,
        "db_cpu_ms_a_move": pg_cpu / moves * 1000,
    }


def _dask_cpu(dask: Any) -> float:
    """CPU seconds of the dask workers' processes (the nannies' children) so far."""
    if dask is None:
        return 0.0
    return sum(cpu_of(p) for p in descendants(os.getpid()) if _is_dask(p))


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


def _is_dask(pid: int) -> bool:
    """A process spawned by multiprocessing here (the dask nannies and their workers)."""
    line = _cmdline(pid)
    return "multiprocessing" in line and "noddy" not in line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=240.0)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--workers", type=int, default=2, help="the single server's local bot workers")
    parser.add_argument("--kill-every", type=float, default=60.0)
    parser.add_argument("--hop", type=float, default=0.02, help="chance of reconnecting after a move")
    parser.add_argument("--kinds", default="one,site,site+kill")
    parser.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args()
    cluster = Cluster()
    rows = []
    try:
        for kind in args.kinds.split(","):
            started = os.getloadavg()[0]
            row = run(kind, cluster, args)
            row["load_average"] = f"{started:.1f}-{os.getloadavg()[0]:.1f}"
            rows.append(row)
            print(json.dumps(row), flush=True)
    finally:
        cluster.remove()
    args.results.parent.mkdir(parents=True, exist_ok=True)
    summary = {"tables": args.tables, "seconds": args.seconds, "level": args.level, "rows": rows}
    args.results.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(f"results written to {args.results}")


if __name__ == "__main__":
    main()
