"""The simple computer players: ``random`` and ``greedy``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from noddy.cards import Card
from noddy.game import Action, ActionKind, LegalActions, PlayerView
from noddy.players.means import hand_means, turnups
from noddy.scoring import PLAY_LIMIT, count_of, score_play, total

__all__ = ["GreedyPlayer", "RandomPlayer"]


@dataclass
class RandomPlayer:
    """Picks any legal action at random (and lets the engine count its hand)."""

    name: str = "random"

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        return rng.choice(legal)


@dataclass
class GreedyPlayer:
    """Takes the most points now; among equals, gives the next player the least to score."""

    name: str = "greedy"

    def choose(self, view: PlayerView, legal: LegalActions, rng: random.Random) -> Action:
        kinds = {a.kind for a in legal}
        if ActionKind.MUGGINS in kinds:
            return next(a for a in legal if a.kind == ActionKind.MUGGINS)
        if ActionKind.DISCARD in kinds:
            return self._discard(view, legal)
        plays = [a for a in legal if a.kind == ActionKind.PLAY]
        if plays:
            return max(plays, key=lambda a: self._play_value(view, a.card))
        return legal[0]

    def _play_value(self, view: PlayerView, card: Card) -> tuple[int, int]:
        pile = [c for _, c in view.pile] + [card]
        now = total(score_play(pile, view.rules, turnup=view.turnup))
        count = count_of(pile)
        if count == PLAY_LIMIT:
            return now, 0
        replies = [
            total(score_play([*pile, other], view.rules, turnup=view.turnup))
            for other in view.unseen()
            if count + other.value <= PLAY_LIMIT
        ]
        return now, -max(replies, default=0)

    def _discard(self, view: PlayerView, legal: LegalActions) -> Action:
        """The discard whose kept hand, and whose own cards in the crib, count most on average."""
        pool = turnups(view)
        kept = [tuple(c for c in view.hand if c not in a.cards) for a in legal]
        values = hand_means(view, kept, pool)
        if len(legal[0].cards) >= 2 and view.rules.crib.kind != "none":
            mine = view.rules.crib.kind == "own" or view.side_of(view.dealer) == view.my_side
            crib = hand_means(view, [a.cards for a in legal], pool, crib=True)
            values = [v + c if mine else v - c for v, c in zip(values, crib, strict=True)]
        best = max(range(len(legal)), key=lambda i: (round(float(values[i]), 9), -i))
        return legal[best]
