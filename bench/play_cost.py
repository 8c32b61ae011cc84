"""``bench/play_cost.py``: what `hard`'s play decision costs, on two source trees in the same run
(issue 38).

The views: every play decision with a real choice (two cards or more to lay) of seeded games of
greedy players, the same in both trees. At each, `hard` at each share of its budget (1: the whole,
16,000 search positions; 0.01: the floor, 2,000) weighs the legal actions from the same generator
(`StrongPlayer.play_values`: the worlds drawn, then searched; CPU time). Each tree runs as its own
process (``PYTHONPATH``: the base tree with its kernel built in place, ``python setup.py build_ext
--inplace`` there), in interleaved rounds (a slice of the games each, the trees' order swapped every
round), so a slow moment of a loaded machine slows both alike. Reported per tree and share: CPU ms
a decision (median, p95, max), the new tree's over the base's (the median of the paired ratios),
and whether every decision is the same in both trees (the same values to the bit).

    nice -n 10 .venv/bin/python bench/play_cost.py --base ../playcost-base/src --games 12 --rounds 4
    nice -n 10 .venv/bin/python bench/play_cost.py --base ../playcost-base/src --table 4p --games 6
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from strength import percentile

HERE = Path(__file__).resolve()


def views(preset: str, table: str, games: range) -> Iterator[tuple[str, Any]]:
    """Each play decision with a real choice in seeded games of greedy players, keyed by game and turn."""
    from noddy.game import ActionKind, new_game
    from noddy.players import GreedyPlayer, next_action
    from noddy.rules import load_rules

    rules = load_rules(preset)
    seats, partners = int(table.rstrip("p")), table.endswith("p")
    for game in games:
        state = new_game(rules, seats, partners=partners)
        rng = random.Random(f"play_cost/{preset}/{table}/{game}")
        turn = 0
        while not state.is_over:
            seat = state.to_act
            if seat is not None:
                view = state.view(seat)
                if len(view.legal) > 1 and view.legal[0].kind == ActionKind.PLAY:
                    yield f"{game}/{turn}", view
                turn += 1
            state = state.apply(next_action(state, [GreedyPlayer()] * seats, rng))


def work(preset: str, table: str, games: range, shares: list[float]) -> list[dict[str, Any]]:
    """Each play decision's CPU seconds and values at each share (this process's tree)."""
    from noddy.players import StrongPlayer, make_player

    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    players = {share: hard.thinking(share) for share in shares}
    rows: list[dict[str, Any]] = []
    warm = True
    for key, view in views(preset, table, games):
        for share, player in players.items():
            if warm:  # the first decision loads what each player loads once (the board table)
                player.play_values(view, view.legal, random.Random(key))
            start = time.process_time()
            values = player.play_values(view, view.legal, random.Random(key)) or {}
            spent = time.process_time() - start
            rows.append(
                {"key": key, "share": share, "cpu": spent, "values": {str(a): v for a, v in values.items()}}
            )
        warm = False
    return rows


def run_tree(src: Path, args: argparse.Namespace, games: range) -> list[dict[str, Any]]:
    env = dict(os.environ, PYTHONPATH=str(src.resolve()))
    argv = [sys.executable, str(HERE), "--worker", "--preset", args.preset, "--table", args.table]
    argv += ["--start", str(games.start), "--games", str(len(games)), "--shares", args.shares]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    rows: list[dict[str, Any]] = json.loads(out.stdout)
    return rows


def compare(args: argparse.Namespace) -> int:
    trees = {"base": Path(args.base), "new": Path(args.new)}
    found: dict[str, list[dict[str, Any]]] = {"base": [], "new": []}
    per = max(1, args.games // args.rounds)
    loads = []
    for index, start in enumerate(range(args.start, args.start + args.games, per)):
        games = range(start, min(start + per, args.start + args.games))
        for name in ["base", "new"] if index % 2 == 0 else ["new", "base"]:
            found[name] += run_tree(trees[name], args, games)
        loads.append(os.getloadavg()[0])
        print(
            f"round {index + 1}: games {games.start}-{games.stop - 1}, load {loads[-1]:.1f}", file=sys.stderr
        )
    base = {(r["key"], r["share"]): r for r in found["base"]}
    print(
        f"{args.preset}, {args.table}: CPU ms a play decision (hard.play_values),"
        f" base {args.base}, new {args.new}"
    )
    print(f"load average {min(loads):.1f}-{max(loads):.1f}")
    print("share   tree  decisions  median     p95     max   new/base (median of paired ratios)")
    for share in [float(s) for s in args.shares.split(",")]:
        for name in ("base", "new"):
            ms = [1000 * r["cpu"] for r in found[name] if r["share"] == share]
            ratio = ""
            if name == "new":
                pairs = [
                    r["cpu"] / base[(r["key"], share)]["cpu"] for r in found["new"] if r["share"] == share
                ]
                ratio = f"{statistics.median(pairs):.2f}"
            print(
                f"{share:5} {name:>6} {len(ms):10} {statistics.median(ms):7.1f} {percentile(ms, 0.95):7.1f}"
                f" {max(ms):7.1f}   {ratio}"
            )
    same = sum(r["values"] == base[(r["key"], r["share"])]["values"] for r in found["new"])
    print(f"the same values to the bit: {same} of {len(found['new'])} decisions")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="cribbage")
    parser.add_argument("--table", default="2", help="2, 3, 4 or 4p (partners)")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--shares", default="1,0.01", help="comma-separated shares of the budget")
    parser.add_argument(
        "--base", default="", help="the base tree's src directory (its kernel built in place)"
    )
    parser.add_argument("--new", default=str(HERE.parent.parent / "src"))
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        games = range(args.start, args.start + args.games)
        print(json.dumps(work(args.preset, args.table, games, [float(s) for s in args.shares.split(",")])))
        return 0
    if not args.base:
        parser.error("--base: the base tree's src directory")
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
