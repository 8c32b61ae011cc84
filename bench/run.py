"""``make bench`` (scoring): how fast noddy counts hands, against cribbage-scorer in the same run.

Every measurement uses the same seeded random cribbage deals (4 held cards and a turn-up). The rows
are measured in interleaved rounds (each round times every row once, in turn), by CPU time, so a
noisy shared machine slows baseline and noddy alike; the table shows each row's best round and its
ratio to cribbage-scorer's best round. Every total is checked: noddy against cribbage-scorer,
`score_deals` against `score_hand`, and the batch output against `score_deals`. Results are printed
as a table and written to bench/results/latest.json.

    .venv/bin/python bench/run.py            # 5 rounds (about a minute)
    .venv/bin/python bench/run.py --quick    # 3 rounds of smaller samples
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from cribbage_scorer.cribbage_scorer import show_calc_score
from rich.console import Console

from noddy import __version__
from noddy.cards import DECK, Card, format_cards
from noddy.rules import load_rules
from noddy.scoring import score_deals, score_hand, total
from processes import noddy_command, run_process, table_of

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "latest.json"

SIZES = {
    # itemised deals, fast-path deals, batch lines, rounds
    "full": (20_000, 1_000_000, 100_000, 5),
    "quick": (5_000, 200_000, 5_000, 3),
}


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


def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    """The CPU time of this process spent in ``fn``, and its result."""
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def check_equal(what: str, ours: list[int], theirs: list[int]) -> None:
    bad = sum(a != b for a, b in zip(ours, theirs, strict=True))
    if bad:
        raise SystemExit(f"{what}: {bad} of {len(ours)} deals disagree; run the tests")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples, for a quick look")
    parser.add_argument("--seed", type=int, default=1589, help="seed of the random deals")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON results")
    args = parser.parse_args(argv)

    console = Console(width=max(Console().width, 110))
    mode = "quick" if args.quick else "full"
    n_items, n_fast, n_batch, rounds = SIZES[mode]
    cribbage = load_rules("cribbage")
    console.print(
        f"noddy {__version__} bench ({mode}, {rounds} interleaved rounds, CPU time), seed {args.seed}\n"
        f"python {platform.python_version()}, {os.cpu_count()} cpus, numpy {np.__version__},"
        f" {platform.platform()}"
    )
    held, turnups = make_deals(args.seed, max(n_fast, n_items, n_batch))
    deals = as_cards(held[:n_items], turnups[:n_items])
    theirs_in = [([as_tuple(c) for c in cards], as_tuple(up)) for cards, up in deals]
    fast_held, fast_up = held[:n_fast], turnups[:n_fast]

    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp) / "batch.jsonl"
        with batch.open("w", encoding="utf-8") as out:
            for cards, up in as_cards(held[:n_batch], turnups[:n_batch]):
                out.write(
                    json.dumps({"rules": "cribbage", "held": format_cards(cards), "turnup": str(up)}) + "\n"
                )

        def in_process(fn: Callable[[], list[int]]) -> Callable[[], tuple[float, list[int]]]:
            return lambda: cpu(fn)

        def batch_process() -> tuple[float, list[int]]:
            result = run_process([*noddy_command(), "score", "--batch", str(batch)])
            return result.cpu, [json.loads(line)["total"] for line in result.stdout.splitlines()]

        rows: dict[str, tuple[int, str, Callable[[], tuple[float, list[int]]]]] = {
            "cribbage-scorer show_calc_score": (
                n_items,
                "hands",
                in_process(lambda: [show_calc_score(up, cards, crib=False)[0] for cards, up in theirs_in]),
            ),
            "score_hand (itemised)": (
                n_items,
                "hands",
                in_process(lambda: [total(score_hand(cards, up, cribbage)) for cards, up in deals]),
            ),
            "noddy score --batch (whole process)": (n_batch, "lines", batch_process),
            "score_deals (numpy tables)": (
                n_fast,
                "deals",
                in_process(lambda: list(score_deals(cribbage, fast_held, fast_up).tolist())),
            ),
        }
        seconds: dict[str, list[float]] = {name: [] for name in rows}
        results: dict[str, list[int]] = {}
        with console.status("measuring") as status:
            for r in range(rounds):
                for name, (_, _, measure) in rows.items():
                    status.update(f"round {r + 1} of {rounds}: {name}")
                    took, results[name] = measure()
                    seconds[name].append(took)

    theirs = results["cribbage-scorer show_calc_score"]
    check_equal("score_hand vs cribbage-scorer", results["score_hand (itemised)"], theirs)
    check_equal("score_deals vs score_hand", results["score_deals (numpy tables)"][:n_items], theirs)
    check_equal(
        "score --batch vs score_deals",
        results["noddy score --batch (whole process)"],
        results["score_deals (numpy tables)"][:n_batch],
    )
    base_rate = n_items / min(seconds["cribbage-scorer show_calc_score"])
    table_rows = []
    for name, (units, unit, _) in rows.items():
        best = min(seconds[name])
        rate = units / best
        table_rows.append(
            {
                "name": name,
                "units": units,
                "unit": unit,
                "best_cpu_seconds": round(best, 4),
                "rounds": [round(s, 4) for s in seconds[name]],
                "rate": round(rate, 1),
                "ratio_to_cribbage_scorer": round(rate / base_rate, 3),
            }
        )
    console.print(table_of("scoring, cribbage (rates by CPU time, best of the rounds)", table_rows))
    report = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "noddy": __version__,
        "mode": mode,
        "seed": args.seed,
        "machine": {
            "cpu_count": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        },
        "rows": table_rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
