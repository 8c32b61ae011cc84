"""The simulator: many games between computer players, their statistics, and plots.

`play_games` runs a tournament (in this process, on local processes or on a dask cluster, with the
same results), and `make_report` turns its game summaries into statistics; `noddy.sim.plot` draws
them (imported on its own, so that workers never load matplotlib).
"""

from noddy.sim.stats import PlayerStats, Report, RuleSetStats, display_names, make_report, wilson
from noddy.sim.tournament import SOURCES, GameSummary, executor_for, play_games

__all__ = [
    "SOURCES",
    "GameSummary",
    "PlayerStats",
    "Report",
    "RuleSetStats",
    "display_names",
    "executor_for",
    "make_report",
    "play_games",
    "wilson",
]
