"""The HTTP side: pages, the rule sets, making tables (and refusing bad ones), lists, records, replays."""

from __future__ import annotations

import gc
import random
import re
from importlib.resources import files
from pathlib import Path
from types import SimpleNamespace

import pytest
import uvicorn
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from web_helpers import live, mine, new_table, play_to_end, wait_for

from noddy import web
from noddy.cli import serve_cmd
from noddy.cli.main import app as cli
from noddy.record import GameRecord
from noddy.rules import describe, load_rules, preset_names
from noddy.web import YOUNG, Limits, collect_as_a_server, create_app, server_options


def test_pages_are_served(client: TestClient) -> None:
    table = new_table(client)["id"]
    static = ("/static/style.css", "/static/table.js", "/static/cards.js")
    for path in ("/", f"/t/{table}", f"/replay/{table}", *static):
        assert client.get(path).status_code == 200, path
    assert client.get("/static/nothing.js").status_code == 404


def test_every_page_names_its_icon_and_the_icon_is_served(client: TestClient) -> None:
    table = new_table(client)["id"]
    rules = [f"/rules/{n}" for n in preset_names()]
    pages = ["/", f"/t/{table}", f"/replay/{table}", "/advise", "/train", *rules]
    for path in pages:
        page = client.get(path)
        assert page.status_code == 200, path
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page.text, path
    missing = client.get("/t/abc")  # a link to no table: its own page, as a 404
    assert missing.status_code == 404 and '<link rel="icon" href="/static/favicon.svg"' in missing.text
    for path in ("/static/favicon.svg", "/favicon.ico"):
        icon = client.get(path)
        assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


def test_each_rule_set_has_its_description_source_and_full_rules(client: TestClient) -> None:
    data = client.get("/api/rules").json()
    assert [r["name"] for r in data["rules"]] == list(preset_names())
    assert data["levels"]
    for facts in data["rules"]:
        rules = load_rules(facts["name"])
        assert facts["summary"] == rules.summary and facts["sources"]
        page = client.get(f"/rules/{facts['name']}")
        assert page.status_code == 200
        first_row = describe(rules)[0][1][0]
        assert first_row.reading.split(" (")[0].replace("'", "&#x27;") in page.text
    assert client.get("/rules/nonsense").status_code == 404
    assert client.get("/rules/..%2F..%2Fetc%2Fpasswd").status_code == 404


def test_the_lobby_and_the_rules_pages_name_each_source_never_by_code_or_archive_file(
    client: TestClient,
) -> None:
    texts = [client.get(f"/api/rules?lang={lang}").text for lang in ("en", "fr")]
    texts += [client.get(f"/rules/{name}").text for name in preset_names()]
    for text in texts:
        assert not re.search(r"\bS\d{3}\b", text) and not re.search(r"\d{3}_[0-9a-f]{16}\.txt", text)
        assert not re.search(r"<p class=note>K\d", text)
    willughby = client.get("/rules/willughby").text
    assert "Du Coeur (1996) reports" in willughby and "Strawberry (2016)" in willughby
    assert "http://jducoeur.org/game-hist/game-recon-noddy.html" in willughby


def test_a_table_gives_me_a_seat_and_my_friends_invite_links(client: TestClient) -> None:
    made = new_table(
        client,
        "four-card",
        [
            {"kind": "friend", "name": "Ann"},
            {"kind": "me", "name": "Bob"},
            {"kind": "computer", "level": client.get("/api/rules").json()["levels"][0]},
            {"kind": "friend"},
        ],
        partners=True,
    )
    assert made["seat"] == 1 and made["secret"] and made["maker"]
    assert [(i["seat"], i["name"]) for i in made["invites"]] == [(0, "Ann"), (3, "Friend 2")]
    assert all(i["link"].startswith(f"/t/{made['id']}#") for i in made["invites"])
    listing = client.get("/api/tables").json()
    assert [t["id"] for t in listing["open"]] == [made["id"]]
    summary = client.get(f"/api/tables/{made['id']}").json()
    assert summary["partners"] is True and summary["status"] == "open"
    assert "token" not in str(summary) and made["secret"] not in str(listing)
    assert "secret" not in str(summary) and made["maker"] not in str(listing)


def test_bad_tables_are_refused_with_the_reason(client: TestClient) -> None:
    me, cpu = {"kind": "me"}, {"kind": "computer", "level": "random"}
    god = {"kind": "computer", "level": "god"}
    cases = [
        ({"rules": "poker", "players": 2, "seats": [me, cpu]}, 400, "unknown rule set 'poker'"),
        ({"rules": "/etc/passwd", "players": 2, "seats": [me, cpu]}, 400, "unknown rule set"),
        ({"rules": "cribbage", "players": 5, "seats": [me, cpu]}, 422, "less than or equal to 4"),
        ({"rules": "cribbage", "players": 3, "seats": [me, cpu]}, 400, "3 players need 3 seats"),
        ({"rules": "cribbage", "players": 2, "seats": [me, me]}, 400, "only one seat can be yours"),
        ({"rules": "french", "players": 3, "seats": [me, cpu, cpu]}, 400, "3 players"),
        ({"rules": "cribbage", "players": 2, "seats": [me, cpu], "partners": True}, 400, "partnerships"),
        ({"rules": "cribbage", "players": 2, "seats": [me, god]}, 400, "unknown computer level 'god'"),
        ({"rules": "cribbage", "players": 2, "seats": [me, cpu], "counting": "lies"}, 422, "counting"),
        ({"rules": "cribbage", "players": 2, "seats": [me, cpu], "extra": 1}, 422, "extra"),
        ({"rules": "cribbage", "players": 2, "seats": [{"kind": "me", "name": "x" * 30}, cpu]}, 422, "name"),
    ]
    for body, status, reason in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        assert reason in response.text, (body, response.text)
    huge = {"rules": "cribbage", "players": 2, "seats": [me, cpu], "pad": "x" * 20_000}
    response = client.post("/api/tables", json=huge)
    assert response.status_code == 413 and "too large" in response.text
    assert client.get("/api/tables").json() == {"open": [], "playing": [], "finished": []}


def test_an_error_never_echoes_a_long_input_whole(client: TestClient) -> None:
    """A 404 for a table id of 60,000 characters says what was asked for in a line, not 60 kB."""
    long = "x" * 60_000
    answers = [
        client.get(f"/api/tables/{long}"),
        client.get(f"/api/tables/{long}/record"),
        client.get(f"/api/tables/{long}/glossary"),
        client.post(f"/api/tables/{long}/invites", json={"maker": "k", "seat": 1}),
        client.get(f"/rules/{long}"),
    ]
    for answer in answers:
        assert answer.status_code == 404, answer.status_code
        detail = answer.json()["detail"]
        assert len(answer.content) < 400 and f"'{'x' * 40}…' (60000 characters)" in detail, detail
    with client.websocket_connect(f"/ws/{long}") as ws:
        ws.send_text('{"type": "hello"}')
        error = ws.receive_text()
        assert len(error) < 400 and "60000 characters" in error


def test_a_table_without_players_has_one_a_seat(client: TestClient) -> None:
    me, cpu = {"kind": "me"}, {"kind": "computer", "level": "random"}
    response = client.post("/api/tables", json={"rules": "cribbage", "seats": [me, cpu, cpu]})
    assert response.status_code == 201, response.text
    assert client.get(f"/api/tables/{response.json()['id']}").json()["players"] == 3
    response = client.post("/api/tables", json={"rules": "cribbage", "seats": [me, cpu, cpu, cpu]})
    assert response.status_code == 201, response.text
    summary = client.get(f"/api/tables/{response.json()['id']}").json()
    assert summary["players"] == 4 and summary["partners"] is True


def test_a_game_is_replayed_and_its_record_given_only_when_it_is_over(client: TestClient) -> None:
    made = new_table(client, "willughby")
    me = mine(client, made)
    table = live(client, made["id"])
    me.state_at(1)
    assert client.get(f"/api/tables/{made['id']}/replay").status_code == 403
    assert client.get(f"/api/tables/{made['id']}/record").status_code == 403
    play_to_end(client, made["id"], {0: me}, random.Random(3))
    record = GameRecord.from_json(client.get(f"/api/tables/{made['id']}/record").json())
    assert record.verify().scores == table.state.scores
    replay = client.get(f"/api/tables/{made['id']}/replay").json()
    assert len(replay["frames"]) == len(table.state.history) + 1
    assert replay["frames"][-1]["view"]["scores"] == list(table.state.scores)
    for frame, (state, _) in zip(replay["frames"], table.state.replay(), strict=True):
        assert frame["view"]["hands"] == [[str(c) for c in hand] for hand in state.hands]
        assert frame["view"]["cribs"] == [[str(c) for c in crib] for crib in state.cribs]
        assert frame["view"]["side_seats"] == [[0], [1]] and frame["view"]["board_holes"] == 31
    listing = client.get("/api/tables").json()
    assert [t["id"] for t in listing["finished"]] == [made["id"]]
    assert listing["finished"][0]["side_seats"] == [[0], [1]]
    assert client.get("/api/tables/nothing/replay").status_code == 404


def test_noddy_serve_prints_the_address(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    started: list[dict[str, object]] = []
    monkeypatch.setattr(
        serve_cmd, "_server", lambda app, options: SimpleNamespace(run=lambda: started.append(options))
    )
    db = f"sqlite:///{tmp_path / 'served.db'}"
    result = CliRunner().invoke(cli, ["serve", "--port", "8765", "--db", db, "--bot-delay", "0"])
    assert result.exit_code == 0, result.output
    assert "http://localhost:8765/" in result.output
    assert started == [server_options("127.0.0.1", 8765)]
    assert started[0]["proxy_headers"] is False


def test_noddy_serve_sets_the_collector_as_a_server_runs_it_before_it_serves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(web, "collect_as_a_server", lambda: calls.append("collector"))
    monkeypatch.setattr(uvicorn.Server, "run", lambda _self, sockets=None: calls.append("served"))
    serve_cmd._server(object(), server_options("127.0.0.1", 8765)).run()
    assert calls == ["collector", "served"]


def test_a_servers_collector_freezes_what_is_loaded_and_collects_the_young_less_often() -> None:
    before = gc.get_threshold()
    try:
        collect_as_a_server()
        assert gc.get_threshold() == (YOUNG, *before[1:])
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_noddy_serve_keeps_its_data_in_the_folder_given(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(serve_cmd, "_server", lambda app, options: SimpleNamespace(run=lambda: None))
    monkeypatch.setenv("NODDY_DATABASE_URL", f"sqlite:///{tmp_path / 'elsewhere.db'}")
    folder = tmp_path / "data" / "noddy"
    result = CliRunner().invoke(cli, ["serve", "--data-dir", str(folder), "--bot-delay", "0"])
    assert result.exit_code == 0, result.output
    assert (folder / "noddy.db").exists() and not (tmp_path / "elsewhere.db").exists()
    assert f"sqlite:///{folder / 'noddy.db'}" in result.output.replace("\n", "")
    both = CliRunner().invoke(cli, ["serve", "--data-dir", str(folder), "--db", "sqlite://"])
    assert both.exit_code != 0 and "give --db or --data-dir, not both" in both.output
    (tmp_path / "file").write_text("")
    bad = CliRunner().invoke(cli, ["serve", "--data-dir", str(tmp_path / "file" / "sub")])
    assert bad.exit_code != 0 and "give a folder you can write to" in bad.output


def test_one_address_has_at_most_a_few_tables_of_computers_only_in_play(tmp_path: Path) -> None:
    """Tables where nobody plays (anyone can make them) are capped per address, with the reason in the
    lobby's language; a table with a person's seat is not counted, and a finished one frees its place."""
    computers = [{"kind": "computer", "level": "easy"}] * 2
    limits = Limits(computer_tables=2)
    app = create_app(f"sqlite:///{tmp_path / 'cap.db'}", bot_delay=60, limits=limits)
    with TestClient(app) as client:
        made = [client.post("/api/tables", json={"rules": "cribbage", "seats": computers}) for _ in range(2)]
        assert [m.status_code for m in made] == [201, 201]
        refused = client.post("/api/tables", json={"rules": "cribbage", "seats": computers})
        assert refused.status_code == 429
        assert "2 tables of computer players only in play" in refused.json()["detail"]
        french = client.post("/api/tables?lang=fr", json={"rules": "cribbage", "seats": computers})
        assert french.status_code == 429 and "2 tables d’ordinateurs seuls" in french.json()["detail"]
        mine = client.post("/api/tables", json={"rules": "cribbage", "seats": [{"kind": "me"}, computers[0]]})
        assert mine.status_code == 201, "a person's table is not capped"
        manager = app.state.manager
        manager.held.live.pop(made[0].json()["id"])
        again = client.post("/api/tables", json={"rules": "cribbage", "seats": computers})
        assert again.status_code == 201, again.text


def test_one_address_creating_too_many_tables_is_told_to_wait(tmp_path: Path) -> None:
    limits = Limits(tables_rate=1 / 60, tables_burst=2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'many.db'}", bot_delay=0, limits=limits)) as client:
        new_table(client)
        new_table(client)
        body = {"rules": "cribbage", "players": 2, "seats": [{"kind": "me"}, {"kind": "computer"}]}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 429
        assert response.json()["detail"] == "too many new tables: at most 1 a minute, try again soon"
        assert len(client.get("/api/tables").json()["playing"]) == 2


def test_idle_tables_leave_memory_and_come_back_from_the_store(database: str) -> None:
    with TestClient(create_app(database, bot_delay=0, max_tables=2)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        made = []
        for _ in range(3):
            made.append(new_table(client))
            table = manager.held.live[made[-1]["id"]]
            wait_for(lambda table=table: table.idle, 30)  # the computer's first move, before the next table
        assert made[0]["id"] not in manager.held.live and len(manager.held.live) == 2
        first = client.get(f"/api/tables/{made[0]['id']}").json()
        assert first["id"] == made[0]["id"] and first["status"] == "playing"
        assert made[0]["id"] in manager.held.live and len(manager.held.live) == 2


def test_the_lobby_offers_the_counting_readings_of_the_rules_field(client: TestClient) -> None:
    """The web holds no copy of `hand.wrong_count`: its readings and words come from the field."""
    from noddy.rules import field_spec

    choices = field_spec("hand.wrong_count").choices
    offered = client.get("/api/rules").json()["counting"]
    assert offered == [{"value": value, "words": words} for value, words in choices.items()]


def test_every_phrase_a_page_asks_for_by_name_is_in_the_words_of_each_language(client: TestClient) -> None:
    """A phrase key written in the pages' JS (``t("handover.title")``) that the words lack would show
    as nothing; each language's table has it."""
    static = Path(str(files("noddy.web") / "static"))
    keys = {key for path in static.glob("*.js") for key in re.findall(r'\bt\("([\w.]+)"', path.read_text())}
    assert {"handover.title", "handover.text", "handover.ready", "lobby.here"} <= keys
    for lang in ("en", "fr"):
        phrases = client.get(f"/api/words/{lang}").json()["phrases"]
        assert not keys - set(phrases), lang
