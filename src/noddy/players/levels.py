"""Difficulty levels for people: ``easy`` is greedy with mistakes (``medium`` is greedy, ``hard`` strong)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from noddy.game import Action, LegalActions, PlayerView
from noddy.players.simple import GreedyPlayer

__all__ = ["EasyPlayer"]


@dataclass
class EasyPlayer:
    """Plays like ``greedy`` but picks a card at random one time in three."""

    name: str = "easy"
    mistakes: float = 1 / 3

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        if rng.random() < self.mistakes:
            return rng.choice(legal)
        return GreedyPlayer().choose(view, legal, rng)
