"""Reward shaping by the chance of winning from the board (issue 25 item 4): optional, off by
default, in the research environments (``board_reward=w``).

The potential of a position is its side's chance to win the game from the start of the current
deal (`noddy.analysis.board`'s table at the scores and the seat about to deal), and at the end of
the game the result (1 to the winning side, 0 to the others, ``1 / sides`` each on a draw). At
each deal's end, when the next deal is about to be dealt, and at the end of the game, each seat is
paid ``w`` times the change in its side's potential since the last. This is potential-based
shaping (Ng, Harada and Russell, 1999): over a whole game it adds up to ``w`` times (the result
less the chance at the first deal), so it changes no policy's ranking; it tells a learner after
every deal how much that deal moved its chance to win, rather than only at the end. The changes
of the sides add up to zero.

>>> from noddy.rules import load_rules
>>> shaping = BoardShaping(load_rules("cribbage"), 2, None, 0.5)
>>> start = shaping.potential((0, 0), 1)
>>> round(sum(start), 6), shaping.final(0)
(1.0, (1.0, 0.0))
"""

from __future__ import annotations

from collections.abc import Sequence

from noddy.analysis import BoardError, board
from noddy.errors import NoddyError
from noddy.rules import Rules

__all__ = ["BoardShaping"]


class BoardShaping:
    """The potential of the board of one rule set and table, and the payments it makes."""

    def __init__(self, rules: Rules, players: int, partners: bool | None, weight: float) -> None:
        try:
            self.table = board(rules, players, partners)
        except BoardError as exc:
            raise NoddyError(f"board_reward needs the chance of winning from the board: {exc}") from exc
        self.weight = weight
        self.sides = self.table.sides

    def potential(self, scores: Sequence[int], dealer: int) -> tuple[float, ...]:
        """Each side's chance to win from the start of a deal at ``scores`` with ``dealer`` to deal."""
        return self.table.chance(scores, dealer)

    def final(self, winner: int | None) -> tuple[float, ...]:
        """Each side's potential at the end: its result."""
        if winner is None:
            return (1.0 / self.sides,) * self.sides
        return tuple(1.0 if side == winner else 0.0 for side in range(self.sides))

    def paid(self, before: Sequence[float], after: Sequence[float]) -> tuple[float, ...]:
        """What each side is paid as its potential goes from ``before`` to ``after``."""
        return tuple(self.weight * (a - b) for a, b in zip(after, before, strict=True))
