"""Who sits on which side: partners sit opposite and share a side (a scoring track); otherwise each
seat is its own side. The one place this is written: the game, the words and the views (which send
it to the web page) all read it here.

>>> side_of(2, partners=True), side_seats(4, partners=True)
(0, ((0, 2), (1, 3)))
"""

from __future__ import annotations

__all__ = ["side_of", "side_seats"]


def side_of(seat: int, partners: bool) -> int:
    """The side of ``seat``."""
    return seat % 2 if partners else seat


def side_seats(players: int, partners: bool) -> tuple[tuple[int, ...], ...]:
    """The seats of each side, side by side."""
    sides = 2 if partners else players
    return tuple(tuple(s for s in range(players) if side_of(s, partners) == side) for side in range(sides))
