"""The terminal's win-chance bar: each side's chance of winning from the start of the next deal,
shown under the board after every deal, and each person's choice to show it (``w`` at a prompt,
``--win-chance`` / ``--no-win-chance`` for everyone at the start)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer
from rich.markup import escape

from noddy.analysis.winchance import bar_shown, curve, default_on
from noddy.game import EventKind, PlayerView
from noddy.words import bar_sides, side_name, win_phrase

__all__ = ["BAR_WIDTH", "WinBar", "WinChanceOption"]

BAR_WIDTH = 40
"""Characters in the bar, shared between the sides by their chances."""
COLOURS = ("cyan", "magenta", "yellow", "green")

WinChanceOption = Annotated[
    bool | None,
    typer.Option(
        "--win-chance/--no-win-chance",
        help="Show each side's chance of winning after every deal (w at a prompt shows or hides it).",
        show_default="on against the computer, off between people",
    ),
]


class WinBar:
    """Who at the terminal has the bar on, and the bar itself: shown once every person has it on
    (`noddy.analysis.winchance.bar_shown`)."""

    def __init__(
        self, people: Sequence[int], names: Sequence[str], lang: str, on: bool | None = None
    ) -> None:
        self.people = tuple(people)
        self.names = list(names)
        self.lang = lang
        self.on: dict[int, bool] = {} if on is None else {seat: on for seat in self.people}

    @property
    def shown(self) -> bool:
        return bar_shown(self.people, self.on)

    def toggle(self, seat: int) -> str:
        """Turn ``seat``'s person's bar on or off; what the terminal says of it now."""
        self.on[seat] = not self.on.get(seat, default_on(len(self.people)))
        if self.shown:
            return win_phrase("bar.on", self.lang)
        if not self.on[seat]:
            return win_phrase("bar.off", self.lang)
        count = sum(self.on.get(s, False) for s in self.people)
        return win_phrase("bar.waiting", self.lang, name=self.names[seat], on=count, people=len(self.people))

    def after_deal(self, view: PlayerView, upto: int) -> str | None:
        """The bar after the deal that ended with ``view``'s event ``upto`` (the events before it are
        shown): each side's chance from the next deal's start, or ``None`` (hidden, or the game over)."""
        if not self.shown:
            return None
        ended = sum(1 for e in view.events[:upto] if e.kind == EventKind.DEAL_END)
        points = curve(view)
        if ended >= len(points) or points[ended].dealer is None:
            return None
        point = points[ended]
        assert point.dealer is not None
        sides = [side_name(self.names, side, view.partners) for side in range(len(point.chances))]
        dealer = self.names[point.dealer]
        heading = win_phrase("bar.heading", self.lang, dealer=escape(dealer))
        said = " · ".join(escape(s) for s in bar_sides(sides, point.chances, self.lang))
        return f"[dim]{heading}[/] {said}\n{_bar(point.chances)}"


def _bar(chances: Sequence[float]) -> str:
    """A thin bar, each side's share of it in its own colour, in order."""
    widths = [round(BAR_WIDTH * c) for c in chances]
    widths[-1] = BAR_WIDTH - sum(widths[:-1])
    return "".join(
        f"[{COLOURS[side % len(COLOURS)]}]{'█' * max(0, width)}[/]" for side, width in enumerate(widths)
    )
