"""Scoring: hands, cribs and the play, as itemised `ScoreItem`s of the score kinds, and the deal tables.

The deal tables (`score_deals`, `score_sets`, `Cards`) need numpy, so they are imported when first
asked for: counting one hand never loads numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from noddy.scoring.fast import score_hand
from noddy.scoring.hand import turned_jack_item
from noddy.scoring.items import ScoreItem, total
from noddy.scoring.kinds import FACTS, KINDS, SUMS, Kind, KindFacts
from noddy.scoring.play import PLAY_LIMIT, count_of, last_card_item, score_play

if TYPE_CHECKING:
    from noddy.scoring.tables import Cards, score_deals, score_sets

__all__ = [
    "FACTS",
    "KINDS",
    "PLAY_LIMIT",
    "SUMS",
    "Cards",
    "Kind",
    "KindFacts",
    "ScoreItem",
    "count_of",
    "last_card_item",
    "score_deals",
    "score_hand",
    "score_play",
    "score_sets",
    "total",
    "turned_jack_item",
]


def __getattr__(name: str) -> Any:
    if name in ("Cards", "score_deals", "score_sets"):
        from noddy.scoring import tables

        return getattr(tables, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
