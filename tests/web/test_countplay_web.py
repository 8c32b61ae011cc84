"""Counting it yourself at a web table (the check from the seat's own view, the true count pegged)
and the table's glossary."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import live, mine, new_table, wait_for

from noddy.cards import Card

COMPUTER = {"kind": "computer", "level": "random"}


def check(client: TestClient, made: dict[str, Any], points: int, **extra: Any) -> Any:
    body = {"secret": made["secret"], "points": points, **extra}
    return client.post(f"/api/tables/{made['id']}/count-check", json=body)


def test_the_answer_is_checked_at_the_seats_own_count_only_and_the_true_count_is_pegged(
    client: TestClient,
) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER])
    me = mine(client, made)
    table = live(client, made["id"])
    rng = random.Random(2)
    checked = refused = 0
    while checked < 4 and not table.state.is_over:
        wait_for(lambda: table.state.is_over or table.state.to_act == 0)
        if table.state.is_over:
            break
        seen = me.state_at(len(table.state.history))
        view = seen["view"]
        counting = view["counting"]
        if counting and counting["seat"] == 0 and "count" in view["legal"]:
            right = check(client, made, 0).json()["total"]
            answer = check(client, made, right).json()
            assert answer["correct"] and answer["verdict"] == f"Right: {right}."
            wrong = check(client, made, right + 1, lang="fr").json()
            assert not wrong["correct"] and wrong["miss"].startswith("1 de trop")
            shown = {Card.parse(c) for c in [*view["counted"], view["turnup"]]}
            assert {Card.parse(c) for item in answer["items"] for c in item["cards"]} <= shown
            assert sum(item["points"] for item in answer["items"]) == right
            before = table.state.scores[0]
            me.send(type="act", action="count", seq=seen["seq"])
            wait_for(lambda seq=seen["seq"]: len(table.state.history) > seq)
            assert table.state.scores[0] - before == right or table.state.is_over
            checked += 1
            continue
        if refused < 3:
            response = check(client, made, 5)
            assert response.status_code == 409 and "no count of your own" in response.json()["detail"]
            refused += 1
        action = rng.choice(view["legal"])
        me.send(type="act", action=action, seq=seen["seq"])
        wait_for(lambda seq=seen["seq"]: len(table.state.history) > seq)
    assert checked == 4 and refused == 3
    stranger = client.post(f"/api/tables/{made['id']}/count-check", json={"secret": "nope", "points": 3})
    assert stranger.status_code == 403
    assert check(client, made, 1000).status_code == 422


def test_the_glossary_follows_the_tables_rules_and_language(client: TestClient) -> None:
    crib = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER])
    nod = new_table(client, "willughby", [{"kind": "me"}, COMPUTER])
    crib_terms = client.get(f"/api/tables/{crib['id']}/glossary").json()
    nod_terms = client.get(f"/api/tables/{nod['id']}/glossary", params={"lang": "fr"}).json()
    assert crib_terms["offered"] and crib_terms["hand"] == "hand"
    assert nod_terms["hand"] == "announcement"
    crib_names = [t["term"] for t in crib_terms["terms"]]
    nod_names = [t["term"] for t in nod_terms["terms"]]
    assert "his nobs" in crib_names and "crib" in crib_names and "the show" in crib_names
    assert "Noddy" in nod_names and "annonce" in nod_names and "quinze" in nod_names
    assert "crib" not in nod_names
    nod_text = {t["term"]: t["text"] for t in nod_terms["terms"]}
    assert "une suite de trois marque 2" in nod_text["suite (séquence)"]
    assert "et le jeu s'arrête" in nod_text["trente-et-un"]
    assert client.get(f"/api/tables/{crib['id']}/glossary", params={"lang": "xx"}).status_code == 422
    assert client.get("/api/tables/nosuch/glossary").status_code == 404


def test_under_muggins_the_table_offers_no_practice_question(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER], counting="muggins")
    data = client.get(f"/api/tables/{made['id']}/glossary").json()
    assert not data["offered"] and "muggins" in [t["term"] for t in data["terms"]]
    assert check(client, made, 3).status_code == 409


def test_the_table_page_has_the_toggle_and_the_glossary_panel(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, COMPUTER])
    page = client.get(f"/t/{made['id']}").text
    assert 'id="count-yourself"' in page and 'id="glossary"' in page
    assert "askCount" in client.get("/static/table.js").text
    words = client.get("/api/words/fr").json()
    assert words["phrases"]["countplay.toggle"] == "Comptez vous-même"
