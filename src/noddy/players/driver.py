"""Running a game: chance from an injected `random.Random`, players choosing from their views.

The one driver of every game: simulations, the terminal and the web's computer seats all take the
next action from `next_action`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from noddy.game import Action, GameState
from noddy.players.base import Oracle, Player

__all__ = ["next_action", "run_game"]


def next_action(
    state: GameState, players: Sequence[Player] | Mapping[int, Player], rng: random.Random
) -> Action:
    """The next action: a chance outcome drawn from ``rng``, or the choice of the player to act.

    An `Oracle` (for measurement only) is shown the true state first; every other player sees only
    its seat's view.
    """
    chance = state.chance()
    if chance is not None:
        return chance.sample(rng)
    seat = state.to_act
    assert seat is not None, "nobody acts in a finished game"
    player = players[seat]
    if isinstance(player, Oracle):
        player.observe(state)
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
