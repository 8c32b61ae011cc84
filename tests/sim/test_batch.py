"""Tournaments counted in tallies (`noddy.sim.batch`): the kernel's batches of games, counted in C,
give exactly the statistics of the same games summarised one by one, whatever the batches' sizes
and the number of workers; and ``noddy simulate`` prints what it printed when it kept a summary a
game (its JSON byte for byte)."""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, Future
from itertools import pairwise
from typing import Any

import pytest
from typer.testing import CliRunner

from noddy.cli.main import app
from noddy.errors import NoddyError
from noddy.kernel import compiled, kernel_config
from noddy.rules import dump_rules, load_rules
from noddy.sim import display_names, executor_for, make_report, play_games
from noddy.sim.batch import KERNEL_BATCH, HeadStart, batch_size, kernel_tally, tally_chunk, tally_games
from noddy.sim.stats import Moments, Tally, tally_report
from noddy.sim.workers import run_tasks, spans

TABLES = [
    ("cribbage", ("random", "greedy"), None),  # skunks and double skunks
    ("cribbage", ("greedy", "random", "random"), None),  # three sides: a half-point edge
    ("four-card", ("greedy", "random", "greedy", "random"), False),  # four sides: edges rounded
    ("willughby", ("greedy", "random", "random", "greedy"), True),  # partners
    ("french", ("greedy", "random"), None),  # one deal, with draws
    ("early-cribbage", ("greedy", "random"), None),  # a lurch
]


@pytest.mark.parametrize(("preset", "names", "partners"), TABLES)
def test_a_kernel_batch_counts_what_the_games_summaries_count(
    preset: str, names: tuple[str, ...], partners: bool | None
) -> None:
    rules = load_rules(preset)
    summaries = play_games(rules, names, 160, seed=11, partners=partners, engine="kernel")
    reference = make_report(rules, names, 11, summaries)
    batched = tally_report(rules, names, 11, kernel_tally(rules, names, partners, 11, 0, 160))
    assert batched == reference
    assert batched.to_json() == reference.to_json()
    halves = kernel_tally(rules, names, partners, 11, 90, 160)
    halves.merge(kernel_tally(rules, names, partners, 11, 0, 90))
    assert tally_report(rules, names, 11, halves) == reference


def test_the_tables_above_show_what_they_claim() -> None:
    """The cases above are not vacuous: lurches, draws, partners and unequal edges all occur."""
    crib = make_report(
        load_rules("cribbage"),
        ["random", "greedy"],
        11,
        play_games(load_rules("cribbage"), ["random", "greedy"], 160, seed=11, engine="kernel"),
    )
    assert set(crib.players[0].lurches) | set(crib.players[0].lurched) == {"skunk", "double skunk"}
    assert list(crib.players[1].lurches) == ["skunk", "double skunk"]  # the rules' order
    french = load_rules("french")
    draws = make_report(
        french, ["greedy", "random"], 11, play_games(french, ["greedy", "random"], 160, seed=11)
    )
    assert draws.rule_set.draws > 0


def test_tallies_are_the_same_whatever_the_task_size_and_in_a_pool_of_workers() -> None:
    rules = load_rules("willughby")
    names = ["greedy", "random"]
    reference = make_report(rules, names, 5, play_games(rules, names, 2 * KERNEL_BATCH + 7, seed=5))
    for chunk in (1, 333, None):
        counted = tally_games(rules, names, 2 * KERNEL_BATCH + 7, 5, chunk=chunk)
        assert tally_report(rules, names, 5, counted) == reference
    with executor_for(2) as (executor, slots):
        pooled = tally_games(
            rules, names, 2 * KERNEL_BATCH + 7, 5, executor=executor, chunk=300, ahead=4 * slots
        )
    assert tally_report(rules, names, 5, pooled) == reference


def test_the_python_engine_is_counted_in_tallies_too() -> None:
    rules = load_rules("willughby")
    names = ("greedy", "random")
    reference = make_report(rules, names, 3, play_games(rules, names, 6, seed=3, engine="python"))
    heard: list[int] = []
    here = tally_games(rules, names, 6, 3, engine="python", on_progress=heard.append)
    assert tally_report(rules, names, 3, here) == reference
    assert heard == [1] * 6
    task = tally_chunk(dump_rules(rules), names, None, 3, 2, 6, "python")
    task.merge(tally_chunk(dump_rules(rules), names, None, 3, 0, 2, "python"))
    assert tally_report(rules, names, 3, task) == reference


def test_moments_count_repeated_and_merged_numbers_exactly() -> None:
    one, repeated, merged, other = Moments(), Moments(), Moments(), Moments()
    values = [(1.5, 3), (-2.0 / 3.0, 2), (7.0, 1)]
    for value, times in values:
        for _ in range(times):
            one.add(value)
        repeated.add(value, times)
    merged.add(1.5, 3)
    other.add(-2.0 / 3.0, 2)
    other.add(7.0)
    merged.merge(other)
    assert one.count == repeated.count == merged.count == 6
    assert one.mean() == repeated.mean() == merged.mean()
    assert one.stdev() == repeated.stdev() == merged.stdev()


def test_task_sizes_fit_the_engine() -> None:
    assert batch_size(20_000, 2, "kernel") == 1250
    assert batch_size(10**9, 2, "kernel") == 5_000
    assert batch_size(100_000, 2, "python") == 200
    assert batch_size(3, 8, "kernel") == 1
    assert batch_size(10**9, 16, "kernel") == 5_000
    assert batch_size(10**9, 200, "kernel") == 60_000  # 100 machines of 2 cores: 12 times fewer tasks


def test_where_the_pace_is_known_a_kernel_task_takes_about_three_seconds() -> None:
    assert batch_size(10**9, 2, "kernel", pace=25e-6) == 120_000
    assert batch_size(400_000, 2, "kernel", pace=25e-6) == 25_000  # still eight tasks a worker
    assert batch_size(10**9, 2, "kernel", pace=0.01) == KERNEL_BATCH  # never below a kernel call
    assert batch_size(10**9, 32, "kernel", pace=25e-6) == 240_000
    assert batch_size(10**9, 2, "python", pace=0.001) == 200


def test_a_batch_refuses_what_it_cannot_play() -> None:
    config = kernel_config(load_rules("cribbage"), 2, None)
    with pytest.raises(ValueError, match="give each player a kind: 2, not 3"):
        compiled.play_batch(config, 1, 0, 10, bytes([0, 0, 0]))
    with pytest.raises(ValueError, match="unknown kernel player 7"):
        compiled.play_batch(config, 1, 0, 10, bytes([0, 7]))
    with pytest.raises(ValueError, match="0 <= start <= stop"):
        compiled.play_batch(config, 1, 10, 5, bytes([0, 1]))
    assert compiled.play_batch(config, 1, 5, 5, bytes([0, 1]))["games"] == 0


def test_lurches_are_listed_in_the_rules_order_whatever_came_first() -> None:
    tally = Tally(2)
    tally.games, tally.wins, tally.player_deals = 1, [1, 0], [1, 1]
    tally.lurches[0] = Counter({"double skunk": 1, "skunk": 2, "other": 1})
    stats = tally.player("a", 0, ["skunk", "double skunk"])
    assert list(stats.lurches) == ["skunk", "double skunk", "other"]


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "cribbage", "--seats", "random,random", "--games", "1500"],
        ["--rules", "willughby", "--seats", "greedy,random,random,greedy", "--games", "400"],
        ["--compare-rules", "four-card,french", "--seats", "greedy,random", "--games", "300"],
    ],
)
def test_the_command_prints_what_the_summaries_of_its_games_make(args: list[str]) -> None:
    """The JSON of ``noddy simulate`` (counted in batches) is, byte for byte, that of the report
    made from every game's summary, as the command made it before batches."""
    result = CliRunner().invoke(app, ["simulate", *args, "--seed", "4", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    names = args[args.index("--seats") + 1].split(",")
    games = int(args[args.index("--games") + 1])
    presets = args[1].split(",")
    reports = []
    for preset in presets:
        rules = load_rules(preset)
        report = make_report(rules, names, 4, play_games(rules, names, games, seed=4))
        reports.append({**report.to_json(), "engine": "kernel"})
    if len(reports) == 1:
        expected = reports[0]
    else:
        expected = {"games": games, "seed": 4, "players": display_names(names), "rule_sets": reports}
    assert result.stdout.strip() == json.dumps(expected, ensure_ascii=False)


def test_a_head_start_counts_its_games_once_and_leaves_the_rest_to_the_executor() -> None:
    rules, names = load_rules("cribbage"), ("greedy", "random")
    alone = tally_games(rules, names, 2_500, 5)
    never = threading.Event()
    head = HeadStart(rules, names, 2_500, 5, None, "auto")
    head(never)
    assert head.tally.games == 2_500 // 4
    assert head.pace is not None and 0 < head.pace < 0.01  # CPU seconds a greedy v random game
    with executor_for(2) as (executor, _slots):
        pooled = tally_games(rules, names, 2_500, 5, executor=executor, chunk=700, head=head)
    assert tally_report(rules, names, 5, pooled) == tally_report(rules, names, 5, alone)
    ready = threading.Event()
    ready.set()
    late = HeadStart(rules, names, 2_500, 5, None, "auto")
    late(ready)
    assert late.tally.games == 0 and late.pace is None
    with pytest.raises(NoddyError, match="another tournament"):
        tally_games(rules, names, 2_000, 5, head=head)


def test_tasks_shrink_toward_the_end_so_that_the_workers_finish_together() -> None:
    runs = list(spans(0, 400_000, 5_000, workers=2, least=1_000))
    assert runs[0] == (0, 5_000) and runs[-1][1] == 400_000
    assert all(stop == start for (_, stop), (start, _) in pairwise(runs))
    assert [stop - start for start, stop in runs[-5:]] == [5_000, 2_500, 1_250, 1_000, 250]


class _Recorder(Executor):
    """An executor that runs each task at once and keeps the runs of games it was sent."""

    def __init__(self) -> None:
        self.runs: list[tuple[int, int]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        start, stop = args[-3], args[-2]
        self.runs.append((start, stop))
        future: Future[Any] = Future()
        future.set_result(stop - start)
        return future


def test_the_end_is_shared_as_among_twice_the_workers_for_each_has_one_task_waiting() -> None:
    # 2 workers (8 tasks sent ahead): each is handed its next task as it begins one, so the last
    # tasks shrink as if there were 4 workers, else one idles through its last long task.
    recorder = _Recorder()
    done = list(run_tasks(recorder, int, (), 1_000_000, 100_000, "kernel", ahead=8, least=1_000))
    assert sum(done) == 1_000_000 and recorder.runs[-1][1] == 1_000_000
    sizes = [stop - start for start, stop in recorder.runs]
    assert sizes[:9] == [100_000] * 7 + [75_000, 56_250]  # a quarter of what is left, once under 4 tasks'
    assert sizes[-1] <= 1_000
