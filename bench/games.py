"""``make bench`` (games): whole games a CPU-second against OpenSpiel's C++ cribbage, in the same run.

The baseline is OpenSpiel's ``pyspiel.load_game("cribbage")`` played to the end with uniformly
random actions (the chance outcomes, cards dealt, are equally likely) in a Python loop. noddy's
games are what ``noddy simulate --seats random,random --workers 1 --engine E`` plays:
`noddy.sim.play_games` in this process, each game summarised, on the compiled kernel (``kernel``:
random and greedy players) and on the readable Python engine (``python``). Every contender runs in
turn for a slice of CPU time in each of several interleaved rounds, so a load on the machine falls
on all of them alike; a rate is games over CPU seconds (``time.process_time``) summed over the
rounds, and a ratio is a rate over OpenSpiel's rate of the same run (above 1× is faster).

Rows: cribbage random v random on the kernel first, then random and greedy players on both
engines, for cribbage with two players and for every preset at each of its player counts, each
played and counted as the command does it (`noddy.sim.batch.tally_games`).

Then the command itself (issue 27), as a user types it, ``noddy simulate --rules R --seats S
--workers 1 --games N``, a whole process each round (start-up, games, statistics and the printed
report all included; its CPU by ``os.wait4``, after one untimed run fills the bytecode cache):
random cribbage over ``--command-games`` games (default 100,000: the goal, 10× OpenSpiel), greedy
v random (a fifth as many) and greedy v greedy (a tenth) cribbage, and random games of every
other preset (as many as cribbage's, so that the start-up weighs alike), each against OpenSpiel's
rate of the same run and against its preset's Python engine. Without ``open_spiel`` installed
(the ``bench`` extra) the rates are still measured and the ratios to OpenSpiel left out.

    .venv/bin/python bench/games.py [--quick] [--rounds N] [--slice SECONDS] [--presets a,b]
                                    [--command-games N] [--commands-only]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from noddy.rules import load_rules, preset_names
from noddy.sim.batch import tally_games
from processes import bytecode_env, noddy_command, run_process

RESULTS = Path(__file__).resolve().parent / "results" / "games.json"
BASELINE = "OpenSpiel cribbage (C++), random, Python loop"
START_UP = "start-up: cribbage, one game"


@dataclass
class Contender:
    """Something that plays ``n`` whole games from a seed and says how many actions they took."""

    label: str
    play: Callable[[int, int], int]
    batch: int = 1
    games: int = 0
    actions: int = 0
    cpu: float = 0.0
    seeds: int = field(default=0, repr=False)

    def run_for(self, budget: float) -> None:
        """Play batches until ``budget`` CPU seconds are spent, adjusting the batch to about a tenth."""
        spent = 0.0
        while spent < budget:
            start = time.process_time()
            actions = self.play(self.batch, self.seeds)
            took = time.process_time() - start
            self.seeds += 1
            spent += took
            self.games += self.batch
            self.actions += actions
            self.cpu += took
            if took < budget / 20:
                self.batch *= 2

    @property
    def rate(self) -> float:
        return self.games / self.cpu if self.cpu else 0.0


def openspiel_player() -> Callable[[int, int], int] | None:
    """OpenSpiel's cribbage with uniformly random actions, or ``None`` if it is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("cribbage")

    def play(n: int, seed: int) -> int:
        return spiel_random_games(game, n, random.Random(seed))

    return play


def spiel_random_games(game: Any, games: int, rng: random.Random) -> int:
    """``games`` whole games of an OpenSpiel game with uniformly random actions; the decisions made.
    Cribbage's chance outcomes (the cards left) are equally likely, so chance is one draw too."""
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions


def noddy_player(preset: str, names: tuple[str, ...], engine: str) -> Callable[[int, int], int]:
    """``noddy simulate --rules preset --seats names --workers 1 --engine engine``'s games, here:
    played and counted as the command counts them (`noddy.sim.batch.tally_games`)."""
    rules = load_rules(preset)

    def play(n: int, seed: int) -> int:
        return tally_games(rules, names, n, seed, engine=engine).actions

    return play


@dataclass
class Command:
    """``noddy simulate`` as a user types it, a whole process (start-up, games, statistics, report),
    measured alone by ``os.wait4``: its user + system CPU."""

    label: str
    args: list[str]
    games: int
    preset: str
    runs: int = 0
    cpu: float = 0.0

    def run(self, env: dict[str, str]) -> None:
        result = run_process([*noddy_command(), "simulate", *self.args, "--games", str(self.games)], env)
        self.runs += 1
        self.cpu += result.cpu

    @property
    def rate(self) -> float:
        return self.games * self.runs / self.cpu if self.cpu else 0.0


def commands(presets: list[str], games: int) -> list[Command]:
    """The whole command: random cribbage (``games``, the goal), greedy cribbage (a fifth and a
    tenth of ``games``), and random games of every preset at two players (``games`` too)."""
    fixed = ["--workers", "1", "--seed", "1"]
    rows = [
        Command(START_UP, ["--rules", "cribbage", "--seats", "random,random", *fixed], 1, "cribbage"),
        Command(
            "cribbage, random v random",
            ["--rules", "cribbage", "--seats", "random,random", *fixed],
            games,
            "cribbage",
        ),
        Command(
            "cribbage, greedy v random",
            ["--rules", "cribbage", "--seats", "greedy,random", *fixed],
            games // 5,
            "cribbage",
        ),
        Command(
            "cribbage, greedy v greedy",
            ["--rules", "cribbage", "--seats", "greedy,greedy", *fixed],
            games // 10,
            "cribbage",
        ),
    ]
    for name in presets:
        if name != "cribbage":
            args = ["--rules", name, "--seats", "random,random", *fixed]
            rows.append(Command(f"{name}, random v random", args, games, name))
    return rows


def command_table(rows: list[Command], base_rate: float, python_rates: dict[str, float]) -> Table:
    """The whole commands' games a CPU-second, against OpenSpiel's and the preset's Python engine's;
    and, the one-game command's CPU (the start-up) taken off each run, the games' own rate against
    the Python engine's (which has no start-up in it)."""
    table = Table(
        title="noddy simulate ... --workers 1, whole processes (start-up included)", show_edge=False
    )
    columns = ("command", "games", "games/CPU-s", "× OpenSpiel", "× its Python engine", "start-up off")
    for column in columns:
        table.add_column(column, justify="left" if column == "command" else "right")
    start_up = next((row.cpu / row.runs for row in rows if row.label == START_UP and row.runs), 0.0)
    for row in rows:
        python = python_rates.get(row.preset, 0.0)
        games_cpu = row.cpu - row.runs * start_up
        alone = row.games * row.runs / games_cpu if games_cpu > 0 and row.label != START_UP else 0.0
        table.add_row(
            row.label,
            f"{row.games:,}",
            f"{row.rate:,.0f}",
            f"{row.rate / base_rate:.2f}×" if base_rate else "-",
            f"{row.rate / python:,.0f}×" if python else "-",
            f"{alone / python:,.0f}×" if python and alone else "-",
        )
    return table


def contenders(presets: list[str], commands_only: bool = False) -> tuple[Contender | None, list[Contender]]:
    """The baseline (if installed) and noddy's rows: cribbage first, then every preset and table
    (``commands_only``: only what the commands' table needs, random games on the Python engine)."""
    baseline = openspiel_player()
    tables = [("cribbage", 2)] + [
        (name, n)
        for name in presets
        for n in load_rules(name).player_counts
        if (name, n) != ("cribbage", 2) and (n == 2 or not commands_only)
    ]
    rows = []
    for name, n in tables:
        for player in ("random",) if commands_only else ("random", "greedy"):
            for engine in ("python",) if commands_only else ("kernel", "python"):
                label = f"noddy {name}, {n} players, {player}, {engine}"
                rows.append(Contender(label, noddy_player(name, (player,) * n, engine)))
    return (Contender(BASELINE, baseline) if baseline else None), rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 rounds of 0.1 s slices, for a look")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--slice", type=float, default=0.5, help="CPU seconds a contender a round")
    parser.add_argument("--presets", default="", help="comma-separated presets (default: all)")
    parser.add_argument(
        "--command-games",
        type=int,
        default=100_000,
        help="random cribbage games of the whole command (0: none)",
    )
    parser.add_argument(
        "--commands-only",
        action="store_true",
        help="in-process rows only for the commands' table (random games, Python engine, 2 players)",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.slice = 2, 0.1
    presets = args.presets.split(",") if args.presets else list(preset_names())
    console = Console(width=max(Console().width, 110))
    baseline, rows = contenders(presets, args.commands_only)
    everyone = ([baseline] if baseline else []) + rows
    whole = commands(presets, args.command_games) if args.command_games else []
    env = bytecode_env(tempfile.mkdtemp(prefix="noddy-bench-pyc-"))
    for command in whole:  # once, untimed: the bytecode cache filled, as an installed noddy has it
        run_process([*noddy_command(), "simulate", *command.args, "--games", "10"], env)
    for round_ in range(args.rounds):
        for contender in everyone:
            with console.status(f"round {round_ + 1}/{args.rounds}: {contender.label}"):
                contender.run_for(args.slice)
        for command in whole:
            with console.status(f"round {round_ + 1}/{args.rounds}: noddy simulate, {command.label}"):
                command.run(env)
    base_rate = baseline.rate if baseline else 0.0
    title = f"whole games a CPU-second, {args.rounds} interleaved rounds (Python {platform.python_version()})"
    table = Table(title=title, show_edge=False)
    for column in ("engine, rules, players", "games", "games/CPU-s", "actions/CPU-s", "ratio to OpenSpiel"):
        table.add_column(column, justify="right" if column != "engine, rules, players" else "left")
    results: list[dict[str, Any]] = []
    for contender in everyone:
        ratio = contender.rate / base_rate if base_rate else None
        results.append(
            {
                "label": contender.label,
                "games": contender.games,
                "cpu_seconds": contender.cpu,
                "games_per_cpu_s": contender.rate,
                "actions_per_cpu_s": contender.actions / contender.cpu if contender.cpu else 0.0,
                "ratio_to_openspiel": ratio,
            }
        )
        table.add_row(
            contender.label,
            f"{contender.games:,}",
            f"{contender.rate:,.1f}",
            f"{results[-1]['actions_per_cpu_s']:,.0f}",
            f"{ratio:.3f}×" if ratio is not None else "-",
        )
    console.print(table)
    python_rates = {
        row.label.split(",")[0].removeprefix("noddy "): row.rate
        for row in rows
        if row.label.endswith(", 2 players, random, python")
    }
    if whole:
        console.print(command_table(whole, base_rate, python_rates))
        console.print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if baseline is None:
        console.print("OpenSpiel is not installed (pip install -e '.[bench]'): no ratios.")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "rounds": args.rounds,
        "slice": args.slice,
        "baseline": BASELINE,
        "rows": results,
        "commands": [
            {
                "label": c.label,
                "args": c.args,
                "games": c.games,
                "runs": c.runs,
                "cpu_seconds": c.cpu,
                "rate": c.rate,
            }
            for c in whole
        ],
        "load_average": os.getloadavg(),
    }
    RESULTS.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
