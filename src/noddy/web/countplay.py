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

from noddy.errors import NoddyError
from noddy.offline.countplay import count_check_json, glossary_json
from noddy.web.live import LiveTable
from noddy.web.lookup import quoted, seat_or_403, table_or_404
from noddy.words import LANGUAGES, Reason

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
    return glossary_json(_table(request, table_id).rules, _lang(lang))


@router.post("/api/tables/{table_id}/count-check")
async def api_count_check(table_id: str, body: CountIn, request: Request) -> dict[str, Any]:
    """The answer judged against the count of the seat's own hand or crib being made now, with the
    count item by item: only once that count is this seat's to make, from its own view."""
    table = _table(request, table_id)
    view = table.state.view(seat_or_403(table, body.secret))
    try:
        return count_check_json(view, body.points, body.lang)
    except NoddyError as exc:
        raise HTTPException(409, exc) from None
