"""Computer players by name: ``random``, ``greedy`` (and the difficulty levels built on them), and
the driver that runs a game with them."""

from __future__ import annotations

from collections.abc import Callable

from noddy.errors import NoddyError
from noddy.players.base import Oracle, Player
from noddy.players.driver import next_action, run_game
from noddy.players.levels import EasyPlayer
from noddy.players.search import WIN
from noddy.players.simple import GreedyPlayer, RandomPlayer
from noddy.players.strong import OraclePlayer, StrongPlayer
from noddy.players.undo import take_back, undo_offered, undo_refusal
from noddy.players.worlds import sample_worlds

__all__ = [
    "LEVELS",
    "MEASUREMENT",
    "PLAYERS",
    "WIN",
    "EasyPlayer",
    "GreedyPlayer",
    "Oracle",
    "OraclePlayer",
    "Player",
    "RandomPlayer",
    "StrongPlayer",
    "make_player",
    "next_action",
    "run_game",
    "sample_worlds",
    "take_back",
    "undo_offered",
    "undo_refusal",
]

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "strong": StrongPlayer,
    "easy": EasyPlayer,
    "medium": lambda: GreedyPlayer(name="medium"),
    "hard": lambda: StrongPlayer(name="hard"),
}
"""Computer players people may play against, by the name used in ``--seats`` and the web lobby."""

LEVELS = {"easy": "greedy with mistakes", "medium": "greedy: the most points now", "hard": "strong: searches"}
"""The difficulty levels offered to people, with what each is."""

MEASUREMENT: dict[str, Callable[[], Player]] = {"oracle": OraclePlayer}
"""Players for measurement only (they see every card): never offered as opponents."""


def make_player(name: str) -> Player:
    """A computer player by name; an unknown name is refused with the known ones."""
    make = PLAYERS.get(name) or MEASUREMENT.get(name)
    if make is None:
        known = ", ".join([*PLAYERS, *MEASUREMENT])
        raise NoddyError(f"unknown computer player {name!r}; known: {known}")
    return make()
