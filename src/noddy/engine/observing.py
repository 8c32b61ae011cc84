"""The kernel stepped by the action index of a layout the research doors describe, and observed in
C (the kernel's research adapter: layout.c, table.c, vecenv.c, spiel.c). The layout is passed in as
numbers by name (`Layout`, the research doors' encoder gives it), so nothing here knows a name of
the layer above.

- `observed(rules, players, partners, layout)`: the table's configuration and its observer of
  ``layout`` together (`Observed`): new kernel states of that configuration, and the observer's
  calls on them (``act``, ``legal``, ``observe``, ``observe_as``, ``write``, ``scan``, ``index_of``).
- `KERNEL_PHASES`: the engine's phases by the kernel's numbers; `OBSERVES_IN_C`: whether the
  observer makes its arrays itself (the kernel built with NumPy's headers).
- `view_writer(players, sides, layout)`: the kernel's encoder of ``layout`` for a seat's view given
  as plain numbers (the readable engine's views: Python reads the numbers, C writes the tensor).
- `select(items, selector)`: the items whose byte in ``selector`` is not 0 (in C where built).
- `vector_games(...)`: many games of one table stepped together in C (`VecEnv`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress
from typing import Any

from noddy.kernel import compiled, kernel_config, kernel_layout
from noddy.kernel.step import PHASES as KERNEL_PHASES
from noddy.rules import Rules

__all__ = [
    "KERNEL_PHASES",
    "OBSERVES_IN_C",
    "Layout",
    "Observed",
    "observed",
    "select",
    "vector_games",
    "view_writer",
]

OBSERVES_IN_C = compiled is not None and hasattr(compiled.StateObserver, "observe")
"""Whether the kernel makes an observation's arrays itself (built with NumPy's headers: setup.py)."""


Layout = tuple[Any, ...]
"""An observation's layout and action index described by name (the research doors' encoder gives
it: `noddy.research.tensors.Layout`); `noddy.kernel.kernel_layout` orders it for the kernel."""


class Observed:
    """A table's kernel configuration and its observer of a layout. The observer acts only on
    states of its own configuration object, so states are made here (`state`)."""

    __slots__ = ("config", "observer")

    def __init__(self, config: compiled.Config, observer: compiled.StateObserver) -> None:
        self.config = config
        self.observer = observer
        """The kernel's ``StateObserver`` of the layout (its calls take a state made by `state`)."""

    def state(self) -> compiled.State:
        """A new kernel state of this configuration, before the first cut."""
        return compiled.State(self.config)


@lru_cache(maxsize=64)
def observed(rules: Rules, players: int, partners: bool | None, layout: Layout) -> Observed:
    """The configuration of ``rules`` at this table and its observer of ``layout`` (one a table
    and layout); `RuntimeError` saying why where the kernel cannot play them."""
    config = kernel_config(rules, players, partners)
    observer = compiled.StateObserver(config, kernel_layout(*layout))
    return Observed(config, observer)


def view_writer(players: int, sides: int, layout: Layout) -> compiled.ViewWriter | None:
    """The kernel's encoder of ``layout`` (layout.c, the one its own games are observed by) for a
    seat's view given as plain numbers (``ViewWriter.write``), or ``None`` where the kernel is not
    built or reads no layout of this table (more than four seats, more than 16 cards dealt): the
    caller then writes the same numbers in Python."""
    if compiled is None:
        return None
    try:
        return compiled.ViewWriter(players, sides, kernel_layout(*layout))
    except ValueError:
        return None


def _select(items: list[Any], selector: bytes | bytearray) -> list[Any]:
    return list(compress(items, selector))


select = compiled.select if compiled is not None and hasattr(compiled, "select") else _select
"""The items of a list where a selector of bytes is not 0 (in C: spiel.c)."""


def vector_games(
    rules: Rules,
    players: int,
    partners: bool | None,
    layout: Layout,
    *,
    num_envs: int,
    seat: int,
    kinds: bytes,
    peg_reward: float,
    stakes: tuple[float, ...],
    record: bool,
    arrays: Sequence[Any],
) -> compiled.VecEnv:
    """``num_envs`` games of ``rules`` at this table stepped together in C (vecenv.c), writing
    into ``arrays`` (observations, masks, final observations and masks, rewards, terminations, the
    seats to act); `RuntimeError` saying why where the kernel cannot play them."""
    return compiled.VecEnv(
        kernel_config(rules, players, partners),
        num_envs,
        seat,
        kinds,
        kernel_layout(*layout),
        float(peg_reward),
        stakes,
        record,
        *arrays,
    )
