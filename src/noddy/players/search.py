"""Search to the end of the deal on a whole world, with the engine's own ``apply``.

Alpha-beta over the rest of the deal (the play, and the counts after it where the rules put
them): the searching side maximises. The other sides play by ``opponents``: ``"minimax"``, each
chooses what is worst for the searching side (the oracle, which sees every card); ``"points"``,
each takes the most points at once and, among such moves, the worst for it; ``"mean"``, each takes
the most points at once and the moves that score equally are averaged (a player who cannot see
the searcher's cards cannot aim at the worst of them). A position is worth the
searching side's points this deal less the best other side's, and a win or a loss of the game
outweighs any points, so reaching the target first, or denying it, comes before all else.
A node budget bounds the work: when it runs out the search stands on the points so far
(``leaf="points"``, a bare search's default, the oracle's), or on the value once greedy players in
every seat have played out the rest of the deal (``leaf="greedy"``, the strong player's default:
on the kernel `compiled.greedy_deal`, on the engine `greedy_deal` with its own `GreedyPlayer`,
the same moves).

A position is the engine's `GameState` or the compiled kernel's `KernelState` (the same game, far
faster; its ``apply`` works in place, so each child is a copy): the search is the same move for
move, node for node, and its table tells positions apart by the same fields. On the kernel it
steps the compiled state itself (`KernelState.raw`: phases and actions as numbers), since the
engine's words for them cost more than the step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from noddy.errors import NoddyError
from noddy.game import Action, ActionKind, GameState, Phase
from noddy.kernel import KernelState, compiled
from noddy.players.discard import WIN
from noddy.players.simple import GreedyPlayer

__all__ = ["LEAVES", "WIN", "Position", "Search", "greedy_deal"]

Position = GameState | KernelState
"""What a search runs on: the engine's position, or the compiled kernel's."""

Node: TypeAlias = "GameState | compiled.State"
"""A position as the search steps it: the engine's, or the kernel's compiled state itself."""

OPPONENTS = ("minimax", "points", "mean")
LEAVES = ("points", "greedy")

PHASES: tuple[Phase, ...] = tuple(Phase(name) for name in compiled.PHASES) if compiled is not None else ()
"""The engine's phases by the kernel's numbers."""
OVER, SHUFFLE = (PHASES.index(Phase.OVER), PHASES.index(Phase.SHUFFLE)) if PHASES else (-1, -1)
FORCED = (
    {Phase.COUNT: compiled.ACTION_KINDS.index("count"), Phase.MUGGINS: compiled.ACTION_KINDS.index("muggins")}
    if compiled is not None
    else {}
)
"""The kernel's number for the one action `moves` searches in the counts and under muggins."""


@dataclass
class Search:
    """One side's search; ``nodes`` counts the positions visited against ``budget``."""

    side: int
    base: tuple[int, ...]
    budget: int = 20_000
    opponents: str = "minimax"
    leaf: str = "points"
    nodes: int = 0
    table: dict[object, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.opponents not in OPPONENTS:
            raise NoddyError(f"unknown opponent model {self.opponents!r}: use one of {', '.join(OPPONENTS)}")
        if self.leaf not in LEAVES:
            raise NoddyError(f"unknown leaf value {self.leaf!r}: use one of {', '.join(LEAVES)}")

    def value(self, state: Position, alpha: float = -WIN - 1, beta: float = WIN + 1) -> float:
        """What the position is worth to ``side``, playing out the deal: exact when it lies inside
        the window (``alpha``, ``beta``), else a bound on the side of the window it falls."""
        return self._value(state.raw if isinstance(state, KernelState) else state, alpha, beta)

    def _value(self, node: Node, alpha: float = -WIN - 1, beta: float = WIN + 1) -> float:
        if isinstance(node, GameState):
            if node.is_over:
                return self._won(node.winner)
            if node.phase is Phase.SHUFFLE:
                return self._points(node.scores)
            if self.nodes >= self.budget:
                return self._leaf(node)
            return self._search(node, _key(node), node.to_act, node.phase, alpha, beta)
        phase = node.phase
        if phase == OVER:
            return self._won(node.winner)
        if phase == SHUFFLE:
            return self._points(node.scores)
        if self.nodes >= self.budget:
            return self._leaf(node)
        seat = node.to_act
        return self._search(node, node.key(), None if seat < 0 else seat, PHASES[phase], alpha, beta)

    def _won(self, winner: int | None) -> float:
        """A finished game's value: the engine's winner (``None`` for none), or the kernel's (-1)."""
        return 0.0 if winner is None or winner < 0 else WIN if winner == self.side else -WIN

    def _leaf(self, node: Node) -> float:
        """A position where the budget ran out: the points so far, or the value once greedy players
        in every seat have played out the rest of the deal (on the kernel `compiled.greedy_deal`,
        on the engine its own `GreedyPlayer`: the same moves)."""
        if self.leaf == "points":
            return self._points(node.scores)
        if isinstance(node, GameState):
            end = greedy_deal(node)
            return self._won(end.winner) if end.is_over else self._points(end.scores)
        rest = node.copy()
        compiled.greedy_deal(rest)
        return self._won(rest.winner) if rest.phase == OVER else self._points(rest.scores)

    def _points(self, scores: tuple[int, ...]) -> float:
        gains = [s - b for s, b in zip(scores, self.base, strict=True)]
        mine = gains[self.side]
        others = [g for i, g in enumerate(gains) if i != self.side]
        return float(mine - max(others, default=0))

    def _search(
        self, node: Node, key: object, seat: int | None, phase: Phase, alpha: float, beta: float
    ) -> float:
        if key in self.table:
            return self.table[key]
        self.nodes += 1
        window = (alpha, beta)
        side = None if seat is None else seat % 2 if node.partners else seat
        maximise = side == self.side
        children = _children(node, seat, phase)
        if not maximise and self.opponents != "minimax" and len(children) > 1:
            assert side is not None
            children = _point_takers(side, children)
            if self.opponents == "mean" and len(children) > 1:
                best = sum(self._value(child) for child in children) / len(children)
                self.table[key] = best
                return best
        best = -WIN - 1 if maximise else WIN + 1
        for child in children:
            v = self._value(child, alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                return best
        if window[0] < best < window[1]:
            self.table[key] = best
        return best


def greedy_deal(state: GameState) -> GameState:
    """The rest of the deal played out by the engine's `GreedyPlayer` in every seat: the position
    where it ends (the next shuffle, or the game's end)."""
    greedy, rng = GreedyPlayer(), random.Random(0)
    while not state.is_over and state.phase is not Phase.SHUFFLE:
        assert state.to_act is not None, f"no chance outcome is drawn inside a deal's play: {state.phase}"
        view = state.view(state.to_act)
        state = state.apply(greedy.choose(view, view.legal, rng))
    return state


def _key(state: GameState) -> object:
    """The fields a position is told apart by (`KernelState.key` gives the kernel's, the same)."""
    return (
        state.hands,
        state.pile,
        state.gone,
        state.to_act,
        state.scores,
        state.phase,
        len(state.tasks),
        state.last_was_go,
        state.last_player,
    )


def _point_takers(side: int, children: list[Node]) -> list[Node]:
    """The opponent's moves that take the most points at once (it cannot see our cards)."""
    gains = [child.scores[side] for child in children]
    best = max(gains)
    return [child for child, gain in zip(children, gains, strict=True) if gain == best]


def _children(node: Node, seat: int | None, phase: Phase) -> list[Node]:
    """The positions after each of `moves`, in its order."""
    children: list[Node] = []
    if isinstance(node, GameState):
        children.extend(node.apply(action) for action in moves(node))
        return children
    forced = FORCED.get(phase) if seat is not None else None
    for code in node.legal() if forced is None else (forced,):
        child = node.copy()
        child.apply(code)
        children.append(child)
    return children


def moves(state: Position) -> Sequence[Action]:
    """The actions worth searching: everyone counts their hand, and muggins is always claimed."""
    seat = state.to_act
    if state.phase is Phase.COUNT and seat is not None:
        return (Action.count(seat),)
    if state.phase is Phase.MUGGINS and seat is not None:
        return (Action(ActionKind.MUGGINS, seat),)
    return state.legal_actions()
