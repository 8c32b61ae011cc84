"""Search to the end of the deal on a whole world, with the engine's own ``apply``.

Alpha-beta over the rest of the deal (the play, and the counts after it where the rules put
them): the searching side maximises. The other sides play by ``opponents``: ``"minimax"``, each
chooses what is worst for the searching side (the oracle, which sees every card); ``"points"``,
each takes the most points at once and, among such moves, the worst for it; ``"mean"``, each takes
the most points at once and the moves that score equally are averaged (a player who cannot see
the searcher's cards cannot aim at the worst of them). A position is worth the
searching side's points this deal less the best other side's, and a win or a loss of the game
outweighs any points, so reaching the target first, or denying it, comes before all else.
A node budget bounds the work: when it runs out the search stands on the points so far.

A position is the engine's `GameState` or the compiled kernel's `KernelState` (the same game, far
faster; its ``apply`` works in place, so each child is a copy): the search is the same move for
move, node for node, and its table tells positions apart by the same fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from noddy.errors import NoddyError
from noddy.game import Action, GameState, Phase
from noddy.kernel import KernelState

__all__ = ["WIN", "Position", "Search"]

Position = GameState | KernelState
"""What a search runs on: the engine's position, or the compiled kernel's."""

WIN = 1000.0
OPPONENTS = ("minimax", "points", "mean")


@dataclass
class Search:
    """One side's search; ``nodes`` counts the positions visited against ``budget``."""

    side: int
    base: tuple[int, ...]
    budget: int = 20_000
    opponents: str = "minimax"
    nodes: int = 0
    table: dict[object, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.opponents not in OPPONENTS:
            raise NoddyError(f"unknown opponent model {self.opponents!r}: use one of {', '.join(OPPONENTS)}")

    def value(self, state: Position, alpha: float = -WIN - 1, beta: float = WIN + 1) -> float:
        """What the position is worth to ``side``, playing out the deal: exact when it lies inside
        the window (``alpha``, ``beta``), else a bound on the side of the window it falls."""
        if state.is_over:
            if state.winner is None:
                return 0.0
            return WIN if state.winner == self.side else -WIN
        if state.phase is Phase.SHUFFLE or self.nodes >= self.budget:
            return self._points(state)
        return self._search(state, alpha, beta)

    def _points(self, state: Position) -> float:
        gains = [s - b for s, b in zip(state.scores, self.base, strict=True)]
        mine = gains[self.side]
        others = [g for i, g in enumerate(gains) if i != self.side]
        return float(mine - max(others, default=0))

    def _key(self, state: Position) -> object:
        if isinstance(state, KernelState):
            return state.key()
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

    def _search(self, state: Position, alpha: float, beta: float) -> float:
        key = self._key(state)
        if key in self.table:
            return self.table[key]
        self.nodes += 1
        window = (alpha, beta)
        maximise = state.to_act is not None and state.side_of(state.to_act) == self.side
        children = _children(state)
        if not maximise and self.opponents != "minimax" and len(children) > 1:
            children = self._point_takers(state, children)
            if self.opponents == "mean" and len(children) > 1:
                best = sum(self.value(child) for child in children) / len(children)
                self.table[key] = best
                return best
        best = -WIN - 1 if maximise else WIN + 1
        for child in children:
            v = self.value(child, alpha, beta)
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

    def _point_takers(self, state: Position, children: list[Position]) -> list[Position]:
        """The opponent's moves that take the most points at once (it cannot see our cards)."""
        assert state.to_act is not None
        side = state.side_of(state.to_act)
        gains = [child.scores[side] for child in children]
        best = max(gains)
        return [child for child, gain in zip(children, gains, strict=True) if gain == best]


def _children(state: Position) -> list[Position]:
    """The positions after each of `moves`, in its order."""
    children: list[Position] = []
    if isinstance(state, GameState):
        children.extend(state.apply(action) for action in moves(state))
        return children
    for action in moves(state):
        child = state.copy()
        child.apply(action)
        children.append(child)
    return children


def moves(state: Position) -> Sequence[Action]:
    """The actions worth searching: everyone counts their hand, and muggins is always claimed."""
    seat = state.to_act
    if state.phase is Phase.COUNT and seat is not None:
        return (Action.count(seat),)
    if state.phase is Phase.MUGGINS and seat is not None:
        return (Action("muggins", seat),)
    return state.legal_actions()
