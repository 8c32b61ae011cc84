"""The simulator: many games between computer players, their statistics, and plots.

`iter_games` runs a tournament (in this process, on local processes or on a dask cluster, with the
same results) and yields each game's summary as it finishes; `make_report` streams them into
statistics (`Tally`), so memory does not grow with the number of games; `play_games` keeps the list.
`noddy.sim.batch.tally_games`, what ``noddy simulate`` runs, counts the same games into a `Tally`
without a summary a game (on the kernel, many games a call, counted in C), and `tally_report` reads it.
`noddy.sim.plot` draws reports (imported on its own, so that workers never load matplotlib).
"""

from noddy.sim.stats import (
    PlayerStats,
    Report,
    RuleSetStats,
    SideStats,
    Tally,
    display_names,
    make_report,
    wilson,
)
from noddy.sim.tournament import SOURCES, GameSummary, executor_for, iter_games, play_games

__all__ = [
    "SOURCES",
    "GameSummary",
    "PlayerStats",
    "Report",
    "RuleSetStats",
    "SideStats",
    "Tally",
    "display_names",
    "executor_for",
    "iter_games",
    "make_report",
    "play_games",
    "wilson",
]
