"""The trainer page's drill "offence or defence?": ``GET /api/train/offence`` gives a position (the
board, the hand, the two ways) and keeps it by id, without its answer, until
``POST /api/train/offence/answer`` judges the way chosen by the board table (`noddy.train.offence`),
says why, and counts it in the browser's progress as the other drills are counted."""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections import OrderedDict
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Engine

from noddy.errors import NoddyError
from noddy.offline.trainer import stats_json
from noddy.train.offence import OFFENCE, SAMPLES, Choice, draw_offence
from noddy.web.lookup import quoted
from noddy.web.train import KEPT, LIFETIME, ProgressStore, _browser, _lang, _rules
from noddy.words import Reason, drill_board, drill_lines, drill_name, drill_way, offence_phrase

__all__ = ["offence_router"]


class ChoiceIn(BaseModel):
    """The way chosen for a position: its id and ``offence`` or ``defence``."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(max_length=64)
    choice: Literal["offence", "defence"]
    lang: Literal["en", "fr"] = "en"


def _position_json(key: str, choice: Choice, lang: str) -> dict[str, Any]:
    """A position as the page shows it, every word in ``lang``; never its answer."""
    mine, theirs = choice.scores[choice.side], choice.scores[1 - choice.side]
    return {
        "id": key,
        **choice.to_json(),
        "kind_name": drill_name(OFFENCE, lang),
        "prompt": offence_phrase("drill.prompt", lang),
        "board": drill_board(mine, theirs, choice.target, choice.crib_mine, lang),
        "labels": {
            "hand": offence_phrase("drill.hand", lang),
            "turnup": offence_phrase("drill.turnup", lang),
        },
        "choices": [
            {"side": way.side, "key": str(n), "label": drill_way(way.side, way.discard, way.keep, lang)}
            for n, way in enumerate(choice.ways, start=1)
        ],
    }


def offence_router(engine: Engine) -> APIRouter:
    """The drill's API, keeping progress in the trainer's table behind ``engine``."""
    router = APIRouter()
    store = ProgressStore(engine)
    kept: OrderedDict[str, tuple[Choice, str, float]] = OrderedDict()
    lock = threading.Lock()
    rng = random.Random()

    @router.get("/api/train/offence")
    def position(
        request: Request, response: Response, rules: str = "cribbage", lang: str = "en"
    ) -> dict[str, Any]:
        browser = _browser(request, response)
        found, lang = _rules(rules), _lang(lang)
        with lock:
            seed = rng.getrandbits(63)
        try:
            choice = draw_offence(found, random.Random(seed))
        except NoddyError as exc:
            raise HTTPException(400, exc) from None
        key = secrets.token_urlsafe(12)
        now = time.time()
        with lock:
            kept[key] = (choice, browser, now)
            while len(kept) > KEPT or next(iter(kept.values()))[2] < now - LIFETIME:
                kept.popitem(last=False)
        return _position_json(key, choice, lang)

    @router.post("/api/train/offence/answer")
    def answer(body: ChoiceIn, request: Request, response: Response) -> dict[str, Any]:
        browser = _browser(request, response)
        now = time.time()
        with lock:
            held = kept.get(body.id)
            if held is None or held[1] != browser or held[2] < now - LIFETIME:
                raise HTTPException(404, Reason("no_position", asked=quoted(body.id)))
            del kept[body.id]
        choice, _, asked = held
        correct = choice.judge(body.choice)
        mine = store.load(browser)
        rules = choice.rules.name
        mine.record(OFFENCE, correct=correct, seconds=now - asked, now=now, rules=rules)
        store.save(browser, mine)
        ways = [(w.side, w.mine, w.theirs, w.chance) for w in choice.ways]
        verdict, *lines = drill_lines(ways, choice.worth, choice.answer, correct, SAMPLES, body.lang)
        return {
            "correct": correct,
            "answer": choice.answer,
            "verdict": verdict,
            "lines": lines,
            "position": choice.to_json(answered=True),
            "kinds": stats_json(mine, body.lang, rules),
        }

    return router
