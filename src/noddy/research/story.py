"""Each seat's perfect-recall story of one game, kept action by action as an environment steps the
readable engine, and its information-state tensor (`noddy.research.recall`): what the PettingZoo
environment gives as the observation with ``info_state=True``, number for number the tensor of
OpenSpiel's ``python_noddy`` game at the same history (a test holds them equal).

A chance action (a whole shuffle, a cut) is one link, as OpenSpiel's last draw of a deal is: the
single draws before it show a seat nothing, and an environment's agents never observe a chance
node, so no draw is ever pending (``drawn`` is 0).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from noddy.cards import Card
from noddy.game import Action, Event, GameState
from noddy.research.recall import Recall, Seen, link_of

__all__ = ["Stories"]


@dataclass(frozen=True, slots=True)
class _Link:
    """One action of the game, the events it made and, for a deal, every seat's cards dealt."""

    move: Action | None
    events: tuple[Event, ...]
    dealt: tuple[tuple[Card, ...], ...]


class Stories:
    """What every seat of a game has seen, one `Seen` an action, and its tensor when asked for."""

    def __init__(self, recall: Recall) -> None:
        self.recall = recall
        self.seen: list[list[Seen]] = [[] for _ in range(recall.players)]

    def clear(self) -> None:
        """A new game: nothing seen yet."""
        self.seen = [[] for _ in range(self.recall.players)]

    def add(self, before: GameState, move: Action, after: GameState) -> None:
        """``move`` took the game from ``before`` to ``after``: each seat's view of it joins its story."""
        link = _Link(move, *link_of(before, move, after))
        for seat, story in enumerate(self.seen):
            seen = self.recall.seen(seat, link)
            if seen is not None:
                story.append(seen)

    def tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s information-state tensor now (a new array)."""
        out = np.zeros(self.recall.size, np.float32)
        self.recall.tensor_into(out, self.seen[seat], 0)
        return out

    def sparse(self, seat: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float32]]:
        """``seat``'s information-state tensor now in its sparse form (`Recall.sparse`)."""
        return self.recall.sparse(self.seen[seat], 0)
