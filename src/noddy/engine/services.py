"""What the kernel does that the readable engine has no fast way to: whole games and many games
counted in C, the lay-away's values and rollouts, the board table's deals. Each is the kernel's
alone and raises `RuntimeError` saying why where it cannot play the rules (`kernel_refusal`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from noddy.kernel import PLAYERS as KERNEL_PLAYERS
from noddy.kernel import TALLIES, KernelResult, compiled, kernel_config, play_game
from noddy.kernel.config import config_values
from noddy.rules import Rules

__all__ = [
    "GREEDY",
    "KERNEL_PLAYERS",
    "TALLIES",
    "KernelResult",
    "board_table",
    "kernel_values",
    "play_batch",
    "play_game",
]

_SEED_BITS = (1 << 64) - 1

GREEDY: object = compiled.GREEDY if compiled is not None else None
"""The kernel's greedy player as the policy a kernel state chooses by (``state.choose(GREEDY)``: its
choice, as `noddy.players.GreedyPlayer` chooses) and the board table's deals are played with."""


def play_batch(
    rules: Rules, players: Sequence[str], partners: bool | None, seed: int, start: int, stop: int
) -> dict[str, Any]:
    """Games ``start`` to ``stop - 1`` played and counted in C in one call, ``players[s]`` (names in
    `KERNEL_PLAYERS`) seated at ``s`` and rotated a game: the counts by name (games, draws, deals,
    first dealer's wins, actions, sides, and by player wins, draws, deals and points by `TALLIES`)."""
    config = kernel_config(rules, len(players), partners)
    kinds = bytes(KERNEL_PLAYERS.index(name) for name in players)
    return compiled.play_batch(config, seed & _SEED_BITS, start, stop, kinds)


def board_table(rules: Rules, players: int, partners: bool, deals: int, seed: int) -> bytes:
    """One batch of the board table (``kernel/analysis/board.c``): ``deals`` deals played by the kernel's
    greedy players from ``seed``, as float64 chances by (dealer, each side's score, side)."""
    return compiled.board_table(kernel_config(rules, players, partners), deals, seed, compiled.GREEDY)


def kernel_values(rules: Rules, players: int, partners: bool) -> list[int]:
    """What the kernel plays of ``rules`` at this table: its configuration as integers (two rule
    sets with the same values play the same games), the key of a board table."""
    return config_values(compiled, rules, players, partners)
