"""Runs and pairs shared by the hand count and the play, per the rules' ace and pairing readings."""

from __future__ import annotations

from collections.abc import Sequence

from noddy.cards import Card
from noddy.rules import Combinations
from noddy.scoring.kinds import Kind

__all__ = ["is_run", "pair_key", "pair_kind", "run_blocks"]

_PAIR_KINDS = {2: Kind.PAIR, 3: Kind.PAIR_ROYAL, 4: Kind.DOUBLE_PAIR_ROYAL}


def pair_key(card: Card, combos: Combinations) -> int:
    """What makes two cards a pair: their rank, or (a house reading) their counting value."""
    return card.value if combos.pairs_by == "value" else int(card.rank)


def pair_kind(n: int, combos: Combinations) -> tuple[Kind, int]:
    """The kind and points of ``n`` alike cards: pair, pair royal, double pair royal."""
    if n in _PAIR_KINDS:
        return _PAIR_KINDS[n], combos.pairs[n - 2]
    return Kind.PAIRS, combos.pairs[0] * n * (n - 1) // 2


def _positions(rank: int, ace: str) -> tuple[int, ...]:
    if rank == 1 and ace == "high_or_low":
        return (1, 14)
    return (rank,)


def run_blocks(cards: Sequence[Card], ace: str) -> list[list[list[Card]]]:
    """Maximal blocks of 3 or more consecutive ranks: each block is a list of rank groups of cards."""
    by_pos: dict[int, list[Card]] = {}
    for card in cards:
        for pos in _positions(int(card.rank), ace):
            by_pos.setdefault(pos, []).append(card)
    if not by_pos:
        return []
    if ace == "around":
        present = sorted(by_pos)
        if len(present) == 13:
            return [[by_pos[p] for p in present]]
        start = next(p for p in range(1, 14) if p not in by_pos)
        order = [(start + i - 1) % 13 + 1 for i in range(1, 14)]
    else:
        order = list(range(1, 15 if ace == "high_or_low" else 14))
    blocks: list[list[list[Card]]] = []
    current: list[list[Card]] = []
    for pos in [*order, 0]:
        if pos in by_pos:
            current.append(by_pos[pos])
            continue
        if len(current) >= 3:
            blocks.append(current)
        current = []
    return blocks


def is_run(ranks: Sequence[int], ace: str) -> bool:
    """Whether these ranks (3 or more) are all different and consecutive under the ace rule."""
    k = len(ranks)
    if k < 3 or len(set(ranks)) != k:
        return False
    if max(ranks) - min(ranks) == k - 1:
        return True
    if ace == "high_or_low" and 1 in ranks:
        high = [14 if r == 1 else r for r in ranks]
        return max(high) - min(high) == k - 1
    if ace == "around":
        present = set(ranks)
        return any(all((s + i - 1) % 13 + 1 in present for i in range(k)) for s in present)
    return False
