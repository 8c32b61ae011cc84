"""`ScoreItem`: one scoring combination, the unit of every count in noddy."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from noddy.cards import Card
from noddy.scoring.kinds import FACTS, Kind

__all__ = ["ScoreItem", "total"]


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """A combination that scores: what it is, the cards that make it, and its points."""

    kind: Kind
    cards: tuple[Card, ...]
    points: int
    hidden_size: int = 0

    @property
    def size(self) -> int:
        """How many cards make the combination (also when they are hidden from a seat)."""
        return len(self.cards) or self.hidden_size

    def hide(self) -> ScoreItem:
        """The combination as its call tells it to a seat that may not see the cards: the cards
        taken out, and their number kept only where the call says it ("a run of three", "pair
        royal"); "fifteen 2" does not say how many cards made it. A call that names its card ("Knave
        Noddy", "Flat Back") shows that card to everyone anyway, so it keeps it."""
        call = FACTS[self.kind].call
        if call == "card":
            return self
        return ScoreItem(self.kind, (), self.points, self.size if call == "size" else 0)

    def __reduce__(self) -> tuple[object, tuple[Any, ...]]:
        """An item pickles as its fields in order, as an event does (`noddy.game.Event`): the
        counts' items are most of the objects in a view sent to a computer player's worker."""
        return ScoreItem, _item_fields(self)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "cards": [str(c) for c in self.cards],
            "points": self.points,
        }
        if self.hidden_size:
            data["size"] = self.hidden_size
        return data


_item_fields = attrgetter(*(f.name for f in fields(ScoreItem)))


def total(items: Iterable[ScoreItem]) -> int:
    """The total of a count: always the sum of its items."""
    return sum(item.points for item in items)
