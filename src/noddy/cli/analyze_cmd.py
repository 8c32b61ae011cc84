"""``noddy analyze``: exact distributions over every deal."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from noddy.cli.common import (
    LangOption,
    NoddyCommand,
    NoddyGroup,
    RulesOption,
    SetOption,
    console,
    language,
    load,
    reporting_errors,
)
from noddy.enumeration import deal_size, distribution
from noddy.words import command_phrase, rule_set_words

app = typer.Typer(
    cls=NoddyGroup, help="Exact analysis of a rule set over every possible deal.", no_args_is_help=True
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
