"""The perfect-recall information state of a seat as numbers: everything the seat has seen over
the whole game, in order, one row for each action (its own whole, the others' as the table sees
them, chance's deals as its own cards dealt), each row with what the action's events showed it.

A game is a sequence of links, one for each OpenSpiel action: the action, the events it made
(`noddy.game.Event`, read by the seat through `Event.seen_by`) and, for a deal, every seat's cards
dealt. A single card drawn by chance is a link with no action (the seat sees only that a card
was drawn), and makes no row: a deal's draws come in a fixed number before the deal's row, and
the ``drawn`` number in front of the rows says how many of a pending deal's or cut's are drawn.
So the tensor is a function of what the seat has seen (the same story, the same numbers) and
tells every two stories apart (a row for every action it saw, from first to last, each row
non-zero). Its size is fixed by the game's length: ``rows`` rows (`noddy.research.openspiel`
derives them from the game's ``max_game_length``), `noddy.research.fields.RECALL_BLOCKS` a row.

>>> recall = Recall(2, rows=10)
>>> recall.width, recall.size
(184, 1841)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK, Card
from noddy.errors import NoddyError
from noddy.game import DECLARE_RANGE, Action, ActionKind, Event, EventKind, Subject
from noddy.research.fields import Field, recall_layout
from noddy.scoring import KINDS, PLAY_LIMIT

__all__ = ["HEADER", "Link", "Recall"]

HEADER = 1
"""Numbers in front of the rows: the cards drawn so far for the pending chance node / 52."""
_ACTIONS = {kind: i for i, kind in enumerate(ActionKind)}
_EVENTS = {kind: i for i, kind in enumerate(EventKind)}
_ITEMS = {kind: i for i, kind in enumerate(KINDS)}
_SUBJECTS = {Subject.HAND: 0, Subject.CRIB: 1}
_NUMBER = len(DECLARE_RANGE) + 1
_POINTS = 64.0
_MANY = 8.0
_CARDS = 16.0
_UNPLAYED = len(DECK) + 1


class Link(Protocol):
    """One action of a game as a seat's story keeps it (`noddy.research.openspiel`'s trail)."""

    @property
    def move(self) -> Action | None: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]: ...


class Recall:
    """The perfect-recall tensor of a table of ``players`` seats, ``rows`` rows long."""

    def __init__(self, players: int, rows: int) -> None:
        self.players = players
        self.rows = rows
        self.fields: tuple[Field, ...] = recall_layout(players)
        """The fields of one row (`noddy.research.fields.RECALL_BLOCKS`)."""
        self.width = self.fields[-1].stop
        self.size = HEADER + rows * self.width
        at = {f.name: f.start for f in self.fields}
        self._at = at

    def row(self, seat: int, link: Link) -> npt.NDArray[np.float32] | None:
        """What ``seat`` saw of ``link``, as one row; ``None`` for a single card drawn."""
        move = link.move
        if move is None:
            return None
        at = self._at
        n = self.players
        out = np.zeros(self.width, np.float32)
        out[at["actor"] + (n if move.seat is None else (move.seat - seat) % n)] = 1.0
        out[at["action"] + _ACTIONS[move.kind]] = 1.0
        cards: Sequence[Card] = ()
        if move.kind == ActionKind.SHUFFLE:
            cards = link.dealt[seat] if link.dealt else ()
        elif move.seat == seat or (move.seat is not None and move.kind != ActionKind.DISCARD):
            cards = move.cards
        for card in cards:
            out[at["cards"] + card.index] = 1.0
        if move.number is not None and move.kind in (ActionKind.DECLARE, ActionKind.DEALER):
            out[at["number"]] = (move.number + 1) / _NUMBER
        numbers: list[float] = [0.0, 0.0, 0.0]
        for whole in link.events:
            self._event_into(out, whole.seen_by(seat), seat, numbers)
        out[at["numbers"] : at["numbers"] + 3] = numbers
        return out

    def _event_into(
        self, out: npt.NDArray[np.float32], event: Event, seat: int, numbers: list[float]
    ) -> None:
        """Add what ``event`` (as the seat sees it) shows to the row ``out``."""
        at = self._at
        shown = at["shown"]
        for card in event.cards:
            out[shown + card.index] = 1.0
        if event.seat is not None and event.points:
            out[at["points"] + (event.seat - seat) % self.players] += event.points / _POINTS
        out[at["events"] + _EVENTS[event.kind]] += 1.0 / _MANY
        items = at["items"]
        for item in event.items:
            for card in item.cards:
                out[shown + card.index] = 1.0
            k = items + 3 * _ITEMS[item.kind]
            out[k] += 1.0 / _MANY
            out[k + 1] += item.points / _POINTS
            out[k + 2] += item.size / _CARDS
        if event.subject is not None:
            out[at["subject"] + _SUBJECTS[event.subject]] = 1.0
        if event.count is not None:
            numbers[0] = (event.count + 1) / (PLAY_LIMIT + 1)
        if event.declared is not None:
            numbers[1] = (event.declared + 1) / _NUMBER
        if event.unplayed is not None:
            numbers[2] = (event.unplayed + 1) / _UNPLAYED

    def tensor_into(
        self, out: npt.NDArray[np.float32], rows: Sequence[npt.NDArray[np.float32]], drawn: int
    ) -> None:
        """Write the tensor of a seat's ``rows`` (in the order it saw them), ``drawn`` cards drawn
        for a pending chance node, into ``out`` (zeroed by the caller)."""
        if len(rows) > self.rows:
            raise NoddyError(
                f"a game of {len(rows)} actions seen goes past the {self.rows} rows of the"
                " information-state tensor, which the game's max_game_length should bound"
            )
        out[0] = drawn / len(DECK)
        if rows:
            out[HEADER : HEADER + len(rows) * self.width] = np.concatenate(rows)
