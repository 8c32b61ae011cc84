"""``bench/before_after.py``: the same benchmarks on two source trees, in the same run (issue 34).

A change that moves the kernel (or anything under the benchmarks) must leave every speed where it
was. This runs each workload below as a process on the tree before (``--base``, its kernel built
in place: ``python setup.py build_ext --inplace`` there) and on the tree after (``--new``), by
``PYTHONPATH``, in interleaved rounds (the order swapped every round), and compares them by CPU
time: a workload measures its own loop (``time.process_time``, start-up left out), a command its
whole process (``os.wait4``). A ratio is after over before (below 1: faster); the table shows the
best round of each side.

Workloads: ``noddy simulate`` (random and greedy cribbage, kernel), the research environments
(PettingZoo on the kernel and on the engine, Gymnasium on the kernel, the batched environment),
the research encoder alone on the engine's views (``encode``: every view of the seat to act in 15
seeded random cribbage games, encoded again and again: a view's observation, mask and legal actions
by index), the strong player's decision time (``hard``, cribbage, the first decisions of seeded
games), and
``noddy analyze`` (hands; a board table built afresh from deals).

    .venv/bin/python bench/before_after.py --base ../kernelc-base/src --new src [--rounds 5]
                                           [--only simulate-random,zoo-kernel,...]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

COMMANDS = {
    "simulate-random": ["simulate", "--rules", "cribbage", "--seats", "random,random", "--workers", "1",
                        "--games", "100000"],
    "simulate-greedy": ["simulate", "--rules", "cribbage", "--seats", "greedy,greedy", "--workers", "1",
                        "--games", "20000"],
    "analyze-hands": ["analyze", "hands", "--rules", "cribbage", "--json"],
    "analyze-board": ["analyze", "board", "--rules", "cribbage", "--deals", "100000", "--json"],
}


def _zoo(engine: str, games: int) -> tuple[int, float]:
    import numpy as np

    from noddy.research.pettingzoo import env

    game = env("cribbage", 2, engine=engine)
    rng = random.Random(7)
    decisions = 0
    start = time.process_time()
    for number in range(games):  # PettingZoo's own loop: every agent stepped, a finished one with None
        game.reset(seed=rng.getrandbits(32) if number == 0 else None)
        for _agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            action = None if terminated or truncated else rng.choice(legal)
            game.step(action)
            decisions += action is not None
    return decisions, time.process_time() - start


def _gym(games: int) -> tuple[int, float]:
    import numpy as np

    from noddy.research.gym import NoddyGymEnv

    env = NoddyGymEnv("cribbage", 2, opponent="random", engine="kernel")
    rng = random.Random(7)
    steps = played = 0
    start = time.process_time()
    _, info = env.reset(seed=7)
    while played < games:  # one stream of steps, a new game as each ends
        _, _, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
        steps += 1
        if terminated or truncated:
            played += 1
            _, info = env.reset()
    return steps, time.process_time() - start


def _vector(steps: int) -> tuple[int, float]:
    from noddy.research.vector import VectorEnv

    env = VectorEnv("cribbage", num_envs=64)
    env.reset(seed=7)
    start = time.process_time()
    for _ in range(steps):
        env.step(env.sample_actions())
    return steps * 64, time.process_time() - start


def _encode(rounds: int) -> tuple[int, float]:
    from noddy.game import new_game
    from noddy.research.tensors import Encoder
    from noddy.rules import load_rules

    rules = load_rules("cribbage")
    rng = random.Random(3)
    views = []
    for _ in range(15):  # every view of the seat to act in 15 random games, made before the clock starts
        state = new_game(rules, 2)
        while not state.is_over:
            chance = state.chance()
            if chance is not None:
                state = state.apply(chance.sample(rng))
                continue
            views.append(state.view(state.to_act))
            state = state.apply(rng.choice(list(state.legal_actions())))
    encoder = Encoder(rules, 2)
    start = time.process_time()
    for _ in range(rounds):
        for view in views:
            encoder.encode(view)
    return rounds * len(views), time.process_time() - start


def _strong(decisions: int) -> tuple[int, float]:
    from noddy.game import new_game
    from noddy.players import make_player
    from noddy.rules import load_rules

    rules = load_rules("cribbage")
    hard = make_player("hard")
    rng = random.Random(7)
    made, spent, game = 0, 0.0, 0
    while made < decisions:
        state = new_game(rules, 2)
        game += 1
        while not state.is_over and made < decisions:
            chance = state.chance()
            if chance is not None:
                state = state.apply(chance.sample(rng))
                continue
            legal = state.legal_actions()
            view = state.view(state.to_act)
            start = time.process_time()
            action = hard.choose(view, legal, random.Random(game * 1000 + made))
            spent += time.process_time() - start
            made += 1
            state = state.apply(action)
    return made, spent


WORKLOADS: dict[str, Any] = {
    "zoo-kernel": lambda: _zoo("kernel", 300),
    "zoo-engine": lambda: _zoo("python", 30),
    "gym-kernel": lambda: _gym(300),
    "vector": lambda: _vector(2000),
    "strong-decision": lambda: _strong(150),
    "encode": lambda: _encode(20),
}


def _measure(name: str, src: Path) -> float:
    """CPU seconds a unit (a decision, a step) of a workload, or of a whole command, on ``src``."""
    env = dict(os.environ, PYTHONPATH=str(src.resolve()))
    if name in COMMANDS:
        argv = [sys.executable, "-c", "from noddy.cli.main import main; main()", *COMMANDS[name]]
        process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        if status:
            told = process.stderr.read().decode() if process.stderr else ""
            raise SystemExit(f"{' '.join(argv)} failed on {src}: {told}")
        return usage.ru_utime + usage.ru_stime
    out = subprocess.run(
        [sys.executable, __file__, "--work", name], env=env, check=True, capture_output=True, text=True
    ).stdout.split()
    units, seconds = int(out[0]), float(out[1])
    return seconds / units


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", type=Path, help="the source tree before (its kernel built in place)")
    parser.add_argument("--new", type=Path, help="the source tree after")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--only", default="", help="comma-separated workloads (default: all)")
    parser.add_argument("--work", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        units, seconds = WORKLOADS[args.work]()
        print(units, seconds)
        return
    if args.base is None or args.new is None:
        parser.error("give --base and --new")
    names = [n for n in args.only.split(",") if n] or [*COMMANDS, *WORKLOADS]
    print(f"load {os.getloadavg()[0]:.1f}, {args.rounds} rounds, base {args.base}, new {args.new}")
    print(f"{'workload':18} {'before':>12} {'after':>12} {'after/before':>13}  (median of rounds' ratios)")
    for name in names:
        before: list[float] = []
        after: list[float] = []
        for round_ in range(args.rounds):
            sides = [(before, args.base), (after, args.new)]
            for times, src in sides if round_ % 2 == 0 else sides[::-1]:
                times.append(_measure(name, src))
        ratios = [a / b for a, b in zip(after, before, strict=True)]
        unit = "s" if name in COMMANDS else "us"
        scale = 1.0 if name in COMMANDS else 1e6
        print(
            f"{name:18} {min(before) * scale:10.2f}{unit:>2} {min(after) * scale:10.2f}{unit:>2} "
            f"{min(after) / min(before):13.3f}  ({statistics.median(ratios):.3f}; "
            f"{min(ratios):.3f}-{max(ratios):.3f})",
            flush=True,
        )
    print(f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
