"""The counting trainer on the web: the ``/train`` page and its JSON API, with each browser's
progress in the database (a table of its own, made here on the store's engine).

A question is kept on the server by id (at most `KEPT`, for `LIFETIME` seconds) until it is answered,
so its message carries the cards and never the answer. A browser is known by a random cookie; only
its SHA-256 hash is stored.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import Column, Engine, Float, MetaData, String, Table, Text, insert, select, update

from noddy.errors import NoddyError
from noddy.offline.trainer import answer_json, end_json, kinds_json, question_json, round_json, stats_json
from noddy.rules import Rules, load_rules, preset_names
from noddy.train import Progress, ProgressError, Question, judge, next_question
from noddy.train.offence import OFFENCE, offence_offered
from noddy.web.lookup import quoted
from noddy.words import Reason

__all__ = ["COOKIE", "KEPT", "LIFETIME", "train_router"]

STATIC = Path(str(files("noddy.web") / "static"))
COOKIE = "noddy_trainer"
KEPT = 5_000
"""Questions kept awaiting an answer, at most (the oldest are dropped first)."""
LIFETIME = 3_600.0
"""Seconds a question waits for its answer."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")

metadata = MetaData()
progress_rows = Table(
    "noddy_train_progress",
    metadata,
    Column("browser", String(64), primary_key=True),
    Column("data", Text, nullable=False),
    Column("updated", Float, nullable=False),
)


class AnswerIn(BaseModel):
    """An answer: the question's id and the points counted."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(max_length=64)
    points: StrictInt = Field(ge=0, le=999)
    lang: Literal["en", "fr"] = "en"


class RoundIn(BaseModel):
    """A timed round to start: the rule set and its length in seconds."""

    model_config = ConfigDict(extra="forbid")
    rules: str = Field(max_length=64)
    seconds: StrictInt = Field(ge=10, le=600)


@dataclass(frozen=True, slots=True)
class Kept:
    """A question waiting for its answer: whose it is (the browser's hash) and when it was asked."""

    question: Question
    browser: str
    issued: float


class Waiting:
    """Questions awaiting their answers, by id: bounded, each expiring after `LIFETIME`."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, question: Question, browser: str, now: float) -> str:
        key = secrets.token_urlsafe(12)
        with self._lock:
            self._kept[key] = Kept(question, browser, now)
            # the oldest go first; the one just put has not expired, so the loop ends with it kept
            while len(self._kept) > KEPT or next(iter(self._kept.values())).issued < now - LIFETIME:
                self._kept.popitem(last=False)
        return key

    def take(self, key: str, browser: str, now: float) -> Kept:
        """The question ``key`` asked of ``browser``, forgotten once taken; 404 if there is none."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is None or kept.browser != browser or kept.issued < now - LIFETIME:
                raise HTTPException(404, Reason("no_question", asked=quoted(key)))
            del self._kept[key]
        return kept


class ProgressStore:
    """Each browser's progress as one JSON row."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        metadata.create_all(engine)

    def load(self, browser: str) -> Progress:
        with self.engine.connect() as conn:
            row = conn.execute(select(progress_rows.c.data).where(progress_rows.c.browser == browser)).first()
        if row is None:
            return Progress()
        try:
            return Progress.loads(row.data)
        except ProgressError:
            return Progress()

    def save(self, browser: str, progress: Progress) -> None:
        data = json.dumps(progress.to_json())
        with self.engine.begin() as conn:
            done = conn.execute(
                update(progress_rows)
                .where(progress_rows.c.browser == browser)
                .values(data=data, updated=time.time())
            )
            if not done.rowcount:
                conn.execute(insert(progress_rows).values(browser=browser, data=data, updated=time.time()))


@lru_cache(maxsize=32)
def _rules(name: str) -> Rules:
    if name not in preset_names():
        known = ", ".join(preset_names())
        raise HTTPException(400, Reason("unknown_rules", rules=quoted(name), names=known))
    return load_rules(name)


def _browser(request: Request, response: Response) -> str:
    """The hash of this browser's cookie, setting a new cookie when it has none (or a malformed one)."""
    token = request.cookies.get(COOKIE, "")
    if not _TOKEN.fullmatch(token):
        token = secrets.token_urlsafe(18)
        response.set_cookie(COOKIE, token, max_age=400 * 86_400, httponly=True, samesite="lax")
    return hashlib.sha256(token.encode()).hexdigest()


def _lang(lang: str) -> str:
    if lang not in ("en", "fr"):
        raise HTTPException(400, Reason("unknown_language", lang=quoted(lang), languages="en, fr"))
    return lang


def train_router(engine: Engine) -> APIRouter:
    """The trainer's page and API, keeping progress in the database behind ``engine``."""
    router = APIRouter()
    waiting = Waiting()
    store = ProgressStore(engine)
    rng = random.Random()
    lock = threading.Lock()

    @router.get("/train", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "train.html")

    @router.get("/api/train/kinds")
    def kinds(rules: str = "willughby", lang: str = "en") -> dict[str, Any]:
        found = _rules(rules)
        return kinds_json(found, _lang(lang), (OFFENCE,) if offence_offered(found) else ())

    @router.get("/api/train/progress")
    def progress(
        request: Request, response: Response, rules: str = "willughby", lang: str = "en"
    ) -> dict[str, Any]:
        """The learner's progress under rule set ``rules`` (kept per rule set), the best rounds and
        the round under way."""
        found = _rules(rules)
        browser = _browser(request, response)
        mine = store.load(browser)
        now = time.time()
        if mine.round is not None and not mine.round.left(now):
            mine.finish_round()  # a round whose page was closed: its score is kept if it is a best
            store.save(browser, mine)
        return {
            "kinds": stats_json(mine, _lang(lang), found.name),
            "best": mine.best,
            "round": round_json(mine, now),
        }

    @router.get("/api/train/question")
    def question(
        request: Request,
        response: Response,
        rules: str = "willughby",
        kind: str | None = None,
        lang: str = "en",
    ) -> dict[str, Any]:
        browser = _browser(request, response)
        found = _rules(rules)
        lang = _lang(lang)
        mine = store.load(browser)
        try:
            with lock:
                asked = next_question(found, kind or None, mine, rng)
        except NoddyError as exc:
            raise HTTPException(400, exc) from None
        return question_json(waiting.put(asked, browser, time.time()), asked, lang)

    @router.post("/api/train/answer")
    def answer(body: AnswerIn, request: Request, response: Response) -> dict[str, Any]:
        browser = _browser(request, response)
        now = time.time()
        kept = waiting.take(body.id, browser, now)
        judgement = judge(kept.question, body.points)
        mine = store.load(browser)
        late = mine.late(now)
        rules = kept.question.rules
        seconds = now - kept.issued
        mine.record(kept.question.kind, correct=judgement.correct, seconds=seconds, now=now, rules=rules.name)
        store.save(browser, mine)
        return answer_json(judgement, body.points, rules, mine, late, now, body.lang)

    @router.post("/api/train/round")
    def start_round(body: RoundIn, request: Request, response: Response) -> dict[str, Any]:
        browser = _browser(request, response)
        found = _rules(body.rules)
        mine = store.load(browser)
        now = time.time()
        mine.start_round(found.name, body.seconds, now)
        store.save(browser, mine)
        return {"round": round_json(mine, now)}

    @router.post("/api/train/round/end")
    def end_round(request: Request, response: Response, lang: str = "en") -> dict[str, Any]:
        browser = _browser(request, response)
        lang = _lang(lang)
        mine = store.load(browser)
        ended = end_json(mine, lang)
        store.save(browser, mine)
        return ended

    return router
