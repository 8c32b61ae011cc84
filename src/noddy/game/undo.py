"""Taking back moves: the state before a seat's last decision in the deal, rebuilt from the history.

States are immutable and carry their history, so an earlier position is the first actions replayed
from the game's first state. Undo reaches back within the current deal only: the deal's shuffle (and
so every card dealt and the turn-up to come) stays as it fell, and no chance outcome is ever drawn
again by taking a move back.
"""

from __future__ import annotations

from collections.abc import Collection

from noddy.game.state import GameState, new_game

__all__ = ["rewind", "undo_point"]


def undo_point(state: GameState, seats: Collection[int]) -> int | None:
    """How many actions came before the last one taken by one of ``seats`` in the current deal, or
    ``None`` if they have taken none since the deal's shuffle (or the game is over).

    A chance action (the shuffle, or the cut for the first deal) starts a deal: the search stops there.
    """
    if state.is_over:
        return None
    history = state.history
    for number in range(len(history) - 1, -1, -1):
        seat = history[number].seat
        if seat is None:
            return None
        if seat in seats:
            return number
    return None


def rewind(state: GameState, actions: int) -> GameState:
    """The game as it stood after the first ``actions`` of ``state``'s history: the very state it was
    then (equal to it), replayed from the first state of a game begun with `new_game` (as every game
    the faces play is)."""
    earlier = new_game(state.rules, state.players, partners=state.partners)
    for action in state.history[:actions]:
        earlier = earlier.apply(action)
    return earlier
