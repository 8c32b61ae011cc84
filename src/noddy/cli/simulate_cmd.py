"""``noddy simulate``: many games between computer players, their statistics, tables and a plot."""

from __future__ import annotations

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

from noddy.cli.common import (
    COMPUTERS,
    LangOption,
    PartnersOption,
    SetOption,
    console,
    err_console,
    json_line,
    language,
    load,
    parse_seats,
    reporting_errors,
    seats_help,
    usage_error,
)
from noddy.cli.sim_report import print_comparison, print_report
from noddy.engine import ENGINES, choose
from noddy.rules import Rules
from noddy.sim import Report, display_names, executor_for
from noddy.sim.batch import HeadStart, batch_size, tally_games
from noddy.sim.stats import tally_report
from noddy.sim.tournament import check_tournament
from noddy.words import command_phrase, need_extra, sim_phrase

__all__ = ["simulate"]


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


def _stopped(signum: int, played: int, games: int, lang: str) -> NoReturn:
    """Say that the games were stopped and how far they got, and exit with the status of that
    signal (the workers, told to stop, end after the game under way)."""
    err_console.print(sim_phrase("stopped", lang, played=f"{played:,}", games=f"{games:,}"))
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
    lang: str,
) -> list[Report]:
    """Play the games under each rule set in turn on one executor, showing progress on stderr (with
    --json too: stdout carries only the JSON): a bar on a terminal, else a line a rule set."""
    reports = []
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn(sim_phrase("left", lang)),
        TimeRemainingColumn(),
    )
    played = 0

    def advance(progress: Progress, task: TaskID, done: int) -> None:
        nonlocal played
        played += done
        progress.advance(task, done)

    # While dask loads and connects, the first games are played here (the same report either way),
    # and their pace sizes the cluster's tasks.
    head = HeadStart(rule_sets[0], names, games, seed, partners, engines[0]) if dask is not None else None
    try:
        with (
            _ended_by_sigterm(),
            executor_for(workers, dask, head) as (executor, slots),
            Progress(*columns, console=err_console, transient=True) as progress,
        ):
            for rules, chosen in zip(rule_sets, engines, strict=True):
                task = progress.add_task(escape(rules.name), total=games)
                given, head = head, None
                if given is not None:
                    advance(progress, task, given.tally.games)
                tally = tally_games(
                    rules,
                    names,
                    games,
                    seed,
                    partners=partners,
                    executor=executor,
                    chunk=batch_size(games, slots, chosen, given.pace if given is not None else None),
                    on_progress=partial(advance, progress, task),
                    engine=chosen,
                    ahead=4 * slots,
                    head=given,
                )
                reports.append(tally_report(rules, names, seed, tally))
                if not err_console.is_terminal:
                    elapsed = progress.tasks[task].elapsed or 0.0
                    seconds = f"{elapsed:.0f}"
                    said = sim_phrase(
                        "played_in", lang, rules=rules.name, games=f"{games:,}", seconds=seconds
                    )
                    err_console.print(escape(said))
    except KeyboardInterrupt:
        _stopped(signal.SIGINT, played, games * len(rule_sets), lang)
    except _Terminated:
        _stopped(signal.SIGTERM, played, games * len(rule_sets), lang)
    return reports


def _computer_seats(seats: str | None, players: str | None, lang: str) -> list[str]:
    """The seat kinds from ``--seats`` and ``--players``; ``--players greedy,random`` is the old
    spelling of ``--seats``, still read, with a note (a script written before ``--seats`` would
    otherwise stop); anything else that is not a number is refused."""
    if players is not None and not players.strip().isdecimal():
        if "," not in players and players.strip() not in COMPUTERS:
            usage_error(command_phrase("players.not_a_number", lang, players=repr(players)))
        err_console.print(escape(command_phrase("players.old_spelling", lang, players=players)))
        if seats is not None:
            usage_error(command_phrase("seats.once", lang))
        seats, players = players, None
    count = int(players) if players is not None else None
    if count is not None and count < 1:
        usage_error(command_phrase("players.none", lang, count=count))
    if seats is None:
        return ["greedy"] + ["random"] * ((count or 2) - 1)
    kinds = parse_seats(seats, lang)
    unknown = [kind for kind in kinds if kind not in COMPUTERS]
    if unknown:
        usage_error(command_phrase("seats.unknown", lang, kind=repr(unknown[0]), kinds=", ".join(COMPUTERS)))
    if count is not None and len(kinds) != count:
        usage_error(command_phrase("seats.count", lang, seats=len(kinds), players=count))
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
    lang: LangOption = None,
) -> None:
    """Play many games between computer players and report who wins, how, and what the rules do."""
    with reporting_errors():
        said = lang or "en"
        if rules_name is not None and compare_rules is not None:
            usage_error(command_phrase("rules.twice", said))
        specs = [rules_name or "willughby"]
        if compare_rules is not None:
            specs = [spec.strip() for spec in compare_rules.split(",") if spec.strip()]
        if len(specs) < 2 and compare_rules is not None:
            usage_error(command_phrase("rules.compare_one", said, given=repr(compare_rules)))
        rule_sets = [load(spec, set_) for spec in specs]
        lang = language(lang, rule_sets[0])
        names = _computer_seats(seats, players, lang)
        for rules in rule_sets:
            check_tournament(rules, names, partners, games, lang)
        engines = [choose(rules, len(names), engine, seated=names) for rules in rule_sets]
        if dask is not None:
            need_extra("dask", "noddy simulate --dask")
        if plot is not None:
            need_extra("plot", "noddy simulate --plot")
            from noddy.sim.plot import check_plot_path, plot_reports

            check_plot_path(plot)
        reports = _run(rule_sets, names, games, seed, partners, workers, dask, engines, lang)
        if plot is not None:
            plot_reports(reports, plot, lang)
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
        print(json_line(data))
    elif len(reports) == 1:
        print_report(reports[0], engines[0], lang)
    else:
        print_comparison(reports, engines, lang)
    if plot is not None and not as_json:
        console.print(sim_phrase("plot_saved", lang, path=escape(str(plot))))
