"""The terminal's pictures of a game: event lines (their words from `noddy.words`) styled with rich,
and the board."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from noddy.cards import Card
from noddy.game.events import Event
from noddy.game.view import PlayerView
from noddy.rules import Rules
from noddy.words import Line, event_line, possessive, side_name

__all__ = ["board", "cards_text", "counted_text", "event_text", "styled"]

SUIT_COLOURS = {"h": "red", "d": "red", "c": "default", "s": "default"}


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(f"[{SUIT_COLOURS[c.suit.value]}]{c.pretty}[/]" for c in cards)


def styled(line: Line) -> str:
    """A line of words in rich markup: cards in their suit's colour, points in green."""
    text = "".join(escape(p) if isinstance(p, str) else cards_text(p) for p in line.parts)
    if line.style == "heading":
        return f"\n[bold]── {text} ──[/]"
    if line.style == "strong":
        return f"[bold]{text}[/]"
    return text + (f" [bold green]+{line.points}[/]" if line.points else "")


def event_text(event: Event, names: Sequence[str], rules: Rules, partners: bool) -> str | None:
    """One styled line for an event, or ``None`` for events not worth a line of their own."""
    line = event_line(event, names, rules, partners)
    return None if line is None else styled(line)


def counted_text(view: PlayerView, names: Sequence[str]) -> str | None:
    """The cards being counted, face up as at a table (a hand to its holder, a crib to all), with
    the turn-up; ``None`` when no count this seat may see is being made."""
    if view.counting is None or not view.counted:
        return None
    what, seat = view.counting
    whose = escape(possessive(names[seat]))
    turnup = f" + {cards_text([view.turnup])}" if view.turnup is not None else ""
    return f"{whose} {what}, being counted: {cards_text(view.counted)}{turnup}"


def board(view: PlayerView, names: Sequence[str], scores: Sequence[int] | None = None) -> str:
    """The score as a board: one track per side, filled up to its score (31, 61 or 121 holes)."""
    holes = view.board_holes
    width = 31 if holes <= 31 else (61 if holes <= 61 else 60)
    lines = []
    for side, score in enumerate(view.scores if scores is None else scores):
        filled = min(width, round(width * min(score, holes) / holes))
        track = "●" * filled + "·" * (width - filled)
        name = escape(side_name(names, side, view.partners))
        goal = f"/{holes}" if view.rules.game.end == "target" else ""
        lines.append(f"{name:>18} [cyan]{track}[/] {score}{goal}")
    return "\n".join(lines)
