"""``python_noddy`` positions stepped in the compiled kernel (`noddy.research.openspiel` uses them
where the kernel handles the rules: ``engine`` ``auto`` or ``kernel``).

A `FastPosition` is a `noddy.research.engines.KernelGame` and the card draws of a pending shuffle
or cut, immutable once made (each action makes a new one from a copy, so a clone shares it).
OpenSpiel's random play, its searches' legal actions, chance, returns and the observation tensor
are answered from it; the information strings, the engine's views and the resampler need the
engine's position, which the state rebuilds from its history when first asked and then steps
along (`NoddyState.position`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pyspiel

from noddy.cards import DECK
from noddy.game import Action, ActionKind
from noddy.research.engines import KernelGame
from noddy.research.outcome import paid
from noddy.research.tensors import Encoder

__all__ = ["FastPosition"]

_CARDS = range(len(DECK))


def _outcomes(drawn: tuple[int, ...]) -> list[tuple[int, float]]:
    """The cards not drawn yet, each as likely."""
    taken = set(drawn)
    left = [i for i in _CARDS if i not in taken]
    chance = 1.0 / len(left)
    return [(i, chance) for i in left]


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


@dataclass(frozen=True, slots=True)
class FastPosition:
    """A kernel game and the draws of its pending chance (see the module)."""

    game: KernelGame
    drawn: tuple[int, ...] = ()
    player: int = field(init=False)
    """Who acts: a seat, or OpenSpiel's chance or terminal player."""

    def __post_init__(self) -> None:
        game = self.game
        seat = game.to_act
        player = _TERMINAL if game.is_over else _CHANCE if seat is None else seat
        object.__setattr__(self, "player", player)

    @classmethod
    def start(cls, encoder: Encoder) -> FastPosition:
        """The position before the first cut."""
        return cls(KernelGame(encoder))

    def __deepcopy__(self, memo: dict[int, Any]) -> FastPosition:
        return self

    def legal(self, player: int) -> list[int]:
        """The legal action indices of ``player`` (none unless it is to act)."""
        return self.game.legal() if player == self.player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Chance's outcomes: a seat each for a first dealer drawn, else the cards not drawn yet."""
        chance = self.game.chance()
        assert chance is not None
        if chance.kind == ActionKind.DEALER:
            return [(seat, 1.0 / chance.players) for seat in range(chance.players)]
        return _outcomes(self.drawn)

    def after(self, action: int, draws: int) -> FastPosition:
        """The position after ``action`` (a player's index, or one draw of chance's; ``draws`` a
        shuffle deals, as in `noddy.research.openspiel`)."""
        game = self.game
        if self.player != _CHANCE:
            game = game.copy()
            game.act(action)
            return FastPosition(game)
        chance = game.chance()
        assert chance is not None
        if chance.kind == ActionKind.DEALER:
            game = game.copy()
            game.apply_chance(Action(ActionKind.DEALER, None, number=action))
            return FastPosition(game)
        drawn = (*self.drawn, action)
        if len(drawn) < (chance.players if chance.kind == ActionKind.CUT else draws):
            return FastPosition(game, drawn)
        game = game.copy()
        if chance.kind == ActionKind.SHUFFLE:
            taken = set(drawn)
            game.shuffle([*drawn, *(i for i in range(len(DECK)) if i not in taken)])
        else:
            game.apply_chance(Action(ActionKind.CUT, None, tuple(DECK[i] for i in drawn)))
        return FastPosition(game)

    def returns(self, stakes: bool) -> list[float]:
        """Each seat's return (0 before the end), as `noddy.research.outcome` pays it."""
        game = self.game
        encoder = game.encoder
        if not game.is_over:
            return [0.0] * encoder.players
        sides = [game.side_of(seat) for seat in range(encoder.players)]
        return list(paid(encoder.rules, game.winner, game.scores, sides, stakes=stakes))
