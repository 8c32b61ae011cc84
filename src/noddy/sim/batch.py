"""Tournaments counted in tallies, not game summaries: what ``noddy simulate`` runs.

A task plays a run of a tournament's games and sends back one `Tally` (its games counted), never a
summary a game: on the compiled kernel the games are played and counted in C, many in one call
(`noddy.engine.play_batch`: the same games, seated and seeded as `play_chunk` plays them,
and the same counts, as `kernel_tally` turns them into a `Tally`); on the Python engine each game
is summarised and counted in the worker. Tallies add up exactly (`Tally.merge`), so the report is
the same, bit for bit, whatever the tasks' sizes, their order and the number of workers.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from functools import lru_cache

from noddy.engine import TALLIES, choose, play_batch
from noddy.errors import NoddyError
from noddy.rules import Rules, dump_rules, loads_rules
from noddy.sim.stats import Tally
from noddy.sim.tournament import (
    AHEAD,
    KERNEL_TALLIES,
    SOURCES,
    _play_games,
    check_tournament,
    run_tasks,
)
from noddy.sim.workers import stopping

__all__ = [
    "KERNEL_BATCH",
    "TASK_SECONDS",
    "HeadStart",
    "batch_size",
    "kernel_tally",
    "tally_chunk",
    "tally_games",
]

KERNEL_BATCH = 1000
"""Kernel games a call: a task checks between calls whether it was told to stop, and a tournament
played in this process moves its progress bar after each (1,000 random games take about 30 ms)."""

_KERNEL_TASK = 5_000
_PYTHON_TASK = 200
TASK_SECONDS = 3.0
"""A task's CPU time where the games' pace is known (`HeadStart.pace`): dask's cost a task, a few
milliseconds of the scheduler's, the worker's and the command's time, and the 30-50 ms a dask
worker leaves between two tasks here (`docs/simulate.md`), is then about 1% of it (a second a task
left 5% of a two-worker run's wall time between tasks: 1.77x one worker, 1.85x with three)."""
_BUSIEST = 16
_SOURCE_OF = [SOURCES.index(KERNEL_TALLIES[name]) for name in TALLIES]


def batch_size(games: int, workers: int, engine: str, pace: float | None = None) -> int:
    """Games a task: about eight tasks a worker (an even finish, a moving progress bar), at most
    200 on the Python engine and, on the kernel, 5,000 (a few seconds of greedy cribbage, a tenth of
    one of random cribbage: a task's own cost, its rules read and its tally sent, is a few
    milliseconds) or, where the games' ``pace`` (CPU seconds a game) is known, `TASK_SECONDS` of
    them (no fewer than `KERNEL_BATCH`): 120,000 random cribbage games, so that a dask cluster's
    cost a task is lost in it. Beyond 16 workers the most grows with them, so that the tasks a
    second a scheduler hands out stay those of 16 workers (a few, where dask's scheduler takes
    about a millisecond a task): 100 machines are not held up by it.

    >>> batch_size(400_000, 2, "kernel"), batch_size(400_000, 2, "kernel", pace=25e-6)
    (5000, 25000)
    """
    most = _KERNEL_TASK if engine == "kernel" else _PYTHON_TASK
    if engine == "kernel" and pace:
        most = max(KERNEL_BATCH, round(TASK_SECONDS / pace))
    most *= max(1, workers // _BUSIEST)
    return max(1, min(most, math.ceil(games / (8 * max(1, workers)))))


def kernel_tally(
    rules: Rules, names: Sequence[str], partners: bool | None, seed: int, start: int, stop: int
) -> Tally:
    """Games ``start`` to ``stop - 1`` of the tournament, played and counted by the kernel in one
    call: the `Tally` that their `GameSummary`s would make, exactly."""
    counts = play_batch(rules, names, partners, seed * 1_000_003, start, stop)
    tally = Tally(len(names))
    tally.games, tally.draws, tally.deals = counts["games"], counts["draws"], counts["deals"]
    tally.first_dealer_wins, tally.actions = counts["first_dealer_wins"], counts["actions"]
    tally.sides = counts["sides"] if tally.games else 0
    tally.wins, tally.player_draws = list(counts["wins"]), list(counts["draws_of"])
    tally.player_deals = list(counts["deals_of"])
    for player, by_tally in enumerate(counts["points"]):
        own = tally.player_points[player]
        for source, points in zip(_SOURCE_OF, by_tally, strict=True):
            own[source] += points
        tally.points = [a + b for a, b in zip(tally.points, own, strict=True)]
        for counter, games in ((tally.lurches, counts["won_over"]), (tally.lurched, counts["lost_to"])):
            for best_loser, n in games[player]:
                stake, worth = rules.game.stake(best_loser)
                if worth > 1:
                    counter[player][stake] += n
    for margin, n in counts["margins"]:
        tally.margins.add(margin, n)
    others = counts["sides"] - 1
    for own_points, other_points, n in counts["deal_points"]:
        tally.edges.add(own_points - other_points / others, n)
    for mask, games, wins, draws in counts["partnerships"]:
        side = tuple(p for p in range(len(names)) if mask >> p & 1)
        tally.side_games[side] += games
        tally.side_wins[side] += wins
        tally.side_draws[side] += draws
    return tally


@lru_cache(maxsize=8)
def _read_rules(text: str) -> Rules:
    """The rules a task carries, read once a worker (2.5 ms a time; a run sends the same text)."""
    return loads_rules(text)


def _kernel_runs(
    rules: Rules, names: Sequence[str], partners: bool | None, seed: int, start: int, stop: int
) -> Tally:
    """Games ``start`` to ``stop - 1`` on the kernel, `KERNEL_BATCH` a call, ending after the call
    under way when the worker is told to stop."""
    tally = Tally(len(names))
    for first in range(start, stop, KERNEL_BATCH):
        tally.merge(kernel_tally(rules, names, partners, seed, first, min(first + KERNEL_BATCH, stop)))
        if stopping.is_set():
            break
    return tally


def tally_chunk(
    rules_toml: str,
    names: tuple[str, ...],
    partners: bool | None,
    seed: int,
    start: int,
    stop: int,
    engine: str = "auto",
) -> Tally:
    """Games ``start`` to ``stop - 1`` counted: the task sent to a worker, all in plain data (told
    to stop, it ends after the game, or the kernel's call, under way)."""
    rules = _read_rules(rules_toml)
    if choose(rules, len(names), engine, seated=names) == "kernel":
        return _kernel_runs(rules, names, partners, seed, start, stop)
    tally = Tally(len(names))
    for summary in _play_games(rules, names, partners, seed, range(start, stop), "python"):
        tally.add(summary)
        if stopping.is_set():
            break
    return tally


class HeadStart:
    """The first games of a tournament, played and counted here on the kernel while an executor
    gets ready (`executor_for`'s ``meanwhile``: dask loading and connecting takes half a CPU-second,
    in which this process's other core would idle); `tally_games`, given it, plays the rest."""

    def __init__(
        self, rules: Rules, names: Sequence[str], games: int, seed: int, partners: bool | None, engine: str
    ) -> None:
        self.tournament = (rules, tuple(names), games, seed, partners)
        self.kernel = choose(rules, len(names), engine, seated=names) == "kernel"
        self.tally = Tally(len(names))
        self.seconds = 0.0
        """The CPU time the games took (this thread's): their pace, for the size of the tasks."""

    @property
    def pace(self) -> float | None:
        """CPU seconds a game on this machine, as the head start played them (None: it played none)."""
        return self.seconds / self.tally.games if self.tally.games and self.seconds > 0 else None

    def __call__(self, ready: threading.Event) -> None:
        """Play games a kernel batch at a time until ``ready`` is set, or a quarter of the games are
        played (the executor the user named always gets the bulk of them)."""
        rules, names, games, seed, partners = self.tournament
        most = games // 4
        began = time.thread_time()
        while self.kernel and not ready.is_set() and self.tally.games < most:
            start = self.tally.games
            stop = min(start + KERNEL_BATCH, most)
            self.tally.merge(kernel_tally(rules, names, partners, seed, start, stop))
        self.seconds += time.thread_time() - began


def tally_games(
    rules: Rules,
    names: Sequence[str],
    games: int,
    seed: int,
    *,
    partners: bool | None = None,
    executor: Executor | None = None,
    chunk: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    engine: str = "auto",
    ahead: int = AHEAD,
    head: HeadStart | None = None,
) -> Tally:
    """Play ``games`` games and count them: the `Tally` of `iter_games`' summaries, exactly, in far
    less time on the kernel. ``chunk`` games a task (by default `batch_size`); ``on_progress``
    hears how many games have just been counted; at most ``ahead`` tasks wait on the executor;
    the games ``head`` (of this tournament) played are counted as they are, not played again."""
    check_tournament(rules, names, partners, games)
    chosen = choose(rules, len(names), engine, seated=names)
    size = chunk or batch_size(games, 1 if executor is None else max(1, ahead // 4), chosen)
    tally = Tally(len(names))
    first = 0
    if head is not None:
        if head.tournament != (rules, tuple(names), games, seed, partners):
            raise NoddyError("a head start of another tournament cannot count in this one")
        tally.merge(head.tally)
        first = head.tally.games

    def count(done: Tally) -> None:
        tally.merge(done)
        if on_progress is not None:
            on_progress(done.games)

    if executor is None and chosen == "kernel":
        step = min(size, KERNEL_BATCH)
        for start in range(first, games, step):
            count(kernel_tally(rules, names, partners, seed, start, min(start + step, games)))
        return tally
    if executor is None:
        for summary in _play_games(rules, names, partners, seed, range(first, games), chosen):
            tally.add(summary)
            if on_progress is not None:
                on_progress(1)
        return tally
    args = (dump_rules(rules), tuple(names), partners, seed)
    least = min(size, KERNEL_BATCH) if chosen == "kernel" else 1
    for done in run_tasks(executor, tally_chunk, args, games, size, chosen, ahead, first, least):
        count(done)
    return tally
