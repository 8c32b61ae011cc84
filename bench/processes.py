"""``make bench`` (whole processes): noddy's commands against baselines run in the same rounds.

Each pair runs as separate processes, baseline and noddy in turn, in interleaved rounds (the order
swapped every round); each process's own CPU time (user + system) and peak resident memory come from
``os.wait4``. The table shows the best round of each and the ratio noddy / baseline (lower is better).

- **start-up**: ``noddy score "5h 5d 5c Js" --turnup 5s --rules cribbage`` against its floor,
  ``bench/startup_floor.py``: the smallest typer + rich program that prints the same table (a typer
  app with the same options, rich's Console and Table; the two outputs must be equal). Goal: CPU
  within 1.3x. The pair runs three times the rounds (15 by default): a process of a tenth of a
  second is measured to a few milliseconds on a shared machine, single rounds spread widely, and
  the best of more rounds is the steadier figure;
- **analyze**: ``noddy analyze hands --rules cribbage --json`` against the numpy table method in
  ``bench/analyze_reference.py`` (goal: CPU within 3x, peak memory no higher); the two
  distributions must be equal;
- **simulate memory**: the peak memory of ``noddy simulate`` (random players, willughby, one worker)
  for twice as many games (20,000), against 10,000 games: statistics are streamed, so memory grows
  only while the engine's memo of announced hands (bounded at 100,000 hands) fills.

Every process runs from bytecode, as an installed noddy does (pip compiles it when it installs):
the children get a fresh bytecode cache (``PYTHONPYCACHEPREFIX``, even where
``PYTHONDONTWRITEBYTECODE`` is set) and each command runs once, untimed, to fill it.

    .venv/bin/python bench/processes.py [--quick] [--rounds N] [--only start-up,analyze,simulate]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "processes.json"
PAIRS = ("start-up", "analyze", "simulate")


@dataclass(frozen=True)
class Result:
    """One finished process: its CPU seconds (user + system), peak memory in MiB, and its output."""

    cpu: float
    peak_mib: float
    stdout: str


def noddy_command() -> list[str]:
    """How to run noddy from this interpreter (the source tree on PYTHONPATH wins, as in the tests)."""
    return [sys.executable, "-c", "from noddy.cli.main import main; main()"]


def run_process(command: Sequence[str], env: dict[str, str] | None = None) -> Result:
    """Run ``command`` to the end and measure it alone (not its siblings) with ``os.wait4``; ``env``
    is the child's environment (this one's when not given)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        process = subprocess.Popen(list(command), stdout=out, stderr=subprocess.PIPE, text=True, env=env)
        assert process.stderr is not None
        errors = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed ({process.returncode}): {errors[-2000:]}")
        out.seek(0)
        return Result(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read())


def table_of(title: str, rows: list[dict[str, Any]]) -> Table:
    """A rich table of result rows (dicts), their keys as columns (each round's figures are left to
    the JSON)."""
    table = Table(title=title, show_edge=False)
    keys = [key for key in rows[0] if not key.startswith("rounds")]
    for key in keys:
        table.add_column(key.replace("_", " "), justify="left" if key == "name" else "right")
    for row in rows:
        table.add_row(*(f"{row[k]:,}" if isinstance(row[k], int) else str(row[k]) for k in keys))
    return table


def bytecode_env(cache: str) -> dict[str, str]:
    """The children's environment: bytecode written to and read from ``cache``."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": cache}


def compare(
    name: str,
    baseline: Sequence[str],
    ours: Sequence[str],
    rounds: int,
    console: Console,
    env: dict[str, str],
    warm: bool = True,
) -> tuple[dict[str, Any], Result, Result]:
    """Run ``baseline`` and ``ours`` in interleaved rounds (after one untimed run of each to write
    their bytecode, if ``warm``); the best CPU and peak memory of each."""
    runs: dict[str, list[Result]] = {"baseline": [], "noddy": []}
    with console.status(name) as status:
        if warm:
            status.update(f"{name}: compiling (one untimed run of each)")
            run_process(baseline, env)
            run_process(ours, env)
        for r in range(rounds):
            order = [("baseline", baseline), ("noddy", ours)]
            for who, command in order if r % 2 == 0 else reversed(order):
                status.update(f"{name}: round {r + 1} of {rounds}, {who}")
                runs[who].append(run_process(command, env))
    base_cpu = min(r.cpu for r in runs["baseline"])
    our_cpu = min(r.cpu for r in runs["noddy"])
    base_mem = min(r.peak_mib for r in runs["baseline"])
    our_mem = min(r.peak_mib for r in runs["noddy"])
    row = {
        "name": name,
        "baseline_cpu_s": round(base_cpu, 3),
        "noddy_cpu_s": round(our_cpu, 3),
        "cpu_ratio": round(our_cpu / base_cpu, 2),
        "baseline_peak_mib": round(base_mem, 1),
        "noddy_peak_mib": round(our_mem, 1),
        "memory_ratio": round(our_mem / base_mem, 2),
        "rounds_cpu_ratio": [
            round(o.cpu / b.cpu, 2) for o, b in zip(runs["noddy"], runs["baseline"], strict=True)
        ],
    }
    return row, runs["baseline"][-1], runs["noddy"][-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and games, for a quick look")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 5, or 3 with --quick)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON results")
    parser.add_argument(
        "--only", default=",".join(PAIRS), help=f"which pairs, comma-separated (default {','.join(PAIRS)})"
    )
    args = parser.parse_args(argv)
    only = set(args.only.split(","))
    unknown = ", ".join(sorted(only - set(PAIRS)))
    if unknown:
        parser.error(f"--only: unknown {unknown}; choose from {', '.join(PAIRS)}")
    rounds = args.rounds or (3 if args.quick else 5)
    games = 1_000 if args.quick else 10_000
    console = Console(width=max(Console().width, 110))
    console.print(
        f"noddy bench (whole processes, {rounds} interleaved rounds, CPU time and peak memory)\n"
        f"python {platform.python_version()}, {os.cpu_count()} cpus, {platform.platform()}"
    )
    python = sys.executable
    rows = []
    with tempfile.TemporaryDirectory(prefix="noddy-bench-pyc-") as cache:
        env = bytecode_env(cache)
        if "start-up" in only:
            hand = ["score", "5h 5d 5c Js", "--turnup", "5s", "--rules", "cribbage"]
            row, floor, ours = compare(
                "start-up: noddy score vs its floor (typer + rich print the same)",
                [python, str(HERE / "startup_floor.py"), *hand[1:]],
                [*noddy_command(), *hand],
                rounds * 3,
                console,
                env,
            )
            if floor.stdout != ours.stdout:
                raise SystemExit("noddy score and bench/startup_floor.py print different counts")
            rows.append(row)
        if "analyze" in only:
            row, reference, ours = compare(
                "analyze hands --rules cribbage vs numpy table method",
                [python, str(HERE / "analyze_reference.py")],
                [*noddy_command(), "analyze", "hands", "--rules", "cribbage", "--json"],
                rounds,
                console,
                env,
            )
            theirs, mine = json.loads(reference.stdout), json.loads(ours.stdout)
            if theirs["histogram"] != mine["histogram"]:
                raise SystemExit("noddy analyze and the numpy table method give different distributions")
            rows.append(row)
        if "simulate" in only:
            simulate = [*noddy_command(), "simulate", "--rules", "willughby", "--players", "random,random"]
            simulate += ["--workers", "1", "--json", "--games"]
            row, _, _ = compare(
                f"simulate memory: {2 * games:,} games vs {games:,}",
                [*simulate, str(games)],
                [*simulate, str(2 * games)],
                max(1, rounds // 3),
                console,
                env,
                warm=False,
            )
            rows.append(row)
    console.print(table_of("whole processes (best round of each; ratios noddy / baseline)", rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"rounds": rounds, "rows": rows}, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
