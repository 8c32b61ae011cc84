"""Taking back moves: the state before a seat's last decision in the deal, rebuilt from the history.

States are immutable and carry their history, so an earlier position is the first actions replayed
from the game's first state. Undo reaches back within the current deal only, and never past a card
turned up: the deal's shuffle (and so every card dealt and the turn-up to come) stays as it fell, no
chance outcome is ever drawn again by taking a move back, and a choice made before the turn-up was
seen (a lay-away) is not made again once it is known.
"""

from __future__ import annotations

from collections.abc import Collection

from noddy.game.actions import ActionKind
from noddy.game.events import EventKind, current_deal
from noddy.game.state import GameState, new_game

__all__ = ["rewind", "undo_point"]


def turnup_floor(state: GameState) -> int:
    """How many actions of ``state``'s history came up to the turn-up of the current deal, if it is
    shown (else 0): an undo reaches back no earlier than that.

    A card is turned up by the deal's shuffle (when it turns before the lay-away, or nothing is laid
    away) or by the last lay-away of the deal, which completes the crib: when the deal's turn-up
    event follows its lay-aways, the last lay-away action turned it.
    """
    deal = current_deal(state.events)
    kinds = [event.kind for event in deal]
    if EventKind.TURNUP not in kinds or EventKind.DISCARD not in kinds:
        return 0
    if kinds.index(EventKind.TURNUP) < kinds.index(EventKind.DISCARD):
        return 0
    history = state.history
    for number in range(len(history) - 1, -1, -1):
        if history[number].kind is ActionKind.DISCARD:
            return number + 1
    return 0


def undo_point(state: GameState, seats: Collection[int]) -> int | None:
    """How many actions came before the last one taken by one of ``seats`` in the current deal since
    its turn-up was seen, or ``None`` if they have taken none since then (or the game is over).

    A chance action (the shuffle, or the cut for the first deal) starts a deal, and the action that
    turned a card up ends what may be taken back: the search stops at either.
    """
    if state.is_over:
        return None
    history = state.history
    floor = turnup_floor(state)
    for number in range(len(history) - 1, floor - 1, -1):
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
