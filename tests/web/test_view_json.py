"""The web's JSON of a game stays what it was: the view (`PlayerView.to_json`, less its refusals,
which are said in words), each side's pegs and each deal's points (the state message's ``view``,
``pegs`` and ``deals``), for every seat and a spectator at every position of the recorded games in
tests/golden (two players, every preset) and tests/golden/tables (three and four, with and without
partners), pinned by a hash a game in tests/golden/web-json/. The engine may say its kinds,
phases, pegs and deal starts as it likes inside; what the browser reads must not move. After an
intended change of the JSON, rewrite the hashes with ``NODDY_REGENERATE_GOLDEN=1``."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest

from noddy.record import GameRecord
from noddy.web.messages import deal_summaries, pegs
from paths import GOLDEN

RECORDS = [*sorted(GOLDEN.glob("*.json")), *sorted((GOLDEN / "tables").glob("*.json"))]
PINNED = GOLDEN / "web-json"


def _digest(record: GameRecord) -> str:
    """A hash of the JSON the web builds for every seat and a spectator at every position."""
    digest = hashlib.sha256()
    for state in record.states():
        for seat in (None, *range(state.players)):
            view = state.view(seat)
            data = view.to_json()
            del data["refusals"]
            digest.update(json.dumps([data, pegs(view), deal_summaries(view)], sort_keys=True).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_web_json_of_a_recorded_game_is_unchanged(path: Path) -> None:
    fresh = _digest(GameRecord.loads(path.read_text(encoding="utf-8")))
    pinned = PINNED / f"{path.stem}.sha256"
    if os.environ.get("NODDY_REGENERATE_GOLDEN"):
        PINNED.mkdir(exist_ok=True)
        pinned.write_text(fresh + "\n", encoding="utf-8")
    assert pinned.exists(), f"no hash for {path.stem}: run NODDY_REGENERATE_GOLDEN=1 on this test"
    assert fresh == pinned.read_text(encoding="utf-8").strip(), f"{path.stem}: the web JSON changed"


@pytest.mark.parametrize(("name", "capped"), [("cribbage", True), ("french", False)])
def test_the_board_the_page_draws_is_the_servers(name: str, capped: bool) -> None:
    """The view says each side's score as the board shows it (``pegged``) and the pegs stand where
    the board shows them: a peg that went out past the game hole stops there (cribbage's recorded
    game ends 121 for a winner that pegged past it), the scores keep the engine's totals, and a game
    of one deal keeps its points. The page draws these numbers and caps nothing itself."""
    final = list(GameRecord.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8")).states())[-1]
    for seat in (None, *range(final.players)):
        view = final.view(seat)
        data = view.to_json()
        game = view.rules.game
        assert data["scores"] == list(final.scores)
        assert data["pegged"] == [game.pegged(score) for score in final.scores]
        assert (data["pegged"] != data["scores"]) == capped
        assert [front for front, _ in pegs(view)] == data["pegged"]
        assert all(back <= front for front, back in pegs(view))
    if capped:
        assert max(data["pegged"]) == game.target < max(final.scores)
    static = Path(__file__).parents[2] / "src" / "noddy" / "web" / "static"
    for script in static.glob("*.js"):
        source = script.read_text(encoding="utf-8")
        assert "shownScore" not in source and not re.search(r"Math\.min\([^;]*target", source), script.name
