"""Analysis of whole games: the chance of winning from every board position.

`board(rules, players, partners)` gives a `BoardTable`: each side's chance to win the game from the
start of a deal at any scores, for each seat to deal. It is read in microseconds (a search calls it
at every leaf), kept in the process, shipped in the package for the presets' usual tables and
otherwise built from the compiled kernel on first use and kept in a user cache. The layer sits above
`kernel` and `game` and below `players`; `noddy.enumeration` (the exact enumeration of deals) is
apart from it. `docs/board.md` says how the table is built and what it rests on.
"""

from __future__ import annotations

from noddy.analysis.board import BoardError, BoardTable, SamplingError, board, board_if_built, board_why_not

__all__ = ["BoardError", "BoardTable", "SamplingError", "board", "board_if_built", "board_why_not"]
