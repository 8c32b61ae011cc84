"""The strong player's budget cut to a share (`StrongPlayer.thinking`, issue 38): it shrinks with
the share, never below its floor, and at the floor the lay-away is still the best by exact expected
value, at least as good as `medium`'s by that measure."""

from __future__ import annotations

import random

import pytest

from noddy.advise import seat_view
from noddy.cards import DECK
from noddy.errors import NoddyError
from noddy.game import ActionKind
from noddy.players import Budgeted, GreedyPlayer, StrongPlayer, make_player
from noddy.players.discard import discard_values
from noddy.players.strong import FLOOR_NODES, MIN_DEALS
from noddy.rules import load_rules

SHARES = [1.0, 0.9, 0.5, 0.3, 0.25, 0.2, 0.125, 0.1, 0.05, 0.01, 1e-6]


def _hard() -> StrongPlayer:
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer) and isinstance(hard, Budgeted)
    return hard


def test_the_budget_shrinks_with_the_share_and_never_below_the_floor() -> None:
    hard = _hard()
    cut = [hard.thinking(share) for share in SHARES]
    assert cut[0] is hard
    nodes = [p.nodes for p in cut]
    deals = [p.win_samples + p.win_more for p in cut]
    assert nodes == sorted(nodes, reverse=True) and deals == sorted(deals, reverse=True)
    assert nodes[2] == hard.nodes // 2 and deals[2] == (hard.win_samples + hard.win_more) // 2
    assert min(nodes) == FLOOR_NODES and nodes[-1] == FLOOR_NODES
    assert all(p.win_samples == 0 or p.win_samples >= MIN_DEALS for p in cut)
    assert cut[-1].win_samples == cut[-1].win_more == 0
    kept = {(p.worlds, p.leaf, p.value, p.opponents, p.engine) for p in cut}
    assert kept == {(hard.worlds, hard.leaf, hard.value, hard.opponents, hard.engine)}


@pytest.mark.parametrize("share", [0.0, -0.5, 1.5, float("nan")])
def test_a_share_outside_0_to_1_is_refused(share: float) -> None:
    with pytest.raises(NoddyError, match="more than 0 and at most 1"):
        _hard().thinking(share)


def test_a_raced_lay_away_keeps_its_first_round_within_the_cut_deals() -> None:
    raced = StrongPlayer(win_race=100)
    assert raced.thinking(0.25).win_race == MIN_DEALS
    assert raced.thinking(0.01).win_race == 0


def test_at_the_floor_the_lay_away_is_the_best_by_exact_value_so_never_below_mediums() -> None:
    """Hard at its floor lays away the best by exact expected value (no deals played out), so by
    that measure never worse than medium's lay-away, on deals at random boards."""
    floor = _hard().thinking(1e-6)
    medium = GreedyPlayer(name="medium")
    rules = load_rules("cribbage")
    rng = random.Random(38)
    better = 0
    for _ in range(12):
        scores = (rng.randrange(0, 121), rng.randrange(0, 121))
        view = seat_view(rules, 2, rng.sample(list(DECK), 6), dealer=rng.random() < 0.5, scores=scores)
        assert view is not None
        legal = [a for a in view.legal if a.kind == ActionKind.DISCARD]
        exact = discard_values(view, legal, random.Random(0))
        mine = floor.choose(view, view.legal, random.Random(1))
        theirs = medium.choose(view, view.legal, random.Random(1))
        assert exact[mine] == max(exact.values())
        assert exact[mine] >= exact[theirs]
        better += exact[mine] > exact[theirs]
    assert better  # the measure tells them apart at some deal: medium's lay-away is not the floor's
