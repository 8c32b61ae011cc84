"""Computer players by name: ``random``, ``greedy`` (and the difficulty levels built on them)."""

from __future__ import annotations

from collections.abc import Callable

from noddy.errors import NoddyError
from noddy.players.base import Player, counting_actions
from noddy.players.simple import GreedyPlayer, RandomPlayer

__all__ = ["PLAYERS", "GreedyPlayer", "Player", "RandomPlayer", "counting_actions", "make_player"]

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}
"""Computer players by the name used in ``--seats`` and the web lobby."""


def make_player(name: str) -> Player:
    """A computer player by name; an unknown name is refused with the known ones."""
    try:
        return PLAYERS[name]()
    except KeyError:
        known = ", ".join(PLAYERS)
        raise NoddyError(f"unknown computer player {name!r}; known: {known}") from None
