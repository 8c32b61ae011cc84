"""The `Player` protocol: a computer (or any) player chooses an action from its view.

An `Oracle` is a player for measurement only that the driver also shows the true state before each
choice; honest players are never shown it, as they do not have ``observe``.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from noddy.game import Action, GameState, LegalActions, PlayerView

__all__ = ["Budgeted", "Oracle", "Player"]


@runtime_checkable
class Player(Protocol):
    """Chooses one of ``legal`` given only what its seat may know.

    ``legal`` lists every legal action but the declaration family (``legal.declare``), so a
    player that picks among the listed ones lets the engine count its hand.
    """

    name: str

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action: ...


@runtime_checkable
class Oracle(Player, Protocol):
    """A player that sees every card (to measure what honest players leave on the table)."""

    def observe(self, state: GameState) -> None:
        """Shown the true state by the driver before each of its choices."""


@runtime_checkable
class Budgeted(Player, Protocol):
    """A player whose thinking has a budget that can be cut: where decisions queue (a full site's
    few workers), the queue's owner asks each decision with a ``share`` of the budget (0 to 1) and
    the player thinks with that share, never less than its own floor."""

    def thinking(self, share: float) -> Player:
        """This player thinking with ``share`` of its budget (1: all of it)."""
