"""Whole games in the kernel: random players (uniform, from the kernel's own seeded generator) and
greedy players (`GreedyPlayer`, choice for choice); the same games for the same seed, but not the
games the Python engine plays from that seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from noddy.kernel import compiled, kernel_config
from noddy.rules import Rules

__all__ = ["KernelResult", "play_game"]

_SEED_BITS = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class KernelResult:
    """What a finished kernel game says: ``scores`` and ``winner`` by side (``None``: a draw),
    ``stake`` as `Game.stake` gives it, the first dealer, each deal as (dealer, points by side),
    each seat's points by the kernel's tallies (`TALLIES`, in the engine's terms: the simulator
    says where each counts) and the players' actions."""

    scores: tuple[int, ...]
    winner: int | None
    stake: tuple[str, int]
    first_dealer: int
    deals: tuple[tuple[int, tuple[int, ...]], ...]
    points: tuple[tuple[int, ...], ...]
    actions: int


def play_game(rules: Rules, players: Sequence[str], partners: bool | None, seed: int) -> KernelResult:
    """One whole game, ``players[s]`` (a name in `noddy.kernel.PLAYERS`) in seat ``s``, from ``seed``."""
    config = kernel_config(rules, len(players), partners)
    kinds = bytes(compiled.PLAYERS.index(name) for name in players)
    scores, winner, first, deals, points, actions = compiled.play_game(config, seed & _SEED_BITS, kinds)
    side = None if winner < 0 else winner
    stake = ("draw", 0)
    if side is not None:
        losers = [s for i, s in enumerate(scores) if i != side]
        stake = rules.game.stake(max(losers)) if losers else ("game", 1)
    return KernelResult(scores, side, stake, first, deals, points, actions)
