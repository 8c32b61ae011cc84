"""The names the lobby gives unnamed seats are said in the reader's language wherever a finished
game is read: a table made in English has its "Computer 1 (medium)" read "Ordinateur 1 (moyen)" by a
French reader, in the review, the table's summary and the replay (issue 24, the French review)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import live, new_table, wait_for

import noddy.web.advise
from noddy.review import Review


def test_a_finished_tables_computers_are_named_in_the_readers_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = [{"kind": "computer", "level": "medium"}, {"kind": "computer", "level": "hard"}]
    made = new_table(client, "willughby", seats)
    table = made["id"]
    wait_for(lambda: live(client, table).state.is_over, timeout=120)
    english = [s["name"] for s in client.get(f"/api/tables/{table}").json()["seats"]]
    assert english == ["Computer 1 (medium)", "Computer 2 (hard)"]
    french = [s["name"] for s in client.get(f"/api/tables/{table}?lang=fr").json()["seats"]]
    assert french == ["Ordinateur 1 (moyen)", "Ordinateur 2 (difficile)"]

    def named(_record: Any, seat: int, names: list[str]) -> Review:
        """The review's names as the server asks for them (the strong player's review takes minutes)."""
        return Review(seat, names[seat], ())

    monkeypatch.setattr(noddy.web.advise, "review_record", named)
    for lang, name in (("fr", "Ordinateur 2 (difficile)"), ("en", "Computer 2 (hard)")):
        reviewed = client.get(f"/api/tables/{table}/review", params={"seat": 1, "lang": lang})
        assert reviewed.status_code == 200 and reviewed.json()["name"] == name
    replay = client.get(f"/api/tables/{table}/replay", params={"lang": "fr"}).json()
    assert "Ordinateur 1 (moyen)" in str(replay) and "Computer 1" not in str(replay)
