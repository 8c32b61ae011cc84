"""``bench/paired.py``: the strong player playing for the game (``value="win"``) less the same
player playing for the points (``value="points"``), paired on the same deals (issue 25 item 2).

Each group is one deal sequence at one table: ``strong`` plays ``greedy`` from every seat (every
side, with partners) in turn, once with each value, the chance (shuffles, cuts) and every seat's
own generator the same for both (`strength.play`'s groups), so the two values meet the same cards
and the same opponents' choices until their own choices part the games. A group scores each value's
share of its games won against greedy; the paired figure is the mean over groups of ``win`` less
``points`` with its normal 95% interval over the groups' differences (luck of the deal cancels in
each difference). Each group is written to a checkpoint file (JSON lines) as it finishes, so a long
run reports what it has at any time and a run started again goes on where it stopped.

    nice -n 19 .venv/bin/python bench/paired.py --preset cribbage --groups 2000 --workers 2
    .venv/bin/python bench/paired.py --preset cribbage --report
    nice -n 19 .venv/bin/python bench/paired.py --preset cribbage --name gate --groups 4000

``--name`` keeps a run in a checkpoint of its own (``paired-cribbage-2-gate.jsonl``): the groups of
a changed player must not mix with the old one's.

The decision times (CPU, strong's decisions with a real choice) are kept per value as well.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from strength import interval, percentile, play, seatings

HERE = Path(__file__).resolve().parent
VALUES = ("win", "points")


def checkpoint(preset: str, table: str, name: str = "") -> Path:
    """The checkpoint file of a preset's table (``name``: a run's own, apart from the others)."""
    return HERE / "results" / f"paired-{preset}-{table}{'-' + name if name else ''}.jsonl"


def parse_table(table: str) -> tuple[int, bool]:
    return int(table.rstrip("p")), table.endswith("p")


def work(job: tuple[str, str, list[int], str, str]) -> int:
    """Play ``groups`` of the preset's table with both values, appending each to ``path`` with the
    run's ``tag``."""
    preset, table, groups, path, tag = job
    players, partners = parse_table(table)
    for group in groups:
        row: dict[str, Any] = {"group": group, "tag": tag}
        for value in VALUES:
            scores, times = play((preset, "strong", "greedy", players, partners, group, 1, None, value))
            row[value] = scores[0]
            row[f"{value}_ms"] = {
                kind: [round(1000 * t, 2) for t in values] for kind, values in times["strong"].items()
            }
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")
    return len(groups)


def done(path: Path) -> list[dict[str, Any]]:
    """The groups finished so far, a group's lines merged (`bench/budget.py`: a run of other
    variants adds theirs to the same group; a later line's values win); a line cut short by an
    interruption is left out."""
    rows: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            rows.setdefault(row["group"], {}).update(row)
    return [rows[g] for g in sorted(rows)]


def report(preset: str, table: str, name: str = "") -> dict[str, Any]:
    """The paired difference, each value's win rate against greedy and its decision times."""
    rows = done(checkpoint(preset, table, name))
    if not rows:
        return {"preset": preset, "table": table, "groups": 0}
    players, partners = parse_table(table)
    per_group = len(seatings(players, partners))
    diffs = [r["win"] - r["points"] for r in rows]
    mean = statistics.fmean(diffs)
    spread = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
    half = 1.959964 * spread / math.sqrt(len(diffs))
    out: dict[str, Any] = {
        "preset": preset,
        "table": table,
        "groups": len(rows),
        "paired_games": len(rows) * per_group,
        "win_minus_points": mean,
        "ci_low": mean - half,
        "ci_high": mean + half,
    }
    tag = rows[-1].get("tag", "")
    timed = [r for r in rows if r.get("tag", "") == tag]
    out["timed_groups"] = len(timed)
    for value in VALUES:
        rate, low, high = interval([r[value] for r in rows])
        times = [t for r in timed for values in r[f"{value}_ms"].values() for t in values]
        kinds = {
            kind: [t for r in timed for t in r[f"{value}_ms"].get(kind, [])] for kind in ("play", "discard")
        }
        out[value] = {
            "win_rate": rate,
            "ci_low": low,
            "ci_high": high,
            "median_ms": statistics.median(times) if times else 0.0,
            "p95_ms": percentile(times, 0.95),
            "max_ms": max(times, default=0.0),
            **{
                f"{kind}_ms": [statistics.median(ts) if ts else 0.0, percentile(ts, 0.95)]
                for kind, ts in kinds.items()
            },
        }
    return out


def show(result: dict[str, Any]) -> str:
    if not result["groups"]:
        return f"{result['preset']} {result['table']}: no groups yet"
    lines = [
        f"{result['preset']} {result['table']}: win - points "
        f"{100 * result['win_minus_points']:+.2f} points of win rate "
        f"(95% {100 * result['ci_low']:+.2f} to {100 * result['ci_high']:+.2f}) "
        f"over {result['paired_games']} paired games ({result['groups']} groups)"
    ]
    for value in VALUES:
        v = result[value]
        lines.append(
            f"  {value:6} v greedy {v['win_rate']:.1%} ({v['ci_low']:.1%}-{v['ci_high']:.1%}); "
            f"decision CPU ms median / p95: all {v['median_ms']:.1f} / {v['p95_ms']:.1f} "
            f"(max {v['max_ms']:.0f}); play {v['play_ms'][0]:.1f} / {v['play_ms'][1]:.1f}; "
            f"lay-away {v['discard_ms'][0]:.1f} / {v['discard_ms'][1]:.1f}"
        )
    lines.append(f"  (times over the {result['timed_groups']} groups of the last run's tag)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="cribbage")
    parser.add_argument("--table", default="2", help="2, 3, 4 or 4p (partners)")
    parser.add_argument("--groups", type=int, default=2000, help="groups wanted in all")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--report", action="store_true", help="only report the checkpoint so far")
    parser.add_argument("--tag", default="", help="a label kept with each group: times are the last's")
    parser.add_argument(
        "--name",
        default="",
        help="a checkpoint of its own (a changed player's groups never mix with the old)",
    )
    args = parser.parse_args(argv)
    path = checkpoint(args.preset, args.table, args.name)
    if not args.report:
        path.parent.mkdir(parents=True, exist_ok=True)
        have = {r["group"] for r in done(path)}
        todo = [g for g in range(args.groups) if g not in have]
        jobs = [
            (args.preset, args.table, todo[w :: args.workers], str(path), args.tag)
            for w in range(args.workers)
        ]
        if args.workers > 1:
            with ProcessPoolExecutor(max_workers=args.workers) as pool:
                list(pool.map(work, jobs))
        else:
            work(jobs[0])
    print(show(report(args.preset, args.table, args.name)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
