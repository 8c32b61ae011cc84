"""``make bench`` (web): the round-trip time of a move with many tables playing at once, against a
bare websocket echo on the same server in the same run.

A local server (a subprocess: uvicorn, the web app on a temporary SQLite database, plus an ``/echo``
websocket) is loaded by this process: ``--tables`` tables of two people each, both seats driven here,
play random legal moves as fast as the server answers. A move's round trip is the time from sending
``act`` to receiving the first state that includes it (checked, stored and broadcast). The baseline
is the same number of connections sending a message of the same size to the echo and waiting for it.
Only addresses on this machine are used; every loop is bounded in count and time.

    .venv/bin/python bench/web.py [--quick] [--tables 50] [--seconds 8]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from fastapi import WebSocket, WebSocketDisconnect
from rich.console import Console
from rich.table import Table

RESULTS = Path(__file__).resolve().parent / "results" / "web.json"
HOST = "127.0.0.1"


def serve(
    port: int, url: str, profile: Path | None = None, trace: Path | None = None, deflate: bool = True
) -> None:
    """The server side (run in a subprocess): the web app plus a bare websocket echo; with
    ``profile``, the server's event loop (its main thread: not the threads that hand decisions to
    the bot workers, nor the workers) runs under cProfile, timed by the thread's CPU (an await
    costs nothing), and its statistics are written there as it ends (``python -m pstats``); with
    ``trace``, the steps of each computer decision and the event loop's lag are timed (`web_trace`)
    and written there as it ends. Without ``deflate`` the websockets' frames are not compressed
    (uvicorn's ``ws_per_message_deflate``)."""
    import cProfile

    import uvicorn

    from noddy.web import Limits, collect_as_a_server, create_app

    app = create_app(
        url,
        bot_delay=0,
        max_tables=10_000,
        limits=Limits(
            rate=1e6,
            burst=1e6,
            tables_rate=1e6,
            tables_burst=1e6,
            unidentified_per_address=1_000_000,
            unidentified=1_000_000,
        ),
    )

    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            while True:
                await websocket.send_text(await websocket.receive_text())
        except WebSocketDisconnect:
            return

    app.add_api_websocket_route("/echo", echo)
    profiler = cProfile.Profile(time.thread_time)
    traced = None
    if trace is not None:
        import web_trace

        traced = web_trace.install()
    if profile is not None or trace is not None:
        # uvicorn raises the signal that stopped it again once it has shut down: exit as it does
        # so, to write the statistics.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    collect_as_a_server()  # as `noddy serve` does
    if profile is not None:
        profiler.enable()
    try:
        uvicorn.run(app, host=HOST, port=port, log_level="warning", ws_per_message_deflate=deflate)
    finally:
        if profile is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        if traced is not None and trace is not None:
            traced.write(trace)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play_table(base: str, ws_base: str, deadline: float, rng: random.Random, out: list[float]) -> None:
    """Two people play one game at one table until it ends or the deadline; record each move's RTT."""
    async with httpx.AsyncClient() as http:
        response = await http.post(
            f"{base}/api/tables",
            json={"rules": "cribbage", "players": 2, "seats": [{"kind": "me"}, {"kind": "friend"}]},
        )
        response.raise_for_status()
    made = response.json()
    hellos = [{"secret": made["secret"]}, {"token": made["invites"][0]["link"].split("#")[1]}]
    sockets = [await websockets.connect(f"{ws_base}/ws/{made['id']}", max_size=2**22) for _ in hellos]
    try:
        for ws, hello in zip(sockets, hellos, strict=True):
            await ws.send(json.dumps({"type": "hello", **hello}))
        latest: list[dict[str, Any] | None] = [None, None]

        async def next_state(i: int, after: int) -> dict[str, Any]:
            while True:
                message = json.loads(await sockets[i].recv())
                if message["type"] == "state":
                    latest[i] = message
                    if message["seq"] > after:
                        return message

        for i in (0, 1):
            await next_state(i, -1)
        while time.monotonic() < deadline:
            state = latest[0]
            assert state is not None
            if state["status"] == "over":
                return
            to_act = state["view"]["to_act"]
            if to_act is None:
                await next_state(0, state["seq"])
                continue
            mine = latest[to_act]
            if mine is None or mine["seq"] < state["seq"]:
                mine = await next_state(to_act, state["seq"] - 1)
            legal = mine["view"]["legal"]
            if not legal:
                await next_state(0, state["seq"])
                continue
            started = time.perf_counter()
            act = {"type": "act", "action": rng.choice(legal), "seq": mine["seq"]}
            await sockets[to_act].send(json.dumps(act))
            await next_state(to_act, mine["seq"])
            out.append(time.perf_counter() - started)
            if to_act != 0:
                await next_state(0, mine["seq"])
    finally:
        for ws in sockets:
            await ws.close()


async def echo_client(ws_base: str, deadline: float, size: int, out: list[float]) -> None:
    async with websockets.connect(f"{ws_base}/echo") as ws:
        payload = json.dumps({"type": "act", "action": "x" * size})
        while time.monotonic() < deadline:
            started = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            out.append(time.perf_counter() - started)


async def load(port: int, tables: int, seconds: float) -> dict[str, list[float]]:
    base, ws_base = f"http://{HOST}:{port}", f"ws://{HOST}:{port}"
    echo: list[float] = []
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(echo_client(ws_base, deadline, 40, echo) for _ in range(tables * 2)))
    moves: list[float] = []
    deadline = time.monotonic() + seconds
    rng = random.Random(7)
    while time.monotonic() < deadline:
        await asyncio.gather(
            *(play_table(base, ws_base, deadline, random.Random(rng.random()), moves) for _ in range(tables))
        )
    return {"move": moves, "echo": echo}


def wait_for_server(port: int, process: subprocess.Popen[bytes]) -> None:
    end = time.monotonic() + 120
    while time.monotonic() < end:
        if process.poll() is not None:
            raise SystemExit("the bench server did not start")
        try:
            httpx.get(f"http://{HOST}:{port}/api/rules", timeout=1).raise_for_status()
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("the bench server did not answer within 120 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 tables for 3 seconds")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "URL"), help=argparse.SUPPRESS)
    parser.add_argument("--profile", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--trace", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--no-deflate", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1], args.profile, args.trace, not args.no_deflate)
        return
    tables, seconds = (10, 3.0) if args.quick else (args.tables, args.seconds)
    console = Console()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        process = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(port), url], env={**os.environ, "NODDY_BOT_DELAY": "0"}
        )
        try:
            wait_for_server(port, process)
            times = asyncio.run(load(port, tables, seconds))
        finally:
            process.terminate()
            process.wait(10)
    rows = {}
    for name, values in times.items():
        if not values:
            raise SystemExit(f"no {name} round trips were measured")
        rows[name] = {
            "count": len(values),
            "median_ms": statistics.median(values) * 1000,
            "p95_ms": percentile(values, 0.95) * 1000,
        }
    table = Table(title=f"Web round trips: {tables} tables ({tables * 2} connections), {seconds:g} s each")
    for column in ("", "round trips", "median ms", "95th pct ms", "median ×echo", "95th ×echo"):
        table.add_column(column, justify="right" if column else "left")
    echo = rows["echo"]
    for name, label in (("echo", "echo (baseline)"), ("move", "a move")):
        row = rows[name]
        row["median_ratio"] = row["median_ms"] / echo["median_ms"]
        row["p95_ratio"] = row["p95_ms"] / echo["p95_ms"]
        table.add_row(
            label,
            str(row["count"]),
            f"{row['median_ms']:.2f}",
            f"{row['p95_ms']:.2f}",
            f"{row['median_ratio']:.1f}×",
            f"{row['p95_ratio']:.1f}×",
        )
    console.print(table)
    console.print(f"[dim]{os.cpu_count()} CPUs, Python {sys.version.split()[0]}[/]")
    RESULTS.parent.mkdir(exist_ok=True)
    data = {"tables": tables, "seconds": seconds, "rows": rows}
    RESULTS.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {RESULTS}")


if __name__ == "__main__":
    main()
