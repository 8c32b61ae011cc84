"""What a finished game pays each seat, for the research environments: the stake, zero-sum.

A win counts the games the rules say it counts (`noddy.rules.Game.stake`: 1, or 2 for a lurch or a
skunk, 4 for a double skunk...). Each seat of the winning side gets the stake; each seat of a
losing side gets the stake shared out among the losing sides (``-stake / (sides - 1)``), so that
every game's returns add up to zero over the seats at any table: two players, three alone, or four
as two partnerships (where both partners get their side's). A drawn game pays 0 to all.
``stakes=False`` counts every win as one game.

>>> from noddy.rules import load_rules
>>> largest_stake(load_rules("cribbage")), largest_stake(load_rules("willughby"))
(4, 1)
>>> paid(load_rules("cribbage"), 0, (121, 80), (0, 1))
(2.0, -2.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from noddy.game import GameState
from noddy.rules import Rules

__all__ = ["forfeited", "largest_stake", "paid", "returns"]


def largest_stake(rules: Rules) -> int:
    """The most games one win can count under ``rules`` (the bound of every return)."""
    return max((lurch.games for lurch in rules.game.lurch), default=1)


def paid(
    rules: Rules, winner: int | None, scores: Sequence[int], sides: Sequence[int], *, stakes: bool = True
) -> tuple[float, ...]:
    """Each seat's return from a game won by side ``winner`` (``None``: drawn) at final ``scores``
    (one a side), the seats on ``sides`` (each seat's side); the stake as the engine reckons it
    (by the best losing score)."""
    if winner is None:
        return (0.0,) * len(sides)
    losers = [score for side, score in enumerate(scores) if side != winner]
    stake = float(rules.game.stake(max(losers))[1]) if stakes else 1.0
    loss = -stake / len(losers)
    return tuple(stake if side == winner else loss for side in sides)


def forfeited(rules: Rules, loser: int, sides: Sequence[int], *, stakes: bool = True) -> tuple[float, ...]:
    """Each seat's return from a game side ``loser`` forfeits (an illegal action, as PettingZoo's
    classic games end it): each of its seats loses the largest stake the rules know (1 with
    ``stakes`` false), the other sides sharing it, so the returns still add up to zero.

    >>> from noddy.rules import load_rules
    >>> forfeited(load_rules("cribbage"), 1, (0, 1, 2))
    (2.0, -4.0, 2.0)
    """
    stake = float(largest_stake(rules) if stakes else 1)
    share = stake / (len(set(sides)) - 1)
    return tuple(-stake if side == loser else share for side in sides)


def returns(state: GameState, *, stakes: bool = True) -> tuple[float, ...]:
    """Each seat's return from the finished game ``state`` (all 0 before its end)."""
    if not state.is_over:
        return (0.0,) * state.players
    sides = [state.side_of(seat) for seat in range(state.players)]
    return paid(state.rules, state.winner, state.scores, sides, stakes=stakes)
