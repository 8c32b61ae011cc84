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
from noddy.kinds import EventKind, Subject
from noddy.rules import Rules, side_seats
from noddy.scoring import ScoreItem, total
from noddy.words.calls import CallPart, call, check_language, say
from noddy.words.card_names import card_text, knave_name
from noddy.words.phrases import agree, person, phrase, play_end_line, whose

__all__ = ["Happening", "Line", "Part", "count_line", "declared_words", "event_line", "side_name", "verb"]

Part = str | tuple[Card, ...]
"""Words, or cards to show as cards."""


class Happening(Protocol):
    """What the words need of an event (`noddy.game.Event` is one)."""

    @property
    def kind(self) -> EventKind: ...
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
    def declared(self) -> int | None: ...
    @property
    def unplayed(self) -> int | None: ...
    @property
    def subject(self) -> Subject | None: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class Line:
    """One event in words: its parts, its call, the points pegged, and how much it stands out
    (``heading``: a new deal; ``strong``: the end of the game), and its language."""

    parts: tuple[Part, ...]
    call: tuple[CallPart, ...] = ()
    points: int = 0
    style: Literal["", "heading", "strong"] = ""
    lang: str = "en"

    @property
    def text(self) -> str:
        """The line as plain text, cards written with their suit signs, without the points."""
        return "".join(
            p if isinstance(p, str) else " ".join(card_text(c, self.lang) for c in p) for p in self.parts
        )

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
    return person(name) != "one"


def verb(name: str, singular: str, plural: str) -> str:
    """Agree the verb with the name: "Greedy plays", "You play", "You & Greedy 3 win"."""
    return f"{name} {plural if _plural(name) else singular}"


def _knave_words(kind: EventKind, rules: Rules, lang: str) -> str:
    """What a Knave or a turned Jack is called in ``lang`` (`knave_name`)."""
    return knave_name(rules, lang, turned=kind is EventKind.TURNED_JACK)


def event_line(
    event: Happening, names: Sequence[str], rules: Rules, partners: bool, lang: str = "en"
) -> Line | None:
    """The words for an event in ``lang``, or ``None`` for events not worth a line of their own.
    ``names`` are the seats' names as the reader sees them (its own seat is ``phrase("you")``)."""
    check_language(lang)
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    kind = event.kind
    points = event.points
    if kind in (EventKind.CUT, EventKind.CUT_AGAIN):
        parts: list[Part] = [phrase("line.cut", lang)]
        for i, (name, card) in enumerate(zip(names, event.cards, strict=False)):
            parts += [", " if i else "", f"{name} ", (card,)]
        if kind is EventKind.CUT_AGAIN:
            parts.append(phrase("line.cut_again", lang))
        return Line(tuple(parts), lang=lang)
    if kind is EventKind.DEALER:
        return Line((phrase("line.dealer", lang, who=who),), lang=lang)
    if kind is EventKind.COMPENSATION:
        return Line((agree("line.compensation", who, lang, points=points),), points=points, lang=lang)
    if kind is EventKind.DEAL:
        return Line((agree("line.deal", who, lang),), style="heading", lang=lang)
    if kind is EventKind.DISCARD:
        return Line((agree("line.discard", who, lang),), lang=lang)
    if kind is EventKind.TURNUP:
        return Line((phrase("line.turnup", lang), event.cards), lang=lang)
    if kind in (EventKind.TURNED_JACK, EventKind.KNAVE):
        words = _knave_words(kind, rules, lang)
        said = call(event.items, rules, lang)
        knave = phrase("line.knave", lang, who=who, words=words, points=points)
        return Line((knave,), said, points, lang=lang)
    if kind in (EventKind.COUNT, EventKind.DECLARE):
        return _count_line(event, who, rules, lang)
    if kind is EventKind.SHOW:
        subject = event.subject or Subject.HAND
        shown = phrase(f"line.show.{subject}", lang, whose=whose(subject, who, lang))
        return Line((shown, event.cards), lang=lang)
    if kind is EventKind.MUGGINS:
        taken = phrase("points.one" if points == 1 else "points.many", lang, n=points)
        return Line((agree("line.muggins", who, lang, taken=taken),), points=points, lang=lang)
    if kind is EventKind.PLAY:
        said = call(event.items, rules, lang)
        tail = phrase("line.play_call", lang, said=say(said, lang)) if said else ""
        count = phrase("line.count_now", lang, count=event.count) + tail
        return Line((agree("line.play", who, lang), event.cards, count), said, points, lang=lang)
    if kind is EventKind.GO:
        return Line((phrase("line.go", lang, who=who),), lang=lang)
    if kind is EventKind.LAST_CARD:
        said = call(event.items, rules, lang)
        return Line((phrase("line.last_card", lang, who=who, name=said[0].name),), said, points, lang=lang)
    if kind is EventKind.RESET:
        return Line((phrase("line.reset", lang),), lang=lang)
    if kind is EventKind.PLAY_END:
        return Line((play_end_line(event.unplayed or 0, lang),), lang=lang)
    if kind is EventKind.WIN:
        if event.seat is None:
            return Line((phrase("line.draw", lang),), style="strong", lang=lang)
        won = _won(event.seat, event.scores, names, rules, partners, lang)
        return Line((won,), style="strong", lang=lang)
    return None


def _won(
    side: int, scores: Sequence[int], names: Sequence[str], rules: Rules, partners: bool, lang: str
) -> str:
    """A win as players say it: by how many, and the score, the winner's at the game hole (a peg
    going out past it stops there): "Ann wins the game by 4 holes: 121 to 117." A game of one deal
    is won by points: "Ann wins the game by 3 points: 12 to 9."."""
    winner = side_name(names, side, partners)
    if not scores:
        return agree("line.win", winner, lang)
    to_target = rules.game.end == "target"
    won = rules.game.pegged(scores[side])
    lost = sorted((s for i, s in enumerate(scores) if i != side), reverse=True)
    margin = won - lost[0] if lost else won
    unit = "holes" if to_target else "by_points"
    by = phrase(f"{unit}.{'one' if margin == 1 else 'many'}", lang, n=margin)
    score = phrase("score_to", lang, won=won, lost=phrase("and", lang).join(str(s) for s in lost))
    return agree("line.win_by", winner, lang, by=by, score=score)


def count_line(event: Happening, names: Sequence[str], rules: Rules, lang: str = "en") -> Line:
    """A count's line (`event_line`) for a face that has laid its cards out just above it: whose, the
    call and what was declared, without the cards said again."""
    check_language(lang)
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    return _count_line(event, who, rules, lang, cards=False)


def _count_line(event: Happening, who: str, rules: Rules, lang: str, *, cards: bool = True) -> Line:
    """A hand or crib counted or declared: whose, its cards if shown (and ``cards``), the call, what
    was declared."""
    said = call(event.items, rules, lang)
    parts: list[Part] = [whose(event.subject or Subject.HAND, who, lang)]
    if event.cards and cards:
        parts += [" (", event.cards, ")"]
    if event.kind is EventKind.COUNT or event.items or event.cards:
        parts.append(phrase("line.said", lang, said=say(said, lang)))
    parts += declared_words(event, lang)
    return Line(tuple(parts), said, event.points, lang=lang)


def declared_words(event: Happening, lang: str = "en") -> list[str]:
    """What a declaration adds to its count's line: the number declared, and its correction or the
    true count where they differ (" — declared 5", "; the true count is 8: 5 pegged"); nothing for a
    count the engine made."""
    if event.kind is not EventKind.DECLARE:
        return []
    parts = [phrase("line.declared", lang, count=event.declared)]
    true = total(event.items)
    if event.points != event.declared:
        parts.append(phrase("line.corrected", lang, points=event.points))
    elif (event.items or event.cards) and event.declared != true:
        parts.append(phrase("line.true_count", lang, true=true, points=event.points))
    return parts
