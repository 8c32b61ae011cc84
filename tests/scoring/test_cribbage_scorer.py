"""Differential test: noddy's ``cribbage`` preset against the PyPI package ``cribbage-scorer``.

``cribbage_scorer.show_calc_score(starter, hand, crib)`` takes cards as ``(rank, suit)`` tuples,
rank 1-13 (ace 1, Jack 11, Queen 12, King 13) and suit "C", "D", "H" or "S", and returns
``(points, description)``. It counts fifteens, pairs, runs, the flush (4 in hand, 5 with the starter;
in the crib only the 5-card flush) and one for his nobs, but not the Jack turned up (two for his
heels), which noddy pegs apart from any hand (`turned_jack_item`): the two totals mean the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from cribbage_scorer.cribbage_scorer import show_calc_score

from noddy.cards import DECK, Card, format_cards, parse_card, parse_cards
from noddy.rules import Rules, load_rules
from noddy.scoring import ScoreItem, score_hand, total

SEED = 20240521
DEALS = 20_000


def as_tuple(card: Card) -> tuple[int, str]:
    """A noddy card in cribbage-scorer's notation: ``Card('10h')`` is ``(10, "H")``."""
    return int(card.rank), card.suit.value.upper()


def their_total(held: Sequence[Card], starter: Card, crib: bool) -> int:
    points, _ = show_calc_score(as_tuple(starter), [as_tuple(c) for c in held], crib=crib)
    return int(points)


def describe(items: Sequence[ScoreItem]) -> str:
    return "; ".join(f"{i.kind} [{format_cards(i.cards)}] {i.points}" for i in items) or "nothing"


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules("cribbage")


def random_deals(seed: int, n: int) -> list[tuple[tuple[Card, ...], Card]]:
    """``n`` deals of 4 held cards and a starter, drawn without replacement from a full pack."""
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        *held, starter = rng.sample(DECK, 5)
        deals.append((tuple(held), starter))
    return deals


def test_notation_agrees() -> None:
    """The conversion reads the package's conventions: ace low as 1, court cards 11-13."""
    assert as_tuple(parse_card("As")) == (1, "S")
    assert as_tuple(parse_card("10d")) == (10, "D")
    assert as_tuple(parse_card("Kc")) == (13, "C")
    assert their_total(parse_cards("5h 5d 5c Js"), parse_card("5s"), crib=False) == 29


@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_random_deals_score_the_same(rules: Rules, crib: bool) -> None:
    assert rules.held_size() == 4 and rules.crib_size() == 4
    mismatches = []
    for held, starter in random_deals(SEED + crib, DEALS):
        items = score_hand(held, starter, rules, crib=crib)
        ours, theirs = total(items), their_total(held, starter, crib)
        if ours != theirs:
            mismatches.append(
                f"{'crib' if crib else 'hand'} {format_cards(held)} starter {starter}:"
                f" noddy {ours}, cribbage-scorer {theirs}; noddy's items: {describe(items)}"
            )
    assert not mismatches, f"{len(mismatches)} of {DEALS} deals disagree:\n" + "\n".join(mismatches[:20])


# Deals chosen for the rules where readings differ: flushes in hand and crib, nobs, the turned
# Jack (not part of either count), multiple runs, ace low, and the 19 no hand can make.
EDGE_CASES = [
    ("5h 5d 5c Js", "5s", False, 29),
    ("5h 5d 5c Js", "5s", True, 29),
    ("2h 4h 6h 8h", "10s", False, 4),  # four-card flush in hand
    ("2h 4h 6h 8h", "10s", True, 0),  # no four-card flush in the crib
    ("2h 4h 6h 8h", "10h", False, 5),
    ("2h 4h 6h 8h", "10h", True, 5),
    ("2h 4h 6h 8s", "10h", False, 0),  # the starter never completes a held three
    ("Jc 2h 6d 8s", "Kc", False, 1),  # his nobs
    ("Jc 2h 6d 8s", "Kc", True, 1),
    ("2h 4d 6s 8c", "Jc", False, 0),  # a Jack turned up is his heels, pegged apart
    ("3h 3d 4s 4c", "5h", False, 20),  # double double run: 4 runs of 3, two pairs, 2 fifteens
    ("3h 3d 3s 4c", "5h", False, 21),  # triple run: 3 runs of 3, a pair royal, 3 fifteens
    ("Qh Kd As 2c", "3h", False, 7),  # ace low: A-2-3 and Q-K, no run through the King
    ("10h Jd Qs Kc", "9h", False, 5),
    ("10h Jd Qs Kc", "Ah", False, 4),
]


@pytest.mark.parametrize(("held", "starter", "crib", "expected"), EDGE_CASES)
def test_edge_cases(rules: Rules, held: str, starter: str, crib: bool, expected: int) -> None:
    cards, up = parse_cards(held), parse_card(starter)
    items = score_hand(cards, up, rules, crib=crib)
    assert total(items) == expected, describe(items)
    assert their_total(cards, up, crib) == expected
