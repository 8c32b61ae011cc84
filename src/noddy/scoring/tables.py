"""The deal tables: the counts of many deals at once, by table look-up with numpy.

A count splits into a part that depends on ranks only (fifteens, twenty-fives, thirty-ones, pairs,
runs: symmetric in the cards) and a part that depends on suits and named cards (flush, Knave, named
cards; see `KindFacts.by_suit`). Both parts are tabulated by calling the itemised scorer itself on
representative cards, so the fast path cannot follow other rules than `score_hand`; numpy then
scores millions of deals.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations_with_replacement, product

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK, Card, Rank, Suit
from noddy.rules import Rules
from noddy.scoring.fast import score_hand
from noddy.scoring.hand import flush_item, knave_items, special_items
from noddy.scoring.items import total
from noddy.scoring.kinds import FACTS, KINDS, Kind

__all__ = ["Cards", "score_deals", "score_sets"]

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_ALL = frozenset(KINDS)

Cards = npt.NDArray[np.uint8]
"""Rows of card indices (`Card.index`), one row per deal."""


def _rank_multisets(n: int) -> Iterator[tuple[int, ...]]:
    for ranks in combinations_with_replacement(range(13), n):
        if max(ranks.count(r) for r in set(ranks)) <= 4:
            yield ranks


@lru_cache(maxsize=64)
def _rank_table(rules: Rules, n: int, kinds: frozenset[Kind]) -> npt.NDArray[np.int16]:
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
        table[key] = sum(i.points for i in items if not FACTS[i.kind].by_suit and i.kind in kinds)
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


def score_deals(
    rules: Rules, held: Cards, turnups: Cards, *, crib: bool = False, kinds: frozenset[Kind] = _ALL
) -> npt.NDArray[np.int16]:
    """The count of each deal (rows of held card indices and their turn-ups), equal to `score_hand`;
    with ``kinds``, the points of those kinds of item only (equal to summing `score_hand`'s items
    of those kinds)."""
    k = held.shape[1]
    cards = np.concatenate([held, turnups[:, None]], axis=1)
    ranks = cards % 13
    suits = (cards // 13).astype(np.int64)
    ordered = np.sort(ranks, axis=1).astype(np.int64)
    key = (ordered * (13 ** np.arange(k + 1, dtype=np.int64))).sum(axis=1)
    scores = _rank_table(rules, k + 1, kinds)[key]
    if Kind.FLUSH in kinds:
        suit_key = (suits * (4 ** np.arange(k + 1, dtype=np.int64))).sum(axis=1)
        scores = scores + _flush_table(rules, k, crib)[suit_key]
    if Kind.KNAVE in kinds:
        held_knave, turn_knave = _knave_tables(rules)
        scores = scores + held_knave[held, turnups[:, None]].sum(axis=1, dtype=np.int16) + turn_knave[turnups]
    if rules.special_cards.enabled and Kind.SPECIAL in kinds:
        held_special, turn_special = _special_tables(rules)
        scores = scores + held_special[held].sum(axis=1, dtype=np.int16) + turn_special[turnups]
    result: npt.NDArray[np.int16] = scores.astype(np.int16)
    return result


def score_sets(
    rules: Rules, sets: Cards, *, crib: bool = False, kinds: frozenset[Kind] = _ALL
) -> npt.NDArray[np.int16]:
    """The counts of every deal each set of cards makes: column ``j`` of row ``i`` is the count of
    ``sets[i]`` with card ``j`` turned up and the others held (in their order), equal to
    `score_deals` on that deal. The ranks-only part, the same whichever card is turned up, is
    looked up once per set: enumerating sets rather than deals does that work once, not ``k + 1``
    times."""
    n, size = sets.shape
    ranks = sets % 13
    ordered = np.sort(ranks, axis=1)
    key = np.zeros(n, dtype=np.int32)
    for i in reversed(range(size)):
        key = key * 13 + ordered[:, i]
    base = _rank_table(rules, size, kinds)[key]
    scores = np.empty((n, size), dtype=np.int16)
    suits = sets // 13
    flush = _flush_table(rules, size - 1, crib) if Kind.FLUSH in kinds else None
    knave = _knave_tables(rules) if Kind.KNAVE in kinds else None
    special = _special_tables(rules) if rules.special_cards.enabled and Kind.SPECIAL in kinds else None
    held_knave = knave[0].ravel() if knave is not None and knave[0].any() else None
    for up in range(size):
        held = [i for i in range(size) if i != up]
        score = base.copy()
        if flush is not None:
            suit_key = suits[:, up].astype(np.int32) << 2 * (size - 1)
            for position, i in enumerate(held):
                suit_key |= suits[:, i].astype(np.int32) << 2 * position
            score += flush[suit_key]
        if knave is not None:
            turnups = sets[:, up].astype(np.int32)
            score += knave[1][turnups]
            if held_knave is not None:
                for i in held:
                    score += held_knave[sets[:, i].astype(np.int32) * 52 + turnups]
        if special is not None:
            score += special[1][sets[:, up]]
            for i in held:
                score += special[0][sets[:, i]]
        scores[:, up] = score
    return scores
