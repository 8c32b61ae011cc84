"""Counting it yourself at a web table, and the table's glossary.

``POST /api/tables/{id}/count-check`` judges a seat's answer for the count of its own hand or crib
being made now (proved by the seat's secret), from that seat's own view: the cards it holds or its
crib, and the turn-up, nothing else. The page asks it before it sends ``count``, so the answer is
practice and the true count is pegged. ``GET /api/tables/{id}/glossary`` gives the table's terms,
built from its rules (`noddy.train.glossary`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from noddy.train import glossary, judge_own, own_count, practice_offered
from noddy.web.live import LiveTable
from noddy.web.lookup import quoted, seat_or_403, table_or_404
from noddy.words import LANGUAGES, Reason, announce, miss_line, steps, train_phrase

__all__ = ["router"]

router = APIRouter()


class CountIn(BaseModel):
    """A seat's own count, answered before the game makes it."""

    model_config = ConfigDict(extra="forbid")
    secret: str = Field(max_length=64)
    points: int = Field(ge=0, le=999)
    lang: str = Field("en", pattern="^(en|fr)$")


def _table(request: Request, table_id: str) -> LiveTable:
    return table_or_404(request.app.state.manager, table_id)


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise HTTPException(422, Reason("unknown_language", lang=quoted(lang), languages=known))
    return lang


@router.get("/api/tables/{table_id}/glossary")
async def api_glossary(table_id: str, request: Request, lang: str = "en") -> dict[str, Any]:
    """The terms of this table's rules, each with one plain sentence, and whether counting it
    yourself asks anything under them (not under muggins) and what a hand's count is called
    (``announcement`` where hands are counted before the play)."""
    rules = _table(request, table_id).rules
    lang = _lang(lang)
    return {
        "terms": [{"term": term, "text": text} for term, text in glossary(rules, lang)],
        "offered": practice_offered(rules),
        "hand": "announcement" if rules.hand.when == "before_play" else "hand",
    }


@router.post("/api/tables/{table_id}/count-check")
async def api_count_check(table_id: str, body: CountIn, request: Request) -> dict[str, Any]:
    """The answer judged against the count of the seat's own hand or crib being made now, with the
    count item by item: only once that count is this seat's to make, from its own view."""
    table = _table(request, table_id)
    view = table.state.view(seat_or_403(table, body.secret))
    question = own_count(view) if practice_offered(view.rules) else None
    if question is None:
        raise HTTPException(409, Reason("no_own_count"))
    judgement = judge_own(view, question, body.points)
    lang = body.lang
    verdict = "right" if judgement.correct else "wrong"
    return {
        "correct": judgement.correct,
        "given": body.points,
        "total": judgement.total,
        "what": question.what,
        "verdict": train_phrase(verdict, lang, given=body.points, total=judgement.total),
        "miss": miss_line(body.points, judgement.total, lang),
        "nothing": train_phrase("nothing", lang) if not judgement.items else "",
        "items": [s.to_json() for s in steps(judgement.items, view.rules, lang)],
        "call": announce(judgement.items, view.rules, lang),
    }
