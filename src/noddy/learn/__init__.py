"""Learn: the counting trainer (questions from real deals, judged by the itemised scorer), the
learner's progress (accuracy and time per kind, spaced repetition, timed rounds), the discard advisor,
the review of a game, counting it yourself at a game and the table's glossary (above the players,
below the faces)."""

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
from noddy.learn.countplay import Tally, glossary, judge_own, own_count, practice_offered
from noddy.learn.progress import BOXES, SLOW, KindStats, Progress, ProgressError, RoundResult, TimedRound
from noddy.learn.review import REVIEW_NODES, REVIEW_WORLDS, Decision, Review, review_game, review_record
from noddy.learn.trainer import (
    MIXED,
    WHATS,
    Judgement,
    Question,
    What,
    draw,
    drill_kinds,
    judge,
    next_question,
    whats,
)

__all__ = [
    "BOXES",
    "GREEDY_HANDS",
    "MIXED",
    "MODELS",
    "REVIEW_NODES",
    "REVIEW_WORLDS",
    "SLOW",
    "WHATS",
    "Advice",
    "Decision",
    "Judgement",
    "KindStats",
    "Option",
    "Progress",
    "ProgressError",
    "Question",
    "Review",
    "RoundResult",
    "Tally",
    "TimedRound",
    "What",
    "advise",
    "advise_view",
    "draw",
    "drill_kinds",
    "glossary",
    "greedy_discards",
    "judge",
    "judge_own",
    "lay_away_presets",
    "next_question",
    "own_count",
    "practice_offered",
    "review_game",
    "review_record",
    "whats",
]
