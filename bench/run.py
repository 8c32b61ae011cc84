"""``make bench``: how fast noddy scores, against cribbage-scorer measured in the same run.

Every measurement uses the same seeded random deals (4 held cards and a turn-up; the 3-card presets
hold the first 3 of them). Ratios are against a baseline measured in the same run on the same
machine, so they travel between machines better than the raw rates. Results are printed as a table
and written to bench/results/latest.json.

    .venv/bin/python bench/run.py            # the full run (about a minute)
    .venv/bin/python bench/run.py --quick    # a shorter run, smaller samples
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from cribbage_scorer.cribbage_scorer import show_calc_score
from rich.console import Console
from rich.table import Table

from noddy import __version__
from noddy.analysis import distribution
from noddy.cards import DECK, Card, format_cards
from noddy.rules import Rules, load_rules
from noddy.scoring import score_deals, score_hand, total

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "latest.json"
THREE_CARD_PRESET = "willughby"

SIZES = {
    # itemised deals, fast-path deals, batch lines
    "full": (20_000, 1_000_000, 100_000),
    "quick": (3_000, 200_000, 10_000),
}


@dataclass
class Row:
    """One measurement: what was done, how many units, how long, and the ratio to its baseline."""

    name: str
    units: int
    unit: str
    seconds: float
    baseline: str = ""
    ratio: float | None = None

    @property
    def rate(self) -> float:
        return self.units / self.seconds if self.seconds else float("inf")

    def against(self, other: Row) -> Row:
        self.baseline = other.name
        self.ratio = self.rate / other.rate
        return self

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"rate": round(self.rate, 1)}


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def make_deals(seed: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` deals of 4 held cards and a turn-up (card indices), all 5 cards different."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :5].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4])


def as_cards(held: np.ndarray, turnups: np.ndarray) -> list[tuple[list[Card], Card]]:
    return [
        ([DECK[i] for i in row], DECK[up]) for row, up in zip(held.tolist(), turnups.tolist(), strict=True)
    ]


def as_tuple(card: Card) -> tuple[int, str]:
    return int(card.rank), card.suit.value.upper()


def bench_itemised(rules: Rules, deals: list[tuple[list[Card], Card]]) -> tuple[float, list[int]]:
    def run() -> list[int]:
        return [total(score_hand(held, up, rules)) for held, up in deals]

    return timed(run)


def bench_baseline(deals: list[tuple[list[Card], Card]]) -> tuple[float, list[int]]:
    converted = [([as_tuple(c) for c in held], as_tuple(up)) for held, up in deals]

    def run() -> list[int]:
        return [show_calc_score(up, held, crib=False)[0] for held, up in converted]

    return timed(run)


def noddy_command() -> list[str]:
    script = Path(sys.executable).parent / "noddy"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from noddy.cli.main import main; main()"]


def bench_batch(held: np.ndarray, turnups: np.ndarray, expected: np.ndarray) -> tuple[float, int]:
    """``noddy score --batch`` on a temp file of JSON lines, as a subprocess; checks every total."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "batch.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for cards, up in as_cards(held, turnups):
                request = {"rules": "cribbage", "held": format_cards(cards), "turnup": str(up)}
                out.write(json.dumps(request) + "\n")
        seconds, proc = timed(
            lambda: subprocess.run(
                [*noddy_command(), "score", "--batch", str(path)],
                capture_output=True,
                text=True,
                check=False,
            )
        )
    if proc.returncode != 0:
        raise SystemExit(f"noddy score --batch failed ({proc.returncode}): {proc.stderr[-2000:]}")
    totals = [json.loads(line)["total"] for line in proc.stdout.splitlines()]
    if totals != expected.tolist():
        raise SystemExit("noddy score --batch totals differ from score_deals on the same deals")
    return seconds, len(totals)


def check_equal(what: str, ours: list[int], theirs: list[int]) -> None:
    bad = sum(a != b for a, b in zip(ours, theirs, strict=True))
    if bad:
        raise SystemExit(f"{what}: {bad} of {len(ours)} deals disagree; run the tests")


def startup_seconds() -> float:
    seconds, _ = timed(
        lambda: subprocess.run([*noddy_command(), "--version"], capture_output=True, check=True)
    )
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples, for a quick look")
    parser.add_argument("--seed", type=int, default=1589, help="seed of the random deals")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON results")
    args = parser.parse_args(argv)

    console = Console(width=max(Console().width, 110))  # a pipe or a CI log gets the table whole
    mode = "quick" if args.quick else "full"
    n_items, n_fast, n_batch = SIZES[mode]
    cribbage, three = load_rules("cribbage"), load_rules(THREE_CARD_PRESET)
    assert cribbage.held_size() == 4 and three.held_size() == 3

    console.print(
        f"noddy {__version__} bench ({mode}), seed {args.seed}\n"
        f"python {platform.python_version()} ({platform.python_implementation()}),"
        f" {os.cpu_count()} cpus, numpy {np.__version__}, {platform.platform()}"
    )
    held, turnups = make_deals(args.seed, max(n_fast, n_items, n_batch))
    deals = as_cards(held[:n_items], turnups[:n_items])
    three_deals = [(cards[:3], up) for cards, up in deals]
    rows: list[Row] = []

    with console.status("cribbage-scorer (baseline)"):
        seconds, theirs = bench_baseline(deals)
    baseline = Row("cribbage-scorer, cribbage", n_items, "hands", seconds)
    rows.append(baseline.against(baseline))

    with console.status("itemised scorer"):
        seconds, ours = bench_itemised(cribbage, deals)
        check_equal("noddy vs cribbage-scorer", ours, theirs)
        itemised = Row("score_hand, cribbage", n_items, "hands", seconds)
        rows.append(itemised.against(baseline))
        seconds, _ = bench_itemised(three, three_deals)
        rows.append(Row(f"score_hand, {THREE_CARD_PRESET}", n_items, "hands", seconds).against(baseline))

    with console.status("exhaustive distributions"):
        # Cold: the rank tables the fast path looks up are built inside the first call.
        seconds, dist = timed(lambda: distribution(cribbage))
        rows.append(Row("distribution, cribbage", dist.deals, "deals", seconds))
        seconds, dist3 = timed(lambda: distribution(three))
        name = f"distribution, {THREE_CARD_PRESET}"
        rows.append(Row(name, dist3.deals, "deals", seconds))

    with console.status("fast path"):
        fast_held, fast_up = held[:n_fast], turnups[:n_fast]
        seconds, fast = timed(lambda: score_deals(cribbage, fast_held, fast_up))
        check_equal("score_deals vs score_hand", fast[:n_items].tolist(), ours)
        fast_row = Row("score_deals, cribbage", n_fast, "deals", seconds)
        rows.append(fast_row.against(itemised))

    with console.status("noddy score --batch"):
        start = startup_seconds()
        seconds, lines = bench_batch(held[:n_batch], turnups[:n_batch], fast[:n_batch])
        batch = Row("score --batch, cribbage", lines, "lines", seconds)
        rows.append(batch.against(itemised))

    table = Table(title=f"noddy bench ({mode})", show_edge=False)
    table.add_column("measurement")
    table.add_column("work", justify="right")
    table.add_column("seconds", justify="right")
    table.add_column("rate /s", justify="right")
    table.add_column("ratio")
    for row in rows:
        ratio = ""
        if row.ratio is not None:
            ratio = "baseline" if row.baseline == row.name else f"{row.ratio:.2f}× {row.baseline}"
        table.add_row(row.name, f"{row.units:,} {row.unit}", f"{row.seconds:.3f}", f"{row.rate:,.0f}", ratio)
    console.print(table)
    console.print(
        "score_hand: itemised count (python); score_deals: table look-up (numpy);"
        " distribution: every deal, cold (its tables built inside);"
        " score --batch: a subprocess on a temp file of JSON lines, start-up included"
    )
    console.print(f"(noddy --version alone, the start-up inside the batch figure: {start:.2f} s)")

    result = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "noddy": __version__,
        "mode": mode,
        "seed": args.seed,
        "machine": {
            "cpu_count": os.cpu_count(),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "platform": platform.platform(),
            "numpy": np.__version__,
        },
        "startup_seconds": round(start, 3),
        "distribution_means": {
            "cribbage": round(dist.mean, 6),
            THREE_CARD_PRESET: round(dist3.mean, 6),
        },
        "rows": [row.to_json() for row in rows],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
