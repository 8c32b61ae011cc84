"""Exact enumeration of deals: the distributions of hand and crib counts over every possible deal,
by the deal tables (`noddy.scoring.tables.score_sets`, equal to `score_deals` and so to the
itemised scorer). Statistics of games played, which are sampled, are `noddy.sim`'s.

Every set of ``k + 1`` cards is listed once and counted with each of its cards turned up: the same
deals as every ``k``-card hand with every other card turned up (`all_deals`), with the ranks-only
part of the count looked up once per set, in chunks so memory stays small."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from noddy.errors import RulesError
from noddy.rules import Rules
from noddy.scoring import Cards
from noddy.scoring.tables import score_sets
from noddy.words import Reason

__all__ = ["Distribution", "all_deals", "all_sets", "deal_size", "distribution"]


@dataclass(frozen=True)
class Distribution:
    """How many deals give each count, with their number, mean and maximum."""

    rules: str
    crib: bool
    cards: int
    histogram: dict[int, int] = field(repr=False)

    @property
    def deals(self) -> int:
        return sum(self.histogram.values())

    @property
    def points(self) -> int:
        return sum(score * n for score, n in self.histogram.items())

    @property
    def mean(self) -> float:
        return self.points / self.deals

    @property
    def max(self) -> int:
        return max(score for score, n in self.histogram.items() if n)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "crib": self.crib,
            "cards": self.cards,
            "deals": self.deals,
            "mean": round(self.mean, 6),
            "max": self.max,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
        }


def deal_size(rules: Rules, crib: bool = False) -> int:
    """Cards in a hand (held) or a crib for the rule set's smallest table."""
    if not crib:
        return rules.held_size()
    size = rules.crib_size()
    if not size:
        raise RulesError(Reason("no_crib", rules=rules.name))
    return size


def all_deals(k: int) -> tuple[Cards, Cards]:
    """Every ``k``-card hand with every turn-up from the other cards, as card indices."""
    hands = np.array(list(combinations(range(52), k)), dtype=np.uint8)
    others = np.ones((len(hands), 52), dtype=bool)
    others[np.arange(len(hands))[:, None], hands] = False
    turnups = np.nonzero(others)[1].astype(np.uint8)
    held = np.repeat(hands, 52 - k, axis=0)
    return held, turnups


def all_sets(size: int, cards: int = 52) -> Cards:
    """Every ``size``-card set of the pack, one row each (cards in increasing index order), in
    lexicographic order; built column by column with numpy.

    >>> all_sets(2, 4).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    sets = np.arange(cards - size + 1, dtype=np.uint8)[:, None]
    for width in range(2, size + 1):
        last = sets[:, -1].astype(np.int64)
        counts = cards - (size - width) - 1 - last
        starts = np.cumsum(counts) - counts
        following = np.arange(counts.sum()) - np.repeat(starts, counts) + np.repeat(last + 1, counts)
        sets = np.concatenate([np.repeat(sets, counts, axis=0), following[:, None].astype(np.uint8)], axis=1)
    return sets


def distribution(rules: Rules, *, crib: bool = False, chunk: int = 400_000) -> Distribution:
    """The exact distribution of hand (or crib) counts over every deal of the rule set's size."""
    k = deal_size(rules, crib)
    sets = all_sets(k + 1)
    counts = np.zeros(0, dtype=np.int64)
    for start in range(0, len(sets), chunk):
        scores = score_sets(rules, sets[start : start + chunk], crib=crib)
        part = np.bincount(scores.ravel())
        if len(part) > len(counts):
            part[: len(counts)] += counts
            counts = part
        else:
            counts[: len(part)] += part
    histogram = {score: int(n) for score, n in enumerate(counts)}
    return Distribution(rules.name, crib, k, histogram)
