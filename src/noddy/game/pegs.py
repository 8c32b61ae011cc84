"""The board as the events leave it: each side's two pegs, and each deal's starting scores.

Worked out here only, from events (a view reads them as `PlayerView.pegs` and
`PlayerView.deal_starts`); the faces' boards, the chance of winning from each deal's start and the
review read them there. A side scores by moving its back peg past its front one, so after each score
the front peg stands at the side's score and the back peg where the front one stood before.

>>> from noddy.game.events import Event, EventKind
>>> events = (Event(EventKind.DEAL, 1), Event(EventKind.PLAY, 0, 2), Event(EventKind.PLAY, 0, 3),
...           Event(EventKind.DEAL, 0), Event(EventKind.COUNT, 1, 4))
>>> side_pegs(events, 2, partners=False)
(Pegs(front=5, back=2), Pegs(front=4, back=0))
>>> [(d.deal, d.dealer, d.scores) for d in deal_starts(events, 2, partners=False)]
[(1, 1, (0, 0)), (2, 0, (5, 0))]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from noddy.game.events import Event, EventKind
from noddy.rules import side_of

__all__ = ["DealStart", "Pegs", "deal_starts", "side_pegs"]


@dataclass(frozen=True, slots=True)
class Pegs:
    """One side's two pegs: ``front`` in the hole of its score, ``back`` in the hole the front peg
    stood in before the side's last score (both 0 before it scores)."""

    front: int = 0
    back: int = 0


@dataclass(frozen=True, slots=True)
class DealStart:
    """A deal as it was dealt: its number (from 1), its dealer and each side's score then."""

    deal: int
    dealer: int
    scores: tuple[int, ...]


def side_pegs(
    events: Iterable[Event], sides: int, partners: bool, start: Sequence[Pegs] | None = None
) -> tuple[Pegs, ...]:
    """Each side's pegs after ``events``, from ``start`` (the pegs before them; else the pegs of a
    new game)."""
    pegs = list(start) if start is not None else [Pegs()] * sides
    for event in events:
        if event.points and event.seat is not None:
            side = side_of(event.seat, partners)
            front = pegs[side].front
            pegs[side] = Pegs(front + event.points, front)
    return tuple(pegs)


def deal_starts(events: Iterable[Event], sides: int, partners: bool) -> tuple[DealStart, ...]:
    """Each deal of ``events`` with the sides' scores as it was dealt (points pegged before the
    first deal, such as a compensation, count in its start)."""
    scores = [0] * sides
    starts: list[DealStart] = []
    for event in events:
        if event.kind is EventKind.DEAL and event.seat is not None:
            starts.append(DealStart(len(starts) + 1, event.seat, tuple(scores)))
        elif event.points and event.seat is not None:
            scores[side_of(event.seat, partners)] += event.points
    return tuple(starts)
