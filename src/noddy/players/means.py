"""The mean count of kept hands over the turn-ups, with numpy where it is installed and in plain
Python where it is not (in the browser, `noddy.offline`: Pyodide's npm package has no numpy). Both
take the mean of `noddy.scoring.score_hand`'s total over every turn-up; numpy's table form
(`noddy.players.discard.hand_means`, by `noddy.scoring.score_deals`) is only faster, and a test holds
the two equal. The greedy lay-away (`GreedyPlayer`, and the ``easy`` and ``medium`` levels) weighs
its choices by these means.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from noddy.cards import Card
from noddy.game import PlayerView
from noddy.scoring import score_hand, total

__all__ = ["hand_means", "numpy_here", "plain_hand_means", "turnups"]


@cache
def numpy_here() -> bool:
    """Whether numpy can be imported here (it cannot in the browser); asked when a lay-away is first
    weighed, so that a player made but never laying away does not load it."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def turnups(view: PlayerView) -> tuple[Card, ...]:
    """The turn-ups a discard is weighed over: the one shown, where the rules turn it up before
    the lay-away, else every card the seat cannot see."""
    return (view.turnup,) if view.turnup is not None else view.unseen()


def plain_hand_means(
    view: PlayerView, kept: Sequence[tuple[Card, ...]], pool: Sequence[Card], *, crib: bool = False
) -> list[float]:
    """The mean count of each kept hand (or own crib) over every turn-up drawn from ``pool``, by
    `score_hand` itself. The counts are whole numbers, so their sum is exact and the mean is the
    same float numpy's gives."""
    rules = view.rules
    return [sum(total(score_hand(hand, up, rules, crib=crib)) for up in pool) / len(pool) for hand in kept]


def hand_means(
    view: PlayerView, kept: Sequence[tuple[Card, ...]], pool: Sequence[Card], *, crib: bool = False
) -> list[float]:
    """`plain_hand_means`, by numpy's tables where numpy is installed."""
    if not numpy_here():
        return plain_hand_means(view, kept, pool, crib=crib)
    from noddy.players.discard import hand_means as table_means

    return [float(mean) for mean in table_means(view, kept, pool, crib=crib)]
