"""The `Player` protocol: a computer (or any) player chooses an action from its view."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from noddy.game.actions import Action
from noddy.game.view import PlayerView

__all__ = ["Player", "counting_actions"]


@runtime_checkable
class Player(Protocol):
    """Chooses one of ``legal`` given only what its seat may know."""

    name: str

    def choose(self, view: PlayerView, legal: tuple[Action, ...], rng: random.Random) -> Action: ...


def counting_actions(legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The legal actions less the declared counts: computer players let the engine count."""
    return tuple(a for a in legal if a.kind != "declare") or legal
