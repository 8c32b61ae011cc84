"""The trainer with no network (`noddy.offline.trainer.Trainer`, in the page's Python): it answers the
trainer page's requests as the server's API does (the same drills, questions judged by the scorer,
stats and timed rounds), with the learner's progress kept by the page, and says what it cannot do."""

from __future__ import annotations

import json
from typing import Any

from noddy.offline import Engine, Trainer
from noddy.train import Progress


def _ask(trainer: Trainer, path: str, body: dict[str, Any] | None = None, saved: str | None = None) -> Any:
    return trainer.request(path, body or {}, saved)


def test_a_question_is_judged_and_the_progress_comes_back_to_keep() -> None:
    trainer = Trainer(seed=2)
    asked = _ask(trainer, "/api/train/question?rules=cribbage&lang=fr")
    shown = asked["answer"]
    assert "total" not in shown and shown["prompt"] and shown["labels"]["turnup"]
    right = trainer.waiting[shown["id"]][0].total  # the question as the trainer keeps it
    judged = _ask(
        trainer, "/api/train/answer", {"id": shown["id"], "points": right, "lang": "fr"}, asked["progress"]
    )
    answer = judged["answer"]
    assert answer["correct"] and answer["total"] == right and answer["call"]
    kept = Progress.loads(judged["progress"])
    assert sum(s.asked for s in kept.kinds("cribbage").values()) == 1
    again = _ask(trainer, "/api/train/answer", {"id": shown["id"], "points": right}, judged["progress"])
    assert again["error"].startswith("no question")
    stats = _ask(trainer, "/api/train/progress?rules=cribbage&lang=en", saved=judged["progress"])["answer"]
    assert sum(s["right"] for s in stats["kinds"].values()) == 1


def test_a_timed_round_starts_and_ends() -> None:
    trainer = Trainer(seed=3)
    started = _ask(trainer, "/api/train/round", {"rules": "cribbage", "seconds": 60})
    assert started["answer"]["round"]["seconds"] == 60
    ended = _ask(trainer, "/api/train/round/end?lang=en", {}, started["progress"])["answer"]
    assert ended["result"] is not None and ended["line"]
    assert _ask(trainer, "/api/train/round", {"rules": "cribbage", "seconds": 5})["error"].startswith(
        "a timed round lasts from 10 to 600 seconds"
    )


def test_what_it_cannot_answer_is_said() -> None:
    trainer = Trainer(seed=4)
    assert _ask(trainer, "/api/train/offence?rules=cribbage&lang=fr")["error"].startswith(
        "'/api/train/offence' n’a pas de réponse sans réseau"
    )
    assert "unknown rule set 'nope'" in _ask(trainer, "/api/train/kinds?rules=nope")["error"]
    shown = _ask(trainer, "/api/train/question?rules=cribbage")["answer"]
    bad = _ask(trainer, "/api/train/answer", {"id": shown["id"], "points": "ten"})
    assert bad["error"].startswith("points are a whole number from 0 to 999")


def test_the_engine_carries_the_trainers_requests() -> None:
    engine = Engine()
    request = {"call": "train", "args": ["/api/train/kinds?rules=willughby", {}, None]}
    answered = json.loads(engine.answer(json.dumps(request)))
    assert answered["answer"]["rules"] == "willughby" and answered["progress"]
