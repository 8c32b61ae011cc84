"""Event lines: what happened in a game, as plain structured words both faces render.

A `Line` is a sequence of parts (words, and cards to show as cards), the call of the event where it
has one (`CallPart`s) and the points pegged; the terminal styles it with rich, the web sends its
parts and the browser draws them, so neither face writes the words of an event itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from noddy.cards import Card
from noddy.rules import Rules, side_seats
from noddy.scoring import ScoreItem, total
from noddy.words.calls import CallPart, call, say
from noddy.words.phrases import play_end_line

__all__ = ["Happening", "Line", "Part", "event_line", "possessive", "side_name", "verb"]

Part = str | tuple[Card, ...]
"""Words, or cards to show as cards."""


class Happening(Protocol):
    """What the words need of an event (`noddy.game.Event` is one)."""

    @property
    def kind(self) -> str: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def points(self) -> int: ...
    @property
    def items(self) -> tuple[ScoreItem, ...]: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def count(self) -> int | None: ...
    @property
    def subject(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Line:
    """One event in words: its parts, its call, the points pegged, and how much it stands out
    (``heading``: a new deal; ``strong``: the end of the game)."""

    parts: tuple[Part, ...]
    call: tuple[CallPart, ...] = ()
    points: int = 0
    style: Literal["", "heading", "strong"] = ""

    @property
    def text(self) -> str:
        """The line as plain text, cards written with their suit signs, without the points."""
        return "".join(p if isinstance(p, str) else " ".join(c.pretty for c in p) for p in self.parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "parts": [p if isinstance(p, str) else {"cards": [str(c) for c in p]} for p in self.parts],
            "style": self.style,
        }


def side_name(names: Sequence[str], side: int, partners: bool) -> str:
    """A side's name: its seat's, or both partners' ("You & Greedy 3")."""
    return " & ".join(names[seat] for seat in side_seats(len(names), partners)[side])


def _plural(name: str) -> bool:
    return name == "You" or " & " in name


def verb(name: str, singular: str, plural: str) -> str:
    """Agree the verb with the name: "Greedy plays", "You play", "You & Greedy 3 win"."""
    return f"{name} {plural if _plural(name) else singular}"


def possessive(name: str) -> str:
    """"Your" for the reader's own seat, else "Greedy's"."""
    return "Your" if name == "You" else f"{name}'s"


def event_line(event: Happening, names: Sequence[str], rules: Rules, partners: bool) -> Line | None:
    """The words for an event, or ``None`` for events not worth a line of their own."""
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    kind = event.kind
    points = event.points
    if kind in ("cut", "cut_again"):
        parts: list[Part] = ["Cut for the deal: "]
        for i, (name, card) in enumerate(zip(names, event.cards, strict=False)):
            parts += [", " if i else "", f"{name} ", (card,)]
        if kind == "cut_again":
            parts.append(" (equal: cut again)")
        return Line(tuple(parts))
    if kind == "dealer":
        return Line((f"First dealer: {who}.",))
    if kind == "compensation":
        words = f"{verb(who, 'pegs', 'peg')} {points} before the first deal, for the dealer's first crib."
        return Line((words,), points=points)
    if kind == "deal":
        return Line((verb(who, "deals", "deal"),), style="heading")
    if kind == "discard":
        return Line((f"{verb(who, 'lays', 'lay')} cards away to the crib.",))
    if kind == "turnup":
        return Line(("Turned up: ", event.cards))
    if kind in ("turned_jack", "knave"):
        words = rules.words.turned_jack if kind == "turned_jack" else rules.words.knave
        return Line((f"{who}: {words} {points}",), call(event.items, rules), points)
    if kind in ("count", "declare"):
        said = call(event.items, rules)
        subject = event.subject or "hand"
        parts = [f"{possessive(who)} {subject}"]
        if event.cards:
            parts += [" (", event.cards, ")"]
        if kind == "count" or event.items or event.cards:
            parts.append(f": “{say(said)}”")
        if kind == "declare":
            parts.append(f" — declared {event.count}")
            true = total(event.items)
            if points != event.count:
                parts.append(f", corrected to {points}")
            elif (event.items or event.cards) and event.count != true:
                parts.append(f", the true count is {true}; pegged {points}")
        return Line(tuple(parts), said, points)
    if kind == "show":
        shown = "is turned face up" if event.subject == "crib" else "is shown"
        return Line((f"{possessive(who)} {event.subject} {shown}: ", event.cards))
    if kind == "muggins":
        taken = f"{points} point{'s' if points != 1 else ''}"
        takes = "take" if _plural(who) else "takes"
        return Line((f"{verb(who, 'calls', 'call')} muggins and {takes} the {taken} missed.",), points=points)
    if kind == "play":
        said = call(event.items, rules)
        tail = f" — {say(said)}" if said else ""
        count = f", count {event.count}{tail}"
        return Line((f"{verb(who, 'plays', 'play')} ", event.cards, count), said, points)
    if kind == "go":
        return Line((f"{who}: Go",))
    if kind == "last_card":
        said = call(event.items, rules)
        return Line((f"{who}: {said[0].name}",), said, points)
    if kind == "reset":
        return Line(("The count goes back to 0.",))
    if kind == "play_end":
        return Line((play_end_line(event.count or 0),))
    if kind == "win":
        if event.seat is None:
            return Line(("The game is a draw.",), style="strong")
        winner = side_name(names, event.seat, partners)
        return Line((f"{verb(winner, 'wins', 'win')} the game.",), style="strong")
    return None
