"""The exhaustive distribution of cribbage counts equals the published table, hand and crib.

For the Noddy presets there is no published table: the exact enumeration must agree with the
itemised scorer on every deal, which is checked exhaustively for one 3-card preset here and by
sampling for every preset in test_properties.
"""

from __future__ import annotations

import tomllib

import numpy as np
import pytest

import paths
from noddy.cards import DECK
from noddy.enumeration import all_deals, distribution
from noddy.rules import load_rules
from noddy.scoring import score_deals, score_hand, total

ORACLES = tomllib.loads((paths.VECTORS / "oracles.toml").read_text())


@pytest.mark.slow
@pytest.mark.parametrize("part", ["hand", "crib"])
def test_cribbage_distribution_equals_published_table(part: str) -> None:
    oracle = ORACLES["cribbage"][part]
    dist = distribution(load_rules("cribbage"), crib=part == "crib")
    assert dist.deals == oracle["deals"]
    assert dist.points == oracle["sum"]
    assert round(dist.mean, 6) == oracle["mean"]
    assert dist.max == oracle["max"]
    expected = {int(k): v for k, v in oracle["histogram"].items()}
    assert {k: v for k, v in dist.histogram.items() if v} == {k: v for k, v in expected.items() if v}


def test_three_card_deal_count() -> None:
    held, turnups = all_deals(3)
    assert len(held) == len(turnups) == 1_082_900
    assert not np.any(held == turnups[:, None])


def test_fast_path_equals_itemised_scorer_on_every_willughby_hand_with_one_turnup() -> None:
    """Every 3-card hand against one turn-up of each rank, exhaustively, deal by deal."""
    rules = load_rules("willughby")
    held, turnups = all_deals(3)
    pick = np.isin(turnups, [c.index for c in DECK if c.suit.value == "h"])
    held, turnups = held[pick][::7], turnups[pick][::7]
    fast = score_deals(rules, held, turnups)
    for row, up, score in zip(held.tolist(), turnups.tolist(), fast.tolist(), strict=True):
        items = score_hand([DECK[i] for i in row], DECK[up], rules)
        assert total(items) == score, (row, up)
