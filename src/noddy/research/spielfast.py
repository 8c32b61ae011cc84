"""``python_noddy`` positions stepped in the compiled kernel (`noddy.research.openspiel` uses them
where the kernel handles the rules: ``engine`` ``auto`` or ``kernel``): the kernel's
`noddy.research.trail.Node`.

A `FastPosition` is a `noddy.research.engines.KernelGame` and the card draws of a pending shuffle
or cut. The state holding it steps it in place; a clone shares it, and from then on it is
immutable: each of the two steps on a copy of its own (copy on write, so that a random game or a
search's rollout from a clone copies nothing after its first step).
OpenSpiel calls back into Python for every question it asks of a state, at every step, so each
answer here is an attribute or one call into C: who acts is worked out once a position, the
legal actions are the kernel observer's list (`legal_of`), the cards left to draw are a
selector of 52 bytes (1 a card not drawn yet), and chance's outcomes are the pairs built once a
table that the selector selects (`select`: a list made in C, a tenth of a Python loop's time).
OpenSpiel's random play, its searches' legal actions, chance, returns and the observation tensor
are answered from it; the information strings, the engine's views and the resampler need the
engine's position, which the state rebuilds from its history when first asked and then steps
along (`NoddyState.position`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import compress
from typing import Any

import numpy as np
import numpy.typing as npt

from noddy.words import need_extra

try:
    import pyspiel
except ImportError:
    need_extra("research", __name__)
    raise

from noddy.cards import DECK
from noddy.engine import KERNEL_PHASES, select
from noddy.errors import IllegalActionError
from noddy.game import Action, ActionKind, Phase
from noddy.research.engines import SHUFFLE_PHASE, KernelGame
from noddy.research.outcome import paid
from noddy.research.tensors import Encoder

__all__ = ["FastPosition"]


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_ALL = tuple(range(len(DECK)))
_CARDS = list(_ALL)
OVER = KERNEL_PHASES.index(Phase.OVER) if KERNEL_PHASES else -1
_FULL = b"\x01" * len(DECK)
"""The selector of a pack with no card drawn."""


class _Table:
    """What every position of one game shares: how many cards a shuffle draws (``draws``) and a
    cut (one a seat), whether the first chance is a first dealer drawn rather than a cut, and
    chance's outcome pairs, ``pairs[n][card]`` being ``(card, 1 / n)``, and the first dealer's."""

    __slots__ = ("cut_draws", "dealer_first", "dealers", "draws", "pairs", "players")

    def __init__(self, encoder: Encoder, draws: int) -> None:
        self.draws = draws
        self.players = encoder.players
        self.cut_draws = encoder.players
        self.dealer_first = encoder.rules.deal.first_dealer == "any"
        self.pairs = [[(card, 1.0 / n if n else 0.0) for card in _ALL] for n in range(len(DECK) + 1)]
        self.dealers = [(seat, 1.0 / encoder.players) for seat in range(encoder.players)]


@lru_cache(maxsize=64)
def _table(encoder: Encoder, draws: int) -> _Table:
    return _Table(encoder, draws)


class FastPosition:
    """A kernel game and the draws of its pending chance (see the module)."""

    __slots__ = ("drawn", "game", "kernel", "legal_of", "need", "player", "sel", "shared", "table")

    told = None
    """A kernel's node is no engine position (`noddy.research.trail.Node`)."""
    game: KernelGame
    kernel: Any
    """The game's kernel state (``game.kernel``)."""
    legal_of: Callable[[Any], list[int]]
    """The observer's ``legal``: the legal action indices of the seat to act in a kernel state."""
    drawn: list[int]
    """The cards drawn so far for the pending shuffle or cut, in order (this position's own)."""
    sel: bytes | bytearray
    """A byte a card, 1 for each card not drawn yet (a `bytearray` once a card is drawn: this
    position's own, changed in place)."""
    need: int
    """The cards the pending shuffle or cut draws (0 for a first dealer drawn, or no chance)."""
    player: int
    """Who acts: a seat, or OpenSpiel's chance or terminal player."""
    shared: bool
    """Whether a clone shares it (then it never changes: `after` steps a copy)."""
    table: _Table

    @classmethod
    def start(cls, encoder: Encoder, draws: int) -> FastPosition:
        """The position before the first cut, of a game whose shuffles draw ``draws`` cards."""
        new = object.__new__(cls)
        new.game, new.table, new.shared = KernelGame(encoder), _table(encoder, draws), False
        new.kernel, new.legal_of = new.game.kernel, new.game.observer.legal
        new.settle()
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> FastPosition:
        """The same position, shared from now on (a clone's: `after` steps a copy of it)."""
        self.shared = True
        return self

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the kernel's state and the observer's method (the game brings both)."""
        return {name: getattr(self, name) for name in self.__slots__ if name not in ("kernel", "legal_of")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.kernel, self.legal_of = self.game.kernel, self.game.observer.legal

    def settle(self) -> None:
        """Who acts now, with no card drawn for the pending chance (after a whole action), and
        what that chance draws."""
        self.drawn, self.sel, self.need = [], _FULL, 0
        kernel = self.kernel
        phase = kernel.phase
        to_act = kernel.to_act
        self.player = _TERMINAL if phase == OVER else to_act if to_act >= 0 else _CHANCE
        if self.player == _CHANCE:
            table = self.table
            if phase == SHUFFLE_PHASE:
                self.need = table.draws
            elif not table.dealer_first:
                self.need = table.cut_draws

    def legal(self, player: int) -> list[int]:
        """The legal action indices of ``player`` (none unless it is to act)."""
        return self.legal_of(self.kernel) if player == self.player and player >= 0 else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Chance's outcomes: a seat each for a first dealer drawn, else the cards not drawn yet."""
        if not self.need:
            return list(self.table.dealers)
        return select(self.table.pairs[len(DECK) - len(self.drawn)], self.sel)

    def chance_actions(self) -> list[int]:
        """Chance's outcomes without their probabilities (its legal actions)."""
        if not self.need:
            return list(range(self.table.players))
        return select(_CARDS, self.sel)

    def after(self, action: int) -> FastPosition:
        """The position after ``action`` (a player's index, or one draw of chance's): this one,
        stepped, unless it is shared (then a copy). `IllegalActionError` for an illegal index (in the
        engine's words), a card already drawn or no such seat; each leaves it as it was."""
        position = self
        if self.shared:
            position = object.__new__(FastPosition)
            position.game, position.table, position.shared = self.game.copy(), self.table, False
            position.kernel, position.legal_of = position.game.kernel, self.legal_of
            position.player, position.need, position.drawn = self.player, self.need, [*self.drawn]
            position.sel = bytearray(self.sel) if self.drawn else _FULL
        game = position.game
        if position.player != _CHANCE:
            game.act(action)
            to_act = position.kernel.to_act  # at the game's end, or chance's turn, no seat's
            if to_act >= 0:
                position.player = to_act
            else:
                position.settle()
            return position
        need = position.need
        if not need:
            table = position.table
            if not 0 <= action < table.players:
                last = table.players - 1
                raise IllegalActionError(f"chance draws a first dealer, seat 0 to {last}, not {action}")
            game.apply_chance(Action(ActionKind.DEALER, None, number=action))
            position.settle()
            return position
        sel = position.sel
        if not 0 <= action < len(DECK) or not sel[action]:
            raise IllegalActionError(f"chance draws a card not drawn yet, not {action}")
        drawn = position.drawn
        if not drawn:
            sel = position.sel = bytearray(sel)
        sel[action] = 0  # type: ignore[index]
        drawn.append(action)
        if len(drawn) < need:
            return position
        if position.kernel.phase == SHUFFLE_PHASE:
            game.shuffle([*drawn, *compress(_ALL, sel)])
        else:
            game.apply_chance(Action(ActionKind.CUT, None, tuple(DECK[i] for i in drawn)))
        position.settle()
        return position

    def observe_into(self, seat: int, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation tensor into ``out``, written in C."""
        self.game.observe_into(seat, out, np.empty(self.game.encoder.num_actions, np.int8))

    def returns(self, stakes: bool) -> list[float]:
        """Each seat's return (0 before the end), as `noddy.research.outcome` pays it."""
        game = self.game
        encoder = game.encoder
        if not game.is_over:
            return [0.0] * encoder.players
        sides = [game.side_of(seat) for seat in range(encoder.players)]
        return list(paid(encoder.rules, game.winner, game.scores, sides, stakes=stakes))
