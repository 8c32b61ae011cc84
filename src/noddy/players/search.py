"""Search to the end of the deal on a whole world, with the engine's own ``apply``.

Alpha-beta over the rest of the deal (the play, and the counts after it where the rules put
them): the searching side maximises. The other sides play by ``opponents``: ``"minimax"``, each
chooses what is worst for the searching side (the oracle, which sees every card); ``"points"``,
each takes the most points at once and, among such moves, the worst for it; ``"mean"``, each takes
the most points at once and the moves that score equally are averaged (a player who cannot see
the searcher's cards cannot aim at the worst of them). A position is worth the
searching side's points this deal less the best other side's, and a win or a loss of the game
outweighs any points, so reaching the target first, or denying it, comes before all else.
With a ``board`` (`WinTable`, the strong player's ``value="win"``) a position is worth instead the
side's chance of winning the game from where the deal ends: 1 or 0 for a game won or lost, the
table's chance from the board left and the next dealer to deal, the deal's points only as a
tie-break; the same search, on either engine.
A node budget bounds the work: when it runs out the search stands on the points so far
(``leaf="points"``, a bare search's default, the oracle's), or on the value once greedy players in
every seat have played out the rest of the deal (``leaf="greedy"``, the strong player's default:
on the kernel in C, on the engine `greedy_deal` with its own `GreedyPlayer`, the same moves).

A position is anything that meets `noddy.engine.Position`: the engine's `GameState`, or the
kernel's (the same game, far faster), as `noddy.engine.position` hands them out: the search is the
same move for move, node for node, and its table tells positions apart by the same fields
(`Position.key`). It reads a position's phase,
seat, scores and winner, its sides by `noddy.rules.side_of`, and steps it by `Position.children`
(each listed legal action) and `Position.child` (one action), as each position does best; only the
greedy playout at a leaf is the engine's or the kernel's own (`played_out`). On the kernel each
node is a `noddy.engine.KernelState` around the compiled state: measured by CPU (cribbage at 2
and 4 players, searches of 2,000 nodes from sampled worlds), 2.7 us a node against 2.1 when search stepped the
compiled state itself, a hard player's decision in the play about 15 ms against 13; the decisions,
values and node counts are the same (`tests/players/test_search_pinned.py`).
The strong player's searches (`Search.searched`, a fresh search of a kernel position) run whole in
C (`noddy.engine.searched`, the kernel's players/search.c), the same search value for value, node
for node (`tests/players/test_search_kernel.py`): with the worlds drawn by card masks, a play
decision at a third of its CPU at two players (issue 38, docs/players.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from noddy.analysis import BoardTable
from noddy.engine import LEAVES, OPPONENTS, Position, searched
from noddy.engine import played_out as engine_played_out
from noddy.errors import NoddyError
from noddy.game import Action, ActionKind, GameState, Phase
from noddy.players.discard import TIE_BREAK, WIN, WinTable, won_chance
from noddy.players.simple import GreedyPlayer
from noddy.rules import side_of

__all__ = ["LEAVES", "WIN", "Search", "greedy_deal", "played_out"]


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
    board: WinTable | None = None
    """Where given, a deal's end is worth the side's chance of winning from the board it leaves
    (`WinTable.chance`, ``dealer`` to deal next), and a game's end 1 or 0: values in 0..1, with the
    deal's points (times `TIE_BREAK`) only to tell equal chances apart. Else points, as above."""
    dealer: int = 0
    """The seat to deal after the searched deal (read with ``board`` only)."""
    stored: int = 0
    """The positions a search in C (`searched`) kept in its table, which stays there (``table`` then
    stays empty)."""

    def __post_init__(self) -> None:
        if self.opponents not in OPPONENTS:
            raise NoddyError(f"unknown opponent model {self.opponents!r}: use one of {', '.join(OPPONENTS)}")
        if self.leaf not in LEAVES:
            raise NoddyError(f"unknown leaf value {self.leaf!r}: use one of {', '.join(LEAVES)}")

    def value(self, node: Position, alpha: float = -WIN - 1, beta: float = WIN + 1) -> float:
        """What the position is worth to ``side``, playing out the deal: exact when it lies inside
        the window (``alpha``, ``beta``), else a bound on the side of the window it falls."""
        phase = node.phase
        if phase is Phase.OVER:
            return self._won(node.winner)
        if phase is Phase.SHUFFLE:
            return self._points(node.scores)
        if self.nodes >= self.budget:
            return self._leaf(node)
        return self._search(node, phase, alpha, beta)

    def searched(self, node: Position) -> float:
        """What the position is worth to ``side`` (`value`, whole window): a fresh search of a
        kernel position with a `BoardTable` or none runs whole in C (`noddy.engine.searched`), the
        same value, node count and table size (tests/players/test_search_kernel.py), its table
        left in C; any other by `value`."""
        board = self.board
        if self.nodes or self.table or not (board is None or isinstance(board, BoardTable)):
            return self.value(node)
        table = None if board is None else (_array(board), board.target)
        found = searched(
            node,
            self.side,
            self.base,
            self.budget,
            (self.opponents, self.leaf),
            (WIN, TIE_BREAK),
            table,
            self.dealer,
        )
        if found is None:
            return self.value(node)
        value, self.nodes, self.stored = found
        return value

    def _won(self, winner: int | None) -> float:
        """A finished game's value: ``None`` for no winner."""
        if self.board is not None:
            return won_chance(winner, self.side, len(self.base))
        return 0.0 if winner is None else WIN if winner == self.side else -WIN

    def _leaf(self, node: Position) -> float:
        """A position where the budget ran out: the points so far, or the value once greedy players
        in every seat have played out the rest of the deal (`played_out`)."""
        if self.leaf == "points":
            return self._points(node.scores)
        end = played_out(node)
        return self._won(end.winner) if end.is_over else self._points(end.scores)

    def _points(self, scores: tuple[int, ...]) -> float:
        """A deal's end: the side's points this deal less the best other side's, or (with a
        ``board``) its chance of winning from there, the points breaking ties."""
        gains = [s - b for s, b in zip(scores, self.base, strict=True)]
        mine = gains[self.side]
        others = [g for i, g in enumerate(gains) if i != self.side]
        points = float(mine - max(others, default=0))
        if self.board is None:
            return points
        return self.board.chance(scores, self.dealer)[self.side] + TIE_BREAK * points

    def _search(self, node: Position, phase: Phase, alpha: float, beta: float) -> float:
        key = node.key()
        if key in self.table:
            return self.table[key]
        self.nodes += 1
        window = (alpha, beta)
        seat = node.to_act
        side = None if seat is None else side_of(seat, node.partners)
        maximise = side == self.side
        children = _children(node, seat, phase)
        if not maximise and self.opponents != "minimax" and len(children) > 1:
            assert side is not None
            children = _point_takers(side, children)
            if self.opponents == "mean" and len(children) > 1:
                best = 0.0
                for child in children:  # added in turn (as the kernel's search does), not sum's way
                    best += self.value(child)
                best /= len(children)
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


def _array(board: BoardTable) -> npt.NDArray[np.float64]:
    """The board's chances as the kernel reads them (the table's own array where it is already so)."""
    return np.ascontiguousarray(board.array, dtype=np.float64)


def played_out(node: Position) -> Position:
    """The rest of the deal played out by greedy players in every seat: on the kernel in C, on the
    engine by its own `GreedyPlayer` (`greedy_deal`), the same moves (`noddy.engine.played_out`)."""
    return engine_played_out(node, greedy_deal)


def greedy_deal(state: GameState) -> GameState:
    """The rest of the deal played out by the engine's `GreedyPlayer` in every seat: the position
    where it ends (the next shuffle, or the game's end)."""
    greedy, rng = GreedyPlayer(), random.Random(0)
    while not state.is_over and state.phase is not Phase.SHUFFLE:
        assert state.to_act is not None, f"no chance outcome is drawn inside a deal's play: {state.phase}"
        view = state.view(state.to_act)
        state = state.apply(greedy.choose(view, view.legal, rng))
    return state


def _point_takers(side: int, children: list[Position]) -> list[Position]:
    """The opponent's moves that take the most points at once (it cannot see our cards)."""
    gains = [child.scores[side] for child in children]
    best = max(gains)
    return [child for child, gain in zip(children, gains, strict=True) if gain == best]


def _children(node: Position, seat: int | None, phase: Phase) -> list[Position]:
    """The positions after each action worth searching: every listed legal action (in a count
    that is the count alone: a declaration is not listed, so everyone counts their hand), but
    muggins, which is always claimed."""
    if phase is not Phase.MUGGINS or seat is None:
        return node.children()
    return [node.child(_claim(seat))]


@cache
def _claim(seat: int) -> Action:
    """``seat``'s muggins (made once a seat: search claims at every short count)."""
    return Action(ActionKind.MUGGINS, seat)
