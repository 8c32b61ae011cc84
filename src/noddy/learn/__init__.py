"""For learners: the discard advisor and the review of a game (above the players, below the faces)."""

from noddy.learn.advise import (
    GREEDY_HANDS,
    MODELS,
    Advice,
    Option,
    advise,
    advise_view,
    greedy_discards,
    lay_away_presets,
)
from noddy.learn.review import REVIEW_NODES, REVIEW_WORLDS, Decision, Review, review_game, review_record

__all__ = [
    "GREEDY_HANDS",
    "MODELS",
    "REVIEW_NODES",
    "REVIEW_WORLDS",
    "Advice",
    "Decision",
    "Option",
    "Review",
    "advise",
    "advise_view",
    "greedy_discards",
    "lay_away_presets",
    "review_game",
    "review_record",
]
