"""The discard advisor: its numbers equal a brute-force enumeration with the itemised scorer, every
turn-up and every crib completion counted once; errors say what is wrong and what would be right."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from helpers import sweep
from noddy.advise import advise, advise_view, greedy_discards
from noddy.cards import DECK, Card, parse_cards
from noddy.errors import CardError, NoddyError, RulesError
from noddy.game import GameState, Phase, new_game
from noddy.players import GreedyPlayer
from noddy.rules import Rules, load_rules
from noddy.scoring import score_hand, total
from noddy.words import say_error


def brute(
    rules: Rules, keep: tuple[Card, ...], crib: tuple[Card, ...], pool: tuple[Card, ...], unknown: int
) -> tuple[Fraction, Fraction]:
    """The mean hand and crib counts by scoring every case with `score_hand` one at a time."""
    hand = Fraction(sum(total(score_hand(keep, up, rules)) for up in pool), len(pool))
    if rules.crib.kind == "none":
        return hand, Fraction(0)
    points = cases = 0
    for up in pool:
        others = [c for c in pool if c != up]
        for rest in combinations(others, unknown):
            points += total(score_hand((*crib, *rest), up, rules, crib=True))
            cases += 1
    return hand, Fraction(points, cases)


def check(rules: Rules, hand: str, players: int, dealer: bool, pool_size: int | None, seed: int = 1) -> None:
    held = parse_cards(hand)
    others = [c for c in DECK if c not in held]
    pool = tuple(random.Random(seed).sample(others, pool_size)) if pool_size else tuple(others)
    advice = advise(rules, held, dealer=dealer, players=players, unseen=pool)
    shape = rules.deal.shape(players)
    unknown = rules.crib_size(players) - shape.discard
    sign = 1 if rules.crib.kind == "own" or dealer else -1
    assert len(advice.options) == len(list(combinations(held, shape.discard)))
    totals = [o.total for o in advice.options]
    assert totals == sorted(totals, reverse=True)
    for option in advice.options:
        assert sorted(option.keep + option.discard) == sorted(held)
        hand_mean, crib_mean = brute(rules, option.keep, option.discard, pool, unknown)
        assert option.hand == hand_mean
        assert option.crib == crib_mean
        assert option.total == hand_mean + sign * crib_mean


@pytest.mark.parametrize(
    ("preset", "hand", "players", "dealer"),
    sweep(
        [
            ("cribbage", "5h 5d 5c Js Qh 2c", 2, True),
            ("cribbage", "Ah 2h 3h 4h Kd 9s", 2, False),
            ("cribbage", "5h 5d Jc Qs 4d", 3, True),
            ("cribbage", "7h 8h 9d Js 2c", 4, False),
            ("five-card-cribbage", "Jh 5d 5s 6c Kh", 2, False),
            ("early-cribbage", "Jd 4d 5d 6h 9c", 2, True),
            ("early-cribbage", "3s 4s 5s 6s", 4, False),
            ("crib-noddy-new", "Jh 4d 5d 6h 9c Qc", 2, False),
            ("crib-noddy-new", "Ah Ac 7d 8d 9d 2s", 3, True),
        ],
        2,
    ),
)
def test_every_option_equals_brute_force_over_a_smaller_pool(
    preset: str, hand: str, players: int, dealer: bool
) -> None:
    check(load_rules(preset), hand, players, dealer, pool_size=16)


@pytest.mark.slow
def test_cribbage_two_players_equals_brute_force_over_the_whole_pack() -> None:
    """Every turn-up of the 46 unseen cards and every pair of crib cards, for the hand
    5h 5d 5c Js Qh 2c: the two best lay-aways checked case by case."""
    rules = load_rules("cribbage")
    held = parse_cards("5h 5d 5c Js Qh 2c")
    pool = tuple(c for c in DECK if c not in held)
    advice = advise(rules, held, dealer=True)
    for option in advice.options[:2]:
        assert (option.hand, option.crib) == brute(rules, option.keep, option.discard, pool, 2)
    assert [str(c) for c in advice.options[0].discard] == ["Js", "2c"]


@pytest.mark.slow
def test_five_card_cribbage_pone_whole_pack() -> None:
    check(load_rules("five-card-cribbage"), "5h 5d 5c Js Qh", 2, False, pool_size=None)


def test_spread_sums_to_one_and_its_mean_is_the_total() -> None:
    advice = advise(load_rules("cribbage"), parse_cards("5h 5d 5c Js Qh 2c"), dealer=False, spread=True)
    for option in advice.options:
        assert sum(p for _, p in option.spread) == 1
        assert sum(points * p for points, p in option.spread) == option.total


def test_json_shape() -> None:
    advice = advise(load_rules("cribbage"), parse_cards("5h 5d 5c Js Qh 2c"), dealer=True)
    data = advice.to_json()
    assert list(data) == ["rules", "hand", "dealer", "model", "options"]
    assert data["rules"] == "cribbage" and data["dealer"] is True and data["model"] == "uniform"
    assert data["hand"] == ["5h", "5d", "5c", "Js", "Qh", "2c"]
    assert len(data["options"]) == 15
    assert set(data["options"][0]) == {"keep", "discard", "hand", "crib", "total"}
    first = data["options"][0]
    assert first["total"] == pytest.approx(first["hand"] + first["crib"])


def test_an_opponents_crib_is_taken_off() -> None:
    advice = advise(load_rules("cribbage"), parse_cards("5h 5d 5c Js Qh 2c"), dealer=False)
    for option in advice.options:
        assert option.total == option.hand - option.crib
    # the pone does not give the dealer a 5 and a Jack
    assert not {str(c) for c in advice.options[0].discard} & {"5h", "5d", "5c"}


@pytest.mark.parametrize(
    ("preset", "hand", "players", "message"),
    [
        ("willughby", "Jh 4d 5d", 2, "willughby has no laying away with 2 players"),
        ("crib-noddy-old", "Jh 4d 5d 6c", 2, "rule sets that lay away: "),
        ("cribbage", "5h 5d 5c Js Qh", 2, "deals 6 cards to lay 2 away from; 5 cards given"),
        ("cribbage", "5h 5d 5c Js Qh 2c", 3, "deals 5 cards to lay 1 away from; 6 cards given"),
    ],
)
def test_errors_say_what_would_be_right(preset: str, hand: str, players: int, message: str) -> None:
    with pytest.raises((RulesError, CardError), match=message):
        advise(load_rules(preset), parse_cards(hand), dealer=True, players=players)


def test_a_card_twice_and_an_unknown_model_are_refused() -> None:
    rules = load_rules("cribbage")
    with pytest.raises(CardError) as twice:
        advise(rules, (*parse_cards("5h 5d 5c Js Qh"), Card.parse("5h")), dealer=True)
    assert "5♥ appears twice" in say_error(twice.value)
    with pytest.raises(NoddyError, match="unknown model 'psychic': use one of uniform"):
        advise(rules, parse_cards("5h 5d 5c Js Qh 2c"), dealer=True, model="psychic")
    with pytest.raises(RulesError, match="5 players is not allowed"):
        advise(rules, parse_cards("5h 5d 5c Js Qh"), dealer=True, players=5)


def test_advice_from_a_view_uses_only_that_seats_cards() -> None:
    """At a real deal, the view's advice equals the advice on the seat's own hand with every card
    it cannot see unseen."""
    state = new_game(load_rules("cribbage"), 2)
    rng = random.Random(3)
    while state.phase is not Phase.DISCARD or state.chance() is not None:
        chance = state.chance()
        assert chance is not None
        state = state.apply(chance.sample(rng))
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    advice = advise_view(view)
    expected = advise(view.rules, view.hand, dealer=seat == state.dealer, players=2)
    assert advice == expected
    with pytest.raises(NoddyError, match="nothing to lay away now"):
        advise_view(state.view(1 - seat))


def discard_positions(seed: int, preset: str = "cribbage") -> GameState:
    """A deal of ``preset`` at the lay-away, from ``seed``."""
    state = new_game(load_rules(preset), 2)
    rng = random.Random(seed)
    while state.chance() is not None:
        state = state.apply(state.chance().sample(rng))  # type: ignore[union-attr]
    return state


@pytest.mark.parametrize("preset", ["cribbage", "five-card-cribbage", "early-cribbage"])
def test_greedy_discards_are_the_greedy_players_own(preset: str) -> None:
    """The advisor's many-hands-at-once greedy lays away what `GreedyPlayer` lays away."""
    for seed in range(12):
        state = discard_positions(seed, preset)
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        chosen = GreedyPlayer().choose(view, view.legal, random.Random(0))
        hands = np.array([[c.index for c in view.hand]], dtype=np.uint8)
        laid = greedy_discards(view.rules, hands, len(chosen.cards), seat == state.dealer, None)
        assert sorted(Card.from_index(int(i)) for i in laid[0]) == sorted(chosen.cards)


def test_the_greedy_model() -> None:
    rules = load_rules("cribbage")
    held = parse_cards("5h 5d 5c Js Qh 2c")
    first = advise(rules, held, dealer=False, model="greedy")
    assert first == advise(rules, held, dealer=False, model="greedy")
    uniform = advise(rules, held, dealer=False)
    assert first.model == "greedy" and first.to_json()["model"] == "greedy"
    for option in first.options:
        same = next(o for o in uniform.options if o.discard == option.discard)
        assert option.hand == same.hand
        assert option.total == option.hand - option.crib
    # a greedy dealer lays good cards in its own crib: the crib is worth more than any cards
    best = first.options[0]
    assert best.crib > next(o for o in uniform.options if o.discard == best.discard).crib
    with pytest.raises(NoddyError, match="the greedy model is for two players, not 3"):
        advise(rules, parse_cards("5h 5d 5c Js Qh"), dealer=False, players=3, model="greedy")
    own = load_rules("crib-noddy-new")
    hand = parse_cards("Jh 4d 5d 6h 9c Qc")
    assert advise(own, hand, dealer=False, model="greedy").options == advise(own, hand, dealer=False).options
