"""Differential test: `score_sets` (each set of cards counted with each card turned up, the ranks-only
part looked up once per set) against `score_deals` on the same deals, for every preset, hand and crib,
with every kind and with kinds picked apart; and `all_sets` lists every set once."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from helpers import sweep
from noddy.enumeration import all_sets
from noddy.rules import load_rules, preset_names
from noddy.scoring import KINDS, Kind, score_deals
from noddy.scoring.tables import score_sets

HOUSE = [
    "special_cards.enabled=true",
    "turnup.jack_also_in_hand=true",
    "hand.flush=held_five",
    "crib.flush=any",
]


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_all_sets_lists_every_set_once_in_order(size: int) -> None:
    sets = all_sets(size, 12)
    assert len(sets) == comb(12, size)
    assert len({tuple(row) for row in sets.tolist()}) == len(sets)
    assert np.all(np.diff(sets.astype(int), axis=1) > 0)
    assert sets.tolist() == sorted(sets.tolist())


@pytest.mark.parametrize("overrides", [[], HOUSE], ids=["preset", "house"])
@pytest.mark.parametrize("preset", sweep(preset_names(), 3))
def test_score_sets_equals_score_deals(preset: str, overrides: list[str]) -> None:
    rules = load_rules(preset, overrides)
    rng = np.random.default_rng(len(preset))
    sizes = {rules.held_size(n) for n in rules.player_counts} | {
        rules.crib_size(n) for n in rules.player_counts
    }
    for k in sorted(sizes - {0}):
        sets = np.sort(np.argsort(rng.random((3_000, 52)), axis=1)[:, : k + 1], axis=1).astype(np.uint8)
        for crib in (False, True):
            for kinds in (frozenset(KINDS), frozenset({Kind.FLUSH, Kind.KNAVE}), frozenset({Kind.RUN})):
                scores = score_sets(rules, sets, crib=crib, kinds=kinds)
                for up in range(k + 1):
                    held = np.ascontiguousarray(np.delete(sets, up, axis=1))
                    expected = score_deals(rules, held, sets[:, up].copy(), crib=crib, kinds=kinds)
                    assert np.array_equal(scores[:, up], expected), (preset, k, crib, up, sorted(kinds))
