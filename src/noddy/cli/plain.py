"""A page of lines and one table, written exactly as rich's Console lays it out, without importing
rich's Console (about a fifth of ``noddy score``'s start-up): ``noddy score`` prints its count this
way. Where only rich knows the layout (a table wider than the terminal, which rich wraps; text
whose width, backslashes or emoji codes rich would measure or change; Windows, Jupyter, IDLE, an
encoding other than UTF-8), the same page goes to rich instead, which is imported then.

The look is rich's: a ``Table(show_edge=False)`` in the heavy-head box, one space of padding each
side of a cell, the header in bold, and bold only where the terminal shows styles (rich's own test:
a terminal, ``FORCE_COLOR`` or ``TTY_COMPATIBLE``, not a dumb ``TERM``). Lines print whole, never
wrapped, as ``Console(soft_wrap=True)`` prints them.
"""

from __future__ import annotations

import builtins
import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

import typer

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "NARROW",
    "Grid",
    "Line",
    "Page",
    "Piece",
    "plain_text",
    "print_page",
    "print_with_rich",
    "terminal",
]

Piece = tuple[str, bool]
"""A run of text and whether it is bold."""

Line = tuple[Piece, ...]
"""One printed line, in runs."""


class Grid:
    """A table: its column headings, which columns are justified right, and its rows of cells."""

    __slots__ = ("headers", "right", "rows")

    def __init__(
        self, headers: tuple[str, ...], right: tuple[bool, ...], rows: tuple[tuple[str, ...], ...]
    ) -> None:
        self.headers = headers
        self.right = right
        self.rows = rows


class Page:
    """What a command prints: lines, a table (or none), then more lines. (Plain classes, not
    dataclasses or named tuples: making those classes would cost ``noddy score`` a few tenths of a
    millisecond at every start.)"""

    __slots__ = ("after", "before", "table")

    def __init__(self, before: tuple[Line, ...], table: Grid | None, after: tuple[Line, ...] = ()) -> None:
        self.before = before
        self.table = table
        self.after = after


NARROW = (
    (0x20, 0x7E),
    (0xA0, 0xAC),
    (0xAE, 0x2FF),
    (0x370, 0x482),
    (0x2010, 0x2027),
    (0x2030, 0x203E),
    (0x2190, 0x2193),
    (0x2212, 0x2212),
    (0x2500, 0x25FC),
    (0x2660, 0x2667),
)
"""Ranges of characters one cell wide in every Unicode version rich knows (a test checks each with
rich's ``cell_len``): text made only of these is as wide as it is long, as rich measures it."""

_EMOJI_CODE = re.compile(r":\S*:")
"""Where rich might read an emoji code (``:smile:``) and print an emoji instead."""

_HEAVY_HEAD = ("┃", "━", "╇", "│")
"""rich's ``box.HEAVY_HEAD``: the header's divider, the rule under it and its crossing, the rows'
divider."""


def _plain(text: str) -> bool:
    """Whether rich prints ``text`` as it is, one cell a character (escaped, its markup reads back
    as it was, except a backslash at the end of a run, which rich doubles)."""
    if "\\" in text:
        return False
    if not (text.isascii() and text.isprintable()):
        narrow = (any(low <= ord(char) <= high for low, high in NARROW) for char in text)
        if not all(narrow):
            return False
    return _EMOJI_CODE.search(text) is None


def _style(text: str, bold: bool, styled: bool) -> str:
    """``text`` in bold where styles show, as rich writes it (nothing at all for no text)."""
    return typer.style(text, bold=True) if bold and styled and text else text


def _line(line: Line, styled: bool) -> str:
    return "".join(_style(text, bold, styled) for text, bold in line) + "\n"


def _table(grid: Grid, width: int, styled: bool) -> list[str] | None:
    """The table's lines as rich draws them, or ``None`` if it is wider than ``width`` (rich would
    wrap its cells)."""
    columns = list(zip(grid.headers, *grid.rows, strict=True))
    widths = [max(len(cell) for cell in column) for column in columns]
    if sum(widths) + 3 * len(widths) - 1 > width:
        return None
    head, rule, cross, divider = _HEAVY_HEAD

    def row(cells: Sequence[str], bold: bool) -> str:
        fitted = (
            cell.rjust(w) if right else cell.ljust(w)
            for cell, w, right in zip(cells, widths, grid.right, strict=True)
        )
        if bold and styled:
            pad = _style(" ", True, True)
            return head.join(pad + _style(cell, True, True) + pad for cell in fitted) + "\n"
        return (head if bold else divider).join(f" {cell} " for cell in fitted) + "\n"

    return [
        row(grid.headers, True),
        cross.join(rule * (w + 2) for w in widths) + "\n",
        *(row(cells, False) for cells in grid.rows),
    ]


def plain_text(page: Page, width: int, styled: bool) -> str | None:
    """``page`` as rich prints it at ``width`` columns (with bold if ``styled``), or ``None`` where
    only rich knows how it looks."""
    lines = (*page.before, *page.after)
    texts = [text for line in lines for text, _ in line]
    if page.table is not None:
        texts += [*page.table.headers, *(cell for row in page.table.rows for cell in row)]
    if not all(_plain(text) for text in texts):
        return None
    table: list[str] = []
    if page.table is not None:
        drawn = _table(page.table, width, styled)
        if drawn is None:
            return None
        table = drawn
    before = [_line(line, styled) for line in page.before]
    after = [_line(line, styled) for line in page.after]
    return "".join([*before, *table, *after])


def terminal(file: TextIO) -> tuple[int, bool] | None:
    """The width and whether styles show, for a rich ``Console`` writing to ``file`` as rich's
    Console decides them, or ``None`` where only rich can say (Windows, Jupyter, IDLE, an encoding
    other than UTF-8)."""
    if sys.platform == "win32" or hasattr(builtins, "get_ipython"):
        return None
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return None
    if not (getattr(file, "encoding", None) or "utf-8").lower().startswith("utf"):
        return None
    environ = os.environ
    compatible = environ.get("TTY_COMPATIBLE", "")
    force = environ.get("FORCE_COLOR")
    if compatible in ("0", "1"):
        is_terminal = compatible == "1"
    elif force is not None:
        is_terminal = force != ""
    else:
        isatty = getattr(file, "isatty", None)
        try:
            is_terminal = isatty is not None and bool(isatty())
        except ValueError:
            is_terminal = False
    dumb = is_terminal and environ.get("TERM", "").lower() in ("dumb", "unknown")
    return _width(environ, dumb), is_terminal and not dumb


def _width(environ: Mapping[str, str], dumb: bool) -> int:
    """rich's Console width: ``COLUMNS`` (80 on a dumb terminal unless ``LINES`` is set too), else
    the first of standard input, output and error that is a terminal, else 80."""
    columns = environ.get("COLUMNS")
    lines = environ.get("LINES")
    given = int(columns) if columns is not None and columns.isdigit() else None
    if given is not None and lines is not None and lines.isdigit():
        return given
    if dumb:
        return 80
    if given is not None:
        return given
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


def print_page(page: Page) -> None:
    """Print ``page`` on standard output as rich would: written here where the layout is known,
    else by rich itself."""
    found = terminal(sys.stdout)
    text = None if found is None else plain_text(page, *found)
    if found is None or text is None:
        from noddy.cli.common import console

        print_with_rich(page, console)
        return
    typer.echo(text, nl=False, color=found[1])


def print_with_rich(page: Page, console: Console) -> None:
    """Print ``page`` with rich's ``console``: the reference layout, and the way on where the table
    does not fit."""
    from rich.markup import escape
    from rich.table import Table

    def markup(line: Line) -> str:
        return "".join(f"[bold]{escape(text)}[/]" if bold else escape(text) for text, bold in line)

    for line in page.before:
        console.print(markup(line))
    if page.table is not None:
        table = Table(show_edge=False)
        for header, right in zip(page.table.headers, page.table.right, strict=True):
            table.add_column(escape(header), justify="right" if right else "left")
        for cells in page.table.rows:
            table.add_row(*(escape(cell) for cell in cells))
        console.print(table)
    for line in page.after:
        console.print(markup(line))
