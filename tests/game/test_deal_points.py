"""Each side's points deal by deal add up to its score as the win is said: a game is won at the game
hole, and points pegged past it do not count (`noddy.game.deal_points`)."""

from __future__ import annotations

import random
import re

import pytest

from noddy.game import EventKind, GameState, deal_points, new_game
from noddy.players import make_player, next_action
from noddy.rules import load_rules
from noddy.words import event_line


def _played(rules: str, players: int, seed: int) -> GameState:
    state = new_game(load_rules(rules), players)
    seats = [make_player("greedy") for _ in range(players)]
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(next_action(state, seats, rng))
    return state


def _said(state: GameState) -> tuple[int, int, list[int]]:
    """The winning side, its score and the others' (highest first) as the win line says them."""
    view = state.view(None)
    won = next(e for e in reversed(view.events) if e.kind == EventKind.WIN)
    assert won.seat is not None
    names = [f"P{seat}" for seat in range(view.players)]
    line = event_line(won, names, view.rules, view.partners, "en")
    assert line is not None
    found = re.search(r"(\d+) to (\d+(?: and \d+)*)\.$", line.text)
    assert found, line.text
    return won.seat, int(found[1]), [int(n) for n in found[2].split(" and ")]


CASES = [
    ("cribbage", 2, 11),
    ("cribbage", 2, 12),
    ("cribbage", 3, 13),
    ("five-card-cribbage", 2, 14),
    ("noddy-rules", 2, 15),
    ("early-cribbage", 2, 16),
    ("willughby", 2, 17),
]


@pytest.mark.parametrize(("rules", "players", "seed"), CASES)
def test_the_deals_add_up_to_the_score_the_win_line_says(rules: str, players: int, seed: int) -> None:
    state = _played(rules, players, seed)
    side, won, lost = _said(state)
    deals = deal_points(state.view(0))
    sums = [sum(deal.total(s) for deal in deals) for s in range(len(state.scores))]
    assert sums[side] == won
    assert sorted((n for s, n in enumerate(sums) if s != side), reverse=True) == lost
    past = sum(deal.lost(side) for deal in deals)
    assert won + past == state.scores[side]
    assert all(deal.lost(s) == 0 for deal in deals for s in range(len(sums)) if s != side)


def test_a_game_that_went_past_the_hole_is_among_the_cases() -> None:
    """At least one case pegged past the game hole, so the cases above test the cut."""
    overshot = 0
    for rules, players, seed in CASES:
        state = _played(rules, players, seed)
        overshot += max(state.scores) > state.rules.game.target
    assert overshot
