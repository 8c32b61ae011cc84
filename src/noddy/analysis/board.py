"""The chance of winning from every board position: `board(rules, players, partners)`.

A `BoardTable` says, for each seat about to deal and each score of every side below the target,
each side's chance to win the game from the start of that deal. It is computed by a backward pass
from the target over the deals' points in the order they are pegged (the compiled kernel's
`board_table`, ``kernel/analysis/board.c``), from deals played by the kernel's greedy players, in `BATCHES`
independent batches: the table is their mean, and its stated sampling error is their spread
(`SamplingError`). ``docs/board.md`` says what it rests on and what that costs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from noddy.engine import board_table, kernel_refusal
from noddy.errors import RulesError
from noddy.rules import Rules

__all__ = [
    "BATCHES",
    "DEALS",
    "BoardError",
    "BoardTable",
    "SamplingError",
    "board",
    "board_if_built",
    "board_why_not",
    "build_table",
    "most_positions",
    "plays_as_partners",
]

BATCHES = 8
"""Independent batches of deals a table is built from: their spread is its stated error."""

DEALS = 200_000
"""Deals a table is built from by default (all batches together)."""

PLAYERS = "greedy"
"""The kernel's players whose deals the table is measured from (`noddy.players.GreedyPlayer`)."""

MAX_POSITIONS = 2_000_000
"""The most board positions (a dealer's) a table is built for where reaching the target wins at
once: 121³ = 1,771,561 for three players of cribbage (minutes to build, docs/board.md). Four players
each for himself play to 61 or 121 in every preset that allows it: 61⁴ = 13,845,841 positions a
dealer (1.8 GB a batch's table) and 121⁴ = 214,358,881 (27 GB) are beyond it."""

MAX_POSITIONS_AT_END = 250_000
"""The same where the target is checked only at the end of a deal (``game.win_at_once = false``,
house rules): that pass looks at every deal from every position, and takes minutes at 61³."""

MAX_SIDES = 3
"""The most sides a table is built for: the views (``noddy analyze board``'s grid, JSON and heat
map) show at most three. The kernel's pass takes four (`kernel/analysis/board.c`, held to a plain recursion
in the tests), for house rules of four players each for himself to 31 (31⁴ = 923,521 positions)."""

_Z95 = 1.959963984540054
_FAST_ROWS = 400_000


class BoardError(RulesError):
    """A rule set and table whose board cannot be tabled (a single deal, too many sides, or rules
    the kernel does not play)."""


@dataclass(frozen=True, slots=True)
class SamplingError:
    """The table's stated sampling error: ``half_width`` is the 95% half-width of a position's
    chance (a probability; the 95th percentile over positions), ``largest`` the widest; both from
    the spread of ``batches`` tables of ``deals // batches`` deals each, played by ``players``."""

    half_width: float
    largest: float
    deals: int
    batches: int
    players: str

    def describe(self) -> str:
        """What the error rests on, in a line (for logs and ``--json``)."""
        return (
            f"±{100 * self.half_width:.2f} percentage points (95%, the 95th percentile over positions;"
            f" widest ±{100 * self.largest:.2f}) from the spread of {self.batches} tables of"
            f" {self.deals // self.batches:,} deals each played by {self.players} players"
        )


class BoardTable:
    """Each side's chance to win from the start of a deal, for every seat to deal and every score.

    ``chance(scores, dealer)`` reads it: ``scores`` by side as `GameState.scores` gives them,
    ``dealer`` the seat about to deal. A side at or past the target has won.
    """

    __slots__ = (
        "_cells",
        "_rows",
        "_won",
        "array",
        "error",
        "partners",
        "players",
        "rules_name",
        "sides",
        "target",
    )

    def __init__(
        self,
        rules_name: str,
        target: int,
        players: int,
        partners: bool,
        array: np.ndarray,
        error: SamplingError,
    ) -> None:
        sides = 2 if partners else players
        if array.shape != (players, *(target,) * sides, sides):
            raise ValueError(f"a table of shape {array.shape} does not fit {players} players to {target}")
        self.rules_name = rules_name
        self.target = target
        self.players = players
        self.partners = partners
        self.sides = sides
        self.error = error
        self.array = array
        """[dealer, score of side sides-1, ..., score of side 0, side]: chance, as floats."""
        self._cells = target**sides
        flat = array.reshape(players * self._cells, sides)
        self._rows: list[tuple[float, ...]] | np.ndarray = (
            [tuple(row) for row in flat.tolist()] if flat.shape[0] <= _FAST_ROWS else flat
        )
        self._won = tuple(tuple(1.0 if j == i else 0.0 for j in range(sides)) for i in range(sides))

    def chance(self, scores: Sequence[int], dealer: int) -> tuple[float, ...]:
        """Each side's chance to win the game from the start of a deal at ``scores`` (by side) with
        seat ``dealer`` to deal; a side at or past the target has won (1.0 for it)."""
        target, sides = self.target, self.sides
        if len(scores) != sides:
            raise ValueError(f"give one score a side ({sides}), not {len(scores)}: {tuple(scores)}")
        if not 0 <= dealer < self.players:
            raise ValueError(f"the dealer is a seat 0-{self.players - 1}, not {dealer}")
        index = 0
        for side in range(sides - 1, -1, -1):
            score = scores[side]
            if score >= target:
                return self._won[max(range(sides), key=scores.__getitem__)]
            if score < 0:
                raise ValueError(f"a score is 0 or more, not {score}")
            index = index * target + score
        row = self._rows[dealer * self._cells + index]
        return row if isinstance(row, tuple) else tuple(row.tolist())

    def chances(self, scores: npt.ArrayLike, dealers: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """`chance` of many boards at once, read from the table with numpy (a lay-away weighs a
        thousand deals' boards: a Python look-up each cost more than playing the deals out):
        ``scores`` a row of scores by side a board, ``dealers`` each board's seat to deal; each row
        of the result is that board's chance for each side, equal to `chance`'s."""
        target, sides = self.target, self.sides
        at = np.asarray(scores, dtype=np.int64)
        dealt = np.asarray(dealers, dtype=np.int64)
        if at.ndim != 2 or at.shape[1] != sides or dealt.shape != at.shape[:1]:
            raise ValueError(
                f"give a row of {sides} scores a board and a dealer each, not scores of shape {at.shape}"
                f" and dealers of shape {dealt.shape}"
            )
        if ((dealt < 0) | (dealt >= self.players)).any():
            raise ValueError(
                f"the dealer is a seat 0-{self.players - 1}, not {int(dealt.min())}-{int(dealt.max())}"
            )
        if (at < 0).any():
            raise ValueError(f"a score is 0 or more, not {int(at.min())}")
        won = (at >= target).any(axis=1)
        index = dealt * self._cells
        for side in range(sides):
            index += np.minimum(at[:, side], target - 1) * target**side
        read: npt.NDArray[np.float64] = self.array.reshape(-1, sides)[index].astype(np.float64)
        read[won] = np.eye(sides)[np.argmax(at[won], axis=1)]
        return read

    def __repr__(self) -> str:
        table = f"{self.players} players" + (" as partners" if self.partners else "")
        return f"<BoardTable {self.rules_name} to {self.target}, {table}, {self.error.describe()}>"


def plays_as_partners(rules: Rules, players: int, partners: bool | None) -> bool:
    """Whether the table plays as partners, as `noddy.game.new_game` decides it."""
    if partners is None:
        return players == 4 and rules.table.partners in ("always", "optional")
    return partners


def most_positions(rules: Rules) -> int:
    """The most positions a dealer that ``rules``' board is built for (`MAX_POSITIONS`, or
    `MAX_POSITIONS_AT_END` where the target is checked only at the end of a deal)."""
    return MAX_POSITIONS if rules.game.win_at_once else MAX_POSITIONS_AT_END


def board_why_not(rules: Rules, players: int = 2, partners: bool | None = None) -> str:
    """Why ``rules`` at this table have no board table (``""`` when they have one)."""
    if rules.game.end != "target":
        return (
            f"{rules.name} is played as a single deal: there is no board to win from (the chance"
            " of winning is the deal's; `noddy simulate` measures it)"
        )
    try:
        rules.deal.shape(players)
    except (RulesError, KeyError, ValueError) as exc:
        return str(exc)
    sides = 2 if plays_as_partners(rules, players, partners) else players
    most = most_positions(rules)
    if sides > MAX_SIDES or rules.game.target**sides > most:
        return (
            f"a board of {sides} sides to {rules.game.target} has {rules.game.target**sides:,} positions"
            f" a dealer: too many to table (at most {most:,}); play as partners (--partners) or with"
            " fewer players"
        )
    return kernel_refusal(rules, players)


def build_table(
    rules: Rules,
    players: int = 2,
    partners: bool | None = None,
    *,
    deals: int = DEALS,
    batches: int = BATCHES,
    seed: int = 0,
) -> BoardTable:
    """The table built from nothing: ``deals`` deals in ``batches`` batches by the kernel."""
    why = board_why_not(rules, players, partners)
    if why:
        raise BoardError(why)
    if batches < 2 or deals < batches:
        raise ValueError(f"a table needs at least 2 batches and a deal a batch, not {deals} in {batches}")
    together = plays_as_partners(rules, players, partners)
    sides = 2 if together else players
    shape = (players, *(rules.game.target,) * sides, sides)
    # the batches' mean and spread kept as they come (Welford), not the batches themselves: a
    # three-player table to 121 is 127 MB a batch
    mean = np.zeros(shape)
    squares = np.zeros(shape)
    for b in range(batches):
        made = board_table(rules, players, together, deals // batches, seed * 1_000_003 + b)
        one = np.frombuffer(made).reshape(shape)
        delta = one - mean
        mean += delta / (b + 1)
        squares += delta * (one - mean)
        del one, delta, made
    spread = squares
    spread /= batches - 1
    np.sqrt(spread, out=spread)
    spread *= _Z95 / np.sqrt(batches)
    error = SamplingError(
        half_width=float(np.quantile(spread, 0.95)),
        largest=float(spread.max()),
        deals=deals // batches * batches,
        batches=batches,
        players=PLAYERS,
    )
    del spread
    return BoardTable(rules.name, rules.game.target, players, together, mean, error)


class _NotBuilt(Exception):
    """A table that could be built but is neither shipped nor kept (`_at_hand`)."""


@lru_cache(maxsize=16)
def _at_hand(rules: Rules, players: int, partners: bool | None) -> BoardTable:
    """The table shipped or kept, kept in the process once found (an absence is not kept: a table
    built since is found at the next call). `BoardError` where there is none, `_NotBuilt` where it
    is not built yet."""
    from noddy.analysis import store

    why = board_why_not(rules, players, partners)
    if why:
        raise BoardError(why)
    found = store.read(rules, players, plays_as_partners(rules, players, partners))
    if found is None:
        raise _NotBuilt
    return found


@lru_cache(maxsize=16)
def board(rules: Rules, players: int = 2, partners: bool | None = None) -> BoardTable:
    """The board table of ``rules`` at this table, kept in the process: read from the package (the
    presets' shipped tables) or the user cache, else built by the kernel and kept in the cache.
    `BoardError` says why where there is none (a single deal, too many sides)."""
    from noddy.analysis import store

    try:
        return _at_hand(rules, players, partners)
    except _NotBuilt:
        pass
    table = build_table(rules, players, plays_as_partners(rules, players, partners))
    store.write_cache(rules, table)
    return table


def board_if_built(rules: Rules, players: int = 2, partners: bool | None = None) -> BoardTable | None:
    """The board table where it is at hand (shipped with the package, or built and kept), never
    building it (minutes for three players): ``None`` where it is not built yet, or there is none."""
    try:
        return _at_hand(rules, players, partners)
    except (BoardError, _NotBuilt):
        return None
