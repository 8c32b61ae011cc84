"""The board table held to games played out (issue 25 item 1): does it say who wins?

For each rule set, random board positions (each side's score uniform below the target, a seat to
deal uniform) are played out to the end of the game:

- by the players the table was built from (the kernel's greedy players, `board_games`), ``--games``
  games from each position: how many positions' win rates fall within the 95% binomial interval of
  the table's chance (95% expected when the table is right), the mean difference with its interval
  (the table's stated error added), and the Brier score of single games;
- by ``hard`` against ``hard`` (the strong player, through the Python engine from the same kind of
  position, `noddy.game.setup.at_deal`), one game from each of ``--hard`` positions (or as many as
  ``--budget`` CPU seconds a rule set allow): the mean difference (the issue asks within 2
  percentage points) and the Brier score.

It prints each rule set's first dealer's chance from 0–0 (the elder's compensation pegged) beside
``noddy simulate``'s own ``first_dealer_win_rate`` for greedy against greedy, and with ``--plot`` draws
the calibration: the table's chance in tenths against the rate observed, with 95% Wilson intervals.

    PYTHONPATH=src nice python bench/board.py --positions 2000 --games 20 --plot calibration.png
    PYTHONPATH=src nice python bench/board.py --rules willughby --positions 0 --hard 200
    PYTHONPATH=src nice python bench/board.py --ship      # (re)build the package's tables
    PYTHONPATH=src python bench/board.py --rules strawberry,four-card --players 3 --pass-speed 5000
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from noddy.analysis import BoardTable, board, board_why_not
from noddy.game import new_game
from noddy.game.setup import at_deal
from noddy.kernel import compiled, kernel_config
from noddy.players import make_player, run_game
from noddy.rules import Rules, load_rules, preset_names
from noddy.sim import wilson

Z95 = 1.959963984540054

Positions = list[tuple[tuple[int, ...], int]]


@dataclass
class Check:
    """Outcomes against the table's chances: (chance, games, the dealer's side's wins) a position."""

    name: str
    rows: list[tuple[float, int, int]] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, chance: float, games: int, wins: int) -> None:
        self.rows.append((chance, games, wins))

    def summary(self, half_width: float) -> dict[str, float | int]:
        games = sum(g for _, g, _ in self.rows)
        expected = sum(p * g for p, g, _ in self.rows)
        won = sum(w for _, _, w in self.rows)
        variance = sum(p * (1 - p) * g for p, g, _ in self.rows)
        brier = sum(w * (1 - p) ** 2 + (g - w) * p**2 for p, g, w in self.rows) / games
        inside = sum(
            abs(w / g - p) <= Z95 * (p * (1 - p) / g) ** 0.5 + 0.5 / g + half_width for p, g, w in self.rows
        )
        return {
            "positions": len(self.rows),
            "games": games,
            "table": expected / games,
            "observed": won / games,
            "difference": (won - expected) / games,
            "interval": Z95 * variance**0.5 / games + half_width,
            "inside": inside / len(self.rows),
            "brier": brier,
            "cpu_seconds": round(self.seconds, 1),
        }


def positions(table: BoardTable, n: int, rng: random.Random) -> Positions:
    """``n`` random board positions: each side's score uniform below the target, a dealer uniform."""
    return [
        (tuple(rng.randrange(table.target) for _ in range(table.sides)), rng.randrange(table.players))
        for _ in range(n)
    ]


def dealer_side(table: BoardTable, dealer: int) -> int:
    return dealer % 2 if table.partners else dealer


def greedy_check(
    rules: Rules, table: BoardTable, where: list[tuple[tuple[int, ...], int]], games: int
) -> Check:
    config = kernel_config(rules, table.players, table.partners)
    check = Check("greedy")
    start = time.process_time()
    for i, (scores, dealer) in enumerate(where):
        side = dealer_side(table, dealer)
        wins = compiled.board_games(config, scores, dealer, games, 7919 * i + 1, compiled.GREEDY)
        check.add(table.chance(scores, dealer)[side], games, wins[side])
    check.seconds = time.process_time() - start
    return check


def hard_check(
    rules: Rules, table: BoardTable, where: Positions, budget: float, keep: Path | None = None
) -> Check:
    """One game of hard against hard from each position, until ``budget`` CPU seconds are spent.

    With ``keep``, each game is appended to that JSON-lines file as it ends (position index, the
    table's chance, the dealer's side's win, CPU seconds), and positions already there are not
    played again: a long run killed or cut by its budget still reports, and a later run goes on."""
    check = Check("hard")
    done: dict[int, tuple[float, int, float]] = {}
    if keep is not None and keep.is_file():
        for line in keep.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["i"]] = (row["chance"], row["win"], row["cpu"])
    spent = sum(cpu for _, _, cpu in done.values())
    start = time.process_time()
    for i, (scores, dealer) in enumerate(where):
        side = dealer_side(table, dealer)
        if i in done:
            chance, win, _ = done[i]
            if abs(chance - table.chance(scores, dealer)[side]) > 1e-9:
                raise SystemExit(f"{keep}: position {i} is not this run's (another seed or table?)")
            check.add(chance, 1, win)
            continue
        if time.process_time() - start > budget:
            break
        began = time.process_time()
        state = at_deal(new_game(rules, table.players, partners=table.partners), dealer, scores)
        players = [make_player("hard") for _ in range(table.players)]
        end = run_game(state, players, random.Random(104_729 * i + 3))
        chance, win = table.chance(scores, dealer)[side], int(end.winner == side)
        check.add(chance, 1, win)
        if keep is not None:
            row = {"i": i, "scores": list(scores), "dealer": dealer, "chance": chance, "win": win}
            row["cpu"] = round(time.process_time() - began, 3)
            with keep.open("a") as out:
                out.write(json.dumps(row) + "\n")
    check.seconds = spent + time.process_time() - start
    return check


def first_dealer(rules: Rules, table: BoardTable, games: int) -> dict[str, float]:
    """The table's first dealer's chance from 0–0 beside ``noddy simulate``'s greedy figure."""
    scores = [0] * table.sides
    scores[dealer_side(table, 1)] += rules.game.compensation  # seat 0 deals: the elder pegs it
    command = [sys.executable, "-m", "noddy", "simulate", "--rules", rules.name, "--games", str(games)]
    command += ["--seats", ",".join(["greedy"] * table.players), "--json"]
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    found = report.get("first_dealer_win_rate")
    if found is None:
        found = next(v for k, v in _walk(report) if k == "first_dealer_win_rate")
    low, high = wilson(round(found * games), games)
    return {"table": table.chance(scores, 0)[0], "simulate": found, "low": low, "high": high, "games": games}


def _walk(data: object) -> list[tuple[str, object]]:
    """Every (key, value) in nested JSON."""
    if isinstance(data, dict):
        return [item for k, v in data.items() for item in [(k, v), *_walk(v)]]
    if isinstance(data, list):
        return [item for v in data for item in _walk(v)]
    return []


def plot(results: dict[str, dict[str, Check]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.5, 7), layout="constrained")
    axes = figure.subplots()
    axes.plot([0, 1], [0, 1], color="gray", linestyle="--", linewidth=1)
    for name, checks in results.items():
        for kind, check in checks.items():
            xs, ys, lows, highs = [], [], [], []
            for tenth in range(10):
                rows = [
                    r
                    for r in check.rows
                    if tenth / 10 <= r[0] < (tenth + 1) / 10 or (tenth == 9 and r[0] == 1)
                ]
                games = sum(g for _, g, _ in rows)
                if games < 20:
                    continue
                won = sum(w for _, _, w in rows)
                low, high = wilson(won, games)
                xs.append(sum(p * g for p, g, _ in rows) / games)
                ys.append(won / games)
                lows.append(won / games - low)
                highs.append(high - won / games)
            axes.errorbar(xs, ys, yerr=[lows, highs], marker="o", capsize=2, label=f"{name} ({kind})")
    axes.set_xlabel("the table's chance for the dealer's side")
    axes.set_ylabel("games the dealer's side won")
    axes.set_title("The board table against games played out")
    axes.legend(fontsize=7)
    figure.savefig(path, dpi=110)


def pass_speed(names: list[str], players: int, deals: int, rounds: int) -> None:
    """One batch's table built the two ways, in interleaved rounds (the order swapped each round),
    by CPU time: the backward pass a position at a time (the baseline, ``rows=False``) against the
    row pass (``kernel/analysis/board.c``); the deals are played alike in both, and the tables are
    the same."""
    for name in names:
        rules = load_rules(name)
        if board_why_not(rules, players):
            print(f"{name}: {board_why_not(rules, players)}")
            continue
        config = kernel_config(rules, players, None)
        spent = {False: 0.0, True: 0.0}
        for r in range(rounds):
            for rows in (False, True) if r % 2 == 0 else (True, False):
                start = time.process_time()
                compiled.board_table(config, deals, r, compiled.GREEDY, rows)
                spent[rows] += time.process_time() - start
        line = {"rules": name, "players": players, "deals": deals, "rounds": rounds}
        line |= {"position_cpu_s": round(spent[False], 2), "rows_cpu_s": round(spent[True], 2)}
        line["ratio"] = round(spent[False] / spent[True], 2)
        print(json.dumps(line), flush=True)


def ship(names: list[str]) -> None:
    """(Re)build the shipped tables: each preset's 2-player and partnership tables, into the package,
    with each one's CPU seconds (run it when the kernel's configuration of the rules changes, and
    the test that every preset finds its tables fails)."""
    from noddy.analysis import store
    from noddy.analysis.board import build_table

    for name in names:
        rules = load_rules(name)
        for players, partners in [(2, False), (4, True)]:
            if board_why_not(rules, players, partners):
                continue
            start = time.process_time()
            table = build_table(rules, players, partners)
            path = store.shipped_dir() / f"{store.digest(rules, players, partners)}.npz"
            store.write(path, rules, table)
            spent = time.process_time() - start
            size = path.stat().st_size
            print(f"{name} {players}: {spent:.1f} CPU s, {table.error.describe()}, {size:,} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default=",".join(preset_names()), help="rule sets, comma-separated")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=2000, help="positions for greedy (0: none)")
    parser.add_argument("--games", type=int, default=20, help="greedy games from each position")
    parser.add_argument("--hard", type=int, default=0, help="positions for hard against hard (one game each)")
    parser.add_argument("--budget", type=float, default=1e9, help="CPU seconds for hard, a rule set")
    parser.add_argument("--simulate", type=int, default=20000, help="games of noddy simulate (0: none)")
    parser.add_argument("--plot", type=Path)
    parser.add_argument(
        "--keep",
        type=Path,
        help="folder of hard games as they end (RULES-PLAYERS-seedS-hard.jsonl): resumed, never replayed",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ship", action="store_true", help="(re)build the package's tables instead")
    parser.add_argument(
        "--pass-speed", type=int, metavar="DEALS", help="time the row pass against the older pass instead"
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of --pass-speed")
    args = parser.parse_args()
    if args.ship:
        ship(args.rules.split(","))
        return
    if args.pass_speed:
        pass_speed(args.rules.split(","), args.players, args.pass_speed, args.rounds)
        return
    results: dict[str, dict[str, Check]] = {}
    for name in args.rules.split(","):
        rules = load_rules(name)
        if board_why_not(rules, args.players):
            print(f"{name}: {board_why_not(rules, args.players)}")
            continue
        table = board(rules, args.players)
        rng = random.Random(args.seed)
        line: dict[str, object] = {"rules": name, "players": args.players, "error": table.error.half_width}
        results[name] = {}
        if args.simulate:
            line["first_dealer"] = first_dealer(rules, table, args.simulate)
        if args.positions:
            check = greedy_check(rules, table, positions(table, args.positions, rng), args.games)
            results[name]["greedy"] = check
            line["greedy"] = check.summary(table.error.half_width)
        if args.hard:
            keep = args.keep / f"{name}-{args.players}-seed{args.seed}-hard.jsonl" if args.keep else None
            if keep is not None:
                keep.parent.mkdir(parents=True, exist_ok=True)
            where = positions(table, args.hard, random.Random(args.seed * 7_919 + 1))  # not --positions'
            check = hard_check(rules, table, where, args.budget, keep)
            results[name]["hard"] = check
            line["hard"] = check.summary(0.0)
        print(json.dumps(line), flush=True)
    if args.plot:
        plot(results, args.plot)


if __name__ == "__main__":
    main()
