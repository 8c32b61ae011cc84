"""``noddy analyze``: exact distributions over every deal."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from rich.table import Table

from noddy.analysis import deal_size, distribution
from noddy.cli.common import NoddyCommand, NoddyGroup, RulesOption, SetOption, console, load, reporting_errors

app = typer.Typer(
    cls=NoddyGroup, help="Exact analysis of a rule set over every possible deal.", no_args_is_help=True
)


@app.command(cls=NoddyCommand)
def hands(
    rules_name: RulesOption = "willughby",
    set_: SetOption = None,
    crib: Annotated[bool, typer.Option("--crib", help="Count cribs instead of hands.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The exact distribution of hand (or crib) counts over every deal of the preset's size."""
    with reporting_errors():
        rules = load(rules_name, set_)
        size = deal_size(rules, crib)
    started = time.perf_counter()
    if as_json:
        print(json.dumps(distribution(rules, crib=crib).to_json()))
        return
    with console.status(f"Counting every {size}-card {'crib' if crib else 'hand'} with every turn-up..."):
        dist = distribution(rules, crib=crib)
    seconds = time.perf_counter() - started
    what = "cribs" if crib else "hands"
    console.print(
        f"[bold]{rules.title or rules.name}[/]: {what} of {size} cards plus the turn-up, "
        f"{dist.deals:,} deals ({seconds:.1f} s)"
    )
    console.print(f"mean [bold]{dist.mean:.6f}[/], maximum [bold]{dist.max}[/]")
    table = Table(show_edge=False)
    table.add_column("points", justify="right")
    table.add_column("deals", justify="right")
    table.add_column("share", justify="right")
    table.add_column("")
    peak = max(dist.histogram.values())
    for points, n in sorted(dist.histogram.items()):
        bar = "█" * round(40 * n / peak) if n else ""
        table.add_row(str(points), f"{n:,}", f"{100 * n / dist.deals:.3f}%", f"[cyan]{bar}[/]")
    console.print(table)
