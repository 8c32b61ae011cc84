"""Game-level rules that are pure data today (§4.4 and E22-E25): stakes, compensation, the pack.

The [[game]] vectors of tests/vectors/games.toml (wins in the middle of a deal) need the game engine
and are replayed by its tests.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from noddy.rules import load_rules

GAMES = tomllib.loads((Path(__file__).parent / "vectors" / "games.toml").read_text(encoding="utf-8"))


def _ids(rows: list[dict[str, Any]]) -> list[str]:
    return [row["id"] for row in rows]


@pytest.mark.parametrize("case", GAMES["margin"], ids=_ids(GAMES["margin"]))
def test_lurch_and_skunk_margins(case: dict[str, Any]) -> None:
    rules = load_rules(case["rules"], case["set"])
    assert case["winner_score"] >= rules.game.target
    _, games = rules.game.stake(case["loser_score"])
    assert games == case["games"], case["source"]


@pytest.mark.parametrize("case", GAMES["start"], ids=_ids(GAMES["start"]))
def test_compensation_before_the_first_deal(case: dict[str, Any]) -> None:
    rules = load_rules(case["rules"], case["set"])
    elder, dealer = case["players"]
    assert rules.game.compensation == case["scores"][elder]
    assert case["scores"][dealer] == 0


@pytest.mark.parametrize("case", GAMES["pack"], ids=_ids(GAMES["pack"]))
def test_dealing_on_without_reshuffling(case: dict[str, Any]) -> None:
    rules = load_rules(case["rules"], case["set"])
    assert not rules.deal.reshuffle
    assert rules.cards_per_deal(case["players"]) == case["cards_per_deal"]
    assert rules.deals_per_pack(case["players"]) == (case["deals"], case["left_over"])
