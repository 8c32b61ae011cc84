"""``bench/decision_cost.py``: what `hard`'s decisions cost, the play or the lay-away, on two source
trees in the same run (issue 38).

The views (``--kind``): every decision of that kind with a real choice (two actions or more) in
seeded games of greedy players, the same in both trees, the engine being the same. At each, `hard`
at each share of its budget (1: the whole; 0.01: the floor: 2,000 search positions in the play, the
exact values alone in the lay-away) weighs the legal actions from the same generator
(``StrongPlayer.play_values``: the worlds drawn, then searched; ``StrongPlayer.discard_values``;
CPU time). Each tree runs as its own process (``PYTHONPATH``: the base tree's kernel built in
place, ``python setup.py build_ext --inplace`` there), in interleaved rounds (each round a game, or
a slice of the games, the trees' order swapped every round), so a slow moment of a loaded machine
slows both alike. Where only one part changed, a share whose code is the same in both trees has a
ratio that is the run's own bias (the load while each tree ran). Reported per tree and share: CPU ms
a decision (median, p95, max) and the new tree's over the base's (the median of the paired ratios);
and whether every decision is the same in both trees (the same choice, the values equal within
``1e-9``, and how many to the bit).

    nice -n 10 .venv/bin/python bench/decision_cost.py --kind play --base ../base/src --games 12 --rounds 4
    nice -n 10 .venv/bin/python bench/decision_cost.py --kind lay-away --base ../base/src --games 24
    nice -n 10 .venv/bin/python bench/decision_cost.py --kind lay-away --base ../base/src --table 4p --games 8
    .venv/bin/python bench/decision_cost.py --kind lay-away --profile --games 6 [--shares 0.01]  # this tree
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
KINDS = {"play": "play", "lay-away": "lay"}
"""Each kind of decision and the word its games' seeds are drawn from (as the two benches this one
joins drew them: `play_cost` and `lay_cost`, so their figures replay)."""


def views(kind: str, preset: str, table: str, games: range) -> Iterator[tuple[str, Any]]:
    """Each decision of ``kind`` with a real choice in seeded games of greedy players, keyed by game
    and turn."""
    from noddy.game import ActionKind, new_game
    from noddy.players import GreedyPlayer, next_action
    from noddy.rules import load_rules

    wanted = ActionKind.PLAY if kind == "play" else ActionKind.DISCARD
    rules = load_rules(preset)
    seats, partners = int(table.rstrip("p")), table.endswith("p")
    for game in games:
        state = new_game(rules, seats, partners=partners)
        rng = random.Random(f"{KINDS[kind]}_cost/{preset}/{table}/{game}")
        turn = 0
        while not state.is_over:
            seat = state.to_act
            if seat is not None and (kind == "play" or state.view(seat).legal[0].kind == wanted):
                view = state.view(seat)
                if len(view.legal) > 1 and view.legal[0].kind == wanted:
                    yield f"{game}/{turn}", view
                turn += 1
            state = state.apply(next_action(state, [GreedyPlayer()] * seats, rng))


def work(kind: str, preset: str, table: str, games: range, shares: list[float]) -> list[dict[str, Any]]:
    """Each decision's CPU seconds, choice and values at each share (this process's tree)."""
    from noddy.players import StrongPlayer, make_player

    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    rows: list[dict[str, Any]] = []
    warm = True
    for key, view in views(kind, preset, table, games):
        for share in shares:
            player = hard.thinking(share)
            weigh = player.play_values if kind == "play" else player.discard_values
            if warm:  # the first decision loads what each player loads once (the board table)
                weigh(view, view.legal, random.Random(key))
            start = time.process_time()
            values = weigh(view, view.legal, random.Random(key)) or {}
            spent = time.process_time() - start
            best = max(values, key=lambda a: (values[a], -a.cards[0].index)) if values else None
            rows.append(
                {
                    "key": key,
                    "share": share,
                    "cpu": spent,
                    "choice": str(best),
                    "values": {str(a): v for a, v in values.items()},
                }
            )
        warm = False
    return rows


def run_tree(src: Path, args: argparse.Namespace, games: range) -> list[dict[str, Any]]:
    env = dict(os.environ, PYTHONPATH=str(src.resolve()))
    argv = [
        sys.executable,
        str(HERE),
        "--worker",
        "--kind",
        args.kind,
        "--preset",
        args.preset,
        "--table",
        args.table,
        "--start",
        str(games.start),
        "--games",
        str(len(games)),
        "--shares",
        args.shares,
    ]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    rows: list[dict[str, Any]] = json.loads(out.stdout)
    return rows


def compare(args: argparse.Namespace) -> int:
    trees = {"base": Path(args.base), "new": Path(args.new)}
    found: dict[str, list[dict[str, Any]]] = {"base": [], "new": []}
    per = max(1, args.games // (args.rounds or args.games))
    loads = []
    for index, start in enumerate(range(args.start, args.start + args.games, per)):
        games = range(start, min(start + per, args.start + args.games))
        order = ["base", "new"] if index % 2 == 0 else ["new", "base"]
        for name in order:
            found[name] += run_tree(trees[name], args, games)
        loads.append(os.getloadavg()[0])
        print(
            f"round {index + 1}: games {games.start}-{games.stop - 1}, load {loads[-1]:.1f}", file=sys.stderr
        )
    base = {(r["key"], r["share"]): r for r in found["base"]}
    weighed = "hard.play_values" if args.kind == "play" else "hard.discard_values"
    print(
        f"{args.preset}, {args.table}: CPU ms a {args.kind} decision ({weighed}),"
        f" base {args.base}, new {args.new}"
    )
    print(f"load average {min(loads):.1f}-{max(loads):.1f}")
    print("share   tree  decisions  median     p95     max   new/base (median of paired ratios)")
    same = differ = exact = 0
    worst = 0.0
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
    for row in found["new"]:
        other = base[(row["key"], row["share"])]
        gap = (
            max(abs(v - other["values"][a]) for a, v in row["values"].items())
            if row["values"].keys() == other["values"].keys()
            else float("inf")
        )
        worst = max(worst, gap)
        exact += row["values"] == other["values"]
        if row["choice"] == other["choice"] and gap <= 1e-9:
            same += 1
        else:
            differ += 1
    print(
        f"decisions the same in both trees: {same} of {same + differ} ({exact} to the bit;"
        f" largest value gap {worst:.2e})"
    )
    return 0 if differ == 0 or not args.identical else 1


def profile(args: argparse.Namespace) -> int:
    import cProfile
    import pstats

    games = range(args.start, args.start + args.games)
    share = float(args.shares.split(",")[0])
    work(args.kind, args.preset, args.table, range(args.start, args.start + 1), [share])  # load once, untimed
    profiler = cProfile.Profile()
    profiler.enable()
    rows = work(args.kind, args.preset, args.table, games, [share])
    profiler.disable()
    total = sum(r["cpu"] for r in rows)
    print(
        f"{len(rows)} {args.kind} decisions at share {share}:"
        f" {1000 * total / len(rows):.1f} CPU ms each (profiled)"
    )
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=KINDS, required=True, help="the decisions weighed")
    parser.add_argument("--preset", default="cribbage")
    parser.add_argument("--table", default="2", help="2, 3, 4 or 4p (partners)")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=0, help="0: a round a game")
    parser.add_argument("--shares", default="1,0.01")
    parser.add_argument("--base", default="", help="the tree before: its src (its kernel built in place)")
    parser.add_argument("--new", default=str(HERE.parent.parent / "src"), help="the tree after: its src")
    parser.add_argument("--identical", action="store_true", help="fail unless every decision is the same")
    parser.add_argument("--profile", action="store_true", help="cProfile this tree's decisions")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        games = range(args.start, args.start + args.games)
        shares = [float(s) for s in args.shares.split(",")]
        print(json.dumps(work(args.kind, args.preset, args.table, games, shares)))
        return 0
    if args.profile:
        return profile(args)
    if not args.base:
        parser.error("--base: the tree before, its src directory (or --profile)")
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
