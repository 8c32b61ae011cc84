"""The show in ``noddy play`` and ``noddy replay``: each count laid out as at a table, in the order
the engine makes them (which the rules set): the counter's cards face up with the turn-up, the call
built item by item on its cards with the running total, and the side's score after it; where the
rules keep a hand unseen, said so. With ``--pause`` the terminal stops for Enter between counts and
after each deal's summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer
from rich.markup import escape
from rich.text import Text

from noddy.cards import Card
from noddy.cli.render import cards_text, styled
from noddy.game import Event, EventKind, PlayerView, side_pegs
from noddy.words import Step, count_line, side_name, steps, terminal_phrase, unshown_note, whose

__all__ = ["COUNTS", "STOPS", "PauseOption", "count_lines", "step_text"]

PauseOption = Annotated[
    bool,
    typer.Option(
        "--pause",
        help="Stop for Enter between the counts of the show, and after each deal's summary, to read"
        " them at your own pace.",
    ),
]

COUNTS = frozenset({EventKind.COUNT, EventKind.DECLARE})
"""The events that are a count of a hand or crib."""

STOPS = COUNTS | {EventKind.SHOW, EventKind.MUGGINS}
"""The events of the show that ``--pause`` stops before, once a count has been shown."""


def step_text(step: Step, lang: str) -> str:
    """The cards of one step, as they are pointed at: a sum written out ("8♥ + 7♣ = 15"), any
    other item its cards ("8♥ 8♣")."""
    cards = step.part.cards
    if step.sum is not None and cards:
        return " + ".join(cards_text([c], lang) for c in cards) + f" = {step.sum}"
    return cards_text(cards, lang)


def _turnup(events: Sequence[Event]) -> Card | None:
    """The turn-up of the deal ``events`` end in (``None`` before it is turned)."""
    for event in reversed(events):
        if event.kind == EventKind.TURNUP and event.cards:
            return event.cards[0]
        if event.kind == EventKind.DEAL:
            return None
    return None


def count_lines(view: PlayerView, number: int, names: Sequence[str], lang: str) -> list[str]:
    """The count that is event ``number`` (counted from 1) of ``view``: its cards face up with the
    turn-up (or why they are not shown), each item with its cards and the call so far, then the
    event's own line (its cards not said again) with the side's score after it."""
    event = view.events[number - 1]
    assert event.kind in COUNTS and event.seat is not None
    seat, subject = event.seat, str(event.subject or "hand")
    owner = whose(subject, names[seat], lang)
    lines = []
    turnup = _turnup(view.events[:number])
    if event.cards:
        cards = cards_text(event.cards, lang)
        up = cards_text([turnup], lang) if turnup is not None else ""
        lines.append(terminal_phrase("show.face_up", lang, whose=escape(owner), cards=cards, turnup=up))
    elif event.hidden:
        yours, declared = seat == view.seat, event.kind == EventKind.DECLARE
        lines.append(f"[dim]{escape(unshown_note(view.rules, owner, yours, declared, lang))}[/]")
    items = steps(event.items, view.rules, lang)
    width = max((_width(step_text(s, lang)) for s in items), default=0)
    for step in items:
        cards = step_text(step, lang)
        pad = " " * (width - _width(cards))
        said = f"{escape(step.part.name)} [bold cyan]{step.part.running}[/]"
        lines.append(f"    {cards}{pad}  {said}" if width else f"    {said}")
    said = styled(count_line(event, names, view.rules, lang))
    side = view.side_of(seat)
    score = side_pegs(view.events[:number], len(view.scores), view.partners)[side].front
    name = escape(side_name(names, side, view.partners))
    lines.append(f"{said} [dim]{terminal_phrase('show.total', lang, name=name, score=score)}[/]")
    return lines


def _width(markup: str) -> int:
    return Text.from_markup(markup).cell_len
