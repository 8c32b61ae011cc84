"""The compiled game kernel: the same games as `noddy.game`, far faster, for simulation and search.

A C extension (``_ckernel``, built by ``pip install -e .`` where a C compiler is found) plays on a
fixed-size state configured from `Rules` (`noddy.kernel.config`: the one place it learns the
rules). The readable engine stays the reference and the fallback: `tests/kernel/test_kernel.py` plays
random games of every preset through both, action by action. Only `noddy.engine` imports it: the
seam decides where the kernel plays (`unavailable` and `unsupported` both empty) and hands out its
positions and services to every layer above.

`KernelState` is the step-level position (from a new game, `KernelState.at` an engine position, or
`KernelState.placed` at the fields of a position in the play, as search's worlds are:
legal actions, apply, events in the engine's words, the greedy player's choice); `play_game` plays
a whole game in C between the players it knows (`PLAYERS`: random and greedy);
`lay_away_values` weighs every discard of a view as `noddy.players.discard.discard_values` does,
and `lay_away_rollouts` plays the rest of the deal out after each in sampled deals.
`compiled.ViewWriter` writes the observation tensor of `noddy.research.tensors` from an engine
view given as plain numbers, with the encoder the kernel's own games are observed by (layout.c).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from noddy.kernel import config as _config
from noddy.rules import Rules
from noddy.words import Reason

try:
    from noddy.kernel import _ckernel as compiled

    _WHY = ""
except ImportError as exc:  # pragma: no cover - only where the extension was not built
    compiled = None  # type: ignore[assignment]
    _WHY = Reason("kernel_not_built", why=str(exc))

__all__ = [
    "PLAYERS",
    "TALLIES",
    "KernelEvent",
    "KernelResult",
    "KernelState",
    "compiled",
    "kernel_config",
    "kernel_layout",
    "lay_away_outcomes",
    "lay_away_rollouts",
    "lay_away_values",
    "play_game",
    "unavailable",
    "unsupported",
]


PLAYERS: tuple[str, ...] = compiled.PLAYERS if compiled is not None else ()
"""The computer players the kernel plays itself, by their names in `noddy.players`."""

TALLIES: tuple[str, ...] = compiled.TALLIES if compiled is not None else ()
"""What the kernel tallies a seat's points under, in the engine's terms, in the order of
`KernelResult.points`: a hand's count, a crib's, the play's, and apart from them 31 laid in the
play, the Knave (held or laid) and a Jack turned up; the last card, muggins and compensation."""


def unavailable() -> str:
    """Why the compiled kernel cannot be used here (it was not built), or ``""`` when it can."""
    return _WHY


def unsupported(rules: Rules, players: int) -> str:
    """What of ``rules`` at a table of ``players`` the kernel does not handle, or ``""``."""
    if compiled is None:
        return _config.unsupported(rules, players)
    return _config.unsupported(
        rules, players, max_counted=compiled.MAX_COUNTED, max_actions=compiled.MAX_ACTIONS
    )


@lru_cache(maxsize=64)
def kernel_config(rules: Rules, players: int, partners: bool | None) -> compiled.Config:
    """The compiled configuration of ``rules`` at this table (built once per rule set and table);
    `RuntimeError` saying why when the kernel is not built or does not handle these rules."""
    why = unavailable() or unsupported(rules, players)
    if why:
        raise RuntimeError(why)
    return compiled.Config(_config.config_values(compiled, rules, players, partners))


def kernel_layout(*layout: Any) -> tuple[Any, ...]:
    """An observation's layout by research's names (`noddy.research.tensors.Layout`) as the
    numbers of the kernel's encoder (`compiled.StateObserver`, `compiled.VecEnv`,
    `compiled.ViewWriter`; see `noddy.kernel.config.layout_values`)."""
    if compiled is None:
        raise RuntimeError(unavailable())
    return _config.layout_values(compiled, *layout)


from noddy.kernel.games import KernelResult, play_game  # noqa: E402
from noddy.kernel.step import KernelEvent, KernelState  # noqa: E402

if TYPE_CHECKING:
    from noddy.kernel.lay import lay_away_outcomes, lay_away_rollouts, lay_away_values

_LAY = ("lay_away_outcomes", "lay_away_rollouts", "lay_away_values")


def __getattr__(name: str) -> Any:
    """The lay-away's weights (`noddy.kernel.lay`), loaded with numpy when first asked for: a
    simulation played and counted in C never loads numpy."""
    if name in _LAY:
        from noddy.kernel import lay

        return getattr(lay, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
