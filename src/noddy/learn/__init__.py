"""Learn: the counting trainer (questions from real deals, judged by the itemised scorer) and the
learner's progress (accuracy and time per kind, spaced repetition, timed rounds)."""

from noddy.learn.progress import BOXES, SLOW, KindStats, Progress, ProgressError, RoundResult, TimedRound
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
    "MIXED",
    "SLOW",
    "WHATS",
    "Judgement",
    "KindStats",
    "Progress",
    "ProgressError",
    "Question",
    "RoundResult",
    "TimedRound",
    "What",
    "draw",
    "drill_kinds",
    "judge",
    "next_question",
    "whats",
]
