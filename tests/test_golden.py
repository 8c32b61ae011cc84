"""Golden records: one game per preset (fixed seed, greedy players) kept in tests/golden/ and replayed.

A change in the rules' behaviour shows as a diff of these files. After an intended change, rewrite
them with ``NODDY_REGENERATE_GOLDEN=1 make test`` and read the diff.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from noddy.game import new_game
from noddy.players import GreedyPlayer
from noddy.players.driver import run_game
from noddy.record import GameRecord, Seat
from noddy.rules import load_rules, preset_names

GOLDEN = Path(__file__).parent / "golden"
SEED = 1589


def _play(name: str) -> str:
    rules = load_rules(name)
    n = rules.player_counts[0]
    state = run_game(new_game(rules, n), [GreedyPlayer()] * n, random.Random(SEED))
    seats = [Seat(f"greedy {i + 1}", "greedy") for i in range(n)]
    return GameRecord.start(state, seats, preset=name, seed=SEED).dumps(state) + "\n"


@pytest.mark.parametrize("name", preset_names())
def test_golden_record(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    fresh = _play(name)
    if os.environ.get("NODDY_REGENERATE_GOLDEN"):
        path.write_text(fresh, encoding="utf-8")
    assert path.exists(), f"no golden record for {name}: run NODDY_REGENERATE_GOLDEN=1 make test"
    stored = path.read_text(encoding="utf-8")
    record = GameRecord.loads(stored)
    final = record.verify()
    assert final.is_over
    assert json.loads(stored)["result"]["scores"] == list(final.scores)
    assert fresh == stored, f"{name}: the game with seed {SEED} now plays differently (see the diff)"
