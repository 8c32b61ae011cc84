"""The counting trainer: questions from real deals and their judging, the learner's progress, and
counting it yourself at a game with the table's glossary (above the players, below the faces)."""

from noddy.train.countplay import (
    Tally,
    glossary,
    judge_own,
    own_count,
    practice_offered,
    score_kinds,
    score_table,
)
from noddy.train.progress import BOXES, SLOW, KindStats, Progress, ProgressError, RoundResult, TimedRound
from noddy.train.questions import (
    MIXED,
    WHATS,
    Judgement,
    Question,
    What,
    draw,
    drill_kinds,
    judge,
    next_question,
    pegged_apart,
    whats,
)

__all__ = [
    "BOXES",
    "MIXED",
    "SLOW",
    "WHATS",
    "Judgement",
    "KindStats",
    "Progress",
    "ProgressError",
    "Question",
    "RoundResult",
    "Tally",
    "TimedRound",
    "What",
    "draw",
    "drill_kinds",
    "glossary",
    "judge",
    "judge_own",
    "next_question",
    "own_count",
    "pegged_apart",
    "practice_offered",
    "score_kinds",
    "score_table",
    "whats",
]
