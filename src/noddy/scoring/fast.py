"""`score_hand`: the itemised count by small tables built once per rule set, equal to the reference.

The readable reference (`score_hand_reference` in `scoring/hand.py`) says what a hand scores; this
module counts the same items, in the same order (the reference's `CALL_ORDER`, read when a rule
set's tables are made), faster: sums of counting values by subset masks,
runs from a table of which ranks are present (made by the reference's `run_blocks`), the flush from
a table of suit patterns (made by the reference's `flush_item`), and the Knave and named cards by the
reference's own functions. A differential test over random hands of every preset holds the two
together.

>>> from noddy.rules import load_rules
>>> from noddy.cards import parse_cards, Card
>>> items = score_hand(parse_cards("5h 5d 5c Js"), Card.parse("5s"), load_rules("cribbage"))
>>> sum(i.points for i in items)
29
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations, product
from operator import itemgetter
from typing import Any

from noddy.cards import Card, Rank, Suit
from noddy.rules import Rules
from noddy.scoring import hand as reference
from noddy.scoring.combos import pair_kind, run_blocks
from noddy.scoring.hand import check_cards, flush_item, knave_items, special_items
from noddy.scoring.items import ScoreItem
from noddy.scoring.kinds import SUMS, Kind

__all__ = ["score_hand"]

_VALUE = (0, *(Card(rank, Suit.CLUBS).value for rank in Rank))
"""Counting value by rank number (index 0 unused)."""
_JACK_BIT = 1 << Rank.JACK
"""A hand with no Jack holds no Knave: `knave_items` is asked only when one is there."""


def score_hand(
    held: Sequence[Card], turnup: Card, rules: Rules, *, crib: bool = False
) -> tuple[ScoreItem, ...]:
    """Every combination in ``held`` plus ``turnup`` under ``rules``; the count is their sum.

    Equal, item for item, to `score_hand_reference`. A Jack turned up is not part of any hand's
    count (see `turned_jack_item`).
    """
    held = tuple(held)
    cards = (*held, turnup)
    if not held or len(set(cards)) != len(cards):
        check_cards(held, turnup)
    return _counter(rules, crib, len(cards)).count(held, turnup, cards)


@lru_cache(maxsize=128)
def _counter(rules: Rules, crib: bool, n: int) -> _Counter:
    return _Counter(rules, crib, n)


def _subsets(n: int) -> tuple[tuple[int, Callable[[Sequence[Card]], Any]], ...]:
    """Every subset of 2 or more of ``n`` positions as a bit mask and a getter of its cards, in
    the order `itertools.combinations` gives them by size (the reference's order)."""
    return tuple(
        (sum(1 << i for i in group), itemgetter(*group))
        for size in range(2, n + 1)
        for group in combinations(range(n), size)
    )


_Hand = tuple[tuple[Card, ...], Card, tuple[Card, ...], dict[int, list[Card]], int, list[int]]
"""The cards of one count as the fast finders read them: held, the turn-up, all of them, the cards by
rank, the bits of the ranks present and the sums of counting values by subset mask (a plain tuple:
the count is a hot path)."""


Step = Callable[[list[ScoreItem], _Hand], None]
"""One kind's finder in the fast count: it appends the kind's items of the hand."""


class _Counter:
    """The count of ``n`` cards (held cards and the turn-up) under one rule set, hand or crib."""

    def __init__(self, rules: Rules, crib: bool, n: int) -> None:
        combos = rules.combinations
        self.rules = rules
        self.subsets = _subsets(n)
        self.low_bit = tuple((m & (m - 1), (m & -m).bit_length() - 1) for m in range(1, 1 << n))
        self.pairs_by_value = combos.pairs_by == "value"
        self.pair_kinds = {k: pair_kind(k, combos) for k in range(2, n + 1)}
        self.run_points = tuple(combos.run_points(k) if k >= 3 else 0 for k in range(15))
        self.ace = combos.ace
        self.flush_reading = rules.crib.flush if crib else rules.hand.flush
        self.flushes: dict[tuple[Suit, ...], tuple[tuple[int, ...], int] | None] = {}
        special = rules.special_cards
        finders: dict[Kind, Step | None] = {
            Kind.PAIR: self._pairs,
            Kind.RUN: self._runs,
            Kind.FLUSH: self._flush if self.flush_reading != "off" else None,
            Kind.KNAVE: self._knaves if rules.hand.knave and rules.hand.knave_when != "in_play" else None,
            Kind.SPECIAL: self._special if special.enabled and special.scored_in != "play" else None,
        }
        for facts in SUMS:
            assert facts.hand_points is not None and facts.target is not None
            points = facts.hand_points(rules)
            by_size = tuple(points.score(k) for k in range(n + 1))
            finders[facts.kind] = self._sums(facts.kind, facts.target, by_size) if points.enabled else None
        order = reference.CALL_ORDER
        steps = (finders[kind] if kind in finders else self._reference(kind, crib) for kind in order)
        self.steps = tuple(step for step in steps if step is not None)
        """Each kind's finder that can find anything under these rules, in the reference's order (the
        reference's own finder for a kind with no faster one here)."""
        self.sums = any(finders[facts.kind] for facts in SUMS)

    def count(self, held: tuple[Card, ...], turnup: Card, cards: tuple[Card, ...]) -> tuple[ScoreItem, ...]:
        """The items of ``cards`` (``held`` then ``turnup``), in the reference's order."""
        items: list[ScoreItem] = []
        by_rank: dict[int, list[Card]] = {}
        rank_bits = 0
        for card in cards:
            rank = card.rank
            rank_bits |= 1 << rank
            group = by_rank.get(rank)
            if group is None:
                by_rank[rank] = [card]
            else:
                group.append(card)
        sums = [0]
        if self.sums:
            values = [_VALUE[c.rank] for c in cards]
            for rest, low in self.low_bit:
                sums.append(sums[rest] + values[low])
        hand = (held, turnup, cards, by_rank, rank_bits, sums)
        for step in self.steps:
            step(items, hand)
        return tuple(items)

    def _reference(self, kind: Kind, crib: bool) -> Step:
        """The reference's finder of ``kind`` as a step: a new kind counts, item for item, before a
        faster finder is written for it."""
        find, rules = reference.FINDERS[kind], self.rules

        def step(items: list[ScoreItem], hand: _Hand) -> None:
            items += find(hand[0], hand[1], rules, crib)

        return step

    def _sums(self, kind: Kind, target: int, by_size: tuple[int, ...]) -> Step:
        """The finder of the groups whose counting values make ``target``."""
        subsets = self.subsets

        def step(items: list[ScoreItem], hand: _Hand) -> None:
            cards, sums = hand[2], hand[5]
            for mask, get in subsets:
                if sums[mask] == target:
                    group = get(cards)
                    items.append(ScoreItem(kind, group, by_size[len(group)]))

        return step

    def _pairs(self, items: list[ScoreItem], hand: _Hand) -> None:
        _, _, cards, by_rank, _, _ = hand
        if self.pairs_by_value:
            groups: dict[int, list[Card]] = {}
            for card in cards:
                groups.setdefault(_VALUE[card.rank], []).append(card)
        elif len(by_rank) == len(cards):
            return
        else:
            groups = by_rank
        for group in groups.values():
            if len(group) >= 2:
                kind, points = self.pair_kinds[len(group)]
                items.append(ScoreItem(kind, tuple(group), points))

    def _runs(self, items: list[ScoreItem], hand: _Hand) -> None:
        _, _, _, by_rank, rank_bits, _ = hand
        if len(by_rank) < 3:
            return
        for block in _run_blocks(self.ace, rank_bits):
            points = self.run_points[len(block)]
            items.extend(ScoreItem(Kind.RUN, run, points) for run in product(*(by_rank[r] for r in block)))

    def _knaves(self, items: list[ScoreItem], hand: _Hand) -> None:
        if hand[4] & _JACK_BIT:
            items += knave_items(hand[0], hand[1], self.rules)

    def _special(self, items: list[ScoreItem], hand: _Hand) -> None:
        items += special_items(hand[0], hand[1], self.rules)

    def _flush(self, items: list[ScoreItem], hand: _Hand) -> None:
        cards = hand[2]
        suits = tuple(c.suit for c in cards)
        if suits not in self.flushes:
            self.flushes[suits] = self._flush_pattern(suits)
        found = self.flushes[suits]
        if found is not None:
            positions, points = found
            items.append(ScoreItem(Kind.FLUSH, tuple(cards[i] for i in positions), points))

    def _flush_pattern(self, suits: tuple[Suit, ...]) -> tuple[tuple[int, ...], int] | None:
        """Which positions make the flush for this pattern of suits, by `flush_item` itself on
        cards of these suits (a flush depends on suits only): each suit's cards ranked 1, 2, ... in
        turn, so cards stay distinct past 13 of them (a suit has 13)."""
        cards = [Card(Rank(suits[: i + 1].count(suit)), suit) for i, suit in enumerate(suits)]
        item = flush_item(cards[:-1], cards[-1], self.flush_reading, self.rules)
        if item is None:
            return None
        return tuple(cards.index(c) for c in item.cards), item.points


@cache
def _run_blocks(ace: str, rank_bits: int) -> tuple[tuple[int, ...], ...]:
    """The runs' blocks for this set of ranks present, as ranks, by the reference's `run_blocks`
    on one card of each rank (at most 3 x 8,192 sets)."""
    cards = [Card(Rank(r), Suit.CLUBS) for r in range(1, 14) if rank_bits >> r & 1]
    return tuple(tuple(int(group[0].rank) for group in block) for block in run_blocks(cards, ace))
