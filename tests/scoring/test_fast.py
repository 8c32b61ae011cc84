"""Differential test: the fast `score_hand` (tables built per rule set) against the readable reference
`score_hand_reference`, item for item (kinds, cards, order, points), over random hands of every preset
and of house readings no preset uses (pairs by value, aces high or around, every flush reading,
twenty-fives, thirty-ones, named cards), and on the errors."""

from __future__ import annotations

import random

import pytest

from helpers import sweep
from noddy.cards import DECK, Card, parse_card, parse_cards
from noddy.errors import CardError
from noddy.rules import Rules, load_rules, preset_names
from noddy.scoring import Kind, ScoreItem, score_hand
from noddy.scoring.hand import score_hand_reference

HANDS = 3_000

HOUSE = [
    ["combinations.pairs_by=value", "combinations.ace=high_or_low", "hand.twenty_five=per_card"],
    ["combinations.ace=around", "hand.thirty_one=2", "hand.flush=held_five", "crib.flush=any"],
    ["hand.flush=held_five", "hand.flush_three_of_four=false", "special_cards.enabled=true"],
    ["special_cards.enabled=true", "special_cards.turnup_counts=false", "turnup.jack_also_in_hand=true"],
    ["hand.fifteen=per_card", "hand.twenty_five=3", "hand.thirty_one=per_card", "hand.flush=off"],
]


def assert_same(rules: Rules, seed: int, sizes: list[int]) -> None:
    rng = random.Random(seed)
    for i in range(HANDS):
        k = sizes[i % len(sizes)]
        *held, turnup = rng.sample(DECK, k + 1)
        crib = i % 3 == 0
        fast = score_hand(held, turnup, rules, crib=crib)
        reference = score_hand_reference(held, turnup, rules, crib=crib)
        assert fast == reference, (rules.name, held, turnup, crib)


@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_counts_as_the_reference(preset: str) -> None:
    rules = load_rules(preset)
    counts = rules.player_counts
    sizes = sorted({rules.held_size(n) for n in counts} | {rules.crib_size(n) for n in counts} - {0})
    assert_same(rules, hash(preset) % 1000, sizes)


@pytest.mark.parametrize("overrides", HOUSE, ids=lambda o: o[0])
@pytest.mark.parametrize("preset", sweep(["cribbage", "willughby"]))
def test_house_readings_count_as_the_reference(preset: str, overrides: list[str]) -> None:
    assert_same(load_rules(preset, overrides), len(overrides[0]), [1, 2, 3, 4, 5, 6])


def test_many_alike_cards_count_as_the_reference() -> None:
    """Four of a kind, long runs with every rank doubled, and flushes: the rare branches."""
    rules = load_rules("cribbage", ["combinations.ace=around"])
    for text, up in [
        ("5h 5d 5c Js", "5s"),
        ("4h 4d 5c 5s 6h 6d", "6s"),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh", "Kh"),
        ("Kh Ad 2c Qs", "Jh"),
    ]:
        held, turnup = parse_cards(text), parse_card(up)
        for crib in (False, True):
            assert score_hand(held, turnup, rules, crib=crib) == score_hand_reference(
                held, turnup, rules, crib=crib
            )


@pytest.mark.parametrize(
    ("held", "turnup", "message"),
    [("", "5h", "at least one held card"), ("5h 6h", "5h", "also among the held"), ("5h 5h", "6h", "twice")],
)
def test_the_same_errors_as_the_reference(held: str, turnup: str, message: str) -> None:
    rules = load_rules("cribbage")
    cards, up = [parse_card(t) for t in held.split()], parse_card(turnup)
    for count in (score_hand, score_hand_reference):
        with pytest.raises(CardError, match=message):
            count(cards, up, rules)


def test_the_fast_count_takes_its_order_from_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The order of a call is written once (`CALL_ORDER`): reversed there, both counts call the kinds
    in the reversed order, item for item alike."""
    from noddy.scoring import fast, hand

    rules = load_rules("cribbage", ["hand.twenty_five=2"])
    held, turnup = parse_cards("5h 5d Jc 10c"), parse_card("Qc")
    monkeypatch.setattr(hand, "CALL_ORDER", hand.CALL_ORDER[::-1])
    fast._counter.cache_clear()
    try:
        items = score_hand(held, turnup, rules)
    finally:
        fast._counter.cache_clear()  # the counters made with the reversed order go
    assert items == score_hand_reference(held, turnup, rules)
    kinds = [str(i.kind) for i in items]
    assert kinds.index("twenty_five") < kinds.index("run") < kinds.index("pair") < kinds.index("fifteen")


def test_a_kind_new_to_the_reference_counts_fast_before_it_has_a_fast_finder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new kind is its finder in the reference (`FINDERS`) and its place in `CALL_ORDER`: the
    fast count calls the reference's finder for it, at that place, with no edit of its own."""
    from noddy.scoring import fast, hand, turned_jack_item

    def jacks(held: tuple[Card, ...], turnup: Card, rules: Rules, crib: bool) -> list[ScoreItem]:
        item = turned_jack_item(turnup, rules)
        return [item] if item is not None else []

    rules = load_rules("cribbage")
    held, turnup = parse_cards("5h 5d Jc 10c"), parse_card("Js")
    monkeypatch.setitem(hand.FINDERS, Kind.TURNED_JACK, jacks)
    monkeypatch.setattr(hand, "CALL_ORDER", (Kind.TURNED_JACK, *hand.CALL_ORDER))
    fast._counter.cache_clear()
    try:
        items = score_hand(held, turnup, rules)
    finally:
        fast._counter.cache_clear()
    assert items == score_hand_reference(held, turnup, rules)
    assert items[0] == ScoreItem(Kind.TURNED_JACK, (turnup,), 2) and len(items) > 1


@pytest.mark.parametrize("seed", range(4))
def test_a_hand_of_thirteen_counts_as_the_reference_counts_it(seed: int) -> None:
    """Willughby with 13 cards dealt at 2 players (a house rule the rules check accepts): a hand and
    its turn-up are 14 cards, more than one of each rank, and the flush's pattern of suits is still
    read (it once built its cards one rank a position: "14 is not a rank")."""
    rules = load_rules("willughby", ("deal.players.2.dealt=13",))
    cards = random.Random(seed).sample(DECK, 14)
    if seed == 0:
        cards = [c for c in DECK if c.suit == cards[0].suit] + [
            next(c for c in DECK if c.suit != cards[0].suit)
        ]
    held, turnup = cards[:13], cards[13]
    assert score_hand(held, turnup, rules) == score_hand_reference(held, turnup, rules)
