"""The positions search reads and steps, on the engine chosen."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol, Self, cast

from noddy.engine.choice import choose
from noddy.game import Action, GameState, Phase
from noddy.kernel import KernelState

__all__ = ["LEAVES", "OPPONENTS", "Position", "played_out", "position", "searched"]


class Position(Protocol):
    """What search reads of a position and how it steps one: the engine's `GameState` and the
    kernel's positions each meet it."""

    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def partners(self) -> bool: ...
    def key(self) -> Hashable:
        """The fields a search's table tells positions apart by."""
        ...

    def child(self, action: Action) -> Self:
        """The position after ``action``, this one unchanged."""
        ...

    def children(self) -> list[Self]:
        """The positions after each listed legal action, in the order they are listed."""
        ...


class _PlaysOut(Position, Protocol):
    """A position that plays the rest of the deal out itself (the kernel's, in C)."""

    def greedy_deal(self) -> Self: ...


def position(state: GameState, engine: str = "auto") -> Position:
    """``state`` on the engine chosen for its rules and table (`choose`): the kernel's position,
    placed from the state's fields (a world that search fills in from a view has no history),
    where the kernel plays and the state is in the play with no counts pending; else ``state``."""
    if state.phase is not Phase.PLAY or state.tasks or state.to_act is None:
        return state
    if choose(state.rules, state.players, engine) == "python":
        return state
    return KernelState.placed(state)


def played_out(node: Position, on_engine: Callable[[GameState], GameState]) -> Position:
    """The rest of the deal played out by greedy players in every seat: a kernel position plays it
    in C, the engine's `GameState` by ``on_engine`` (the players' own greedy player, above this
    layer): the same moves."""
    if isinstance(node, GameState):
        return on_engine(node)
    return cast(_PlaysOut, node).greedy_deal()


OPPONENTS = ("minimax", "points", "mean")
"""How a search's other sides play (`noddy.players.search`), in the kernel's order."""
LEAVES = ("points", "greedy")
"""What a search stands on where its budget ends, in the kernel's order."""


def searched(
    node: Position,
    side: int,
    base: tuple[int, ...],
    budget: int,
    model: tuple[str, str],
    weights: tuple[float, float],
    board: tuple[object, int] | None = None,
    dealer: int = 0,
) -> tuple[float, int, int] | None:
    """A search of ``node`` to the end of the deal in C, where it is a kernel position (``None``
    where not): the same as `noddy.players.search.Search.value` from an empty table, node for node.
    ``model``: the opponents' model and the leaf by name; ``weights``: a game won, a point beside a
    chance; ``board``: the chance table as a float64 array and its target, or ``None`` for points.
    The value, the positions searched and the table's size."""
    if not isinstance(node, KernelState):
        return None
    opponents, leaf = model
    array, target = board if board is not None else (None, 0)
    models = (OPPONENTS.index(opponents), LEAVES.index(leaf))
    return node.searched(side, base, budget, models, weights, array, target, dealer)
