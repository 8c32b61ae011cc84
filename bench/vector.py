"""``bench/vector.py``: the batched environment's steps a CPU-second against OpenSpiel, in the same run.

A step is one decision of a seat with its observation and legal-action mask. The baseline is
OpenSpiel's C++ cribbage through pyspiel in a Python loop (``pyspiel.load_game("cribbage")``: chance
drawn uniformly, each decision's ``legal_actions_mask`` read, a uniformly random legal action; the
game gives no observation tensor, so the baseline reads none and so does less than noddy). noddy's
rows are `noddy.research.vector.VectorEnv` on cribbage, ``--envs`` games a call, in self-play and
with one learning seat against the kernel's random and greedy players, with ``copy=False`` (the
arrays handed out themselves, the fast way the docs show) and with ``copy=True`` (the default: a
copy of each, Gymnasium's vector convention), each action a uniformly
random legal one: drawn by the environment itself (``VectorEnv.sample_actions``, in the kernel,
the loop a learner exploring at random writes), or from the masks with numpy (``argmax(mask *
uniform)``). Two rates a row: the whole loop (the draw of the
actions included, as the baseline's includes its own), and the environment's ``step`` alone. Every
contender runs in turn for a slice of CPU time in each of several interleaved rounds
(``time.process_time``), so a load on the machine falls on all alike; a ratio is a rate over
OpenSpiel's rate of the same run.

Memory: the process's resident set after 0.1, 1 and 5 million self-play steps drawn by
``sample_actions`` (after the first 100,000: the arrays are allocated once, a step writes into them).

    .venv/bin/python bench/vector.py [--quick] [--rounds N] [--slice SECONDS] [--envs N] [--skip-memory]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from noddy.research.vector import VectorEnv

RESULTS = Path(__file__).resolve().parent / "results" / "vector.json"
BASELINE = "OpenSpiel cribbage (C++), pyspiel loop, mask read"


@dataclass
class Contender:
    """A loop that runs ``steps`` decisions and returns (steps done, CPU seconds in the environment)."""

    label: str
    run: Callable[[int], tuple[int, float]]
    batch: int = 1000
    steps: int = 0
    cpu: float = 0.0
    env_cpu: float = 0.0

    def run_for(self, budget: float) -> None:
        spent = 0.0
        while spent < budget:
            start = time.process_time()
            steps, in_env = self.run(self.batch)
            took = time.process_time() - start
            spent += took
            self.steps += steps
            self.cpu += took
            self.env_cpu += in_env
            if took < budget / 20:
                self.batch *= 2

    @property
    def rate(self) -> float:
        return self.steps / self.cpu if self.cpu else 0.0

    @property
    def env_rate(self) -> float:
        return self.steps / self.env_cpu if self.env_cpu else 0.0


def openspiel_loop() -> Callable[[int], tuple[int, float]] | None:
    """OpenSpiel's cribbage, decision by decision, or ``None`` if it is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("cribbage")
    rng = random.Random(0)
    state = game.new_initial_state()

    def run(steps: int) -> tuple[int, float]:
        nonlocal state
        start = time.process_time()
        done = 0
        while done < steps:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])  # equally likely outcomes
            else:
                state.legal_actions_mask(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                done += 1
        took = time.process_time() - start
        return done, took

    return run


def vector_loop(
    opponent: str, envs: int, sampled: bool = False, copy: bool = False
) -> Callable[[int], tuple[int, float]]:
    """``VectorEnv("cribbage", envs, opponent=opponent, copy=copy)``, random legal actions from
    the masks: drawn with numpy, or (``sampled``) by the environment's own ``sample_actions``."""
    env = VectorEnv("cribbage", envs, opponent=opponent, copy=copy)
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    draws = np.empty(obs["action_mask"].shape, np.float32)

    def run(steps: int) -> tuple[int, float]:
        in_env = 0.0
        calls = max(1, steps // envs)
        for _ in range(calls):
            if sampled:
                actions = env.sample_actions()
            else:
                rng.random(out=draws, dtype=np.float32)
                actions = np.argmax(obs["action_mask"] * draws, axis=1)
            start = time.process_time()
            env.step(actions)
            in_env += time.process_time() - start
        return calls * envs, in_env

    return run


def resident_mib() -> float:
    """This process's resident set now (Linux ``/proc``), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def memory(envs: int, marks: tuple[int, ...]) -> list[tuple[int, float]]:
    """The resident set after each number of self-play steps in ``marks``."""
    run = vector_loop("self", envs, sampled=True)
    done, out = 0, []
    for mark in marks:
        while done < mark:
            done += run(min(mark - done, 100_000))[0]
        out.append((done, resident_mib()))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 rounds of 0.2 s slices, a smaller memory run")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds a contender a round")
    parser.add_argument("--envs", type=int, default=256, help="games a step call (default 256)")
    parser.add_argument("--skip-memory", action="store_true", help="no memory run")
    args = parser.parse_args(argv)
    marks = (100_000, 1_000_000, 5_000_000)
    if args.quick:
        args.rounds, args.slice, marks = 2, 0.2, (100_000, 300_000, 1_000_000)
    console = Console(width=max(Console().width, 110))
    base = openspiel_loop()
    baseline = Contender(BASELINE, base) if base else None
    rows = [
        Contender(
            f"noddy VectorEnv cribbage, {args.envs} games, {label}, copy={copy}",
            vector_loop(opponent, args.envs, sampled, copy),
        )
        for opponent, label, sampled, copy in (
            ("self", "self-play, sample_actions", True, False),
            ("self", "self-play, sample_actions", True, True),
            ("random", "one seat v random, sample_actions", True, False),
            ("random", "one seat v random, sample_actions", True, True),
            ("greedy", "one seat v greedy, sample_actions", True, False),
            ("greedy", "one seat v greedy, sample_actions", True, True),
            ("self", "self-play, numpy draw", False, False),
            ("random", "one seat v random, numpy draw", False, False),
            ("greedy", "one seat v greedy, numpy draw", False, False),
        )
    ]
    everyone = ([baseline] if baseline else []) + rows
    for round_ in range(args.rounds):
        for contender in everyone:
            with console.status(f"round {round_ + 1}/{args.rounds}: {contender.label}"):
                contender.run_for(args.slice)
    base_rate = baseline.rate if baseline else 0.0
    title = (
        f"steps (decisions with observation and mask) a CPU-second, {args.rounds} interleaved rounds"
        f" (Python {platform.python_version()})"
    )
    table = Table(title=title, show_edge=False)
    for column in ("environment", "steps", "steps/CPU-s", "ratio", "step() alone/CPU-s", "ratio"):
        table.add_column(column, justify="left" if column == "environment" else "right")
    results: list[dict[str, Any]] = []
    for contender in everyone:
        ratio = contender.rate / base_rate if base_rate else None
        alone = contender.env_rate / base_rate if base_rate and contender is not baseline else None
        results.append(
            {
                "label": contender.label,
                "steps": contender.steps,
                "cpu_seconds": contender.cpu,
                "steps_per_cpu_s": contender.rate,
                "env_steps_per_cpu_s": contender.env_rate,
                "ratio_to_openspiel": ratio,
                "env_ratio_to_openspiel": alone,
            }
        )
        table.add_row(
            contender.label,
            f"{contender.steps:,}",
            f"{contender.rate:,.0f}",
            f"{ratio:.1f}×" if ratio is not None else "-",
            f"{contender.env_rate:,.0f}" if contender is not baseline else "-",
            f"{alone:.1f}×" if alone is not None else "-",
        )
    console.print(table)
    if baseline is None:
        console.print("OpenSpiel is not installed (pip install -e '.[bench]'): no ratios.")
    data: dict[str, Any] = {"rounds": args.rounds, "slice": args.slice, "envs": args.envs, "rows": results}
    if not args.skip_memory:
        resident = memory(args.envs, marks)
        data["memory"] = [{"steps": steps, "resident_mib": mib} for steps, mib in resident]
        text = ", ".join(f"{steps:,} steps {mib:.1f} MiB" for steps, mib in resident)
        console.print(f"resident set, self-play, {args.envs} games: {text}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
