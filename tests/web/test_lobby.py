"""What the lobby lists (`noddy.web.lobby`)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from web_helpers import new_table


def test_a_finished_game_is_listed_with_the_scores_the_table_said(client: TestClient) -> None:
    """A peg that went out past the game hole stops there, in the lobby as at the table: "121 – 116",
    not the engine's "122 – 116" (issue 35, item 4); a game of a single deal keeps its points."""
    store = client.app.state.store  # type: ignore[attr-defined]
    cribbage = new_table(client, "cribbage")
    store.finish(cribbage["id"], {"scores": [116, 122], "winner": 1})
    one_deal = new_table(client, "french")
    store.finish(one_deal["id"], {"scores": [30, 35], "winner": 1})
    finished = {t["id"]: t["scores"] for t in client.get("/api/tables").json()["finished"]}
    assert finished[cribbage["id"]] == [116, 121]
    assert finished[one_deal["id"]] == [30, 35]
