"""Counting it yourself at a table, and the table's glossary, as the table page reads them: made once
for the server (`noddy.web.countplay`) and for a game in the browser's own engine (`noddy.offline`).
"""

from __future__ import annotations

from typing import Any

from noddy.errors import NoddyError
from noddy.game import PlayerView
from noddy.rules import Rules
from noddy.train import glossary, judge_own, own_count, practice_offered
from noddy.words import Reason, announce, miss_line, steps, train_phrase

__all__ = ["count_check_json", "glossary_json"]


def glossary_json(rules: Rules, lang: str) -> dict[str, Any]:
    """The terms of ``rules``, each with one plain sentence, and whether counting it yourself asks
    anything under them (not under muggins) and what a hand's count is called (``announcement``
    where hands are counted before the play)."""
    return {
        "terms": [{"term": term, "text": text} for term, text in glossary(rules, lang)],
        "offered": practice_offered(rules),
        "hand": "announcement" if rules.hand.when == "before_play" else "hand",
    }


def count_check_json(view: PlayerView, points: int, lang: str) -> dict[str, Any]:
    """``points`` judged against the count of the seat's own hand or crib being made now, from its
    own ``view``, with the count item by item; `NoddyError` if that count is not the seat's to make."""
    question = own_count(view) if practice_offered(view.rules) else None
    if question is None:
        raise NoddyError(Reason("no_own_count"))
    judgement = judge_own(view, question, points)
    verdict = "right" if judgement.correct else "wrong"
    return {
        "correct": judgement.correct,
        "given": points,
        "total": judgement.total,
        "what": question.what,
        "verdict": train_phrase(verdict, lang, given=points, total=judgement.total),
        "miss": miss_line(points, judgement.total, lang),
        "nothing": train_phrase("nothing", lang) if not judgement.items else "",
        "items": [s.to_json() for s in steps(judgement.items, view.rules, lang)],
        "call": announce(judgement.items, view.rules, lang),
    }
