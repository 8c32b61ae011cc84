"""Undo against the computer, as both faces offer it: who may take moves back, and how far.

A person may take back their own last move, and the computer players' replies after it, only when
every other seat is a computer: with two people at a table an undo would take back the other's move
(hot-seat included, where people share a screen). Undo reaches back within the current deal and never
past a card turned up (see `noddy.game.undo_point`), never in a finished game; the chance outcomes
stay as they fell.
"""

from __future__ import annotations

from collections.abc import Collection

from noddy.errors import IllegalActionError
from noddy.game import GameState, rewind, undo_point
from noddy.words import Reason

__all__ = ["offers_undo", "take_back", "undo_offered", "undo_refusal"]


def undo_refusal(state: GameState, seat: int | None, people: Collection[int]) -> Reason | None:
    """Why ``seat`` may not take a move back now (``people``: the seats persons sit at), or ``None``."""
    if seat is None:
        return Reason("undo_watching")
    if state.is_over:
        return Reason("undo_over")
    if set(people) != {seat}:
        return Reason("undo_people", people=len(set(people)))
    if undo_point(state, (seat,)) is None:
        return Reason("undo_none")
    return None


def undo_offered(state: GameState, seat: int | None, people: Collection[int]) -> bool:
    """Whether the table offers ``seat`` undo at all (one person, the rest computers, the game on),
    whether or not it has a move of its own to take back yet."""
    return offers_undo(undo_refusal(state, seat, people))


def offers_undo(why: Reason | None) -> bool:
    """`undo_offered` of a seat whose `undo_refusal` is ``why``, for a face that has it already."""
    return why is None or why.key == "undo_none"


def take_back(state: GameState, seat: int | None, people: Collection[int]) -> GameState:
    """The state just before ``seat``'s last move in this deal (the moves after it taken back too);
    `IllegalActionError` with the `Reason` if it may not (see `undo_refusal`)."""
    why = undo_refusal(state, seat, people)
    if why is not None or seat is None:
        raise IllegalActionError(why or Reason("undo_watching"))
    point = undo_point(state, (seat,))
    assert point is not None
    return rewind(state, point)
