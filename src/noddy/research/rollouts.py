"""Random rollouts in the compiled kernel, for OpenSpiel's searches on ``python_noddy``.

`KernelRollouts` is a drop-in for ``open_spiel.python.algorithms.mcts.RandomRolloutEvaluator`` (MCTS
and information-set MCTS take either): the same evaluation, a random game played from the position
to its end (every choice uniform among the legal actions, every shuffle fair) and its returns
(`noddy.research.outcome`), but played in C (`noddy.engine.KernelState.rollout`) rather than action
by action through the engine. The search's tree still steps `NoddyState`, so information state
strings and observations come from the engine as before; only the rollouts change, and with them the
cost of a simulation (information-set MCTS, 100 simulations a move: cribbage 22 ms to 0.6 ms,
willughby 6.3 ms to 1.3 ms, where the tree and the resampler's inference now take most of it).

The kernel's position is found from the engine's: the kernel at the start of the current deal is
remembered (a search meets the same deal over and over), and the deal's actions are replayed on it.
`tests/research/test_rollouts.py` holds the two to the same legal actions and returns over whole
random games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK
from noddy.engine import KernelState, kernel_refusal
from noddy.game import Action, ActionKind, GameState
from noddy.research.openspiel import NoddyState
from noddy.research.outcome import paid
from noddy.research.trail import SpielPosition

__all__ = ["KernelRollouts", "kernel_at", "kernel_unsupported"]

_SEED_BITS = (1 << 63) - 1
_REMEMBERED = 8
"""Deal starts remembered: a search's tree reaches a few deals, each met again and again."""


def kernel_unsupported(state: NoddyState) -> str:
    """Why the kernel cannot play ``state``'s game (not built, or rules it does not handle), or ``""``."""
    noddy = state.noddy
    return kernel_refusal(noddy.rules, noddy.players)


class KernelRollouts:
    """OpenSpiel's random-rollout evaluator, its rollouts played in the compiled kernel
    (``ISMCTSBot(game, KernelRollouts(1, np.random.RandomState(0)), ...)``). ``n_rollouts`` games
    a position, their mean returns; ``prior`` uniform, as OpenSpiel's evaluator gives it."""

    def __init__(self, n_rollouts: int = 1, random_state: np.random.RandomState | None = None) -> None:
        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()
        self._starts: dict[int, tuple[GameState, KernelState]] = {}

    def evaluate(self, state: NoddyState) -> npt.NDArray[np.float64]:
        """The mean returns of ``n_rollouts`` random games played on from ``state``."""
        position = state.position
        kernel = kernel_at(state, self._starts)
        if position.drawn:
            kernel.apply(_completed(position.state, position.drawn, self._random_state))
        noddy = position.state
        sides = [noddy.side_of(seat) for seat in range(noddy.players)]
        stakes: bool = state.get_game().stakes
        total = np.zeros(noddy.players)
        seeds = self._random_state.randint(0, _SEED_BITS, size=self.n_rollouts, dtype=np.int64)
        for seed in seeds:
            game = kernel.copy()
            side = game.rollout(int(seed))
            total += paid(noddy.rules, side, game.scores, sides, stakes=stakes)
        result: npt.NDArray[np.float64] = total / self.n_rollouts
        return result

    def prior(self, state: NoddyState) -> list[tuple[int, float]]:
        """Equal probability for every legal action (chance: its outcomes)."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal: list[int] = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def kernel_at(
    state: NoddyState, starts: dict[int, tuple[GameState, KernelState]] | None = None
) -> KernelState:
    """A new kernel at ``state``'s engine position (a pending chance's draws not applied): the
    kernel at the start of the current deal, remembered in ``starts`` (by the engine's position
    there; a few deals at most), with the deal's actions replayed."""
    return _kernel_of(state.position, {} if starts is None else starts)


def _kernel_of(position: SpielPosition, starts: dict[int, tuple[GameState, KernelState]]) -> KernelState:
    state = position.state
    if position.start is None:
        kernel = KernelState(state.rules, state.players, state.partners)
        done = 0
    else:
        start = position.start.state
        known = starts.get(id(start))
        if known is None or known[0] is not start:
            if len(starts) >= _REMEMBERED:
                del starts[next(iter(starts))]
            known = starts[id(start)] = (start, _kernel_of(position.start, starts))
        kernel = known[1].copy()
        done = len(start.history)
    for action in state.history[done:]:
        kernel.apply(action)
    return kernel


def _completed(state: GameState, drawn: tuple[int, ...], rng: Any) -> Action:
    """The shuffle (or cut) whose first draws are ``drawn``, the rest drawn at random now."""
    chance = state.chance()
    assert chance is not None
    rest = [i for i in range(len(DECK)) if i not in set(drawn)]
    rng.shuffle(rest)
    need = chance.players if chance.kind is ActionKind.CUT else len(DECK)
    order = (*drawn, *rest)[:need]
    return Action(chance.kind, None, tuple(DECK[i] for i in order))
