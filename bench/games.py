"""``make bench`` (games): full games per second for each preset, and actions per second.

For each preset (smallest table), seeded games are played to the end by greedy players and, as the
baseline measured in the same run, by random players (the engine's own cost with the cheapest
choices). Ratios are greedy against random.

    .venv/bin/python bench/games.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from noddy.game import new_game
from noddy.players import GreedyPlayer, Player, RandomPlayer
from noddy.players.driver import run_game
from noddy.rules import load_rules, preset_names

RESULTS = Path(__file__).resolve().parent / "results" / "games.json"


def measure(name: str, make: type[Player], games: int) -> tuple[float, int]:
    rules = load_rules(name)
    n = rules.player_counts[0]
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = run_game(new_game(rules, n), [make() for _ in range(n)], random.Random(seed))
        actions += len(state.history)
    return time.perf_counter() - start, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    games = 5 if args.quick else 30
    console = Console(width=max(Console().width, 110))
    table = Table(title=f"full games, {games} a preset (seeded)", show_edge=False)
    for column in ("preset", "players", "random games/s", "greedy games/s", "greedy actions/s", "ratio"):
        table.add_column(column, justify="right" if column != "preset" else "left")
    rows = []
    for name in preset_names():
        with console.status(name):
            base_s, base_actions = measure(name, RandomPlayer, games)
            greedy_s, greedy_actions = measure(name, GreedyPlayer, games)
        row = {
            "preset": name,
            "players": load_rules(name).player_counts[0],
            "random_games_per_s": games / base_s,
            "random_actions_per_s": base_actions / base_s,
            "greedy_games_per_s": games / greedy_s,
            "greedy_actions_per_s": greedy_actions / greedy_s,
        }
        row["ratio"] = row["greedy_games_per_s"] / row["random_games_per_s"]
        rows.append(row)
        table.add_row(
            name,
            str(row["players"]),
            f"{row['random_games_per_s']:,.1f}",
            f"{row['greedy_games_per_s']:,.1f}",
            f"{row['greedy_actions_per_s']:,.0f}",
            f"{row['ratio']:.2f}× random",
        )
    console.print(table)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"games": games, "rows": rows}, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
