"""``noddy advise``: every way to lay away a hand, with its expected hand, crib and total, best first."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from noddy.advise import MODELS, Advice, advise, read_score, win_lines
from noddy.cli.common import (
    LangOption,
    RulesOption,
    SetOption,
    console,
    json_line,
    language,
    load,
    print_table,
    reporting_errors,
    rules_title,
    usage_error,
)
from noddy.words import (
    advise_phrase,
    cards_text,
    command_phrase,
    need_extra,
    number_text,
    percent_text,
    read_cards,
    terminal_phrase,
)

__all__ = ["advice_table", "advise_command"]


def advise_command(
    cards: Annotated[
        str, typer.Argument(metavar="CARDS", help='The cards dealt to you, e.g. "5h 5d 5c Js Qh 2c".')
    ],
    rules_name: RulesOption = "cribbage",
    set_: SetOption = None,
    dealer: Annotated[
        bool | None,
        typer.Option("--dealer/--pone", help="Whether the crib is yours (your side's): you deal, or not."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-n",
            metavar="N",
            help="How many players (2, 3 or 4, as the rules allow).",
            show_default="the fewest the rules allow",
        ),
    ] = None,
    model: Annotated[
        str,
        typer.Option(
            "--model", "-m", metavar="MODEL", help=f"What the unseen cards are: {', '.join(MODELS)}."
        ),
    ] = "uniform",
    score: Annotated[
        str | None,
        typer.Option(
            "--score",
            metavar="SCORE",
            help="The board, each side's points from yours, e.g. 112-98: rank by the chance of winning.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", metavar="FILE", help="Draw each lay-away's chances of each total to a .png file."
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Advise on laying away: each choice's expected points in hand, in the crib, and in all; with
    --score, ranked by the chance of winning the game from that board.

    Example: noddy advise "5h 5d 5c Js Qh 2c" --rules cribbage --dealer --score 112-98
    """
    with reporting_errors():
        rules = load(rules_name, set_)
        lang = language(lang, rules)
        if dealer is None and rules.crib.kind == "dealer":
            usage_error(command_phrase("advise.whose_crib", lang))
        if plot is not None:
            need_extra("plot", "noddy advise --plot")
            from noddy.sim.plot import check_plot_path

            check_plot_path(plot)
        table = players or rules.player_counts[0]
        scores = read_score(score, rules, table, lang=lang) if score is not None else None
        advice = advise(
            rules,
            read_cards(cards, lang),
            dealer=bool(dealer),
            players=players,
            model=model,
            spread=plot is not None,
            scores=scores,
            lang=lang,
        )
        if plot is not None:
            _plot(advice, plot, lang)
    if as_json:
        print(json_line(advice.to_json(lang)))
        return
    _print(advice, lang, set_)
    if plot is not None:
        console.print(terminal_phrase("plot_saved", lang, path=escape(str(plot))))


def _print(advice: Advice, lang: str, overrides: list[str] | None) -> None:
    rules = advice.rules
    whose = "own" if rules.crib.kind == "own" else "yours" if advice.dealer else "theirs"
    title = rules_title(rules, overrides, lang)
    cards = f"[bold]{cards_text(advice.hand, lang)}[/]"
    heading = terminal_phrase(f"advise.heading.{whose}", lang, cards=cards, rules=escape(title))
    words = advise_phrase(f"advise.model.{advice.model}", lang)
    console.print(f"{heading} {advise_phrase('advise.model_page', lang, words=words)}")
    lines = win_lines(advice, lang)
    if lines:
        console.print(escape(" ".join(lines[:2])))
    print_table(advice_table(advice, lang))
    if lines:
        console.print(f"[bold]{escape(lines[2])}[/]")


def advice_table(advice: Advice, lang: str, best: int | None = None) -> Table:
    """The lay-aways of ``advice`` as a table, best first (the ``best`` first few only, if given):
    what is kept and laid away, the chance of winning where it was weighed, and the expected hand,
    crib and total (the most points marked where another lay-away wins more often)."""
    table = Table(show_edge=False)
    table.add_column("", justify="right")
    for key in ("keep", "lay"):
        table.add_column(advise_phrase(f"advise.{key}", lang))
    chances = advice.board is not None
    if chances:
        table.add_column(advise_phrase("advise.win.column", lang), justify="right")
    for key in ("hand", "crib", "total"):
        table.add_column(advise_phrase(f"advise.{key}", lang), justify="right")
    sign = "+" if advice.crib_sign > 0 else "−"
    most = advice.by_points
    for number, option in enumerate(advice.options[:best], start=1):
        style = "bold" if number == 1 else ""
        total = number_text(float(option.total), lang)
        if chances and option is most and number != 1:
            total = f"[bold]{total}[/]"
        cells = [str(number), cards_text(option.keep, lang), cards_text(option.discard, lang)]
        if chances:
            cells.append(percent_text(option.win or 0.0, lang))
        cells += [
            number_text(float(option.hand), lang),
            sign + number_text(float(option.crib), lang) if advice.crib_sign else "",
            total,
        ]
        table.add_row(*cells, style=style)
    return table


def _plot(advice: Advice, path: Path, lang: str) -> None:
    """Each lay-away's chance of each total (hand and crib together), best first, to ``path``."""
    from matplotlib.figure import Figure

    shown = advice.options[:6]
    figure = Figure(figsize=(8.0, 1.0 + 1.3 * len(shown)), layout="constrained")
    axes = figure.subplots(len(shown), 1, sharex=True, squeeze=False)[:, 0]
    for ax, option in zip(axes, shown, strict=True):
        xs = [points for points, _ in option.spread]
        ys = [float(p) for _, p in option.spread]
        ax.bar(xs, ys, color="#3b6ea5")
        keep, lay = cards_text(option.keep, lang), cards_text(option.discard, lang)
        total = number_text(float(option.total), lang)
        label = terminal_phrase("advise.plot", lang, keep=keep, lay=lay, total=total)
        ax.set_title(label, fontsize=9, loc="left")
        ax.axvline(float(option.total), color="#c44e52", linestyle="--", linewidth=1)
        ax.set_ylabel(terminal_phrase("advise.plot_chance", lang), fontsize=8)
    axes[-1].set_xlabel(terminal_phrase("advise.plot_points", lang))
    figure.savefig(path, dpi=100)
