"""``make bench`` (strength): how strong the computer players are, measured, not claimed.

For each preset (two players), three match-ups with seats alternated game by game so dealing is
fair: strong against greedy, greedy against random, and oracle (sees every card) against greedy.
Reports win rates with 95% Wilson intervals, how much of the oracle's edge over greedy the strong
player captures ((strong - 50%) / (oracle - 50%)), and each player's decision time in CPU
milliseconds (median, 95th percentile, maximum) over its decisions that had a real choice (more than
one legal action).

    .venv/bin/python bench/strength.py [--games N] [--crib-games N] [--presets a,b]
                                       [--matchups strong-greedy,...] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from noddy.game import new_game
from noddy.players import Oracle, Player, make_player, run_game
from noddy.rules import load_rules, preset_names
from noddy.sim.stats import wilson

RESULTS = Path(__file__).resolve().parent / "results" / "strength.json"
MATCHUPS = (("strong", "greedy"), ("greedy", "random"), ("oracle", "greedy"))


class Timed:
    """Wraps a player to time, in CPU seconds (a loaded machine does not inflate them), its
    decisions that had a real choice."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.times: list[float] = []

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        start = time.process_time()
        action = self.player.choose(view, legal, rng)
        if len(legal) > 1:
            self.times.append(time.process_time() - start)
        return action


class TimedOracle(Timed):
    """A timed oracle: the driver shows it the true state, passed on to the oracle."""

    def observe(self, state: Any) -> None:
        assert isinstance(self.player, Oracle)
        self.player.observe(state)


def timed(name: str) -> Timed:
    player = make_player(name)
    return TimedOracle(player) if isinstance(player, Oracle) else Timed(player)


def play(args: tuple[str, str, str, int, int]) -> tuple[int, int, list[float], list[float]]:
    """Games ``start`` .. ``start + count`` of ``a`` against ``b``: wins of each, decision times."""
    preset, a, b, start, count = args
    rules = load_rules(preset)
    wins_a = wins_b = 0
    times_a: list[float] = []
    times_b: list[float] = []
    for game in range(start, start + count):
        pa, pb = timed(a), timed(b)
        seats = [pa, pb] if game % 2 == 0 else [pb, pa]
        state = run_game(new_game(rules, 2), seats, random.Random(game))
        side_a = 0 if game % 2 == 0 else 1
        if state.winner == side_a:
            wins_a += 1
        elif state.winner is not None:
            wins_b += 1
        times_a += pa.times
        times_b += pb.times
    return wins_a, wins_b, times_a, times_b


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per match-up, 3-card presets")
    parser.add_argument("--crib-games", type=int, default=1000, help="games per match-up, other presets")
    parser.add_argument("--presets", default="", help="comma-separated presets (default: all)")
    parser.add_argument(
        "--matchups",
        default=",".join(f"{a}-{b}" for a, b in MATCHUPS),
        help="comma-separated a-b pairs (default: all three)",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--quick", action="store_true", help="60 and 20 games, for a look")
    parser.add_argument("--results", type=Path, default=RESULTS, help=f"JSON written (default {RESULTS})")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.crib_games = 60, 20
    presets = args.presets.split(",") if args.presets else list(preset_names())
    matchups = [tuple(m.split("-", 1)) for m in args.matchups.split(",")]
    console = Console(width=max(Console().width, 120))
    table = Table(title="strength (two players, seats alternated)", show_edge=False)
    for column in ("preset", "match-up", "games", "win rate (95% CI)", "decision CPU ms: median / p95 / max"):
        table.add_column(column)
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for preset in presets:
            rules = load_rules(preset)
            games = args.games if rules.held_size(2) == 3 and rules.crib.kind == "none" else args.crib_games
            rates: dict[tuple[str, str], float] = {}
            for a, b in matchups:
                started = time.perf_counter()
                step = max(1, games // (args.workers * 4))
                jobs = [(preset, a, b, s, min(step, games - s)) for s in range(0, games, step)]
                wins_a = wins_b = 0
                times_a: list[float] = []
                times_b: list[float] = []
                with console.status(f"{preset}: {a} against {b}, {games} games"):
                    for wa, wb, ta, tb in pool.map(play, jobs):
                        wins_a, wins_b = wins_a + wa, wins_b + wb
                        times_a += ta
                        times_b += tb
                low, high = wilson(wins_a, games)
                rate = wins_a / games
                rates[(a, b)] = rate
                row = {
                    "preset": preset,
                    "a": a,
                    "b": b,
                    "games": games,
                    "wins_a": wins_a,
                    "wins_b": wins_b,
                    "win_rate": rate,
                    "ci_low": low,
                    "ci_high": high,
                    "seconds": time.perf_counter() - started,
                    "decision_ms": {
                        name: {
                            "median": 1000 * statistics.median(times) if times else 0.0,
                            "p95": 1000 * percentile(times, 0.95),
                            "max": 1000 * max(times, default=0.0),
                            "decisions": len(times),
                        }
                        for name, times in ((a, times_a), (b, times_b))
                    },
                }
                results.append(row)
                ms = row["decision_ms"][a]
                table.add_row(
                    preset,
                    f"{a} v {b}",
                    str(games),
                    f"{rate:.1%} ({low:.1%}-{high:.1%})",
                    f"{a}: {ms['median']:.1f} / {ms['p95']:.1f} / {ms['max']:.1f}",
                )
            if ("oracle", "greedy") not in rates or ("strong", "greedy") not in rates:
                continue
            edge = rates[("oracle", "greedy")] - 0.5
            captured = (rates[("strong", "greedy")] - 0.5) / edge if edge > 0 else float("nan")
            results.append({"preset": preset, "oracle_edge_captured": captured})
            table.add_row(preset, "strong's share of the oracle's edge", "", f"{captured:.0%}", "")
    console.print(table)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
