"""``noddy analyze board``'s output: the table in the terminal (a readable grid of the dealer's chance)
and as one JSON object (its shape in ``docs/board.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table

from noddy.cli.common import console
from noddy.rules import Rules
from noddy.words import rule_set_words
from noddy.words.board import board_phrase

if TYPE_CHECKING:
    from noddy.analysis import BoardTable

__all__ = ["board_json", "print_board", "table_words"]

_DIGITS = 4
_COLUMNS = 10


def table_words(players: int, sides: int, lang: str) -> str:
    """The table in words: "2 players", "4 players in two partnerships"."""
    if players == 2:
        return board_phrase("table.two", lang)
    return board_phrase("table.partners" if sides == 2 else "table.players", lang, players=players)


def _by_seat(table: BoardTable, rules: Rules) -> Any:
    """Seat 0's deal as nested lists [dealer's score][elder's][third's] -> chances (dealer, elder,
    third) for three sides, [dealer's score][pone's] -> the dealer's chance for two."""
    from noddy.analysis.grid import dealer_grid, elder_seat

    if table.sides == 2:
        return dealer_grid(table, rules).round(_DIGITS).tolist()
    elder = elder_seat(rules, table.players)
    # array axes: dealer, seat 2's score, seat 1's, seat 0's, side
    scores = (2, 1, 0) if elder == 1 else (1, 2, 0)
    sides = [0, elder, 3 - elder]
    return table.array[0].transpose(*scores, 3)[..., sides].round(_DIGITS).tolist()


def board_json(table: BoardTable, rules: Rules) -> dict[str, Any]:
    """The table as one JSON object: for two sides ``dealer[a][b]``, the chance that the side about
    to deal, at ``a`` points against ``b``, wins; for three, ``chance[a][b][c]``, the chances of the
    dealer (at ``a``), the elder (``b``) and the third player (``c``)."""
    key = "dealer" if table.sides == 2 else "chance"
    error = table.error
    return {
        "rules": rules.name,
        "players": table.players,
        "partners": table.partners,
        "sides": table.sides,
        "target": table.target,
        "error": {
            "half_width": round(error.half_width, 6),
            "largest": round(error.largest, 6),
            "deals": error.deals,
            "batches": error.batches,
            "players": error.players,
            "rests_on": error.describe(),
        },
        key: _by_seat(table, rules),
    }


def _percent(chance: float) -> str:
    style = "blue" if chance >= 0.6 else "red" if chance <= 0.4 else ""
    text = f"{100 * chance:.0f}"
    return f"[{style}]{text}[/]" if style else text


def print_board(table: BoardTable, rules: Rules, lang: str) -> None:
    """The table readably: what it is and rests on, the first dealer's chance from 0–0, and a grid of
    the dealer's chance every few points."""
    from noddy.analysis.grid import dealer_grid, elder_seat

    title = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)[0]
    words = table_words(table.players, table.sides, lang)
    console.print(board_phrase("heading", lang, title=escape(title), table=words, target=table.target))
    error = table.error
    rests_on = board_phrase(
        "rests_on",
        lang,
        deals=f"{error.deals:,}",
        target=table.target,
        half=f"{100 * error.half_width:.2f}",
        largest=f"{100 * error.largest:.2f}",
    )
    console.print(escape(rests_on))
    start = table.chance((0,) * table.sides, 0)
    if table.sides == 2:
        console.print(board_phrase("start", lang, dealer=f"{100 * start[0]:.1f}"))
    else:
        elder = elder_seat(rules, table.players)
        console.print(
            board_phrase(
                "start.many",
                lang,
                zeros="–".join("0" * table.sides),
                dealer=f"{100 * start[0]:.1f}",
                elder=f"{100 * start[elder]:.1f}",
                third=f"{100 * start[3 - elder]:.1f}",
            )
        )
    grid = dealer_grid(table, rules)
    step = max(1, -(-(table.target - 1) // _COLUMNS))
    marks = [*range(0, table.target - 1, step), table.target - 1]
    console.print(board_phrase("grid" if table.sides == 2 else "grid.three", lang))
    shown = Table(show_edge=False, pad_edge=False)
    shown.add_column("", no_wrap=True)
    for b in marks:
        shown.add_column(str(b), justify="right", min_width=3, no_wrap=True)
    for a in marks:
        shown.add_row(f"[bold]{a}[/]", *(_percent(float(grid[a, b])) for b in marks))
    console.print(shown)
