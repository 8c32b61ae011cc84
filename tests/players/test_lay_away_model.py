"""Strong's lay-away by the rest of the deal (`noddy.players.discard.deal_values`, rollout.c).

The rollouts deal the unseen cards to the other seats and play the deal out with greedy players;
these tests check that the seat keeps its own cards in them (the kept hand's mean count in the
rollouts is the exact one, within sampling error), that a seed gives the same values, that a deal
which wins or loses the game outweighs any points (pone counts first), and the player's options.
"""

from __future__ import annotations

import random

import pytest

from helpers import dealt, lay_aways, to_act_view
from noddy.errors import NoddyError
from noddy.game import Action
from noddy.kernel import lay_away_outcomes, lay_away_rollouts
from noddy.players import StrongPlayer
from noddy.players.discard import deal_values, discard_values, hand_means
from noddy.players.means import turnups
from noddy.players.search import WIN
from noddy.rules import load_rules

pytestmark = pytest.mark.requires_kernel


@pytest.mark.parametrize(("name", "players", "partners"), [("cribbage", 2, None), ("cribbage", 4, True)])
def test_the_rollouts_deal_the_seat_its_own_hand(name: str, players: int, partners: bool | None) -> None:
    for state in lay_aways(load_rules(name), players, partners, seed=3, count=3):
        view, legal = to_act_view(state)
        kept = [tuple(c for c in view.hand if c not in a.cards) for a in legal]
        exact = hand_means(view, kept, turnups(view))
        rollouts = lay_away_rollouts(view, legal, 2000, 11, WIN)
        for (_, counted, _), mean in zip(rollouts, exact, strict=True):
            assert abs(counted - mean) < 0.5, (counted, mean)


def test_the_deal_values_repeat_for_a_seed_and_weigh_the_best_discards() -> None:
    state = lay_aways(load_rules("cribbage"), 2, None, seed=4, count=1)[0]
    view, legal = to_act_view(state)
    once = deal_values(view, legal, random.Random(5), candidates=3, samples=50)
    again = deal_values(view, legal, random.Random(5), candidates=3, samples=50)
    assert once == again and len(once) == 3
    exact = discard_values(view, legal, random.Random(0))
    assert min(exact[a] for a in once) >= max(exact[a] for a in legal if a not in once)


def test_near_the_target_winning_outweighs_points() -> None:
    """Pone (seat 0) at 119 of 121 keeping a pair counts 2 before the dealer counts at all: every
    deal wins; a dealer at 120 against a pone at 40 wins whatever pone keeps."""
    hands = {0: "7h 7s 2c Kd Qs 9c", 1: "3d 4d 6h 10h Jc Ah"}
    view = dealt("cribbage", hands, "8d", scores=[119, 40], dealer=1).view(0)
    values = deal_values(view, list(view.legal), random.Random(1), candidates=15, samples=100)
    keep_pair = [a for a in values if not any(c.rank == 7 for c in a.cards)]
    assert keep_pair and all(values[a] > WIN - 30 for a in keep_pair)
    view = dealt("cribbage", hands, "8d", scores=[40, 120], dealer=1).view(0)
    values = deal_values(view, list(view.legal), random.Random(1), candidates=15, samples=100)
    assert all(v < -WIN + 30 for v in values.values())


def test_strong_lays_away_by_the_deal_when_asked() -> None:
    state = lay_aways(load_rules("cribbage"), 2, None, seed=6, count=1)[0]
    view, legal = to_act_view(state)
    player = StrongPlayer(lay_away="deal", lay_candidates=2, lay_samples=40)
    values = player.discard_values(view, view.legal, random.Random(2))
    assert player.choose(view, view.legal, random.Random(2)) == max(values, key=lambda a: values[a])
    assert set(values) <= set(legal)
    with pytest.raises(NoddyError, match="unknown lay-away 'psychic'"):
        StrongPlayer(lay_away="psychic")


@pytest.mark.parametrize("lay_away", ["exact", "deal", "crib"])
def test_the_pone_keeps_a_pair_of_fives_the_dealer_lays_them_away(lay_away: str) -> None:
    """Laying 5 5 away leaves the best hand (a mean 8.1 against 6.9 for keeping them and laying
    A 6), but the pone does not give the dealer's crib a pair of 5s; the dealer gives them to his own."""
    hands = {0: "5c 5s Ac 6h 8d 8c", 1: "2c 3c 9d 10h Qh Kd"}
    player = StrongPlayer(lay_away=lay_away, lay_samples=100)
    pone = dealt("cribbage", hands, "Ah", dealer=1)
    assert str(player.choose(pone.view(0), pone.view(0).legal, random.Random(0))) == "discard Ac 6h"
    dealer = dealt("cribbage", hands, "Ah", dealer=0)
    dealer = dealer.apply(Action.parse("discard 2c 3c", 1))
    assert str(player.choose(dealer.view(0), dealer.view(0).legal, random.Random(0))) == "discard 5c 5s"


@pytest.mark.parametrize(
    ("name", "players", "partners"),
    [
        ("cribbage", 2, None),
        ("cribbage", 3, None),
        ("cribbage", 4, True),
        ("five-card-cribbage", 2, None),
        ("crib-noddy-new", 3, None),
    ],
)
def test_each_discard_plays_the_same_deals_alone_as_weighed_with_the_others(
    name: str, players: int, partners: bool | None
) -> None:
    """The others' greedy lay-aways in a sample are worked out once for every discard weighed
    (rollout.c keeps them): each discard's outcomes are the same, sample for sample, as when it is
    weighed alone, where nothing is kept."""
    for state in lay_aways(load_rules(name), players, partners, seed=5, count=2):
        view, legal = to_act_view(state)
        together = lay_away_outcomes(view, legal, 60, 21)
        for i, action in enumerate(legal):
            alone = lay_away_outcomes(view, [action], 60, 21)
            assert (alone[0] == together[i]).all(), (name, players, action)
