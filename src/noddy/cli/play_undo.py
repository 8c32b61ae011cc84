"""Undo against the computer in ``noddy play``: ``u`` at a person's prompt takes back their last move
and the computers' replies (`noddy.players.take_back` decides whether it may and how far)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from noddy.cli.common import console
from noddy.cli.render import event_text
from noddy.errors import IllegalActionError
from noddy.game import GameState
from noddy.players import take_back, undo_offered
from noddy.words import Reason, undo_phrase

__all__ = ["TerminalUndo", "UndoAsked"]


class UndoAsked(Exception):
    """A person typed ``u`` at their prompt: the game loop takes the move back (the prompt cannot,
    as it sees only the seat's view)."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class TerminalUndo:
    """Takes moves back for the terminal's one person, says what was taken back, and counts the
    undos for the record."""

    def __init__(self, names: Sequence[str], people: Sequence[int], lang: str) -> None:
        self.names = list(names)
        self.people = tuple(people)
        self.lang = lang
        self.count = 0

    def offered(self, state: GameState, seat: int | None) -> bool:
        """Whether this table offers undo at all (one person, every other seat a computer)."""
        return undo_offered(state, seat, self.people)

    def take_back(self, state: GameState, seat: int) -> GameState:
        """The state before ``seat``'s last move, with a line saying what was taken back; or the
        same state, with the reason in red, if it may not be."""
        try:
            earlier = take_back(state, seat, self.people)
        except IllegalActionError as exc:
            why = exc.args[0]
            said = why.say(self.lang) if isinstance(why, Reason) else str(why)
            console.print(f"[red]{escape(said)}[/]")
            return state
        self.count += 1
        moves = len(state.history) - len(earlier.history)
        key = "took_back.one" if moves == 1 else "took_back.many"
        console.print(f"[yellow]{escape(undo_phrase(key, self.lang, n=moves))}[/]")
        shown, before = state.view(seat), earlier.view(seat)
        for event in shown.events[len(before.events) :]:
            line = event_text(event, self.names, shown.rules, shown.partners, self.lang)
            if line is not None:
                console.print(f"[dim]  ↶ {line}[/]")
        return earlier
