"""Words and pictures for a game in the terminal: events as a player hears them, and the board."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from noddy.cards import Card
from noddy.game.events import Event
from noddy.game.view import PlayerView
from noddy.rules import Rules
from noddy.scoring import announce

__all__ = ["board", "cards_text", "event_line", "side_name"]

SUIT_COLOURS = {"h": "red", "d": "red", "c": "default", "s": "default"}


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(f"[{SUIT_COLOURS[c.suit.value]}]{c.pretty}[/]" for c in cards)


def side_name(names: Sequence[str], side: int, partners: bool) -> str:
    if partners:
        return f"{names[side]} & {names[side + 2]}"
    return names[side]


def _verb(name: str, singular: str, plural: str) -> str:
    """Agree the verb with the name: "Greedy plays", "You play", "You & Greedy 3 win"."""
    return f"{name} {plural if name == 'You' or ' & ' in name else singular}"


def _possessive(name: str) -> str:
    return "Your" if name == "You" else f"{name}'s"


def _points(event: Event) -> str:
    return f" [bold green]+{event.points}[/]" if event.points else ""


def event_line(event: Event, names: Sequence[str], rules: Rules, partners: bool) -> str | None:
    """One line for an event, or ``None`` for events not worth a line of their own."""
    who = escape(names[event.seat]) if event.seat is not None and event.seat < len(names) else ""
    kind = event.kind
    if kind == "cut":
        cuts = ", ".join(f"{escape(n)} {c.pretty}" for n, c in zip(names, event.cards, strict=False))
        return f"Cut for the deal: {cuts}" + (" (equal: cut again)" if "again" in event.text else "")
    if kind == "dealer":
        return f"First dealer: {who}."
    if kind == "compensation":
        pegs = _verb(who, "pegs", "peg")
        return f"{pegs} {event.points} before the first deal, for the dealer's first crib.{_points(event)}"
    if kind == "deal":
        return f"\n[bold]── {_verb(who, 'deals', 'deal')} ──[/]"
    if kind == "discard":
        return f"{_verb(who, 'lays', 'lay')} cards away to the crib."
    if kind == "turnup":
        return f"Turned up: {cards_text(event.cards)}"
    if kind in ("turned_jack", "knave"):
        return f"{who}: {escape(event.text)} {event.points}{_points(event)}"
    if kind in ("count", "declare"):
        what = event.subject or "hand"
        shown = f" ({cards_text(event.cards)})" if event.cards else ""
        call = announce(event.items, rules)
        line = f"{_possessive(who)} {what}{shown}: “{escape(call)}”"
        if kind == "declare":
            line += f" — declared {event.count}"
            if event.count != sum(i.points for i in event.items):
                line += f", the true count is {sum(i.points for i in event.items)}; pegged {event.points}"
        return line + _points(event)
    if kind == "muggins":
        return f"{_verb(who, 'calls', 'call')} muggins: {escape(event.text)}{_points(event)}"
    if kind == "play":
        call = f" — {escape(announce(event.items, rules))}" if event.items else ""
        plays = _verb(who, "plays", "play")
        return f"{plays} {cards_text(event.cards)}, count {event.count}{call}{_points(event)}"
    if kind == "go":
        return f"{who}: Go"
    if kind == "last_card":
        return f"{who}: one for last{_points(event)}"
    if kind == "reset":
        return "The count goes back to 0."
    if kind == "play_end":
        return escape(event.text[:1].upper() + event.text[1:]) + "."
    if kind == "win":
        if event.seat is None:
            return "[bold]The game is a draw.[/]"
        return f"[bold]{_verb(escape(side_name(names, event.seat, partners)), 'wins', 'win')} the game.[/]"
    return None


def board(view: PlayerView, names: Sequence[str], scores: Sequence[int] | None = None) -> str:
    """The score as a board: one track per side, filled up to its score (31, 61 or 121 holes)."""
    rules = view.rules
    holes = rules.game.target if rules.game.end == "target" else 31
    width = 31 if holes <= 31 else (61 if holes <= 61 else 60)
    lines = []
    for side, score in enumerate(view.scores if scores is None else scores):
        filled = min(width, round(width * min(score, holes) / holes))
        track = "●" * filled + "·" * (width - filled)
        name = escape(side_name(names, side, view.partners))
        goal = f"/{holes}" if rules.game.end == "target" else ""
        lines.append(f"{name:>18} [cyan]{track}[/] {score}{goal}")
    return "\n".join(lines)
