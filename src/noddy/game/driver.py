"""Running a game: chance from an injected `random.Random`, players choosing from their views."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from noddy.game.actions import Action
from noddy.game.state import GameState
from noddy.players.base import Player

__all__ = ["next_action", "run_game"]


def next_action(state: GameState, players: Sequence[Player], rng: random.Random) -> Action:
    """The next action: a chance outcome drawn from ``rng``, or the player to act's choice.

    A player with an ``observe`` method (the oracle, for measurement only) is shown the true state
    first; every other player sees only its view.
    """
    chance = state.chance()
    if chance is not None:
        return chance.sample(rng)
    seat = state.to_act
    assert seat is not None
    player = players[seat]
    observe = getattr(player, "observe", None)
    if observe is not None:
        observe(state)
    view = state.view(seat)
    return player.choose(view, view.legal, rng)


def run_game(
    state: GameState,
    players: Sequence[Player],
    rng: random.Random,
    *,
    on_action: Callable[[GameState, Action, GameState], None] | None = None,
) -> GameState:
    """Play from ``state`` to the end of the game."""
    while not state.is_over:
        action = next_action(state, players, rng)
        after = state.apply(action)
        if on_action is not None:
            on_action(state, action, after)
        state = after
    return state
