"""The drill "offence or defence?" over the trainer's API: a position without its answer, the way
chosen judged by the board table and said why, counted in the browser's progress; refused where the
rules have no position."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

pytestmark = pytest.mark.requires_kernel


def test_a_position_is_asked_judged_explained_and_counted(client: TestClient) -> None:
    kinds = client.get("/api/train/kinds", params={"rules": "cribbage", "lang": "fr"}).json()["kinds"]
    assert {"kind": "offence", "name": "attaque ou défense ?"} in kinds
    asked = client.get("/api/train/offence", params={"rules": "cribbage"}).json()
    assert "answer" not in asked and all("chance" not in way for way in asked["ways"])
    assert [c["side"] for c in asked["choices"]] == ["offence", "defence"]
    assert asked["choices"][0]["label"].startswith("Offence: lay away ") and "(game 121)" in asked["board"]
    judged = client.post("/api/train/offence/answer", json={"id": asked["id"], "choice": "offence"}).json()
    offence, defence = judged["position"]["ways"]
    assert judged["answer"] == ("offence" if offence["chance"] > defence["chance"] else "defence")
    assert judged["correct"] == (judged["answer"] == "offence")
    assert judged["verdict"].startswith("Right" if judged["correct"] else "Not here")
    assert any("games in a hundred" in line for line in judged["lines"])
    assert judged["kinds"]["offence"]["asked"] == 1
    again = client.post("/api/train/offence/answer", json={"id": asked["id"], "choice": "defence"})
    assert again.status_code == 404 and "no position" in again.json()["detail"]
    progress = client.get("/api/train/progress", params={"rules": "cribbage"}).json()
    assert progress["kinds"]["offence"]["right"] == int(judged["correct"])


def test_the_drill_is_offered_only_where_it_has_positions(client: TestClient) -> None:
    kinds = client.get("/api/train/kinds", params={"rules": "willughby"}).json()["kinds"]
    assert "offence" not in [k["kind"] for k in kinds]
    refused = client.get("/api/train/offence", params={"rules": "willughby"})
    assert refused.status_code == 400 and "no 'offence or defence?' drill" in refused.json()["detail"]
