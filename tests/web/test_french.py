"""The table in French: each person reads the language they chose (else the rule set's), at the same
table; refusals, event lines, the end of the game and the pages' phrases come from the words layer."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import Seat, invite_token, live, mine, new_table, play_to_end, wait_for

from noddy.words import LANGUAGES, PAGE

FRIEND = {"kind": "friend", "name": "Ann"}


def _lines(seat: Seat) -> list[str]:
    return [e["text"] for m in seat.messages if m["type"] == "state" for e in m["events"] if "text" in e]


def test_a_french_seat_and_an_english_seat_read_the_same_table_each_in_their_language(
    client: TestClient,
) -> None:
    made = new_table(client, "french", [{"kind": "me", "name": "Bob"}, FRIEND])
    bob = mine(client, made, lang=None)  # chose nothing: the french rule set speaks French
    ann = Seat(client, made["id"], invite_token(made, 1), 1, lang="en")
    watcher = Seat(client, made["id"], None, None, lang=None)
    assert bob.until("table")["lang"] == "fr" and ann.until("table")["lang"] == "en"
    play_to_end(client, made["id"], {0: bob, 1: ann}, random.Random(11))
    table = live(client, made["id"])
    winner = table.state.winner
    french, english = _lines(bob), _lines(ann)
    assert "Coupe pour la donne : " in french[0] and "Cut for the deal: " in english[0]
    assert any(line in ("Vous donnez", "Ann donne") for line in french)
    assert any(line in ("You deal", "Bob deals") for line in english)
    assert any(line.startswith("Votre main") for line in french)
    assert any(line.startswith("Your hand") for line in english)
    assert any(line.startswith("La main d’Ann") for line in french)
    assert not any("hand" in line or " plays " in line for line in french)
    assert bob.state is not None and ann.state is not None
    ends_fr = {0: "Vous gagnez la partie de ", 1: "Ann gagne la partie de ", None: "La partie est nulle."}
    ends_en = {0: "Bob wins the game by ", 1: "You win the game by ", None: "The game is a draw."}
    assert bob.state["result_line"].startswith(ends_fr[winner])
    assert ann.state["result_line"].startswith(ends_en[winner])
    assert bob.state["cannot_play"] == "Vous ne pouvez pas jouer sans dépasser 31"
    assert dict(bob.state["reasons"])["play"] == "jeu" and dict(ann.state["reasons"])["play"] == "play"
    watched = watcher.state_at(len(table.state.history))
    assert watched["lang"] == "fr"
    assert any(e.get("text", "").startswith("La main de Bob") for e in _all(watcher))


def _all(seat: Seat) -> list[dict[str, Any]]:
    return [e for m in seat.messages if m["type"] == "state" for e in m["events"]]


def test_a_refusal_comes_in_the_seats_language(client: TestClient) -> None:
    made = new_table(client, "french", [{"kind": "me"}, FRIEND])
    bob = mine(client, made, lang=None)
    ann = Seat(client, made["id"], invite_token(made, 1), 1, lang="en")
    table = live(client, made["id"])
    counting = {0: bob, 1: ann}
    wait_for(lambda: table.state.to_act in counting and bool(table.state.legal_actions().declare))
    seat = table.state.to_act
    assert seat is not None
    person = counting[seat]
    seen = person.state_at(len(table.state.history))
    person.send(type="act", action="declare 100", seq=seen["seq"])
    expected = {
        0: "un compte annoncé va de 0 à 99 points, pas 100",
        1: "a declared count is from 0 to 99 points, not 100",
    }
    assert person.error() == expected[seat]


def test_a_seat_may_change_its_language_at_the_table(client: TestClient) -> None:
    made = new_table(client, "cribbage", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    me = mine(client, made, lang=None)
    assert me.until("table")["lang"] == "en"
    first = me.until("state")
    assert first["events"][0]["text"].startswith("Cut for the deal")
    me.send(type="lang", lang="fr")
    assert me.until("table")["lang"] == "fr"
    again = me.until("state", lambda m: m["events_from"] == 0)
    assert again["lang"] == "fr" and again["events"][0]["text"].startswith("Coupe pour la donne")
    me.send(type="lang", lang="de")
    assert me.error() == "\"lang\" doit être l’une de en, fr, pas 'de'"  # said in the language it reads
    me.send(type="lang", lang="en")
    assert me.until("table")["lang"] == "en"
    me.send(type="lang", lang="de")
    assert me.error() == "\"lang\" must be one of en, fr, not 'de'"


def test_the_pages_phrases_and_the_rule_sets_in_either_language(client: TestClient) -> None:
    for lang in LANGUAGES:
        words = client.get(f"/api/words/{lang}").json()
        assert words["lang"] == lang and set(PAGE[lang]) <= set(words["phrases"])
        assert words["languages"] == {"en": "English", "fr": "Français"}
    assert client.get("/api/words/xx").json()["lang"] == "en"
    rules = client.get("/api/rules?lang=fr").json()
    french = next(r for r in rules["rules"] if r["name"] == "french")
    assert french["title"] == "Noddy (page web française)" and french["language"] == "fr"
    assert all(c["words"].startswith(("l’arbitre", "un compte")) for c in rules["counting"])
    english = next(r for r in client.get("/api/rules").json()["rules"] if r["name"] == "french")
    assert english["title"] == "Noddy (French web page)"


def test_a_finished_french_game_is_replayed_in_french_unless_english_is_asked(client: TestClient) -> None:
    made = new_table(client, "french")
    me = mine(client, made)
    play_to_end(client, made["id"], {0: me}, random.Random(3))
    replay = client.get(f"/api/tables/{made['id']}/replay").json()
    assert replay["lang"] == "fr"
    assert replay["frames"][1]["events"][0]["text"].startswith("Coupe pour la donne")
    english = client.get(f"/api/tables/{made['id']}/replay?lang=en").json()
    assert english["lang"] == "en"
    assert english["frames"][1]["events"][0]["text"].startswith("Cut for the deal")


def test_the_tables_own_refusals_come_in_the_seats_language(client: TestClient) -> None:
    made = new_table(client, "french", [{"kind": "me"}, FRIEND])
    bob = mine(client, made, lang=None)
    ann = Seat(client, made["id"], invite_token(made, 1), 1, lang="en")
    table = live(client, made["id"])
    wait_for(lambda: table.state.to_act in (0, 1))
    seen = len(table.state.history)
    for person, said in (
        (bob, "la partie a avancé (vous avez joué sur le coup 0, elle en est au coup {now})"),
        (ann, "the game has moved on (you acted on move 0, it is now move {now})"),
    ):
        person.send(type="act", action="go", seq=0)
        assert person.error().startswith(said.format(now=seen))


def test_a_french_seats_bad_move_is_answered_in_french(client: TestClient) -> None:
    """A move that does not read and a move the game refuses are each said in the seat's language:
    the first from its key and values, the second from the `Reason` the refusal carries."""
    made = new_table(client, "french", [{"kind": "me"}, FRIEND])
    bob = mine(client, made, lang=None)
    ann = Seat(client, made["id"], invite_token(made, 1), 1, lang="en")
    table = live(client, made["id"])
    seats = {0: bob, 1: ann}
    wait_for(lambda: table.state.to_act in seats)
    for seat, person in seats.items():
        seq = person.state_at(len(table.state.history))["seq"]
        person.send(type="act", action="play Xz", seq=seq)
        unread = person.error()
        person.send(type="act", action="go", seq=seq)
        refused = person.error()
        ours = seat == table.state.to_act
        if seat == 0:
            assert unread.startswith("impossible de lire la carte 'Xz' : 'X' n’est pas un rang et 'z'")
            said = "à ce moment (le compte) vous pouvez : " if ours else "ce n’est pas votre tour : c’est à "
        else:
            assert unread.startswith("cannot read card 'Xz': 'X' is not a rank and 'z' is not a suit")
            said = "in the count you may: " if ours else "it is not your turn: Player 1 (seat 0)"
        assert refused.startswith(said), refused


def test_the_lobby_refuses_a_bad_table_in_the_pages_language(client: TestClient) -> None:
    """A refusal from the lobby's own check, from the rules and from the game, each in French for a
    French page (``?lang=fr``, or the browser's language), in English otherwise."""
    me, cpu = {"kind": "me"}, {"kind": "computer", "level": "random"}
    cases = [
        ({"rules": "cribbage", "players": 2, "seats": [me, me]}, "une seule place peut être la vôtre"),
        ({"rules": "french", "players": 3, "seats": [me, cpu, cpu]}, "3 joueurs ne sont pas permis"),
        ({"rules": "cribbage", "players": 2, "seats": [me, cpu], "partners": True}, "jouer en équipes"),
        ({"rules": "poker", "players": 2, "seats": [me, cpu]}, "règles inconnues 'poker'"),
    ]
    for body, said in cases:
        french = client.post("/api/tables?lang=fr", json=body)
        assert french.status_code == 400 and said in french.json()["detail"], french.text
        browser = client.post("/api/tables", json=body, headers={"Accept-Language": "fr-FR,fr;q=0.9"})
        assert said in browser.json()["detail"], browser.text
        english = client.post("/api/tables?lang=en", json=body).json()["detail"]
        assert english.isascii() and said not in english, english


def test_an_http_error_is_said_in_the_pages_language(client: TestClient) -> None:
    """The 404 of a table that is not there and the trainer's unknown rule set, in French for a French
    page and in English otherwise."""
    for path, english, french in (
        ("/api/tables/nowhere", "there is no table 'nowhere'", "il n’y a pas de table 'nowhere'"),
        ("/api/train/kinds?rules=poker", "unknown rule set 'poker'", "règles inconnues 'poker'"),
    ):
        joined = "&" if "?" in path else "?"
        assert client.get(f"{path}{joined}lang=fr").json()["detail"].startswith(french)
        assert client.get(path, headers={"Accept-Language": "fr"}).json()["detail"].startswith(french)
        assert client.get(path).json()["detail"].startswith(english)


def test_a_counting_the_lobby_does_not_offer_is_refused_in_the_pages_language(client: TestClient) -> None:
    """The body's own check (422, where the fault is) says noddy's sentence in French for a French
    page; pydantic's own sentences (a number out of range) stay its own."""
    body = {"rules": "cribbage", "players": 2, "seats": [{"kind": "me"}, FRIEND], "counting": "lies"}
    french = client.post("/api/tables?lang=fr", json=body)
    assert french.status_code == 422
    assert french.json()["detail"][0]["msg"].startswith("la façon de compter (counting) est l’une de : ")
    english = client.post("/api/tables", json=body)
    assert english.status_code == 422 and english.json()["detail"][0]["msg"].startswith(
        "counting must be one of: "
    )
    many = client.post("/api/tables?lang=fr", json={**body, "counting": None, "players": 5})
    assert many.status_code == 422 and "less than or equal to 4" in many.text
