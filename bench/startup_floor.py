"""The floor of ``noddy score``'s start-up (``bench/processes.py``): the smallest typer + rich program
that prints the same table. A typer app with ``noddy score``'s options (the cards, ``--turnup/-t``,
``--rules/-r``, ``--set/-s``, ``--crib``, ``--json``, ``--lang``, ``--batch``), parsed by typer as
noddy's are, that prints the count of 5h 5d 5c Js with 5s turned up (cribbage) with rich's Console
and Table exactly as ``noddy score`` prints it, the rows written out here: no noddy at all (no rules,
no counting, no words).

What a typer command that prints this output with rich costs at the least; ``bench/processes.py``
runs it as ``startup_floor.py "5h 5d 5c Js" --turnup 5s --rules cribbage`` and checks that its
output is noddy's.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

FIFTEENS = ("5♥ + J♠", "5♦ + J♠", "5♣ + J♠", "J♠ + 5♠")
FIFTEENS += ("5♥ + 5♦ + 5♣", "5♥ + 5♦ + 5♠", "5♥ + 5♣ + 5♠", "5♦ + 5♣ + 5♠")
ROWS = (
    *(("fifteen", f"{cards} = 15", 2) for cards in FIFTEENS),
    ("a double pair royal", "5♥ 5♦ 5♣ 5♠", 12),
    ("his nobs", "J♠", 1),
)
CALL = "fifteen 2, fifteen 4, fifteen 6, fifteen 8, fifteen 10, fifteen 12, fifteen 14, fifteen 16"

app = typer.Typer()


@app.command()
def score(
    cards: Annotated[str | None, typer.Argument(metavar="CARDS")] = None,
    turnup: Annotated[str | None, typer.Option("--turnup", "-t", metavar="CARD")] = None,
    rules: Annotated[str, typer.Option("--rules", "-r", metavar="RULES")] = "willughby",
    changes: Annotated[list[str] | None, typer.Option("--set", "-s", metavar="FIELD=VALUE")] = None,
    crib: Annotated[bool, typer.Option("--crib")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG")] = None,
    batch: Annotated[str | None, typer.Option("--batch", metavar="FILE")] = None,
) -> None:
    """Print the count of the one hand this benchmark asks for, as ``noddy score`` prints it."""
    console = Console(highlight=False, soft_wrap=True)
    title = escape("Cribbage (modern six-card game)")
    console.print(f"Hand [bold]5♥ 5♦ 5♣ J♠[/] with [bold]5♠[/] turned up, under {title}")
    table = Table(show_edge=False)
    table.add_column("combination")
    table.add_column("cards")
    table.add_column("points", justify="right")
    table.add_column("total", justify="right")
    running = 0
    for name, held, points in ROWS:
        running += points
        table.add_row(name, held, str(points), str(running))
    console.print(table)
    console.print(f"[bold]“{CALL}, a double pair royal 28, and his nobs 29”[/]")
    console.print("Total: [bold]29[/]")


if __name__ == "__main__":
    app()
