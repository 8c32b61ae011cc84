"""The floor of ``noddy score``'s start-up (``bench/processes.py``): typer and rich imported, and the
count of 5h 5d 5c Js with 5s turned up (cribbage) printed by rich exactly as ``noddy score`` prints
it, but written out here with no noddy at all (no rules, no counting, no words, no option parsing).

What a command that prints this output with rich costs at the least; ``bench/processes.py`` checks
that the output is the same as noddy's.
"""

from __future__ import annotations

import typer  # noqa: F401  (imported as the noddy command imports it)
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


def main() -> None:
    console = Console(highlight=False, soft_wrap=True)
    title = escape("Cribbage (modern six-card game)")
    console.print(f"Hand [bold]5♥ 5♦ 5♣ J♠[/] with [bold]5♠[/] turned up, under {title}")
    table = Table(show_edge=False)
    table.add_column("combination")
    table.add_column("cards")
    table.add_column("points", justify="right")
    table.add_column("total", justify="right")
    running = 0
    for name, cards, points in ROWS:
        running += points
        table.add_row(name, cards, str(points), str(running))
    console.print(table)
    console.print(f"[bold]“{CALL}, a double pair royal 28, and his nobs 29”[/]")
    console.print("Total: [bold]29[/]")


if __name__ == "__main__":
    main()
