"""Which engine plays: the readable engine (`noddy.game`) or the compiled kernel, and why not the kernel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from noddy.errors import NoddyError, quoted
from noddy.kernel import PLAYERS as KERNEL_PLAYERS
from noddy.kernel import unavailable, unsupported
from noddy.rules import Rules
from noddy.words import Reason

__all__ = ["ENGINES", "Chosen", "choose", "kernel_refusal"]

ENGINES = ("auto", "kernel", "python")
"""The engines a caller may ask for: ``kernel`` (compiled, proven equal to the engine), ``python``
(the readable engine, every rule and player), or ``auto``: the kernel where it can, else Python."""

Chosen = Literal["kernel", "python"]
"""The engine that plays, once chosen."""


def kernel_refusal(rules: Rules, players: int, *, seated: Sequence[str] = (), declare: bool = False) -> str:
    """Why the kernel cannot play ``rules`` at a table of ``players``, in words (a `Reason` where the
    seam says it, said in French too; the kernel's own sentence where it says it), or ``""`` when it
    can: it is not built, it does not handle the rules, it does not play the computer players
    ``seated`` itself (a whole game in C seats only `KERNEL_PLAYERS`), or the players are to
    declare their counts (``declare``: the kernel counts every hand itself)."""
    why = unavailable()
    if why:
        return why
    if seated and not set(seated) <= set(KERNEL_PLAYERS):
        others = ", ".join(sorted(set(seated) - set(KERNEL_PLAYERS)))
        return Reason("kernel_players", known=", ".join(KERNEL_PLAYERS), others=others)
    why = unsupported(rules, players)
    if why:
        return why
    if declare:
        return Reason("kernel_declare")
    return ""


def choose(
    rules: Rules,
    players: int,
    engine: str = "auto",
    *,
    seated: Sequence[str] = (),
    declare: bool = False,
) -> Chosen:
    """The engine that plays (``kernel`` or ``python``) for an ``engine`` asked for (`ENGINES`):
    ``auto`` takes the kernel where it can (`kernel_refusal`); ``kernel`` refuses, saying why,
    where it cannot; ``python`` is always there."""
    if engine not in ENGINES:
        raise NoddyError(Reason("engine_unknown", engine=quoted(engine), engines=", ".join(ENGINES)))
    if engine == "python":
        return "python"
    why = kernel_refusal(rules, players, seated=seated, declare=declare)
    if why and engine == "kernel":
        raise NoddyError(Reason("kernel_cannot", why=why))
    return "python" if why else "kernel"
