"""The terminal's pictures of a game: event lines (their words from `noddy.words`) styled with rich,
and the board."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from noddy.cards import Card
from noddy.game import side_pegs
from noddy.game.events import Event
from noddy.game.view import PlayerView
from noddy.rules import Rules
from noddy.words import Line, card_text, event_line, side_name, terminal_phrase, whose

__all__ = ["ROW", "board", "cards_text", "counted_text", "event_text", "styled"]

SUIT_COLOURS = {"h": "red", "d": "red", "c": "default", "s": "default"}


def cards_text(cards: Sequence[Card], lang: str = "en") -> str:
    """Cards as ``lang`` writes them ("V♥" in French), each in its suit's colour."""
    return " ".join(f"[{SUIT_COLOURS[c.suit.value]}]{card_text(c, lang)}[/]" for c in cards)


def styled(line: Line) -> str:
    """A line of words in rich markup: cards in their suit's colour, points in green."""
    text = "".join(escape(p) if isinstance(p, str) else cards_text(p, line.lang) for p in line.parts)
    if line.style == "heading":
        return f"\n[bold]── {text} ──[/]"
    if line.style == "strong":
        return f"[bold]{text}[/]"
    return text + (f" [bold green]+{line.points}[/]" if line.points else "")


def event_text(
    event: Event, names: Sequence[str], rules: Rules, partners: bool, lang: str = "en"
) -> str | None:
    """One styled line for an event in ``lang``, or ``None`` for events not worth a line of their own."""
    line = event_line(event, names, rules, partners, lang)
    return None if line is None else styled(line)


def counted_text(view: PlayerView, names: Sequence[str], lang: str = "en") -> str | None:
    """The cards being counted, face up as at a table (a hand to its holder, a crib to all), with
    the turn-up; ``None`` when no count this seat may see is being made."""
    if view.counting is None or not view.counted:
        return None
    what, seat = view.counting
    turnup = f" + {cards_text([view.turnup], lang)}" if view.turnup is not None else ""
    owner = escape(whose(what, names[seat], lang))
    return terminal_phrase("being_counted", lang, whose=owner, cards=cards_text(view.counted, lang) + turnup)


ROW = 30
"""Holes in a row of the board: six groups of five, as on a real board."""


def _row(first: int, last: int, front: int, back: int) -> str:
    """Holes ``first`` to ``last`` in groups of five: the front peg ``●``, the back peg ``○``."""
    holes = []
    for hole in range(first, last + 1):
        mark = "[bold cyan]●[/]" if hole == front else "[cyan]○[/]" if hole == back else "[dim]·[/]"
        holes.append(("" if hole == first or (hole - first) % 5 else " ") + mark)
    return "".join(holes)


def board(view: PlayerView, names: Sequence[str], events: Sequence[Event] | None = None) -> str:
    """The board after ``events`` (all the view's by default): a track a side, one hole a point in
    rows of 30 in groups of five, and the game hole; each side's front and back peg, as at a table."""
    holes = view.board_holes
    sides = [side_name(names, side, view.partners) for side in range(len(view.scores))]
    pegs = view.pegs if events is None else side_pegs(events, len(sides), view.partners)
    width = max(len(name) for name in sides)
    lines: list[str] = []
    for name, (front, back) in zip(sides, ((p.front, p.back) for p in pegs), strict=True):
        if lines and holes > ROW + 1:
            lines.append("")
        score = view.rules.game.pegged(front)  # out at the game hole: points past it are not its score
        front_hole = min(score, holes)  # a peg past the track's last hole is drawn in it
        target = view.rules.game.end == "target"
        goal = f"/{holes}" if target else ""
        gained = f" (+{score - back})" if front else ""
        for first in range(1, holes, ROW):
            last = min(first + ROW - 1, holes - 1)
            track = _row(first, last, front_hole, back if back < front_hole else 0)
            label = escape(name.ljust(width)) if first == 1 else " " * width
            if last == holes - 1:
                track += " " + ("[bold cyan]●[/]" if front_hole == holes else "[dim]◦[/]")
            tail = f" {score}{goal}{gained}" if first == 1 else ""
            lines.append(f"{label} {track}{tail}")
    return "\n".join(lines)
