"""``noddy simulate`` on more than one core (issue 27.3): games a wall-second on 1 and 2 local workers
and on a dask.distributed LocalCluster of 2 workers, and the cost of one task.

- **Scaling.** The command as a user types it, ``noddy simulate --rules cribbage --seats
  random,random --games N --workers W`` (and ``--dask ADDRESS`` at a LocalCluster of 2 single-thread
  worker processes started here), a whole process timed by the wall clock, start-up and the pool's
  start included, in interleaved rounds; the ratio is games a wall-second over one worker's. Wall
  time on a shared machine depends on the load: the load average is printed with the figures.
- **The progress bar.** The one-worker command's CPU (``os.wait4``) with its progress drawn on a
  terminal (a pseudo-terminal) and with standard error to /dev/null, in interleaved rounds.
- **Per-task overhead.** Tasks of one game each sent through `noddy.sim.batch.tally_games` to a
  local pool of 2 and to the LocalCluster: wall time per task, less a game's own time.

    .venv/bin/python bench/sim_scaling.py [--games N] [--rounds R] [--tasks T] [--bar-rounds B]
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
from pathlib import Path

from distributed import LocalCluster

from noddy.rules import load_rules
from noddy.sim import executor_for
from noddy.sim.batch import tally_games
from processes import bytecode_env

RESULTS = Path(__file__).resolve().parent / "results" / "sim_scaling.json"
ENV = bytecode_env(tempfile.mkdtemp(prefix="noddy-bench-pyc-"))
"""The commands' environment: their own bytecode cache, filled by a first run, as an installed noddy."""
COMMAND = [sys.executable, "-c", "from noddy.cli.main import main; main()", "simulate", "--rules", "cribbage"]


def command_wall(games: int, where: list[str]) -> float:
    """Wall seconds of the whole command on ``where`` (``--workers N`` or ``--dask ADDRESS``)."""
    start = time.perf_counter()
    subprocess.run(
        [*COMMAND, "--seats", "random,random", "--games", str(games), *where, "--json"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    return time.perf_counter() - start


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400_000, help="random cribbage games a run")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds")
    parser.add_argument("--tasks", type=int, default=400, help="one-game tasks for the overhead")
    parser.add_argument("--bar-rounds", type=int, help="progress bar rounds (default --rounds; 0: none)")
    args = parser.parse_args(argv)
    walls: dict[str, list[float]] = {"1 worker": [], "2 workers": [], "dask, 2 workers": []}
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        where = {
            "1 worker": ["--workers", "1"],
            "2 workers": ["--workers", "2"],
            "dask, 2 workers": ["--dask", cluster.scheduler_address],
        }
        command_wall(100, where["1 worker"])  # the bytecode cache filled
        command_wall(100, where["dask, 2 workers"])  # the cluster's workers import noddy once
        for _ in range(args.rounds):
            for label, options in where.items():
                walls[label].append(command_wall(args.games, options))
        with executor_for(None, cluster.scheduler_address) as (executor, _):
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
    one = args.games * len(walls["1 worker"]) / sum(walls["1 worker"])
    rows = []
    for label, seconds in walls.items():
        rate = args.games * len(seconds) / sum(seconds)
        rows.append({"run": label, "walls": seconds, "games_per_wall_s": rate, "ratio": rate / one})
        each = ", ".join(f"{s:.1f}" for s in seconds)
        print(f"{label:16} {rate:>10,.0f} games/wall-s  {rate / one:.2f}×  (walls {each} s)")
    print(
        f"per task: local pool {pool_task * 1000:.2f} ms, dask {dask_task * 1000:.2f} ms (wall, 1 game each)"
    )
    load = os.getloadavg()
    print(f"load average: {' '.join(f'{x:.1f}' for x in load)}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "progress_cpu": {"terminal": shown, "none": hidden},
        "games": args.games,
        "rows": rows,
        "task_ms": {"pool": pool_task * 1000, "dask": dask_task * 1000},
        "load": load,
    }
    RESULTS.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
