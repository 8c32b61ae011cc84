"""``noddy review``: a seat's decisions in a recorded game against the strong player's, worst first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from noddy.cards import format_cards
from noddy.cli.common import console, print_table, reporting_errors
from noddy.errors import NoddyError
from noddy.learn import REVIEW_NODES, REVIEW_WORLDS, Decision, Review, review_record
from noddy.players import WIN
from noddy.record import GameRecord

__all__ = ["review"]

MEASURES = {"expected": "expected points", "search": "points (search)", "count": "points"}
"""What a decision's values are, by `Decision.measure`."""


def review(
    record: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A game record (.json), e.g. from noddy play.")
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            metavar="N",
            help="The seat to review (from 0).",
            show_default="the first person's seat, else 0",
        ),
    ] = None,
    top: Annotated[int, typer.Option("--top", metavar="N", help="Show the N biggest mistakes.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Review a game: each decision of a seat against the strong player's from what the seat knew.

    Example: noddy review game.json --seat 0
    """
    with reporting_errors():
        game = GameRecord.load(record)
        if seat is None:
            people = [i for i, s in enumerate(game.seats) if s.kind == "human"]
            seat = people[0] if people else 0
        if top < 1:
            raise NoddyError(f"--top {top}: show at least 1 mistake")
        found = review_record(game, seat)
    if as_json:
        print(json.dumps(found.to_json(), ensure_ascii=False))
        return
    _print(found, top)


def _print(found: Review, top: int) -> None:
    console.print(
        f"[bold]{escape(found.name)}[/] (seat {found.seat}): {len(found.decisions)} decisions,"
        f" {len(found.mistakes)} could have been better, {found.lost:.1f} points lost in all."
    )
    console.print(
        f"Lay-aways in expected points; the play by a search of {REVIEW_WORLDS} worlds and"
        f" {REVIEW_NODES:,} positions (a game won or lost counts {WIN:g})."
    )
    for number, decision in enumerate(found.mistakes[:top], start=1):
        _print_decision(number, decision)
    if not found.mistakes:
        console.print("No mistakes found: every choice was as good as the strong player's.")


def _print_decision(number: int, d: Decision) -> None:
    console.print()
    where = f"deal {d.deal}, move {d.move}, {d.phase}"
    game = f" (about {d.loss / (2 * WIN):.0%} of the game)" if d.loss >= WIN / 10 else ""
    console.print(f"[bold]{number}. {where}[/]: lost {d.loss:.2f}{game}")
    position = f"hand {format_cards(d.hand, pretty=True)}"
    if d.turnup is not None:
        position += f", turn-up {d.turnup.pretty}"
    if d.phase == "play":
        position += f", pile {format_cards(d.pile, pretty=True) or '(empty)'}, count {d.count}"
    if d.crib is not None:
        position += f"; the crib is {d.crib}"
    console.print(f"   {position}; scores {', '.join(map(str, d.scores))}")
    console.print(f"   you chose [red]{escape(str(d.chosen))}[/], better [green]{escape(str(d.best))}[/]")
    table = Table(show_edge=False, box=None, padding=(0, 2))
    table.add_column("choice")
    table.add_column(MEASURES[d.measure], justify="right")
    for action, value in d.values[:6]:
        mark = " ← yours" if action == d.chosen else ""
        table.add_row(escape(str(action)) + mark, f"{value:.2f}")
    print_table(table)
