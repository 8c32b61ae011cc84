"""Properties every preset must have, checked with hypothesis (and one seeded sampling loop).

- a count is the sum of its items (hands, cribs, play piles; the CLI's answer and the announcement);
- the order of the held cards changes nothing;
- renaming the suits consistently changes no score;
- cards and lists of cards read back what was written, in every accepted spelling;
- rules round-trip through TOML, presets and presets with random valid overrides;
- the fast exact path (`score_deals`) equals the itemised scorer deal by deal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from noddy.cards import DECK, Card, Rank, Suit, format_cards, parse_card, parse_cards
from noddy.cli.score_cmd import answer
from noddy.errors import CardError, IllegalActionError, RulesError
from noddy.rules import SECTIONS, Points, Rules, dump_rules, load_rules, loads_rules, preset_names
from noddy.scoring import FACTS, KINDS, ScoreItem, score_deals, score_hand, score_play, total
from noddy.scoring.hand import flush_item
from noddy.words import announce

PRESETS = preset_names()
# 200 examples for each of the 11 presets is 2,200 deals per property; the file stays under ~20 s.
SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def hand_sizes(rules: Rules) -> list[int]:
    return sorted({rules.held_size(n) for n in rules.player_counts})


def crib_sizes(rules: Rules) -> list[int]:
    return sorted({rules.crib_size(n) for n in rules.player_counts} - {0})


def parts(name: str) -> list[tuple[str, bool]]:
    """(preset, crib) for every preset's hand, and its crib where it has one."""
    out = [(name, False)]
    if crib_sizes(load_rules(name)):
        out.append((name, True))
    return out


HAND_AND_CRIB = [
    pytest.param(name, crib, id=f"{name}-{'crib' if crib else 'hand'}")
    for preset in PRESETS
    for name, crib in parts(preset)
]


ANY_CARD = st.sampled_from(DECK)


@st.composite
def deals(draw: st.DrawFn, rules: Rules) -> tuple[tuple[Card, ...], Card, bool]:
    """A hand or (where the rules have one) a crib of a size the rules deal, and a turn-up."""
    crib = bool(crib_sizes(rules)) and draw(st.booleans())
    k = draw(st.sampled_from(crib_sizes(rules) if crib else hand_sizes(rules)))
    cards = draw(st.lists(ANY_CARD, min_size=k + 1, max_size=k + 1, unique=True))
    return tuple(cards[:-1]), cards[-1], crib


# Cards within five ranks of each other, to make pairs and runs on top of a pile often.
NEAR_CARDS = {
    low: st.lists(
        st.one_of(st.sampled_from([c for c in DECK if low <= c.rank <= low + 4]), ANY_CARD),
        min_size=1,
        max_size=8,
        unique=True,
    )
    for low in range(1, 10)
}


@st.composite
def piles(draw: st.DrawFn) -> tuple[Card, ...]:
    """A pile laid since the last reset (count at most 31), often with pairs and runs on top."""
    cards = draw(NEAR_CARDS[draw(st.integers(1, 9))])
    pile: list[Card] = []
    for card in cards:
        if sum(c.value for c in pile) + card.value > 31:
            break
        pile.append(card)
    return tuple(pile)


def multiset(items: Sequence[ScoreItem]) -> Counter[tuple[str, frozenset[Card], int]]:
    return Counter((i.kind, frozenset(i.cards), i.points) for i in items)


def shape(items: Sequence[ScoreItem]) -> Counter[tuple[str, int, int]]:
    return Counter((i.kind, len(i.cards), i.points) for i in items)


def ends_with_total(text: str, points: int) -> bool:
    return text.rsplit(" ", 1)[-1] == str(points)


# --- a count is the sum of its items -----------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
@SETTINGS
@given(data=st.data())
def test_hand_total_is_sum_of_items(name: str, data: st.DataObject) -> None:
    rules = load_rules(name)
    held, turnup, crib = data.draw(deals(rules))
    items = score_hand(held, turnup, rules, crib=crib)
    pool = {*held, turnup}
    for item in items:
        assert item.kind in KINDS
        assert item.cards and set(item.cards) <= pool, item
        assert len(set(item.cards)) == len(item.cards), item
        assert item.points > 0, f"an item worth {item.points} is listed: {item}"
    for item in items:
        facts = FACTS[item.kind]
        if facts.target is not None and facts.hand_points is not None:
            assert sum(c.value for c in item.cards) == facts.target, item
            assert item.points == facts.hand_points(rules).score(len(item.cards)), item
    for lang in ("en", "fr"):
        assert ends_with_total(announce(items, rules, lang), total(items))
    request = {"rules": name, "held": format_cards(held), "turnup": str(turnup), "crib": crib}
    reply = answer(request)
    assert reply["total"] == sum(i["points"] for i in reply["items"]) == total(items)
    assert reply["items"] == [i.to_json() for i in items]
    assert ends_with_total(reply["announcement"], reply["total"])


@pytest.mark.parametrize("name", PRESETS)
@SETTINGS
@given(pile=piles(), turnup=st.sampled_from(DECK))
def test_play_total_is_sum_of_items(name: str, pile: tuple[Card, ...], turnup: Card) -> None:
    rules = load_rules(name)
    up = turnup if turnup not in pile else None
    items = score_play(pile, rules, turnup=up)
    for item in items:
        assert item.kind in KINDS
        assert pile[-1] in item.cards, f"{item} is not made by the last card {pile[-1]}"
        assert set(item.cards) <= set(pile), item
        assert item.points > 0, item
    for item in items:
        facts = FACTS[item.kind]
        if facts.target is not None and facts.play_points is not None:
            extra = rules.play.thirty_one_extra if facts.target == 31 else 0
            assert sum(c.value for c in item.cards) == facts.target, item
            assert item.points == facts.play_points(rules).score(len(item.cards)) + extra, item
    if rules.play.combinations == "best":  # the Knave and a named card score besides the best
        assert len([i for i in items if str(i.kind) not in ("knave", "special")]) <= 1
    for lang in ("en", "fr"):
        assert ends_with_total(announce(items, rules, lang), total(items))


# --- the order of the held cards changes nothing -----------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
@SETTINGS
@given(data=st.data())
def test_order_of_held_cards_changes_nothing(name: str, data: st.DataObject) -> None:
    rules = load_rules(name)
    held, turnup, crib = data.draw(deals(rules))
    shuffled = data.draw(st.permutations(held))
    before = score_hand(held, turnup, rules, crib=crib)
    after = score_hand(shuffled, turnup, rules, crib=crib)
    assert total(after) == total(before)
    assert multiset(after) == multiset(before)


# --- renaming the suits changes no score -------------------------------------------------------


def renamed(card: Card, mapping: dict[Suit, Suit]) -> Card:
    return Card(card.rank, mapping[card.suit])


@pytest.mark.parametrize("name", PRESETS)
@SETTINGS
@given(data=st.data(), suits=st.permutations(list(Suit)))
def test_renaming_suits_changes_no_hand_score(name: str, data: st.DataObject, suits: list[Suit]) -> None:
    rules = load_rules(name)
    if rules.special_cards.enabled:
        pytest.skip("named cards are tied to their suits")
    mapping = dict(zip(Suit, suits, strict=True))
    held, turnup, crib = data.draw(deals(rules))
    before = score_hand(held, turnup, rules, crib=crib)
    after = score_hand([renamed(c, mapping) for c in held], renamed(turnup, mapping), rules, crib=crib)
    assert total(after) == total(before)
    # The same combinations, of the same sizes (which of two equal flushes is named may change).
    assert shape(after) == shape(before)


@pytest.mark.parametrize("name", PRESETS)
@SETTINGS
@given(pile=piles(), turnup=st.sampled_from(DECK), suits=st.permutations(list(Suit)))
def test_renaming_suits_changes_no_play_score(
    name: str, pile: tuple[Card, ...], turnup: Card, suits: list[Suit]
) -> None:
    rules = load_rules(name)
    if rules.special_cards.enabled:
        pytest.skip("named cards are tied to their suits")
    mapping = dict(zip(Suit, suits, strict=True))
    up = turnup if turnup not in pile else None
    before = score_play(pile, rules, turnup=up)
    after = score_play([renamed(c, mapping) for c in pile], rules, turnup=up and renamed(up, mapping))
    assert total(after) == total(before)
    assert multiset(after) == multiset(
        [ScoreItem(i.kind, tuple(renamed(c, mapping) for c in i.cards), i.points) for i in before]
    )


# --- cards read back what was written ----------------------------------------------------------

RANK_SPELLINGS = {r: [str(r), str(r).lower()] for r in Rank} | {Rank.TEN: ["10", "T", "t"]}
SUIT_SPELLINGS = {
    Suit.CLUBS: ["c", "C", "♣", "♧"],
    Suit.DIAMONDS: ["d", "D", "♦", "♢"],
    Suit.HEARTS: ["h", "H", "♥", "♡"],
    Suit.SPADES: ["s", "S", "♠", "♤"],
}


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_round_trips(card: Card) -> None:
    for text in (str(card), card.pretty, str(card).lower(), str(card).upper(), card.pretty.lower()):
        assert parse_card(text) == card, text
        assert Card.parse(f"  {text} ") == card
    assert Card.from_index(card.index) == card == DECK[card.index]
    for rank_text in RANK_SPELLINGS[card.rank]:
        for suit_text in SUIT_SPELLINGS[card.suit]:
            assert parse_card(rank_text + suit_text) == card


def test_canonical_forms() -> None:
    assert format_cards(DECK[:13]) == "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc"
    assert format_cards(DECK[39:], pretty=True) == "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"
    assert str(parse_card("th")) == "10h"
    assert len(set(DECK)) == 52 and [c.index for c in DECK] == list(range(52))


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(ANY_CARD, max_size=12, unique=True),
    pretty=st.booleans(),
    case=st.sampled_from([str, str.lower, str.upper]),
    sep=st.sampled_from([" ", ", ", ",", "  ", "\t"]),
)
def test_lists_of_cards_round_trip(cards: list[Card], pretty: bool, case: Any, sep: str) -> None:
    text = format_cards(cards, pretty=pretty)
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(sep.join(case(t) for t in text.split())) == tuple(cards)
    assert parse_cards([case(str(c)) for c in cards]) == tuple(cards)
    assert format_cards(parse_cards(text)) == format_cards(cards)


VALID_TOKENS = {
    (rank + suit).lower()
    for r in Rank
    for rank in RANK_SPELLINGS[r]
    for s in Suit
    for suit in SUIT_SPELLINGS[s]
}
TOKEN_ALPHABET = "AaTtJjQqKk0123456789CcDdHhSsXxZz♣♦♥♠♧♢♡♤?-+!é"


@settings(max_examples=300, deadline=None)
@given(token=st.text(TOKEN_ALPHABET, max_size=4))
def test_bad_tokens_are_refused_quoting_them(token: str) -> None:
    if token.lower() in VALID_TOKENS:
        assert parse_card(token) in DECK
        return
    with pytest.raises(CardError) as caught:
        parse_card(token)
    assert repr(token) in str(caught.value)
    if token:
        with pytest.raises(CardError) as caught:
            parse_cards(f"Jh {token} 5d")
        assert repr(token) in str(caught.value)


@pytest.mark.parametrize("text", ["Jh Jh", "5d 5D", "10h Th", "Q♠ qs"])
def test_a_card_twice_is_refused(text: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    assert str(parse_cards(text, unique=False)[0]) in str(caught.value)


def test_a_pile_over_31_is_an_illegal_play_not_a_card_error() -> None:
    with pytest.raises(IllegalActionError) as caught:
        score_play(parse_cards("10h Jd Qc 5s"), load_rules("cribbage"))
    assert not isinstance(caught.value, CardError)
    assert "10h Jd Qc 5s would make the count 35" in str(caught.value)


# --- rules round-trip through TOML -------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_preset_round_trips(name: str) -> None:
    rules = load_rules(name)
    text = dump_rules(rules)
    assert loads_rules(text) == rules
    assert dump_rules(loads_rules(text)) == text


# crib.kind goes with the deal's shape (discards need a crib), so it is not changed on its own;
# game.target goes with the lurch margins below it.
STRUCTURAL = {"crib.kind", "game.target"}


def override_values(path: str, default: Any, meta: dict[str, Any]) -> st.SearchStrategy[Any] | None:
    """Texts for ``path=value`` drawn from the field's metadata and type (None: not drawn)."""
    if path in STRUCTURAL:
        return None
    if meta.get("choices"):
        return st.sampled_from(sorted(meta["choices"]))
    if isinstance(default, Points):
        return st.one_of(st.just("off"), st.just("per_card"), st.integers(0, 12).map(str))
    if isinstance(default, bool):
        return st.booleans().map(lambda b: "true" if b else "false")
    if isinstance(default, int):
        codec = meta["codec"]
        return st.integers(codec.low, codec.high).map(str)
    return None


OVERRIDES: dict[str, st.SearchStrategy[Any]] = {}
for _section, _cls in SECTIONS.items():
    for _f in fields(_cls):
        _values = override_values(f"{_section}.{_f.name}", _f.default, dict(_f.metadata))
        if _values is not None:
            OVERRIDES[f"{_section}.{_f.name}"] = _values


@st.composite
def overrides(draw: st.DrawFn) -> dict[str, str]:
    paths = draw(st.lists(st.sampled_from(sorted(OVERRIDES)), min_size=1, max_size=8, unique=True))
    return {path: draw(OVERRIDES[path]) for path in paths}


def expected_value(path: str, text: str) -> Any:
    section, name = path.split(".")
    default = next(f.default for f in fields(SECTIONS[section]) if f.name == name)
    if isinstance(default, Points):
        return Points.parse(int(text) if text.isdigit() else text)
    if isinstance(default, bool):
        return text == "true"
    if isinstance(default, int):
        return int(text)
    return text


def test_overrides_cover_every_kind_of_field() -> None:
    assert {"hand.flush", "crib.flush", "combinations.ace", "play.combinations"} <= set(OVERRIDES)
    assert {"hand.fifteen", "play.thirty_one", "hand.twenty_five"} <= set(OVERRIDES)
    assert {"play.flush", "turnup.jack_also_in_hand", "hand.knave"} <= set(OVERRIDES)


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=40, deadline=None)
@given(changes=overrides())
def test_rules_with_overrides_round_trip(name: str, changes: dict[str, str]) -> None:
    try:
        rules = load_rules(name, [f"{path}={value}" for path, value in changes.items()])
    except RulesError as exc:  # the one pair of values refused together (docs/rule-decisions.md)
        play = load_rules(name).play
        extra = int(changes.get("play.thirty_one_extra", play.thirty_one_extra))
        off = changes.get("play.thirty_one", "") in ("off", "0") or (
            "play.thirty_one" not in changes and not play.thirty_one.enabled
        )
        assert extra and off and "play.thirty_one_extra: " in str(exc), exc
        return
    for path, value in changes.items():
        section, field_name = path.split(".")
        assert getattr(getattr(rules, section), field_name) == expected_value(path, value), path
    assert loads_rules(dump_rules(rules)) == rules


# --- the fast path equals the itemised scorer ---------------------------------------------------

SAMPLES = 3_000


@pytest.mark.parametrize(("name", "crib"), HAND_AND_CRIB)
def test_fast_path_equals_itemised_scorer(name: str, crib: bool) -> None:
    rules = load_rules(name)
    rng = random.Random(f"fast-path {name} {crib}")
    for k in crib_sizes(rules) if crib else hand_sizes(rules):
        drawn = [rng.sample(range(52), k + 1) for _ in range(SAMPLES)]
        held = np.array([d[:-1] for d in drawn], dtype=np.uint8)
        turnups = np.array([d[-1] for d in drawn], dtype=np.uint8)
        fast = score_deals(rules, held, turnups, crib=crib)
        assert fast.shape == (SAMPLES,)
        for row, up, score in zip(held.tolist(), turnups.tolist(), fast.tolist(), strict=True):
            cards, turnup = [DECK[i] for i in row], DECK[up]
            items = score_hand(cards, turnup, rules, crib=crib)
            assert score == total(items), (
                f"{name} {'crib' if crib else 'hand'} {format_cards(cards)} turn-up {turnup}:"
                f" score_deals {score}, score_hand {total(items)}:"
                f" {[(i.kind, format_cards(i.cards), i.points) for i in items]}"
            )


def test_an_unknown_flush_reading_is_a_rules_error_naming_the_readings() -> None:
    with pytest.raises(RulesError, match="unknown flush reading 'some'; choose one of: any, held"):
        flush_item(parse_cards("5h 6h 7h 8h"), parse_card("9h"), "some", load_rules("cribbage"))
