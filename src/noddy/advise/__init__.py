"""The discard advisor: every way to lay away a hand, with its expected counts, best first
(`advise`, `advise_view`), and at a score ranked by the chance of winning the game (`chances`).

`advice` holds the values handed back and what is said of them; `lay_away` works out the expected
counts; `win` weighs each lay-away's chance of winning from the board. Each imports only those
below it: advice, then win, then lay_away.
"""

from __future__ import annotations

from noddy.advise.advice import Advice, Board, Option, win_lines
from noddy.advise.lay_away import GREEDY_HANDS, MODELS, advise, advise_view, greedy_discards, lay_away_presets
from noddy.advise.win import MARGIN, WIN_SAMPLES, chances, check_scores, read_score, seat_view

__all__ = [
    "GREEDY_HANDS",
    "MARGIN",
    "MODELS",
    "WIN_SAMPLES",
    "Advice",
    "Board",
    "Option",
    "advise",
    "advise_view",
    "chances",
    "check_scores",
    "greedy_discards",
    "lay_away_presets",
    "read_score",
    "seat_view",
    "win_lines",
]
