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


Players = Sequence[Player] | Mapping[int, Player]


def next_action(state: GameState, players: Players, rng: random.Random) -> Action:
    """The next action: a chance outcome drawn from ``rng``, or the choice of the player to act.

    An `Oracle` (for measurement only) is shown the true state first; every other player sees only
    its seat's view.
    """
    return _next(state, players, rng, _oracles(players))


def run_game(
    state: GameState,
    players: Sequence[Player],
    rng: random.Random,
    *,
    on_action: Callable[[GameState, Action, GameState], None] | None = None,
) -> GameState:
    """Play from ``state`` to the end of the game."""
    oracles = _oracles(players)
    while not state.is_over:
        action = _next(state, players, rng, oracles)
        after = state.apply(action)
        if on_action is not None:
            on_action(state, action, after)
        state = after
    return state


def _oracles(players: Players) -> frozenset[int]:
    """The seats of the oracles (found once a game: a protocol check is slow on the hot path)."""
    seats = players.items() if isinstance(players, Mapping) else enumerate(players)
    return frozenset(seat for seat, player in seats if isinstance(player, Oracle))


def _next(state: GameState, players: Players, rng: random.Random, oracles: frozenset[int]) -> Action:
    chance = state.chance()
    if chance is not None:
        return chance.sample(rng)
    seat = state.to_act
    assert seat is not None, "nobody acts in a finished game"
    player = players[seat]
    if seat in oracles:
        assert isinstance(player, Oracle)
        player.observe(state)
    view = state.view(seat)
    return player.choose(view, view.legal, rng)
