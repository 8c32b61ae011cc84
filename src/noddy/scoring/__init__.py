"""Scoring: hands, cribs and the play, as itemised `ScoreItem`s of the score kinds, and the deal tables."""

from noddy.scoring.hand import score_hand, turned_jack_item
from noddy.scoring.items import ScoreItem, total
from noddy.scoring.kinds import FACTS, KINDS, SUMS, Kind, KindFacts
from noddy.scoring.play import PLAY_LIMIT, count_of, last_card_item, score_play
from noddy.scoring.tables import Cards, score_deals

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
    "total",
    "turned_jack_item",
]
