"""A reference for ``noddy score``'s start-up (``bench/processes.py``): the smallest typer command
that takes the same arguments (a hand, ``--turnup``, ``--rules``), written as typer's documentation
writes one, with typer's defaults, printing its arguments with ``print``. No rich, no noddy.

What any typer command costs to start, against the goal's baseline of importing typer and rich.
"""

from __future__ import annotations

import typer

app = typer.Typer()


@app.command()
def score(
    hand: str, turnup: str = typer.Option("", "--turnup"), rules: str = typer.Option("", "--rules")
) -> None:
    """Print the arguments as given."""
    print(hand, turnup, rules)


@app.command()
def version() -> None:
    """A second command, so that typer makes a group as noddy's has."""
    print("0")


if __name__ == "__main__":
    app()
