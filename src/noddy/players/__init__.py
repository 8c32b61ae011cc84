"""Computer players by name: ``random``, ``greedy`` (and the difficulty levels built on them), and
the driver that runs a game with them.

The players' own modules (and numpy, which the greedy lay-away and the strong search use) load
when a player is first made or named here, not with the package: a simulation the compiled kernel
plays, or a command that only checks a seat's name, never loads them."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

from noddy.errors import NoddyError
from noddy.players.base import Budgeted, Oracle, Player
from noddy.players.driver import next_action, run_game
from noddy.players.undo import offers_undo, take_back, undo_offered, undo_refusal
from noddy.words import Reason

if TYPE_CHECKING:
    from noddy.players.levels import EasyPlayer
    from noddy.players.search import WIN
    from noddy.players.simple import GreedyPlayer, RandomPlayer
    from noddy.players.strong import OraclePlayer, StrongPlayer
    from noddy.players.worlds import sample_worlds

_LAZY = {
    "EasyPlayer": "noddy.players.levels",
    "GreedyPlayer": "noddy.players.simple",
    "RandomPlayer": "noddy.players.simple",
    "OraclePlayer": "noddy.players.strong",
    "StrongPlayer": "noddy.players.strong",
    "WIN": "noddy.players.search",
    "sample_worlds": "noddy.players.worlds",
}
"""The names this package gives from the players' own modules, loaded when first asked for."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _maker(kind: str, **fields: str) -> Callable[[], Player]:
    """A maker of the player class ``kind`` (named in `_LAZY`) with these fields, its module
    loaded at the first call."""

    def make() -> Player:
        made: Player = __getattr__(kind)(**fields)
        return made

    return make


__all__ = [
    "LEVELS",
    "MEASUREMENT",
    "PLAYERS",
    "WIN",
    "Budgeted",
    "EasyPlayer",
    "GreedyPlayer",
    "Oracle",
    "OraclePlayer",
    "Player",
    "RandomPlayer",
    "StrongPlayer",
    "make_player",
    "next_action",
    "offers_undo",
    "run_game",
    "sample_worlds",
    "take_back",
    "undo_offered",
    "undo_refusal",
]

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": _maker("RandomPlayer"),
    "greedy": _maker("GreedyPlayer"),
    "strong": _maker("StrongPlayer"),
    "easy": _maker("EasyPlayer"),
    "medium": _maker("GreedyPlayer", name="medium"),
    "hard": _maker("StrongPlayer", name="hard"),
}
"""Computer players people may play against, by the name used in ``--seats`` and the web lobby."""

LEVELS = {"easy": "greedy with mistakes", "medium": "greedy: the most points now", "hard": "strong: searches"}
"""The difficulty levels offered to people, with what each is."""

MEASUREMENT: dict[str, Callable[[], Player]] = {"oracle": _maker("OraclePlayer")}
"""Players for measurement only (they see every card): never offered as opponents."""


def make_player(name: str) -> Player:
    """A computer player by name; an unknown name is refused with the known ones."""
    make = PLAYERS.get(name) or MEASUREMENT.get(name)
    if make is None:
        known = ", ".join([*PLAYERS, *MEASUREMENT])
        raise NoddyError(Reason("player_unknown", name=repr(name), known=known))
    return make()
