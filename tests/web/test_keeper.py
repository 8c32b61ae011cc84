"""The scorer's and the board keeper's pages and API (`noddy.web.keeper`): the server answers with the
same function the page's engine runs offline (`noddy.offline`), refuses bad hands and house rules in
the reader's words, and serves the board table as data the page keeps."""

from __future__ import annotations

from fastapi.testclient import TestClient

from noddy.analysis import board_if_built
from noddy.offline import count, rule_set, rule_sets
from noddy.rules import dump_rules, load_rules


def test_the_pages_are_served(client: TestClient) -> None:
    for path, script in (("/score", "/static/score.js"), ("/board", "/static/board.js")):
        page = client.get(path)
        assert page.status_code == 200 and script in page.text
        assert client.get(script).status_code == 200
    lobby = client.get("/").text
    assert 'href="/score"' in lobby and 'href="/board"' in lobby


def test_the_presets_facts_are_noddy_offlines_with_where_the_board_table_serves(client: TestClient) -> None:
    served = client.get("/api/keeper/rules").json()["rule_sets"]
    assert [{k: v for k, v in s.items() if k != "chance"} for s in served] == rule_sets()
    cribbage = served[0]
    rules = load_rules("cribbage")
    assert cribbage["chance"]["2"] == (board_if_built(rules, 2, False) is not None)
    assert set(cribbage["chance"]) == {"2", "3", "4", "4p"}


def test_a_hand_is_counted_as_the_pages_engine_counts_it(client: TestClient) -> None:
    asked = {"rules": "cribbage", "cards": "5h 5d 5c Js", "turnup": "5s", "crib": False, "lang": "fr"}
    got = client.post("/api/keeper/count", json=asked)
    assert got.status_code == 200
    assert got.json() == count("cribbage", "5h 5d 5c Js", "5s", False, "fr")
    assert got.json()["total"] == 29


def test_bad_hands_are_refused_in_the_readers_words(client: TestClient) -> None:
    for cards, turnup, lang, words in (
        ("5h 5h 5c Js", "5s", "en", "card 5♥ appears twice"),
        ("5h 5d 5c Js", "5h", "fr", "la retournée 5♥"),
        ("5h 5d 5c Js 4c", "5s", "en", "cribbage hands have 4 cards"),
        ("1x 5d 5c Js", "5s", "en", "'1x'"),
    ):
        got = client.post(
            "/api/keeper/count", json={"rules": "cribbage", "cards": cards, "turnup": turnup, "lang": lang}
        )
        assert got.status_code == 422
        assert got.json() == {"detail": count("cribbage", cards, turnup, False, lang)["error"]}
        assert words in got.json()["detail"], got.json()
    unknown = client.post("/api/keeper/count", json={"cards": "5h 5d 5c Js", "turnup": "5s", "lang": "xx"})
    assert unknown.status_code == 422
    assert "'xx'" in unknown.json()["detail"] and "en, fr" in unknown.json()["detail"]


def test_house_rules_are_read_and_bad_ones_refused_in_each_language(client: TestClient) -> None:
    text = dump_rules(load_rules("willughby")).replace('name = "willughby"', 'name = "our-house"')
    got = client.post("/api/keeper/rules", json={"house": text})
    assert got.status_code == 200 and got.json()["name"] == "our-house" and got.json()["house"]
    assert {k: v for k, v in got.json().items() if k != "chance"} == rule_set(house=text)
    bad = client.post("/api/keeper/rules", json={"house": 'name = "x"\n[game]\ntarget = -1\n'})
    assert bad.status_code == 422 and "game.target" in bad.json()["detail"]["fr"]
    counted = client.post("/api/keeper/count", json={"house": text, "cards": "Jh 4d 5d", "turnup": "6h"})
    assert (
        counted.json()["rules"] == "our-house"
        and counted.json()["total"] == count("willughby", "Jh 4d 5d", "6h")["total"]
    )


def test_the_board_table_is_served_as_data(client: TestClient) -> None:
    rules = load_rules("cribbage")
    table = board_if_built(rules, 2, False)
    assert table is not None
    got = client.get("/api/keeper/chance/cribbage/2/false").json()
    assert got["target"] == 121 and len(got["chance"]) == 2 and len(got["chance"][0]) == 121 * 121
    for dealer, scores in ((0, (0, 0)), (1, (50, 80)), (0, (120, 3))):
        first = table.chance(scores, dealer)[0]
        assert got["chance"][dealer][scores[1] * 121 + scores[0]] == round(1000 * first)
    missing = client.get("/api/keeper/chance/cribbage/3/false?lang=fr")
    assert missing.status_code == 404 and "cribbage" in missing.json()["detail"]
    assert client.get("/api/keeper/chance/nothing/2/false").status_code == 404
