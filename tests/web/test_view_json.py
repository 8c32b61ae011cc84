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
