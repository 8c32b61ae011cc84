"""The simulator: seeds and seats, points by source, the same results on any executor, statistics, CLI."""

from __future__ import annotations

import json
import math
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster
from matplotlib.figure import Figure
from matplotlib.text import Text
from typer.testing import CliRunner

import paths
from noddy.cli import simulate_cmd
from noddy.cli.main import app
from noddy.errors import NoddyError
from noddy.rules import dump_rules, load_rules, preset_names
from noddy.sim import SOURCES, GameSummary, Report, executor_for, make_report, play_games, wilson
from noddy.sim.batch import HeadStart, batch_size, tally_games
from noddy.sim.plot import draw_reports
from noddy.sim.stats import Tally
from noddy.sim.tournament import DealSummary, chunk_size, play_chunk
from noddy.sim.warm import WARM_UP

runner = CliRunner()
WILLUGHBY = load_rules("willughby")


def simulate(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        yield c


# -- statistics ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(50, 100, 0.4038, 0.5962), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (8, 10, 0.4902, 0.9433)],
)
def test_wilson_interval_matches_published_values(wins: int, games: int, low: float, high: float) -> None:
    assert wilson(wins, games) == pytest.approx((low, high), abs=1e-4)


def _game(
    index: int,
    seats: tuple[int, ...],
    scores: tuple[int, ...],
    winner: int | None,
    *,
    stake: tuple[str, int] = ("game", 1),
    first_dealer: int = 0,
    deals: tuple[DealSummary, ...] = (),
) -> GameSummary:
    """A two-handed game whose points all came from the hand (one deal by seat 0 unless given)."""
    points = tuple((score,) + (0,) * (len(SOURCES) - 1) for score in scores)
    deals = deals or (DealSummary(0, scores),)
    return GameSummary(index, seats, False, scores, winner, stake, first_dealer, deals, points, actions=10)


def test_a_report_of_no_games_is_refused() -> None:
    with pytest.raises(NoddyError, match="no games to report for greedy, random under willughby"):
        make_report(WILLUGHBY, ["greedy", "random"], 1, [])


def test_report_counts_wins_lurches_the_dealers_edge_and_the_margin() -> None:
    games = [
        _game(0, (0, 1), (31, 20), 0, deals=(DealSummary(0, (11, 4)), DealSummary(1, (20, 16)))),
        _game(1, (1, 0), (31, 10), 0, stake=("lurch", 2), first_dealer=1),
        _game(2, (0, 1), (12, 12), None, stake=("draw", 0), first_dealer=1),
    ]
    report = make_report(WILLUGHBY, ["greedy", "greedy"], 5, games)
    first, second = report.players
    assert (first.name, second.name) == ("greedy", "greedy#2")
    assert (first.wins, first.draws, second.wins, second.draws) == (1, 1, 1, 1)
    assert second.lurches == {"lurch": 1} and first.lurched == {"lurch": 1} and not first.lurches
    assert first.points_per_deal["hand"] == pytest.approx((31 + 10 + 12) / 4)
    rs = report.rule_set
    # Deals: dealer 0 +7, dealer 1 -4, dealer 0 (game 1's only deal) +21, dealer 0 in a draw 0.
    assert rs.dealer_edge == pytest.approx((7 - 4 + 21 + 0) / 4)
    assert rs.deals_per_game == pytest.approx(4 / 3)
    assert (rs.first_dealer_wins, rs.draws) == (1, 1)  # game 0's first dealer won; game 1's lost
    assert rs.margin_mean == pytest.approx((11 + 21 + 0) / 3)
    assert report.to_json()["players"][1]["name"] == "greedy#2"


# -- games --------------------------------------------------------------------------------------------


def test_seats_rotate_with_the_game_index_and_each_game_has_its_own_seed() -> None:
    games = play_games(WILLUGHBY, ["greedy", "random"], 6, seed=3)
    assert [g.seats for g in games] == [(0, 1), (1, 0)] * 3
    assert play_chunk(dump_rules(WILLUGHBY), ("greedy", "random"), None, 3, 2, 6) == games[2:]
    assert play_games(WILLUGHBY, ["greedy", "random"], 6, seed=4) != games


@pytest.mark.parametrize(
    ("preset", "names", "partners"),
    [
        ("willughby", ["greedy", "random"], None),
        ("strawberry", ["random", "greedy", "random"], None),
        ("four-card", ["random", "random", "greedy", "random"], False),
        ("cribbage", ["random"] * 4, None),
        ("early-cribbage", ["random", "random"], None),
        ("french", ["greedy", "random"], None),
    ],
)
def test_points_by_source_and_by_deal_add_up_to_the_final_scores(
    preset: str, names: list[str], partners: bool | None
) -> None:
    games = play_games(load_rules(preset), names, 8, seed=11, partners=partners)
    compensation = SOURCES.index("compensation")
    for g in games:
        by_side = [0] * len(g.scores)
        before_first_deal = [0] * len(g.scores)
        for seat, points in enumerate(g.points):
            by_side[g.side_of(seat)] += sum(points)
            before_first_deal[g.side_of(seat)] += points[compensation]
        assert tuple(by_side) == g.scores
        in_deals = [sum(d.points[side] for d in g.deals) for side in range(len(g.scores))]
        assert [a + b for a, b in zip(in_deals, before_first_deal, strict=True)] == list(g.scores)


@pytest.mark.slow
def test_greedy_beats_random_in_willughby() -> None:
    games = play_games(WILLUGHBY, ["greedy", "random"], 200, seed=1)
    greedy, random = make_report(WILLUGHBY, ["greedy", "random"], 1, games).players
    assert greedy.ci_low > 0.5 > random.ci_high
    assert greedy.points_per_deal["play"] > random.points_per_deal["play"]


def test_two_worker_processes_give_the_same_games_as_one() -> None:
    names = ["greedy", "random"]
    here = play_games(WILLUGHBY, names, 40, seed=7)
    with executor_for(2) as (executor, slots):
        assert executor is not None and slots == 2
        pooled = play_games(WILLUGHBY, names, 40, seed=7, executor=executor, chunk=chunk_size(40, slots))
    assert chunk_size(40, 2) < 40
    assert pooled == here


def test_a_dask_cluster_gives_the_same_results_as_the_local_run(cluster: LocalCluster) -> None:
    args = ["--rules", "strawberry", "--players", "greedy,random", "--games", "30", "--seed", "2", "--json"]
    code, local, _ = simulate(*args, "--workers", "1")
    assert code == 0
    code, remote, _ = simulate(*args, "--dask", cluster.scheduler_address)
    assert code == 0
    assert cluster.scheduler.task_prefixes["tally_chunk"].all_durations["compute"] > 0
    assert json.loads(remote) == json.loads(local)


def test_on_dask_the_tasks_are_sized_by_the_pace_of_the_games_played_while_connecting(
    cluster: LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    chunks: list[int | None] = []

    def recording(*args: Any, **kwargs: Any) -> Tally:
        chunks.append(kwargs["chunk"])
        return tally_games(*args, **kwargs)

    # The pace the head start measured, fixed here: how many games the head start plays while
    # dask connects, and how fast, is the machine's (tests/sim/test_batch.py checks it is measured).
    monkeypatch.setattr(HeadStart, "pace", property(lambda head: 1e-3))
    monkeypatch.setattr(simulate_cmd, "tally_games", recording)
    args = ["--rules", "french", "--seats", "random,random", "--games", "90000", "--json"]
    code, _, _ = simulate(*args, "--dask", cluster.scheduler_address)
    assert code == 0
    # A millisecond a game: `TASK_SECONDS` of games a task, fewer than eight a worker (5,625) and
    # than the task of a pace unknown (5,000).
    assert chunks == [batch_size(90_000, 2, "kernel", pace=1e-3)] == [3_000]
    assert batch_size(90_000, 2, "kernel") == 5_000


def test_a_dask_worker_has_noddy_imported_before_its_first_task() -> None:
    with (
        LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as fresh,
        Client(fresh) as client,
    ):
        loaded = client.run(lambda: "noddy.sim.batch" in sys.modules)
        assert list(loaded.values()) == [False]
        with executor_for(None, fresh.scheduler_address):
            loaded = client.run(lambda: "noddy.sim.batch" in sys.modules)
        assert list(loaded.values()) == [True]
        assert WARM_UP in fresh.scheduler.worker_plugins


# -- the command ------------------------------------------------------------------------------------


def test_json_is_one_object_and_the_same_for_any_number_of_workers() -> None:
    args = ["--rules", "willughby", "--players", "greedy,greedy", "--games", "24", "--seed", "9", "--json"]
    code, out, _ = simulate(*args, "--workers", "1")
    assert code == 0
    data = json.loads(out)
    assert (data["rules"], data["games"], data["seed"]) == ("willughby", 24, 9)
    assert [p["name"] for p in data["players"]] == ["greedy", "greedy#2"]
    first, second = data["players"]
    assert first["wins"] + second["wins"] + data["rule_set"]["draws"] == 24
    assert first["ci_low"] < first["win_rate"] < first["ci_high"]
    assert set(first["points_per_deal_by_source"]) == set(SOURCES)
    assert simulate(*args, "--workers", "2")[1] == out


def test_text_report_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "sim.png"
    args = ("--rules", "french", "--games", "20", "--workers", "1", "--plot", str(plot), "--lang", "en")
    code, out, _ = simulate(*args)
    assert code == 0
    assert "greedy v random, 20 games" in out and "95% interval" in out and "dealer's advantage" in out
    # Each line fits 80 columns but for the length of the plot's path (longer in an xdist worker's tmp_path).
    assert all(len(line) <= 80 for line in out.replace(str(plot), "sim.png").splitlines())
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_compare_rules_side_by_side(tmp_path: Path) -> None:
    plot = tmp_path / "cmp.png"
    args = ["--compare-rules", "willughby,french", "--games", "16", "--workers", "1"]
    code, out, _ = simulate(*args, "--json", "--plot", str(plot))
    assert code == 0
    data = json.loads(out)
    assert [r["rules"] for r in data["rule_sets"]] == ["willughby", "french"]
    assert data["players"] == ["greedy", "random"]
    assert (
        data["rule_sets"][0]["rule_set"]["deals_per_game"]
        > data["rule_sets"][1]["rule_set"]["deals_per_game"]
        == 1
    )
    assert plot.stat().st_size > 10_000
    code, out, _ = simulate(*args)
    assert code == 0 and "willughby" in out and "french" in out and "deals per game" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "nope"], "unknown rule set 'nope'"),
        (["--players", "greedy,nobody"], "unknown seat 'nobody'; use one of: random, greedy"),
        (["--players", "greedy,random,random"], "willughby is played by 2, 4 players, not 3"),
        (["--games", "0"], "'--games' / '-g': Input should be greater than or equal to 1"),
        (["--players", "many"], "--players 'many': give a number of players"),
        (["--rules", "french", "--compare-rules", "willughby,french"], "not both"),
        (["--players", "random,random,random,random", "--no-partners"], "always play as partners"),
        (["--plot", "stats.xyz"], "name a .png file"),
    ],
)
def test_errors_are_explained(args: list[str], message: str) -> None:
    """Status 2 where the command line is wrong, 1 where the rules or the simulator refuse it."""
    code, out, err = simulate(*args)
    usage = ("unknown seat", "--games", "--players 'many'", "not both")
    assert code == (2 if any(word in message for word in usage) else 1) and out == ""
    assert message in " ".join(err.split())


# -- the plot -------------------------------------------------------------------------------------


def _report(rates: list[tuple[float, float, float]], fair: float, rules: str = "willughby") -> Report:
    """A report whose players have these (win rate, interval low, interval high), for the plot."""
    base = make_report(WILLUGHBY, ["greedy", "random"], 1, [_game(0, (0, 1), (31, 20), 0)])
    players = tuple(
        replace(base.players[0], name=f"p{i}", win_rate=rate, ci_low=low, ci_high=high)
        for i, (rate, low, high) in enumerate(rates)
    )
    return replace(base, rules=rules, players=players, rule_set=replace(base.rule_set, fair_share=fair))


def _percentages(figure: Figure) -> list[Text]:
    return [t for t in figure.axes[0].texts if t.get_text().endswith("%")]


def test_plot_percentages_keep_clear_of_the_fair_share_and_the_axis_ends_above_the_highest() -> None:
    report = _report([(0.45, 0.33, 0.57), (0.15, 0.09, 0.235), (0.2, 0.13, 0.29), (0.2, 0.13, 0.3)], 0.25)
    figure = draw_reports([report])
    ax = figure.axes[0]
    labels = _percentages(figure)
    assert [t.get_text() for t in labels] == ["45%", "15%", "20%", "20%"]
    for label in labels:
        box = label.get_window_extent().transformed(ax.transData.inverted())
        assert not box.y0 <= 0.25 <= box.y1, f"{label.get_text()} sits on the fair-share line"
        assert box.y1 <= ax.get_ylim()[1]
    assert ax.get_ylim()[1] < 0.7, "the axis runs to the highest label, not to 110%"


def test_the_plot_speaks_the_reports_language() -> None:
    """``simulate --lang fr --plot``: the figure's titles, axes and sources in French too."""
    report = _report([(0.45, 0.33, 0.57), (0.55, 0.43, 0.67)], 0.5)
    figure = draw_reports([report], "fr")
    words = [figure.get_suptitle()] + [t for ax in figure.axes for t in (ax.get_title(), ax.get_ylabel())]
    said = " ".join(words)
    assert "Taux de victoire" in said and "points par donne" in said and "parties" in said, said
    assert not re.search(r"\b(?:games|Win rate|points per deal|seed)\b", said), said


def test_plot_of_a_clean_sweep_draws_its_interval() -> None:
    figure = draw_reports([_report([(1.0, 0.72, 0.9999999999999999), (0.0, 0.0, 0.2775)], 0.5)])
    assert [t.get_text() for t in _percentages(figure)] == ["100%", "0%"]


def test_compare_plot_labels_every_win_bar_and_no_label_overlaps_another() -> None:
    reports = [_report([(0.6, 0.5, 0.7), (0.4, 0.3, 0.5)], 0.5, name) for name in preset_names()]
    figure = draw_reports(reports)
    assert len(_percentages(figure)) == 2 * len(reports)
    win_names = figure.axes[0].get_xticklabels()
    group_names = [t for t in figure.axes[1].texts if t.get_text() in preset_names()]
    for labels in (win_names, group_names):
        assert [t.get_text() for t in labels] == list(preset_names())
        for a, b in pairwise(labels):
            assert _apart(a, b, figure.dpi), f"{a.get_text()} overlaps {b.get_text()}"


def _apart(a: Text, b: Text, dpi: float) -> bool:
    """Two labels of a row do not overlap: side by side, or (turned alike) on parallel lines."""
    if not a.get_rotation():
        return not a.get_window_extent().overlaps(b.get_window_extent())
    ax, _ = a.get_transform().transform(a.get_position())
    bx, _ = b.get_transform().transform(b.get_position())
    return (bx - ax) * math.sin(math.radians(a.get_rotation())) > a.get_fontsize() * dpi / 72


# -- stopping -------------------------------------------------------------------------------------


def _group(pgid: int) -> list[int]:
    """The processes still alive in process group ``pgid`` (zombies are dead)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table in /proc")
def test_sigterm_stops_a_background_simulation_and_its_workers() -> None:
    env = {**os.environ, "PYTHONPATH": str(paths.SRC)}
    # games for minutes (random cribbage on the kernel plays 100,000 in about 2 s on two workers)
    args = ["simulate", "--rules", "cribbage", "--games", "20000000", "--workers", "2", "--json"]
    process = subprocess.Popen(
        [sys.executable, "-c", "from noddy.cli.main import main; main()", *args],
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        # The command and its two workers (forked from it, or by a fork server if it runs a thread).
        while len(_group(process.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(_group(process.pid)) >= 3, "the workers never started"
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 128 + signal.SIGTERM
        deadline = time.monotonic() + 30
        while _group(process.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _group(process.pid) == [], "a worker process is still running"
    finally:
        if _group(process.pid):
            os.killpg(process.pid, signal.SIGKILL)


def test_a_plot_named_like_a_folder_is_refused_before_the_games(tmp_path: Path) -> None:
    (tmp_path / "sim.png").mkdir()
    code, out, err = simulate("--plot", str(tmp_path / "sim.png"), "--games", "2", "--workers", "1")
    assert code == 1 and out == "" and "it is a folder" in err and "games played" not in err


def test_json_shows_progress_on_stderr_and_only_the_json_on_stdout() -> None:
    code, out, err = simulate("--rules", "french", "--games", "6", "--workers", "1", "--json")
    assert code == 0 and json.loads(out)["games"] == 6
    assert "french : 6 parties jouées en" in err  # the french rule set speaks French


def test_compare_table_in_a_file_cuts_no_cell() -> None:
    names = ["willughby", "strawberry", "noddy-rules", "du-coeur", "early-cribbage", "five-card-cribbage"]
    code, out, _ = simulate("--compare-rules", ",".join(names), "--games", "2", "--workers", "1")
    assert code == 0 and "…" not in out
    header = next(line for line in out.splitlines() if "willughby" in line)
    assert [cell.strip() for cell in header.split("┃")[1:]] == names
    intervals = next(line for line in out.splitlines() if "95% interval" in line).split("│")[1:]
    assert len(intervals) == len(names)
    assert all(re.fullmatch(r"\d+\.\d%–\d+\.\d%", cell.strip()) for cell in intervals), intervals


# -- partners -------------------------------------------------------------------------------------


def test_partners_are_reported_by_side_as_well_as_by_player() -> None:
    names = ["greedy", "random", "greedy", "random"]
    rules = load_rules("cribbage")
    report = make_report(rules, names, 3, play_games(rules, names, 12, seed=3))
    together, apart = report.sides
    assert (together.players, together.names) == ((0, 2), ("greedy", "greedy#2"))
    assert (apart.players, apart.names) == ((1, 3), ("random", "random#2"))
    for side in report.sides:
        members = [report.players[p] for p in side.players]
        assert side.games == 12 and all(p.wins == side.wins for p in members)
        assert side.total_per_deal == pytest.approx(sum(p.total_per_deal for p in members))
    assert together.wins + apart.wins + report.rule_set.draws == 12
    four_card = load_rules("four-card")
    alone = make_report(four_card, names, 3, play_games(four_card, names, 4, seed=3, partners=False))
    assert alone.sides == () and alone.to_json()["partners"] is False


def test_simulate_names_the_partners_and_their_sides_and_keeps_its_json() -> None:
    args = ["--rules", "cribbage", "--seats", "greedy,random,greedy,random", "--games", "8", "--workers", "1"]
    code, out, _ = simulate(*args)
    assert code == 0
    heading, _, partners = out.splitlines()[:3]
    assert "greedy & greedy#2 v random & random#2, 8 games" in heading
    assert "Partners: greedy & greedy#2 (seats 0 and 2) v random & random#2 (seats 1 and 3)." in partners
    assert re.search(r"greedy & greedy#2 \(seats 0 and 2\) │ +\d+ │", out)
    code, out, _ = simulate(*args, "--json")
    data = json.loads(out)
    assert {"rules", "title", "games", "seed", "players", "rule_set", "engine"} <= data.keys()
    assert [p["name"] for p in data["players"]] == ["greedy", "random", "greedy#2", "random#2"]
    assert data["partners"] is True
    assert [(s["players"], s["names"]) for s in data["sides"]] == [
        ([0, 2], ["greedy", "greedy#2"]),
        ([1, 3], ["random", "random#2"]),
    ]
    assert sum(s["wins"] for s in data["sides"]) + data["rule_set"]["draws"] == 8
    code, out, _ = simulate("--rules", "willughby", "--games", "4", "--workers", "1")
    assert "Partners" not in out and "Sides" not in out


def test_the_simulators_partner_wording_lives_in_words() -> None:
    """The report's phrases come from `noddy.words.SIM`; the command and its report hold none (the
    options' help, typer's, and the docstrings are no phrase of the report)."""
    import ast

    import noddy.cli.sim_report
    import noddy.cli.simulate_cmd
    from noddy.words import SIM

    texts = []
    for module in (noddy.cli.simulate_cmd, noddy.cli.sim_report):
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        helps = {id(k.value) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg == "help"}
        helps |= {id(e.value) for e in ast.walk(tree) if isinstance(e, ast.Expr)}  # docstrings
        texts += [
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in helps
        ]
    for key, text in SIM["en"].items():
        fixed = max(re.split(r"\{\w+\}", text), key=len).strip(" :.,()")
        assert " " not in fixed or not any(fixed in t for t in texts), (key, fixed)
