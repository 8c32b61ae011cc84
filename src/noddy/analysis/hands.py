"""Exact distributions of hand and crib counts over every possible deal, by table look-up.

A count splits into a part that depends on ranks only (fifteens, twenty-fives, thirty-ones, pairs,
runs: symmetric in the cards) and a part that depends on suits and named cards (flush, Knave, named
cards). Both parts are tabulated by calling the itemised scorer itself on representative cards, so
the fast path cannot follow other rules than `score_hand`; numpy then scores millions of deals.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import Any

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK, Card, Rank, Suit
from noddy.errors import RulesError
from noddy.rules import Rules
from noddy.scoring.hand import flush_item, knave_items, score_hand, special_items
from noddy.scoring.items import total

__all__ = ["Distribution", "all_deals", "deal_size", "distribution", "score_deals"]

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_PARTS = frozenset({"flush", "knave", "special"})

Cards = npt.NDArray[np.uint8]


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
        raise RulesError(f"{rules.name} has no crib (crib.kind = 'none'); leave out --crib")
    return size


def all_deals(k: int) -> tuple[Cards, Cards]:
    """Every ``k``-card hand with every turn-up from the other cards, as card indices."""
    hands = np.array(list(combinations(range(52), k)), dtype=np.uint8)
    others = np.ones((len(hands), 52), dtype=bool)
    others[np.arange(len(hands))[:, None], hands] = False
    turnups = np.nonzero(others)[1].astype(np.uint8)
    held = np.repeat(hands, 52 - k, axis=0)
    return held, turnups


def _rank_multisets(n: int) -> Iterator[tuple[int, ...]]:
    for ranks in combinations_with_replacement(range(13), n):
        if max(ranks.count(r) for r in set(ranks)) <= 4:
            yield ranks


@lru_cache(maxsize=32)
def _rank_table(rules: Rules, n: int) -> npt.NDArray[np.int16]:
    """Rank-only points of every sorted multiset of ``n`` ranks, indexed in base 13."""
    table = np.zeros(13**n, dtype=np.int16)
    for ranks in _rank_multisets(n):
        seen: dict[int, int] = {}
        cards = []
        for r in ranks:
            cards.append(Card(Rank(r + 1), _SUITS[seen.get(r, 0)]))
            seen[r] = seen.get(r, 0) + 1
        items = score_hand(cards[:-1], cards[-1], rules)
        key = sum(r * 13**i for i, r in enumerate(ranks))
        table[key] = sum(i.points for i in items if i.kind not in _SUIT_PARTS)
    return table


@lru_cache(maxsize=32)
def _flush_table(rules: Rules, k: int, crib: bool) -> npt.NDArray[np.int16]:
    """Flush points for every pattern of held suits and turn-up suit, indexed in base 4."""
    reading = rules.crib.flush if crib else rules.hand.flush
    table = np.zeros(4 ** (k + 1), dtype=np.int16)
    for suits in product(range(4), repeat=k + 1):
        cards = [Card(Rank(i + 1), _SUITS[s]) for i, s in enumerate(suits)]
        item = flush_item(cards[:-1], cards[-1], reading, rules)
        table[sum(s * 4**i for i, s in enumerate(suits))] = item.points if item else 0
    return table


@lru_cache(maxsize=32)
def _knave_tables(rules: Rules) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """The Knave's points from `knave_items`: per held card and turn-up, and for the turn-up alone."""
    turn = np.array([total(knave_items((), up, rules)) for up in DECK], np.int16)
    held = np.zeros((52, 52), np.int16)
    for c in DECK:
        for up in DECK:
            if c != up:
                held[c.index, up.index] = total(knave_items((c,), up, rules)) - turn[up.index]
    return held, turn


@lru_cache(maxsize=32)
def _special_tables(rules: Rules) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    held = np.array([total(special_items((c,), None, rules)) for c in DECK], np.int16)
    turnup = np.array([total(special_items((), c, rules)) for c in DECK], np.int16)
    return held, turnup


def score_deals(rules: Rules, held: Cards, turnups: Cards, *, crib: bool = False) -> npt.NDArray[np.int16]:
    """The count of each deal (rows of held card indices and their turn-ups), equal to `score_hand`."""
    k = held.shape[1]
    cards = np.concatenate([held, turnups[:, None]], axis=1)
    ranks = cards % 13
    suits = (cards // 13).astype(np.int64)
    ordered = np.sort(ranks, axis=1).astype(np.int64)
    key = (ordered * (13 ** np.arange(k + 1, dtype=np.int64))).sum(axis=1)
    scores = _rank_table(rules, k + 1)[key]
    suit_key = (suits * (4 ** np.arange(k + 1, dtype=np.int64))).sum(axis=1)
    scores = scores + _flush_table(rules, k, crib)[suit_key]
    held_knave, turn_knave = _knave_tables(rules)
    scores = scores + held_knave[held, turnups[:, None]].sum(axis=1, dtype=np.int16) + turn_knave[turnups]
    if rules.special_cards.enabled:
        held_special, turn_special = _special_tables(rules)
        scores = scores + held_special[held].sum(axis=1, dtype=np.int16) + turn_special[turnups]
    result: npt.NDArray[np.int16] = scores.astype(np.int16)
    return result


def distribution(rules: Rules, *, crib: bool = False, chunk: int = 2_000_000) -> Distribution:
    """The exact distribution of hand (or crib) counts over every deal of the rule set's size."""
    k = deal_size(rules, crib)
    held, turnups = all_deals(k)
    counts = np.zeros(0, dtype=np.int64)
    for start in range(0, len(held), chunk):
        scores = score_deals(rules, held[start : start + chunk], turnups[start : start + chunk], crib=crib)
        part = np.bincount(scores)
        if len(part) > len(counts):
            part[: len(counts)] += counts
            counts = part
        else:
            counts[: len(part)] += part
    histogram = {score: int(n) for score, n in enumerate(counts)}
    return Distribution(rules.name, crib, k, histogram)
