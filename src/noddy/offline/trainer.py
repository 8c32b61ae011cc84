"""The counting trainer's answers, made once for the server's API (`noddy.web.train`) and for the
trainer page with no network (`Trainer`, in the page's Python): the drills of a rule set, a question
(its cards, never its answer), the judgement of an answer with its items in words, the learner's stats
and timed rounds, as the page (``static/train.js``) reads them. With no network the learner's progress
is kept in the browser (the page passes it in and keeps what comes back); the drill "offence or
defence?" is the server's only (it weighs the board tables with the compiled kernel).
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections import OrderedDict
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from noddy.errors import NoddyError, quoted
from noddy.rules import Rules, load_rules, preset_names
from noddy.train import Judgement, Progress, ProgressError, Question, drill_kinds, judge, next_question, whats
from noddy.words import LANGUAGES, Reason, announce, drill_name, round_line, say_error, steps, train_phrase

__all__ = ["Trainer", "answer_json", "end_json", "kinds_json", "question_json", "round_json", "stats_json"]

KEPT = 200
"""Questions a page's trainer keeps awaiting an answer, at most (the oldest are dropped first)."""


def stats_json(progress: Progress, lang: str, rules: str) -> dict[str, Any]:
    """The learner's stats under rule set ``rules``, each kind named in ``lang``."""
    return {
        kind: {
            "name": drill_name(kind, lang),
            "asked": s.asked,
            "right": s.right,
            "seconds": round(s.seconds, 1),
            "box": s.box,
        }
        for kind, s in sorted(progress.kinds(rules).items())
    }


def round_json(progress: Progress, now: float) -> dict[str, Any] | None:
    """The timed round under way, if any."""
    current = progress.round
    if current is None:
        return None
    return {
        "rules": current.rules,
        "seconds": current.seconds,
        "left": round(current.left(now), 1),
        "answered": current.answered,
        "right": current.right,
    }


def kinds_json(rules: Rules, lang: str, more: tuple[str, ...] = ()) -> dict[str, Any]:
    """The drills of ``rules`` (and ``more``, the server's own), each named in ``lang``."""
    return {
        "rules": rules.name,
        "whats": list(whats(rules)),
        "kinds": [{"kind": k, "name": drill_name(k, lang)} for k in (*drill_kinds(rules), *more)],
    }


def question_json(key: str, asked: Question, lang: str) -> dict[str, Any]:
    """A question as the page shows it, kept by ``key``: its cards and words, never its answer."""
    held = "crib_cards" if asked.what == "crib" else "held"
    return {
        "id": key,
        **asked.to_json(),
        "kind_name": drill_name(asked.kind, lang),
        "prompt": asked.prompt(lang),
        "note": train_phrase("play_note", lang) if asked.what == "play" else "",
        "labels": {
            "held": train_phrase(held, lang),
            "turnup": train_phrase("turnup", lang),
            "pile": train_phrase("pile", lang),
            "card": train_phrase("card", lang),
        },
    }


def answer_json(
    judgement: Judgement, given: int, rules: Rules, progress: Progress, late: bool, now: float, lang: str
) -> dict[str, Any]:
    """The judgement of ``given`` points, its items and call in words, and the learner's stats."""
    verdict = "right" if judgement.correct else "wrong"
    return {
        "correct": judgement.correct,
        "given": given,
        "total": judgement.total,
        "items": [s.to_json() for s in steps(judgement.items, rules, lang)],
        "call": announce(judgement.items, rules, lang),
        "verdict": train_phrase(verdict, lang, given=given, total=judgement.total),
        "aside": judgement.aside(lang),
        "late": late,
        "late_note": train_phrase("late", lang) if late else "",
        "kinds": stats_json(progress, lang, rules.name),
        "round": round_json(progress, now),
    }


def end_json(progress: Progress, lang: str) -> dict[str, Any]:
    """The timed round finished: its result and the line saying it."""
    result = progress.finish_round()
    if result is None:
        return {"result": None, "line": ""}
    line = round_line(result.seconds, result.answered, result.right, result.best, result.new_best, lang)
    return {"result": result.to_json(), "line": line}


class Trainer:
    """The trainer's API in the page, with no network: the requests ``static/train.js`` makes of the
    server (``GET /api/train/kinds?rules=...``, ``POST /api/train/answer`` with its body...), answered
    as the server answers them, the learner's progress kept by the page."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.waiting: OrderedDict[str, tuple[Question, float]] = OrderedDict()

    def request(self, path: str, body: dict[str, Any], saved: str | None) -> dict[str, Any]:
        """``{"answer": ...}`` or ``{"error": ...}`` for the request to ``path`` with ``body``, and
        the learner's progress after it (``saved`` before) as JSON text under ``progress``."""
        address = urlsplit(path)
        asked = {**dict(parse_qsl(address.query)), **body}
        lang = str(asked.get("lang", "en"))
        lang = lang if lang in LANGUAGES else "en"
        try:
            progress = Progress.loads(saved) if saved else Progress()
        except ProgressError:
            progress = Progress()
        handler = ROUTES.get(address.path)
        try:
            if handler is None:
                raise NoddyError(Reason("offline_api", path=quoted(address.path)))
            answer = handler(self, progress, asked, lang)
        except NoddyError as exc:
            return {"error": say_error(exc, lang)}
        return {"answer": answer, "progress": json.dumps(progress.to_json())}

    def kinds(self, progress: Progress, asked: dict[str, Any], lang: str) -> dict[str, Any]:
        return kinds_json(_rules(asked), lang)

    def progress(self, progress: Progress, asked: dict[str, Any], lang: str) -> dict[str, Any]:
        rules, now = _rules(asked), time.time()
        if progress.round is not None and not progress.round.left(now):
            progress.finish_round()
        return {
            "kinds": stats_json(progress, lang, rules.name),
            "best": progress.best,
            "round": round_json(progress, now),
        }

    def question(self, progress: Progress, asked: dict[str, Any], lang: str) -> dict[str, Any]:
        question = next_question(_rules(asked), asked.get("kind") or None, progress, self.rng)
        key = secrets.token_urlsafe(12)
        self.waiting[key] = (question, time.time())
        while len(self.waiting) > KEPT:
            self.waiting.popitem(last=False)
        return question_json(key, question, lang)

    def answer(self, progress: Progress, asked: dict[str, Any], lang: str) -> dict[str, Any]:
        key, points = str(asked.get("id")), asked.get("points")
        if key not in self.waiting:
            raise NoddyError(Reason("no_question", asked=quoted(key)))
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 999:
            raise NoddyError(Reason("offline_points", points=quoted(points)))
        question, issued = self.waiting.pop(key)
        now = time.time()
        judgement = judge(question, points)
        late = progress.late(now)
        rules = question.rules
        progress.record(
            question.kind, correct=judgement.correct, seconds=now - issued, now=now, rules=rules.name
        )
        return answer_json(judgement, points, rules, progress, late, now, lang)

    def start_round(self, progress: Progress, asked: dict[str, Any], lang: str) -> dict[str, Any]:
        now = time.time()
        seconds = asked.get("seconds")
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not 10 <= seconds <= 600:
            raise NoddyError(Reason("offline_seconds", seconds=quoted(seconds)))
        progress.start_round(_rules(asked).name, seconds, now)
        return {"round": round_json(progress, now)}

    def end_round(self, progress: Progress, asked: dict[str, Any], lang: str) -> dict[str, Any]:
        return end_json(progress, lang)


ROUTES = {
    "/api/train/kinds": Trainer.kinds,
    "/api/train/progress": Trainer.progress,
    "/api/train/question": Trainer.question,
    "/api/train/answer": Trainer.answer,
    "/api/train/round": Trainer.start_round,
    "/api/train/round/end": Trainer.end_round,
}
"""The server's trainer API, by path, as the page's trainer answers it."""


def _rules(asked: dict[str, Any]) -> Rules:
    name = str(asked.get("rules", "willughby"))
    if name not in preset_names():
        raise NoddyError(Reason("unknown_rules", rules=quoted(name), names=", ".join(preset_names())))
    return load_rules(name)
