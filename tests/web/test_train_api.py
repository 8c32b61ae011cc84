"""The trainer's HTTP API: a question never holds its answer, answers are judged by the scorer,
bad input is refused clearly, progress is kept per browser in the database, timed rounds."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import HTTPException
from fastapi.testclient import TestClient
from web_helpers import FAST, db_url

from noddy.cards import parse_card, parse_cards
from noddy.offline import Trainer
from noddy.rules import load_rules, preset_names
from noddy.train import Question
from noddy.web import create_app
from noddy.web import train as web_train


def the_answer(shown: dict[str, object]) -> int:
    """The count of a question from what its message shows."""
    rules = load_rules(str(shown["rules"]))
    card = None if shown["card"] is None else parse_card(str(shown["card"]))
    return Question(
        rules,
        shown["what"],  # type: ignore[arg-type]
        str(shown["kind"]),
        parse_cards(shown["held"]),  # type: ignore[arg-type]
        parse_card(str(shown["turnup"])),
        parse_cards(shown["pile"]),  # type: ignore[arg-type]
        card,
        bool(shown["dealer"]),
    ).total


def test_the_page_and_the_lobby_link(client: TestClient) -> None:
    assert client.get("/train").status_code == 200
    for path in ("/static/train.js", "/static/train.css"):
        assert client.get(path).status_code == 200
    assert 'href="/train"' in client.get("/").text


def test_a_question_holds_the_cards_and_never_the_answer(client: TestClient) -> None:
    for name in preset_names():
        shown = client.get(f"/api/train/question?rules={name}").json()
        assert {"id", "rules", "held", "turnup", "crib"} <= set(shown)
        assert not {"total", "items", "points", "answer", "correct"} & set(shown)
        for key in ("held", "pile"):
            assert all(isinstance(c, str) for c in shown[key])
        kept = client.post("/api/train/answer", json={"id": shown["id"], "points": the_answer(shown)}).json()
        assert kept["correct"] is True


def test_an_answer_is_judged_and_explained_item_by_item(client: TestClient) -> None:
    shown = client.get("/api/train/question?rules=cribbage&kind=fifteen").json()
    assert shown["kind"] == "fifteen" and shown["kind_name"] == "fifteens"
    right = the_answer(shown)
    judged = client.post("/api/train/answer", json={"id": shown["id"], "points": right + 1}).json()
    assert judged["correct"] is False and judged["total"] == right and judged["given"] == right + 1
    items = judged["items"]
    assert sum(i["points"] for i in items) == right and items[-1]["total"] == right
    fifteen = next(i for i in items if i["kind"] == "fifteen")
    assert fifteen["sum"] == 15 and fifteen["text"].endswith("= 15 → 2") and fifteen["cards"]
    stats = judged["kinds"]["fifteen"]
    assert 0 <= stats.pop("seconds") < 60  # the time from the question to its answer, on the server
    assert stats == {"name": "fifteens", "asked": 1, "right": 0, "box": 0}
    again = client.post("/api/train/answer", json={"id": shown["id"], "points": right})
    assert again.status_code == 404 and "answered, expired or never asked" in again.json()["detail"]


def test_french(client: TestClient) -> None:
    shown = client.get("/api/train/question?rules=french&kind=pair&lang=fr").json()
    assert shown["kind_name"] == "les paires"
    judged = client.post("/api/train/answer", json={"id": shown["id"], "points": 0, "lang": "fr"}).json()
    assert judged["verdict"].startswith("Pas tout à fait") and "paire" in judged["call"]
    kinds = client.get("/api/train/kinds?rules=french&lang=fr").json()
    assert kinds["whats"] == ["announcement", "play"] and kinds["kinds"][-1]["kind"] == "mixed"


@pytest.mark.parametrize(
    ("path", "detail"),
    [
        ("/api/train/question?rules=nonsense", "unknown rule set 'nonsense'"),
        (
            "/api/train/question?rules=cribbage&kind=twenty_five",
            "cribbage has no drill of kind 'twenty_five'",
        ),
        ("/api/train/question?rules=cribbage&lang=de", "unknown language 'de'"),
        ("/api/train/kinds?rules=nonsense", "unknown rule set"),
    ],
)
def test_bad_questions_are_refused(client: TestClient, path: str, detail: str) -> None:
    response = client.get(path)
    assert response.status_code == 400 and detail in response.json()["detail"]


@pytest.mark.parametrize(
    "body",
    [
        {"id": "nope", "points": 4},
        {"points": 4},
        {"id": "x", "points": "4"},
        {"id": "x", "points": -1},
        {"id": "x", "points": 1000},
        {"id": "x", "points": 4.5},
        {"id": "x", "points": 4, "extra": 1},
        {"id": "x", "points": 4, "lang": "de"},
    ],
)
def test_bad_answers_are_refused_with_a_4xx(client: TestClient, body: dict[str, object]) -> None:
    response = client.post("/api/train/answer", json=body)
    assert 400 <= response.status_code < 500 and response.json()["detail"]


def test_a_question_is_answered_only_by_the_browser_it_was_asked_of(client: TestClient) -> None:
    shown = client.get("/api/train/question?rules=cribbage").json()
    other = TestClient(client.app)  # another browser: no cookie of its own yet
    refused = other.post("/api/train/answer", json={"id": shown["id"], "points": 1})
    assert refused.status_code == 404
    assert other.get("/api/train/progress").json()["kinds"] == {}
    assert client.post("/api/train/answer", json={"id": shown["id"], "points": 1}).status_code == 200


def test_progress_is_kept_per_browser_in_the_database(tmp_path: Path) -> None:
    url = db_url(tmp_path)
    with TestClient(create_app(url, bot_delay=0, limits=FAST)) as first:
        shown = first.get("/api/train/question?rules=willughby&kind=run").json()
        first.post("/api/train/answer", json={"id": shown["id"], "points": the_answer(shown)})
        cookie = first.cookies.get(web_train.COOKIE)
    assert cookie
    with TestClient(create_app(url, bot_delay=0, limits=FAST), cookies={web_train.COOKIE: cookie}) as again:
        kinds = again.get("/api/train/progress").json()["kinds"]
        assert kinds["run"]["right"] == 1 and kinds["run"]["box"] == 1


def test_a_timed_round(client: TestClient) -> None:
    started = client.post("/api/train/round", json={"rules": "cribbage", "seconds": 60}).json()["round"]
    assert started["seconds"] == 60 and 59 <= started["left"] <= 60
    shown = client.get("/api/train/question?rules=cribbage").json()
    judged = client.post("/api/train/answer", json={"id": shown["id"], "points": the_answer(shown)}).json()
    assert judged["round"]["answered"] == 1 and judged["round"]["right"] == 1
    ended = client.post("/api/train/round/end").json()
    assert ended["result"] == {"seconds": 60, "answered": 1, "right": 1, "best": 1, "new_best": True}
    assert "1 right out of 1" in ended["line"]
    assert client.get("/api/train/progress").json()["best"] == {"cribbage/60": 1}
    assert client.post("/api/train/round", json={"rules": "cribbage", "seconds": 5}).status_code == 422


def test_waiting_questions_are_bounded_and_expire(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_train, "KEPT", 3)
    waiting = web_train.Waiting()
    question = Question(load_rules("cribbage"), "hand", "mixed", parse_cards("5h 5d 5c Js"), parse_card("5s"))
    keys = [waiting.put(question, "b", now=100.0 + i) for i in range(5)]
    with pytest.raises(HTTPException):
        waiting.take(keys[0], "b", now=110.0)
    assert waiting.take(keys[4], "b", now=110.0).question == question
    with pytest.raises(HTTPException):
        waiting.take(keys[3], "b", now=100.0 + web_train.LIFETIME + 10)


def test_the_answer_says_a_knave_pegged_before_the_announcement_and_a_late_answer_counts_nowhere(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24, item 13: strawberry's Knave pegged at the start is said in the question and the
    answer; an answer after the round's end is said to count nowhere, and is kept nowhere."""
    knave = Question(
        load_rules("strawberry"),
        "announcement",
        "mixed",
        parse_cards("Jh 5h 6c"),
        parse_card("9h"),
        dealer=True,
    )
    monkeypatch.setattr(web_train, "next_question", lambda *_: knave)
    shown = client.get("/api/train/question?rules=strawberry&lang=fr").json()
    assert "Votre Noddy (V♥) a été marqué au début, avant l’annonce" in shown["prompt"]
    judged = client.post("/api/train/answer", json={"id": shown["id"], "points": knave.total + 1}).json()
    assert judged["aside"].startswith("Knave Noddy (J♥): pegged at the start") and judged["late_note"] == ""
    client.post("/api/train/round", json={"rules": "strawberry", "seconds": 10})
    shown = client.get("/api/train/question?rules=strawberry").json()
    clock = web_train.time.time
    monkeypatch.setattr(web_train.time, "time", lambda: clock() + 11)
    late = client.post("/api/train/answer", json={"id": shown["id"], "points": knave.total}).json()
    assert late["late"] is True and "counts nowhere" in late["late_note"]
    assert late["round"] is None or late["round"]["answered"] == 0
    assert late["kinds"]["mixed"]["asked"] == 1  # the first answer only


def test_progress_is_kept_per_rule_set(client: TestClient) -> None:
    shown = client.get("/api/train/question?rules=cribbage&kind=fifteen").json()
    judged = client.post("/api/train/answer", json={"id": shown["id"], "points": the_answer(shown)}).json()
    assert judged["kinds"]["fifteen"]["asked"] == 1
    assert client.get("/api/train/progress?rules=cribbage").json()["kinds"]["fifteen"]["right"] == 1
    assert client.get("/api/train/progress?rules=willughby").json()["kinds"] == {}


def test_the_trainer_with_no_network_offers_the_servers_drills_but_offence(client: TestClient) -> None:
    trainer = Trainer(seed=1)  # the page's, in its Python (noddy.offline.trainer)
    for name in preset_names():
        for lang in ("en", "fr"):
            here = trainer.request(f"/api/train/kinds?rules={name}&lang={lang}", {}, None)["answer"]
            server = client.get(f"/api/train/kinds?rules={name}&lang={lang}").json()
            assert here == {**server, "kinds": [k for k in server["kinds"] if k["kind"] != "offence"]}
