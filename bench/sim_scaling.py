"""``noddy simulate`` on more than one core (issue 27.3): games a wall-second on 1 and 2 local workers
and on a dask.distributed LocalCluster of 2 workers, where each process's CPU goes, and the cost of
one task.

- **Scaling.** The command as a user types it, ``noddy simulate --rules cribbage --seats
  random,random --games N --workers W`` (and ``--dask ADDRESS`` at a LocalCluster of 2 single-thread
  worker processes started here for the run, then closed, so that no cluster idles beside another
  run), a whole process timed by the wall clock, start-up and the pool's start included, in
  interleaved rounds; the ratio is games a wall-second over one worker's. Two clusters: dask's
  default configuration, and the quiet one `docs/simulate.md` advises for a small cluster
  (``QUIET``: no statistical profiler, the event loop's tick and the memory and system monitors
  polled once a second or two rather than every 20-500 ms). Wall time on a shared machine depends
  on the load: the load average is printed with the figures.
- **Was the machine quiet**: for each run, the CPU seconds other processes took meanwhile (the
  machine's busy CPU, less the run's own processes) and what the hypervisor stole.
- **Where the CPU goes**, for each run: the command's own (``os.wait4``: start-up, loading dask
  and connecting, the games it plays itself while connecting, sending tasks and merging tallies),
  the scheduler's (this process, idle but for the LocalCluster's scheduler in its thread) and each
  worker's (``psutil``); the cluster's CPU a second while idle; and from the scheduler's task
  stream (`distributed.diagnostics.task_stream.TaskStreamPlugin`) the tasks each worker ran, when
  its first began after the command started, the time between its tasks, and how long one worker
  idled at the end while the other finished (the tail).
- **The progress bar.** The one-worker command's CPU (``os.wait4``) with its progress drawn on a
  terminal (a pseudo-terminal) and with standard error to /dev/null, in interleaved rounds.
- **Per-task overhead.** Tasks of one game each sent through `noddy.sim.batch.tally_games` to a
  local pool of 2 and to a default LocalCluster: wall time per task, less a game's own time.

On a 2-core machine shared with other work, measure with that work stopped (``kill -STOP``):
``nice`` orders processes only within their own session (``sched_autogroup_enabled``).

    .venv/bin/python bench/sim_scaling.py [--games N] [--rounds R] [--tasks T] [--bar-rounds B]
                                          [--runs one,two,dask,quiet]
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path
from typing import Any

import dask
import psutil
from distributed import LocalCluster
from distributed.diagnostics.task_stream import TaskStreamPlugin

from noddy.rules import load_rules
from noddy.sim import executor_for
from noddy.sim.batch import tally_games
from processes import bytecode_env

RESULTS = Path(__file__).resolve().parent / "results" / "sim_scaling.json"
ENV = bytecode_env(tempfile.mkdtemp(prefix="noddy-bench-pyc-"))
"""The commands' environment: their own bytecode cache, filled by a first run, as an installed noddy."""
COMMAND = [sys.executable, "-c", "from noddy.cli.main import main; main()", "simulate", "--rules", "cribbage"]
QUIET: dict[str, object] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
}
"""A small cluster's dask configuration that idles at a tenth of the default's CPU (see the module
docstring): what ``docs/simulate.md`` advises for the scheduler and the workers."""
RUNS = {
    "one": ("1 worker", None),
    "two": ("2 workers", None),
    "dask": ("dask, 2 workers", {}),
    "quiet": ("dask, 2 workers, quiet", QUIET),
}
"""The runs a round: their labels and, for a dask run, its cluster's configuration."""


def machine() -> tuple[float, float]:
    """The machine's busy CPU seconds so far (every core, every process: all but idle and I/O wait)
    and the part of them the hypervisor stole."""
    times = psutil.cpu_times()
    return sum(times) - times.idle - getattr(times, "iowait", 0.0), getattr(times, "steal", 0.0)


def command(games: int, where: list[str]) -> dict[str, float]:
    """The whole command on ``where`` (``--workers N`` or ``--dask ADDRESS``): its wall seconds, its
    CPU seconds (user + system, its forked workers' included), the time it started (``time.time``,
    as dask's), and the machine's busy and stolen CPU seconds meanwhile."""
    began = time.time()
    busy, stolen = machine()
    start = time.perf_counter()
    args = [*COMMAND, "--seats", "random,random", "--games", str(games), *where, "--json"]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status:
        raise SystemExit(f"the command failed: {' '.join(args)}")
    after, stolen_after = machine()
    cpu = usage.ru_utime + usage.ru_stime
    return {"wall": wall, "cpu": cpu, "began": began, "busy": after - busy, "steal": stolen_after - stolen}


def cpu_of(processes: list[psutil.Process]) -> list[float]:
    """Each process's CPU seconds so far (user + system)."""
    return [sum(p.cpu_times()[:2]) for p in processes]


@contextmanager
def cluster(
    config: dict[str, object],
) -> Iterator[tuple[LocalCluster, TaskStreamPlugin, list[psutil.Process]]]:
    """A LocalCluster of 2 single-thread worker processes under ``config``, its task stream recorded,
    and the processes whose CPU is its: this one (the scheduler's thread) and the two workers."""
    with (
        dask.config.set(config),
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as made,
    ):
        stream = TaskStreamPlugin(made.scheduler)
        made.scheduler.add_plugin(stream)  # before any client: no transition runs meanwhile
        here = psutil.Process()
        workers = [p for p in here.children() if "resource_tracker" not in " ".join(p.cmdline())]
        yield made, stream, [here, *workers]


def stream_facts(records: list[dict[str, Any]], began: float, wall: float) -> dict[str, Any]:
    """From a run's task stream: each worker's tasks, when its first began and its last ended after
    the command started, its busy seconds and the seconds between its tasks; and the tail, how long
    the first worker to finish idled before the last did."""
    spans: dict[str, list[tuple[float, float]]] = {}
    for record in records:
        for step in record["startstops"]:
            if step["action"] == "compute":
                spans.setdefault(record["worker"], []).append((step["start"], step["stop"]))
    workers = []
    for runs in spans.values():
        runs.sort()
        workers.append(
            {
                "tasks": len(runs),
                "first_start": runs[0][0] - began,
                "last_stop": runs[-1][1] - began,
                "busy": sum(stop - start for start, stop in runs),
                "between": sum(b[0] - a[1] for a, b in pairwise(runs)),
            }
        )
    stops = [w["last_stop"] for w in workers]
    return {"workers": workers, "tail": max(stops) - min(stops) if stops else 0.0, "wall": wall}


def dask_run(games: int, config: dict[str, object], idle: float) -> dict[str, Any]:
    """One timed command on a fresh cluster under ``config`` (warmed by a first, untimed run of 100
    games), with its CPU split by process; the cluster's idle CPU a second measured first."""
    with cluster(config) as (made, stream, processes):
        address = ["--dask", made.scheduler_address]
        command(100, address)
        before, start = cpu_of(processes), time.perf_counter()
        time.sleep(idle)
        idled = [
            (b - a) / (time.perf_counter() - start) for a, b in zip(before, cpu_of(processes), strict=True)
        ]
        seen = len(stream.buffer)
        before = cpu_of(processes)
        run = command(games, address)
        spent = [b - a for a, b in zip(before, cpu_of(processes), strict=True)]
        records = list(stream.buffer)[seen:]
    return {
        **run,
        "others": run["busy"] - run["cpu"] - sum(spent),
        "split": {"command": run["cpu"], "scheduler": spent[0], "workers": spent[1:]},
        "idle_cpu_a_second": {"scheduler": idled[0], "workers": idled[1:]},
        "stream": stream_facts(records, run["began"], run["wall"]),
    }


def command_cpu(games: int, terminal: bool) -> float:
    """CPU seconds (user + system, ``os.wait4``) of the one-worker command, its progress shown on a
    terminal (a pseudo-terminal read here: the bar is drawn) or not (standard error to /dev/null)."""
    if terminal:
        main, side = pty.openpty()
        err: int = side
    else:
        err = subprocess.DEVNULL
    args = [*COMMAND, "--seats", "random,random", "--games", str(games), "--workers", "1", "--json"]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err, env=ENV)
    if terminal:
        os.close(side)
        while True:
            ready, _, _ = select.select([main], [], [], 1.0)
            try:
                if ready and not os.read(main, 65536):
                    break
            except OSError:
                break
        os.close(main)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


def task_overhead(executor: object, tasks: int) -> float:
    """Wall seconds a one-game task costs on ``executor`` (its game's own time taken off)."""
    rules = load_rules("cribbage")
    names = ["random", "random"]
    start = time.perf_counter()
    tally_games(rules, names, tasks, 1)
    alone = time.perf_counter() - start
    start = time.perf_counter()
    tally_games(rules, names, tasks, 1, executor=executor, chunk=1, ahead=8)  # type: ignore[arg-type]
    return (time.perf_counter() - start - alone) / tasks


def show_split(label: str, runs: list[dict[str, Any]]) -> None:
    """Print where a dask row's CPU went, each round, and its task streams."""
    for run in runs:
        cpu, idle, stream = run["split"], run["idle_cpu_a_second"], run["stream"]
        workers = " + ".join(f"{w:.2f}" for w in cpu["workers"])
        idled = " + ".join(f"{w:.3f}" for w in idle["workers"])
        print(
            f"  {label}: wall {run['wall']:.2f} s; CPU command {cpu['command']:.2f}, scheduler"
            f" {cpu['scheduler']:.2f}, workers {workers} s; idle {idle['scheduler']:.3f} + {idled} CPU-s a s"
        )
        for w in stream["workers"]:
            print(
                f"    worker: {w['tasks']} tasks, first began at {w['first_start']:.2f} s, last ended at"
                f" {w['last_stop']:.2f} s, busy {w['busy']:.2f} s, {w['between']:.3f} s between tasks"
            )
        print(f"    tail {stream['tail']:.3f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400_000, help="random cribbage games a run")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds")
    parser.add_argument("--tasks", type=int, default=400, help="one-game tasks for the overhead (0: none)")
    parser.add_argument("--bar-rounds", type=int, help="progress bar rounds (default --rounds; 0: none)")
    parser.add_argument("--runs", default=",".join(RUNS), help="which runs a round (default: all)")
    parser.add_argument("--idle", type=float, default=2.0, help="seconds of an idle cluster measured")
    args = parser.parse_args(argv)
    chosen = {name: RUNS[name] for name in args.runs.split(",")}
    runs: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in chosen.values()}
    command(100, ["--workers", "1"])  # the bytecode cache filled
    for _ in range(args.rounds):
        for name, (label, config) in chosen.items():
            if config is None:
                run: dict[str, Any] = command(args.games, ["--workers", "1" if name == "one" else "2"])
                run["others"] = run["busy"] - run["cpu"]
            else:
                run = dask_run(args.games, config, args.idle)
            runs[label].append(run)
    walls = {label: [run["wall"] for run in done] for label, done in runs.items()}
    splits = {label: runs[label] for label, config in chosen.values() if config is not None}
    pool_task = dask_task = 0.0
    if args.tasks:
        with cluster({}) as (made, _, _), executor_for(None, made.scheduler_address) as (executor, _):
            dask_task = task_overhead(executor, args.tasks)
        with executor_for(2) as (executor, _):
            task_overhead(executor, 20)  # the workers started
            pool_task = task_overhead(executor, args.tasks)
    shown, hidden = 0.0, 0.0
    for _ in range(args.rounds if args.bar_rounds is None else args.bar_rounds):
        shown += command_cpu(args.games, terminal=True)
        hidden += command_cpu(args.games, terminal=False)
    if hidden:
        ratio = shown / hidden
        print(f"progress bar: {shown:.2f} CPU-s drawn on a terminal, {hidden:.2f} without ({ratio:.3f}×)")
    base = walls.get("1 worker")
    one = args.games * len(base) / sum(base) if base else None
    rows = []
    for label, seconds in walls.items():
        rate = args.games * len(seconds) / sum(seconds)
        ratios = [args.games / s / one for s in seconds] if one else []
        rows.append(
            {"run": label, "walls": seconds, "games_per_wall_s": rate, "ratio": rate / one if one else None}
        )
        each = ", ".join(f"{s:.2f}" for s in seconds)
        by_round = f"  {rate / one:.2f}× (rounds {', '.join(f'{r:.2f}' for r in ratios)})" if one else ""
        print(f"{label:24} {rate:>10,.0f} games/wall-s{by_round}  (walls {each} s)")
        own = ", ".join(f"{run['busy'] - run['others']:.2f}" for run in runs[label])
        others = ", ".join(f"{run['others']:.2f}" for run in runs[label])
        stolen = ", ".join(f"{run['steal']:.2f}" for run in runs[label])
        print(f"  CPU-s of the run's own processes: {own}; of others meanwhile: {others}; stolen: {stolen}")
        if label in splits:
            show_split(label, splits[label])
    if args.tasks:
        print(
            f"per task: local pool {pool_task * 1000:.2f} ms, dask {dask_task * 1000:.2f} ms"
            " (wall, 1 game each)"
        )
    load = os.getloadavg()
    print(f"load average: {' '.join(f'{x:.1f}' for x in load)}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "progress_cpu": {"terminal": shown, "none": hidden},
        "games": args.games,
        "rows": rows,
        "runs": runs,
        "quiet_config": QUIET,
        "task_ms": {"pool": pool_task * 1000, "dask": dask_task * 1000},
        "load": load,
    }
    RESULTS.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
