"""Scoring: hands, cribs and the play, as itemised `ScoreItem`s, and the words a player says."""

from noddy.scoring.announce import LANGUAGES, announce, item_name
from noddy.scoring.hand import score_hand, turned_jack_item
from noddy.scoring.items import KINDS, ScoreItem, total
from noddy.scoring.play import count_of, last_card_item, score_play

__all__ = [
    "KINDS",
    "LANGUAGES",
    "ScoreItem",
    "announce",
    "count_of",
    "item_name",
    "last_card_item",
    "score_hand",
    "score_play",
    "total",
    "turned_jack_item",
]
