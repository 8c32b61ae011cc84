"""The learners' pages and API: the discard advisor (``/advise``, ``/api/advise``), a hint at a table
that allowed them, and the review of a finished game (``/api/tables/{id}/review``).

A hint is the advisor's answer for one seat from that seat's own view, asked with the seat's
secret; a table allows hints only when its maker switched them on and it has one person, the other
seats computers, so nobody gets an advantage the others do not have (`TableManager.create`).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from noddy.advise import MODELS, advise, advise_view, lay_away_presets, read_score
from noddy.errors import NoddyError, quoted
from noddy.review import review_record
from noddy.rules import load_rules, preset_names
from noddy.web.live import LiveTable
from noddy.web.lookup import seat_or_403, table_or_404
from noddy.web.tables import TableManager
from noddy.words import LANGUAGES, Reason, advise_phrase, read_cards, record_name, rule_set_words

__all__ = ["router"]

T = TypeVar("T")

STATIC = Path(str(files("noddy.web") / "static"))
MAX_REVIEWS = 64
"""Reviews of finished games kept in memory (a review searches every decision of a seat)."""
WORKERS = 2
"""Advice and reviews computed at once: more wait their turn, so a flood of them cannot take
every core from the tables."""

router = APIRouter()
_reviews: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()


async def _compute(request: Request, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run ``work`` in a thread, at most `WORKERS` at once in this app."""
    state = request.app.state
    if not hasattr(state, "learn_workers"):
        state.learn_workers = asyncio.Semaphore(WORKERS)
    async with state.learn_workers:
        return await asyncio.to_thread(work, *args, **kwargs)


class HintIn(BaseModel):
    """A hint asked for by a seat, proved by its secret."""

    model_config = ConfigDict(extra="forbid")
    secret: str = Field(max_length=64)
    lang: str = Field(default="en", max_length=8)


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def _table(request: Request, table_id: str) -> LiveTable:
    return table_or_404(_manager(request), table_id)


@router.get("/advise", include_in_schema=False)
async def advise_page() -> FileResponse:
    return FileResponse(STATIC / "advise.html")


Lang = Annotated[str, Query(max_length=8)]


def _lang(lang: str) -> str:
    """The page's language, English for one noddy does not speak."""
    return lang if lang in LANGUAGES else "en"


@router.get("/api/advise/rules")
async def api_advise_rules(lang: Lang = "en") -> dict[str, Any]:
    """The rule sets with a lay-away, each titled in ``lang``, the numbers of players that lay away
    in each, and the models of the others' cards with their words in ``lang``."""
    lang = _lang(lang)
    found = []
    for name in lay_away_presets():
        rules = load_rules(name)
        players = [n for n in rules.player_counts if rules.deal.shape(n).discard]
        title, _ = rule_set_words(name, rules.title or name, rules.summary, lang)
        found.append({"name": name, "title": title, "players": players})
    models = {name: advise_phrase(f"advise.model.{name}", lang) for name in MODELS}
    return {"rules": found, "models": models, "lang": lang}


@router.get("/api/advise")
async def api_advise(
    request: Request,
    rules: Annotated[str, Query(max_length=64)],
    hand: Annotated[str, Query(max_length=120)],
    dealer: bool = False,
    players: Annotated[int | None, Query(ge=2, le=4)] = None,
    model: Annotated[str, Query(max_length=32)] = "uniform",
    score: Annotated[str, Query(max_length=32)] = "",
    lang: Lang = "en",
) -> dict[str, Any]:
    """Every lay-away of ``hand`` (typed in the letters of either language) under preset ``rules``,
    best first (`noddy.advise`): by the chance of winning from the board ``score`` ("112-98", the
    player's side first) where one is given, else by the points; a request that cannot be advised
    is refused in ``lang``."""
    lang = _lang(lang)
    if rules not in preset_names():
        names = ", ".join(preset_names())
        raise HTTPException(400, advise_phrase("advise.error.rules", lang, rules=quoted(rules), names=names))
    try:
        cards = read_cards(hand, lang)
        chosen = load_rules(rules)
        table = players or chosen.player_counts[0]
        scores = read_score(score, chosen, table, lang=lang) if score.strip() else None
        advice = await _compute(
            request,
            advise,
            chosen,
            cards,
            dealer=dealer,
            players=players,
            model=model,
            scores=scores,
            lang=lang,
        )
    except NoddyError as exc:
        raise HTTPException(400, exc) from None
    models = {name: advise_phrase(f"advise.model.{name}", lang) for name in MODELS}
    return {**advice.to_json(lang), "models": models}


@router.post("/api/tables/{table_id}/hint")
async def api_hint(table_id: str, body: HintIn, request: Request) -> dict[str, Any]:
    """The advisor's answer for the seat whose secret this is, from its own view, at a table that
    allows hints: ranked by the chance of winning from the table's board, its words in the body's
    language."""
    table = _table(request, table_id)
    if not table.hints:
        raise HTTPException(403, Reason("no_hints"))
    seat = seat_or_403(table, body.secret)
    state = table.state
    if table.laying.may_lay_away(state, seat) and state.to_act != seat:
        state = state.evolve(to_act=seat)
    try:
        advice = await _compute(request, advise_view, state.view(seat), win=True)
    except NoddyError as exc:
        raise HTTPException(400, exc) from None
    return {**advice.to_json(_lang(body.lang)), "seat": seat}


@router.get("/api/tables/{table_id}/review")
async def api_review(
    table_id: str, seat: Annotated[int, Query(ge=0, le=3)], request: Request, lang: Lang = "en"
) -> dict[str, Any]:
    """Seat ``seat``'s decisions in a finished game against the strong player's (`noddy.review`),
    the seats named as a reader of ``lang`` says them (`noddy.words.record_name`)."""
    lang = _lang(lang)
    table = _table(request, table_id)
    if not table.state.is_over:
        raise HTTPException(403, Reason("review_over"))
    if seat >= table.state.players:
        raise HTTPException(400, Reason("seat_not_here", seat=seat, last=table.state.players - 1))
    key = (table.id, seat, lang)
    found = _reviews.get(key)
    if found is None:
        names = [record_name(s.name, s.kind, lang) for s in table.seats]
        found = (await _compute(request, review_record, table.record(), seat, names)).to_json()
        _reviews[key] = found
        while len(_reviews) > MAX_REVIEWS:
            _reviews.popitem(last=False)
    return found
