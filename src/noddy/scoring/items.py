"""`ScoreItem`: one scoring combination, the unit of every count in noddy."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from noddy.cards import Card

__all__ = ["KINDS", "ScoreItem", "total"]

KINDS = (
    "fifteen",
    "twenty_five",
    "thirty_one",
    "pair",
    "pair_royal",
    "double_pair_royal",
    "pairs",
    "run",
    "flush",
    "knave",
    "special",
    "last_card",
    "turned_jack",
)
"""Every kind of item: the hand's combinations, the play's last card, and the turned-up Jack."""


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """A combination that scores: what it is, the cards that make it, and its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


def total(items: Iterable[ScoreItem]) -> int:
    """The total of a count: always the sum of its items."""
    return sum(item.points for item in items)
