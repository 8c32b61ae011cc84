"""``noddy analyze``: exact distributions over every deal (``hands``); the chance of winning from
every board position (``board``)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from noddy.cli.board_view import table_words
from noddy.cli.common import (
    LangOption,
    NoddyCommand,
    NoddyGroup,
    PartnersOption,
    PlayersOption,
    RulesOption,
    SetOption,
    console,
    language,
    load,
    reporting_errors,
    usage_error,
)
from noddy.enumeration import deal_size, distribution
from noddy.errors import NoddyError
from noddy.rules import Rules
from noddy.words import command_phrase, need_extra, rule_set_words
from noddy.words.board import board_phrase

_FEWEST_DEALS = 1_000

if TYPE_CHECKING:
    from noddy.analysis import BoardTable

app = typer.Typer(
    cls=NoddyGroup,
    help="Exact analysis of a rule set over every possible deal, and its board of win chances.",
    no_args_is_help=True,
)


@app.command(cls=NoddyCommand)
def hands(
    rules_name: RulesOption = "willughby",
    set_: SetOption = None,
    crib: Annotated[bool, typer.Option("--crib", help="Count cribs instead of hands.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: LangOption = None,
) -> None:
    """The exact distribution of hand (or crib) counts over every deal of the preset's size."""
    with reporting_errors():
        rules = load(rules_name, set_)
        lang = language(lang, rules)
        size = deal_size(rules, crib)
    started = time.perf_counter()
    if as_json:
        print(json.dumps(distribution(rules, crib=crib).to_json()))
        return
    what = "crib" if crib else "hand"
    with console.status(escape(command_phrase(f"analyze.counting.{what}", lang, size=size))):
        dist = distribution(rules, crib=crib)
    seconds = time.perf_counter() - started
    title = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)[0]
    heading = command_phrase(
        f"analyze.heading.{what}",
        lang,
        title=f"[bold]{escape(title)}[/]",
        size=size,
        deals=f"{dist.deals:,}",
        seconds=f"{seconds:.1f}",
    )
    console.print(heading)
    console.print(command_phrase("analyze.summary", lang, mean=f"{dist.mean:.6f}", max=dist.max))
    table = Table(show_edge=False)
    for key in ("points", "deals", "share"):
        table.add_column(command_phrase(f"analyze.{key}", lang), justify="right")
    table.add_column("")
    peak = max(dist.histogram.values())
    for points, n in sorted(dist.histogram.items()):
        bar = "█" * round(40 * n / peak) if n else ""
        table.add_row(str(points), f"{n:,}", f"{100 * n / dist.deals:.3f}%", f"[cyan]{bar}[/]")
    console.print(table)


@app.command(cls=NoddyCommand)
def board(
    rules_name: RulesOption = "cribbage",
    set_: SetOption = None,
    players: PlayersOption = None,
    partners: PartnersOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (shape: docs/board.md).")
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", metavar="FILE", help="Draw the heat map to FILE (.png, .svg, .pdf)."),
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            metavar="N",
            help="Build the table afresh from N deals (at least 1,000), kept for next time.",
            show_default="the shipped or kept table, else 200,000 deals",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Each side's chance of winning the game from every board position, before each deal."""
    from noddy.cli.board_view import board_json, print_board

    with reporting_errors():
        rules = load(rules_name, set_)
        lang = language(lang, rules)
        count = players if players is not None else rules.deal.player_counts[0]
        table = _board_table(rules, count, partners, lang, deals)
        if plot is not None:
            need_extra("plot", "noddy analyze board --plot")
            from noddy.analysis.plot import plot_board
            from noddy.sim.plot import check_plot_path

            check_plot_path(plot)
            try:
                plot_board(table, rules, plot, lang)
            except OSError as exc:
                raise NoddyError(
                    board_phrase("plot.unwritable", lang, path=repr(str(plot)), why=exc)
                ) from exc
    if as_json:
        print(json.dumps(board_json(table, rules)))
        return
    print_board(table, rules, lang)
    if plot is not None:
        console.print(escape(board_phrase("plot.written", lang, path=str(plot))))


def _board_table(
    rules: Rules, players: int, partners: bool | None, lang: str, deals: int | None
) -> BoardTable:
    """The board table of ``rules`` at this table (built afresh from ``deals`` deals if given), built
    with a status line if it must be; refused in ``lang`` where there is none."""
    from noddy.analysis import BoardError, board_why_not
    from noddy.analysis import board as board_table
    from noddy.analysis.board import DEALS, MAX_SIDES, build_table, most_positions, plays_as_partners
    from noddy.analysis.store import read, write_cache

    why = board_why_not(rules, players, partners)
    if rules.game.end != "target":
        raise BoardError(board_phrase("single_deal", lang, rules=rules.name))
    together = plays_as_partners(rules, players, partners)
    sides = 2 if together else players
    most = most_positions(rules)
    if why and (sides > MAX_SIDES or rules.game.target**sides > most):
        positions = f"{rules.game.target**sides:,}"
        raise BoardError(board_phrase("too_many", lang, sides=sides, positions=positions, most=f"{most:,}"))
    if why:
        raise BoardError(why)
    if deals is not None and deals < _FEWEST_DEALS:
        usage_error(board_phrase("deals", lang, deals=deals, fewest=f"{_FEWEST_DEALS:,}"))
    if deals is None and read(rules, players, together) is not None:
        return board_table(rules, players, partners)
    title = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)[0]
    building = board_phrase(
        "building", lang, title=title, table=table_words(players, sides, lang), deals=f"{deals or DEALS:,}"
    )
    with console.status(escape(building)):
        if deals is None:
            return board_table(rules, players, partners)
        table = build_table(rules, players, partners, deals=deals)
        write_cache(rules, table)
        return table
