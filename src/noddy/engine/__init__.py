"""The one seam where the engine that plays is chosen: the readable engine (`noddy.game`, the
reference) or the compiled kernel (`noddy.kernel`, proven equal to it, far faster). Every layer
above takes its positions and the kernel's services from here and never imports the kernel.

Choosing (`noddy.engine.choice`):

- `ENGINES`: ``("auto", "kernel", "python")``, what a caller may ask for.
- `kernel_refusal(rules, players, *, seated=(), declare=False)`: why the kernel cannot play
  ``rules`` at a table of ``players``, in words (not built, rules it does not handle, computer
  players ``seated`` that it does not play itself, declared counts), or ``""`` when it can.
- `choose(rules, players, engine="auto", *, seated=(), declare=False)`: ``"kernel"`` or
  ``"python"``; ``auto`` takes the kernel where it can, ``kernel`` raises `NoddyError` saying why
  where it cannot (an unknown name too).

Positions (`noddy.engine.positions`):

- `Position`: what search reads of a position and how it steps one (``phase``, ``to_act``,
  ``scores``, ``winner``, ``is_over``, ``partners``, ``key``, ``child``, ``children``).
- `position(state, engine="auto")`: ``state`` on the engine chosen: the kernel's position where it
  plays and the state is in the play with no counts pending (placed from the fields: a sampled world
  has no history), else ``state`` itself.
- `played_out(node, on_engine)`: the rest of the deal by greedy players in every seat, in C for a
  kernel position, by ``on_engine`` (the players' greedy player) for a `GameState`.
- `searched(node, side, base, budget, model, weights, board, dealer)`: a whole search to the end of
  the deal in C from a kernel position (`noddy.players.search.Search.value`'s, node for node), or
  ``None`` for a `GameState`.
- `KernelState`, `KernelEvent`: the kernel's step-level position in the engine's words (a new game,
  `KernelState.at` an engine position, `KernelState.placed` in the play), for the lockstep proof
  and for faces that step games in the kernel.

The kernel's services (`noddy.engine.services`; each raises `RuntimeError` saying why where
`kernel_refusal` is not empty):

- `GREEDY`: the kernel's greedy player, as the policy a kernel state chooses by (``choose``).
- `KERNEL_PLAYERS`, `TALLIES`, `KernelResult`, `play_game(rules, players, partners, seed)`: a whole
  game between random and greedy players in C; `play_batch(...)`: many, counted in C.
- `lay_away_values(view, legal)`, `lay_away_rollouts(view, legal, samples, seed, win)`,
  `lay_away_outcomes(view, legal, samples, seed)`: the lay-away weighed exactly, or by the rest of
  the deal played out (these load numpy when first asked for: a simulation never does).
- `board_table(rules, players, partners, deals, seed)`: a batch of the board table's deals;
  `kernel_values(rules, players, partners)`: what the kernel plays, as integers (a table's key).

The research doors' kernel (`noddy.engine.observing`: the kernel stepped by the action index of a
layout they describe in numbers, and observed in C):

- `Layout`: the observation's fields and the action index as numbers; `observed(rules, players,
  partners, layout)`: the table's configuration and its observer of the layout (`Observed`: new
  kernel states, the observer's calls on them); `KERNEL_PHASES`: the engine's phases by the
  kernel's numbers; `OBSERVES_IN_C`: whether the observer makes its arrays itself.
- `view_writer(players, sides, layout)`: the kernel's encoder of the layout for an engine view given
  as plain numbers (masks and ints the research encoder reads from the view), or ``None``.
- `select(items, selector)`: the items whose byte is not 0 (OpenSpiel's chance outcomes, in C).
- `vector_games(...)`: many games of one table stepped together in C (the batched environment).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from noddy.engine.choice import ENGINES, Chosen, choose, kernel_refusal
from noddy.engine.observing import (
    KERNEL_PHASES,
    OBSERVES_IN_C,
    Layout,
    Observed,
    observed,
    select,
    vector_games,
    view_writer,
)
from noddy.engine.positions import LEAVES, OPPONENTS, Position, played_out, position, searched
from noddy.engine.services import (
    GREEDY,
    KERNEL_PLAYERS,
    TALLIES,
    KernelResult,
    board_table,
    kernel_values,
    play_batch,
    play_game,
)
from noddy.kernel import KernelEvent, KernelState

if TYPE_CHECKING:
    from noddy.kernel.lay import lay_away_outcomes, lay_away_rollouts, lay_away_values

__all__ = [
    "ENGINES",
    "GREEDY",
    "KERNEL_PHASES",
    "KERNEL_PLAYERS",
    "LEAVES",
    "OBSERVES_IN_C",
    "OPPONENTS",
    "TALLIES",
    "Chosen",
    "KernelEvent",
    "KernelResult",
    "KernelState",
    "Layout",
    "Observed",
    "Position",
    "board_table",
    "choose",
    "kernel_refusal",
    "kernel_values",
    "lay_away_outcomes",
    "lay_away_rollouts",
    "lay_away_values",
    "observed",
    "play_batch",
    "play_game",
    "played_out",
    "position",
    "searched",
    "select",
    "vector_games",
    "view_writer",
]

_LAY = ("lay_away_outcomes", "lay_away_rollouts", "lay_away_values")


def __getattr__(name: str) -> Any:
    """The lay-away's weights, loaded with numpy when first asked for."""
    if name in _LAY:
        from noddy import kernel

        return getattr(kernel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
