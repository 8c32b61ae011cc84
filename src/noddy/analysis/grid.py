"""The board table read as a person reads a board, seat 0 to deal: the dealer's chance by the two
scores (the heat map of `noddy.analysis.plot`, the grid of ``noddy analyze board``)."""

from __future__ import annotations

import numpy as np

from noddy.analysis.board import BoardTable
from noddy.rules import Rules

__all__ = ["dealer_grid", "elder_seat"]


def elder_seat(rules: Rules, players: int) -> int:
    """The seat on seat 0's left in the order of play: the elder when seat 0 deals."""
    return 1 if rules.table.direction == "left" else players - 1


def dealer_grid(table: BoardTable, rules: Rules, third: int = 0) -> np.ndarray:
    """The dealer's chance before the deal: [dealer's score, the next side's score], seat 0 to deal
    (for three sides, the elder's score across and the third side at ``third``)."""
    if table.sides == 2:
        return np.asarray(table.array[0, :, :, 0].T)
    elder = elder_seat(rules, table.players)
    grid = np.empty((table.target, table.target))
    for a in range(table.target):
        for b in range(table.target):
            scores = [0, 0, 0]
            scores[0], scores[elder], scores[3 - elder] = a, b, third
            grid[a, b] = table.chance(scores, 0)[0]
    return grid
