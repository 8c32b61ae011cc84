"""The numpy table method: the exact distribution of cribbage hand counts, written apart from noddy.

The baseline of `bench/analyze.py`. Every 5-card set of the pack is listed once (2,598,960 sets);
the part of a count that depends on ranks only (fifteens, pairs, runs) is the same whichever of the
five cards is the turn-up, so it is looked up once per set in a table of the 6,188 sorted rank
multisets; the flush and his nobs are added for each choice of turn-up. 5 x 2,598,960 = 12,994,800
deals, the same as ``noddy analyze hands --rules cribbage``. Prints the distribution as one JSON
object (``deals``, ``mean``, ``max``, ``histogram``).

    .venv/bin/python bench/analyze_reference.py
"""

from __future__ import annotations

import json
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

JACK = 10
"""Rank index of the Jack (ranks 0-12, ace low)."""


def card_sets(n: int, r: int) -> npt.NDArray[np.uint8]:
    """Every ``r``-card set of ``n`` cards, one row each in lexicographic order, built column by column."""
    sets = np.arange(n - r + 1, dtype=np.uint8)[:, None]
    for size in range(2, r + 1):
        last = sets[:, -1].astype(np.int64)
        highest = n - (r - size) - 1
        counts = highest - last
        starts = np.cumsum(counts) - counts
        nxt = np.arange(counts.sum()) - np.repeat(starts, counts) + np.repeat(last + 1, counts)
        sets = np.concatenate([np.repeat(sets, counts, axis=0), nxt[:, None].astype(np.uint8)], axis=1)
    return sets


def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five cards given by rank (0 = ace ... 12 = King)."""
    values = [min(r + 1, 10) for r in ranks]
    points = 2 * sum(1 for size in range(2, 6) for group in combinations(values, size) if sum(group) == 15)
    points += sum(2 for a, b in combinations(ranks, 2) if a == b)
    for length in (5, 4, 3):
        runs = 0
        for start in range(13 - length + 1):
            ways = 1
            for rank in range(start, start + length):
                ways *= ranks.count(rank)
            runs += ways
        if runs:
            points += runs * length
            break
    return points


def rank_table() -> npt.NDArray[np.int16]:
    table = np.zeros(13**5, dtype=np.int16)
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            key = sum(r * 13**i for i, r in enumerate(reversed(ranks)))
            table[key] = rank_points(ranks)
    return table


def distribution() -> npt.NDArray[np.int64]:
    sets = card_sets(52, 5)
    ranks = sets % 13
    suits = sets // 13
    ordered = np.sort(ranks, axis=1).astype(np.int32)
    key = ordered[:, 0]
    for i in range(1, 5):
        key = key * 13 + ordered[:, i]
    base = rank_table()[key]
    counts = np.zeros(32, dtype=np.int64)
    for turnup in range(5):
        held = [i for i in range(5) if i != turnup]
        up_suit = suits[:, turnup]
        first = suits[:, held[0]]
        flush = np.ones(len(sets), dtype=bool)
        for i in held[1:]:
            flush &= suits[:, i] == first
        score = base + 4 * flush + (flush & (up_suit == first))
        for i in held:
            score = score + ((ranks[:, i] == JACK) & (suits[:, i] == up_suit))
        part = np.bincount(score, minlength=32)
        counts[: len(part)] += part
    return counts


def main() -> None:
    counts = distribution()
    deals = int(counts.sum())
    points = int((counts * np.arange(len(counts))).sum())
    top = int(np.nonzero(counts)[0].max())
    histogram = {str(score): int(n) for score, n in enumerate(counts[: top + 1])}
    print(json.dumps({"deals": deals, "mean": round(points / deals, 6), "max": top, "histogram": histogram}))


if __name__ == "__main__":
    main()
