"""``noddy simulate``: many games between computer players, their statistics, tables and a plot."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Annotated, NoReturn

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from noddy.cli.common import (
    COMPUTERS,
    PartnersOption,
    SetOption,
    console,
    err_console,
    load,
    parse_seats,
    print_table,
    reporting_errors,
    seats_help,
    usage_error,
)
from noddy.rules import Rules
from noddy.sim import (
    SOURCES,
    PlayerStats,
    Report,
    SideStats,
    display_names,
    executor_for,
    iter_games,
    make_report,
)
from noddy.sim.stats import SOURCE_LABELS
from noddy.sim.tournament import ENGINES, check_tournament, choose_engine, chunk_size
from noddy.words import partners_line, sides_heading, sim_phrase

__all__ = ["simulate"]


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _interval(low: float, high: float) -> str:
    return f"{low:.1%}–{high:.1%}"


def _used_sources(reports: Sequence[Report]) -> list[str]:
    """The sources that scored anything, so that a rule set without a crib shows no crib column."""
    return [s for s in SOURCES if any(r.rule_set.points_per_deal[s] for r in reports)]


def _results_table(title: str, who: str, rows: Sequence[PlayerStats | SideStats], draws: bool) -> Table:
    """Games won by each player (or side), with the win rate, its interval and the points a deal."""
    table = Table(title=title, title_justify="left", show_edge=False)
    table.add_column(who)
    table.add_column("wins", justify="right")
    if draws:
        table.add_column("draws", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("points a deal", justify="right")
    for p in rows:
        row = [escape(p.name), f"{p.wins:,}"]
        row += [f"{p.draws:,}"] if draws else []
        row += [_pct(p.win_rate), _interval(p.ci_low, p.ci_high), f"{p.total_per_deal:.2f}"]
        table.add_row(*row)
    return table


def _players_table(report: Report) -> Table:
    return _results_table("Players", "player", report.players, report.rule_set.draws > 0)


def _sides_table(report: Report) -> Table:
    draws = report.rule_set.draws > 0
    return _results_table(sim_phrase("sides.title"), sim_phrase("sides.side"), report.sides, draws)


def _facing(report: Report) -> str:
    """Who plays whom: the sides of partners, or every player."""
    if report.sides:
        return sides_heading([side.names for side in report.sides])
    return sides_heading([(p.name,) for p in report.players])


def _sources_table(report: Report) -> Table:
    used = _used_sources([report])
    table = Table(title="Points a deal, by source", title_justify="left", show_edge=False)
    table.add_column("player")
    for source in used:
        table.add_column(SOURCE_LABELS[source], justify="right")
    for p in report.players:
        table.add_row(escape(p.name), *(f"{p.points_per_deal[s]:.2f}" for s in used))
    return table


def _stakes_table(report: Report) -> Table | None:
    """Lurches (skunks...) won and suffered, where the rules have them and any happened."""
    stakes = sorted({name for p in report.players for name in (*p.lurches, *p.lurched)})
    if not stakes:
        return None
    table = Table(
        title="Wins counting more than one game (won / suffered)", title_justify="left", show_edge=False
    )
    table.add_column("player")
    for name in stakes:
        table.add_column(escape(name), justify="right")
    for p in report.players:
        table.add_row(escape(p.name), *(f"{p.lurches.get(n, 0)} / {p.lurched.get(n, 0)}" for n in stakes))
    return table


def _rule_set_rows(report: Report) -> list[tuple[str, str]]:
    rs = report.rule_set
    first_ci = _interval(rs.first_dealer_ci_low, rs.first_dealer_ci_high)
    return [
        ("dealer's advantage", f"{rs.dealer_edge:+.2f} points a deal (±{rs.dealer_edge_ci:.2f})"),
        ("first dealer wins", f"{_pct(rs.first_dealer_win_rate)} ({first_ci})"),
        ("fair share", _pct(rs.fair_share)),
        ("deals per game", f"{rs.deals_per_game:.2f}"),
        ("winning margin", f"{rs.margin_mean:.1f} points (sd {rs.margin_sd:.1f})"),
        ("draws", f"{rs.draws:,}"),
        ("actions per game", f"{rs.actions_per_game:.1f}"),
    ]


_ENGINE_NAMES = {"kernel": "the compiled kernel", "python": "the Python engine"}


def _engine_line(reports: Sequence[Report], engines: Sequence[str]) -> str:
    """Which engine played the games (a seed gives other games on the other engine)."""
    used = sorted(set(engines))
    if len(used) == 1:
        return f"Played by {_ENGINE_NAMES[used[0]]}."
    parts = [
        f"{_ENGINE_NAMES[e]} ({', '.join(r.rules for r, x in zip(reports, engines, strict=True) if x == e)})"
        for e in used
    ]
    return f"Played by {' and '.join(parts)}."


def _print_report(report: Report, engine: str) -> None:
    console.print(
        f"[bold]{escape(report.title)}[/]: {escape(_facing(report))}, {report.games:,} games"
        f" (seed {report.seed}, seats rotated)"
    )
    console.print(escape(_engine_line([report], [engine])))
    if report.sides:
        console.print(escape(partners_line([(side.players, side.names) for side in report.sides])))
        console.print()
        print_table(_sides_table(report))
    console.print()
    print_table(_players_table(report))
    console.print()
    print_table(_sources_table(report))
    stakes = _stakes_table(report)
    if stakes is not None:
        console.print()
        print_table(stakes)
    console.print()
    table = Table(title="The rule set", title_justify="left", show_edge=False, show_header=False)
    table.add_column("statistic")
    table.add_column("value")
    for label, value in _rule_set_rows(report):
        table.add_row(label, value)
    print_table(table)


def _print_comparison(reports: Sequence[Report], engines: Sequence[str]) -> None:
    first = reports[0]
    console.print(
        f"[bold]{escape(_facing(first))}[/], {first.games:,} games under each rule set (seed {first.seed})"
    )
    console.print(escape(_engine_line(reports, engines)))
    sides = {side.players: side for report in reports for side in report.sides}
    if sides:
        console.print(escape(partners_line([(side.players, side.names) for side in sides.values()])))
    console.print()
    table = Table(show_edge=False)
    table.add_column("", overflow="fold")
    for report in reports:
        table.add_column(escape(report.rules), justify="right", overflow="fold")
    for i, player in enumerate(first.players):
        name = escape(player.name)
        table.add_row(f"{name} wins", *(_pct(r.players[i].win_rate) for r in reports))
        table.add_row(
            "  95% interval", *(_interval(r.players[i].ci_low, r.players[i].ci_high) for r in reports)
        )
        table.add_row(f"{name} points a deal", *(f"{r.players[i].total_per_deal:.2f}" for r in reports))
    if sides:
        table.add_section()
    for players, side in sides.items():
        won = [{s.players: s for s in r.sides}.get(players) for r in reports]
        label = escape(sim_phrase("sides.wins", side=side.name))
        table.add_row(label, *(_pct(s.win_rate) if s else "—" for s in won))
        table.add_row("  95% interval", *(_interval(s.ci_low, s.ci_high) if s else "—" for s in won))
    table.add_section()
    rs = [r.rule_set for r in reports]
    table.add_row("dealer's advantage", *(f"{x.dealer_edge:+.2f}" for x in rs))
    table.add_row("  95% interval", *(f"±{x.dealer_edge_ci:.2f}" for x in rs))
    table.add_row("first dealer wins", *(_pct(x.first_dealer_win_rate) for x in rs))
    table.add_row("deals per game", *(f"{x.deals_per_game:.2f}" for x in rs))
    table.add_row("winning margin", *(f"{x.margin_mean:.1f}" for x in rs))
    table.add_row("  sd", *(f"{x.margin_sd:.1f}" for x in rs))
    table.add_row("draws", *(f"{x.draws:,}" for x in rs))
    table.add_row("actions per game", *(f"{x.actions_per_game:.1f}" for x in rs))
    table.add_section()
    table.add_row("all points a deal", *(f"{sum(x.points_per_deal.values()):.2f}" for x in rs))
    for source in _used_sources(reports):
        table.add_row(f"  {SOURCE_LABELS[source]}", *(f"{x.points_per_deal[source]:.2f}" for x in rs))
    print_table(table)


class _Terminated(BaseException):
    """SIGTERM while the games run: the command stops as at Ctrl+C."""


@contextmanager
def _ended_by_sigterm() -> Iterator[None]:
    """While the games run, SIGTERM ends the command as Ctrl+C would: the worker processes stop too."""

    def stop(_signum: int, _frame: FrameType | None) -> None:
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stopped(signum: int, played: int, games: int) -> NoReturn:
    """Say that the games were stopped and how far they got, and exit with the status of that
    signal (the workers, told to stop, end after the game under way)."""
    err_console.print(sim_phrase("stopped", played=f"{played:,}", games=f"{games:,}"))
    raise SystemExit(128 + signum)


def _run(
    rule_sets: Sequence[Rules],
    names: Sequence[str],
    games: int,
    seed: int,
    partners: bool | None,
    workers: int | None,
    dask: str | None,
    engines: Sequence[str],
) -> list[Report]:
    """Play the games under each rule set in turn on one executor, showing progress on stderr (with
    --json too: stdout carries only the JSON): a bar on a terminal, else a line a rule set."""
    reports = []
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left:"),
        TimeRemainingColumn(),
    )
    played = 0

    def advance(progress: Progress, task: TaskID, done: int) -> None:
        nonlocal played
        played += done
        progress.advance(task, done)

    try:
        with (
            _ended_by_sigterm(),
            executor_for(workers, dask) as (executor, slots),
            Progress(*columns, console=err_console, transient=True) as progress,
        ):
            for rules, chosen in zip(rule_sets, engines, strict=True):
                task = progress.add_task(rules.name, total=games)
                summaries = iter_games(
                    rules,
                    names,
                    games,
                    seed,
                    partners=partners,
                    executor=executor,
                    chunk=chunk_size(games, slots),
                    on_progress=partial(advance, progress, task),
                    engine=chosen,
                    ahead=4 * slots,
                )
                reports.append(make_report(rules, names, seed, summaries))
                if not err_console.is_terminal:
                    elapsed = progress.tasks[task].elapsed or 0.0
                    err_console.print(f"{escape(rules.name)}: {games:,} games played in {elapsed:.0f} s")
    except KeyboardInterrupt:
        _stopped(signal.SIGINT, played, games * len(rule_sets))
    except _Terminated:
        _stopped(signal.SIGTERM, played, games * len(rule_sets))
    return reports


def _computer_seats(seats: str | None, players: str | None) -> list[str]:
    """The seat kinds from ``--seats`` and ``--players``; ``--players greedy,random`` is the old
    spelling of ``--seats``, still read, with a note (a script written before ``--seats`` would
    otherwise stop); anything else that is not a number is refused."""
    if players is not None and not players.strip().isdecimal():
        if "," not in players and players.strip() not in COMPUTERS:
            usage_error(f"--players {players!r}: give a number of players, 2, 3 or 4 as the rules allow")
        err_console.print(
            f"note: --players {escape(players)} is the old spelling of --seats {escape(players)}"
        )
        if seats is not None:
            usage_error("give the seat kinds once, with --seats")
        seats, players = players, None
    count = int(players) if players is not None else None
    if count is not None and count < 1:
        usage_error(f"--players {count}: a game needs players; give 2, 3 or 4 as the rules allow")
    if seats is None:
        return ["greedy"] + ["random"] * ((count or 2) - 1)
    kinds = parse_seats(seats)
    unknown = [kind for kind in kinds if kind not in COMPUTERS]
    if unknown:
        usage_error(f"unknown seat {unknown[0]!r}; use one of: {', '.join(COMPUTERS)}")
    if count is not None and len(kinds) != count:
        usage_error(f"--seats names {len(kinds)} seat(s) but --players gives {count}")
    return kinds


def simulate(
    rules_name: Annotated[
        str | None,
        typer.Option(
            "--rules",
            "-r",
            metavar="RULES",
            help="A preset name (see 'noddy rules list') or a .toml file.",
            show_default="willughby",
        ),
    ] = None,
    compare_rules: Annotated[
        str | None,
        typer.Option(
            "--compare-rules",
            metavar="RULES,RULES...",
            help="Several rule sets, comma-separated, compared side by side.",
        ),
    ] = None,
    set_: SetOption = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            metavar="KINDS",
            help=seats_help("greedy,random", human=False),
            show_default="greedy, then random for each other player",
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-n",
            metavar="N",
            help="How many players (2, 3 or 4, as the rules allow).",
            show_default="as many as --seats names, else 2",
        ),
    ] = None,
    partners: PartnersOption = None,
    games: Annotated[
        int, typer.Option("--games", "-g", metavar="N", min=1, help="Games under each rule set.")
    ] = 1000,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="The same seed gives the same results.")
    ] = 1,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", "-w", metavar="N", help="Local processes (1: no pool).", show_default="one a CPU"
        ),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask", metavar="ADDRESS", help="Run on the dask.distributed scheduler at this address."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[
        Path | None, typer.Option("--plot", metavar="FILE", help="Draw the statistics to this .png file.")
    ] = None,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            metavar="|".join(ENGINES),
            help="Which engine plays: the compiled kernel (random and greedy players), the Python engine, or"
            " auto: the kernel where it can. The two draw different games from one seed.",
        ),
    ] = "auto",
) -> None:
    """Play many games between computer players and report who wins, how, and what the rules do."""
    with reporting_errors():
        if rules_name is not None and compare_rules is not None:
            usage_error("give --rules or --compare-rules, not both")
        specs = [rules_name or "willughby"]
        if compare_rules is not None:
            specs = [spec.strip() for spec in compare_rules.split(",") if spec.strip()]
        if len(specs) < 2 and compare_rules is not None:
            usage_error(
                f"--compare-rules needs two or more rule sets, comma-separated, not {compare_rules!r}"
            )
        rule_sets = [load(spec, set_) for spec in specs]
        names = _computer_seats(seats, players)
        for rules in rule_sets:
            check_tournament(rules, names, partners, games)
        engines = [choose_engine(rules, names, engine) for rules in rule_sets]
        if plot is not None:
            from noddy.sim.plot import check_plot_path, plot_reports

            check_plot_path(plot)
        reports = _run(rule_sets, names, games, seed, partners, workers, dask, engines)
        if plot is not None:
            plot_reports(reports, plot)
    if as_json:
        if len(reports) == 1:
            data = {**reports[0].to_json(), "engine": engines[0]}
        else:
            data = {
                "games": games,
                "seed": seed,
                "players": display_names(names),
                "rule_sets": [{**r.to_json(), "engine": e} for r, e in zip(reports, engines, strict=True)],
            }
        print(json.dumps(data, ensure_ascii=False))
    elif len(reports) == 1:
        _print_report(reports[0], engines[0])
    else:
        _print_comparison(reports, engines)
    if plot is not None and not as_json:
        console.print(f"Plot saved to {escape(str(plot))}")
