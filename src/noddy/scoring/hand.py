"""Counting a hand or a crib (held cards plus the turn-up) into itemised `ScoreItem`s: the readable
reference. `noddy.scoring.score_hand` counts by tables built from these functions (`scoring/fast.py`)
and must give the same items in the same order; a differential test holds the two together.

Items come in the order a player calls them (`CALL_ORDER`): fifteens, pairs, runs, twenty-fives,
thirty-ones, the flush, the Knave, named cards. The fast count follows the same tuple.

>>> from noddy.rules import load_rules
>>> from noddy.cards import parse_cards, Card
>>> items = score_hand_reference(parse_cards("5h 5d 5c Js"), Card.parse("5s"), load_rules("cribbage"))
>>> sum(i.points for i in items)
29
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, product

from noddy.cards import Card, Rank, require_distinct
from noddy.errors import CardError, RulesError, quoted
from noddy.rules import Rules, field_spec
from noddy.scoring.combos import pair_key, pair_kind, run_blocks
from noddy.scoring.faults import ScoringFault
from noddy.scoring.items import ScoreItem
from noddy.scoring.kinds import FACTS, Kind, KindFacts

__all__ = [
    "CALL_ORDER",
    "FINDERS",
    "Finder",
    "check_cards",
    "flush_item",
    "knave_items",
    "score_hand_reference",
    "special_items",
    "turned_jack_item",
]


CALL_ORDER: tuple[Kind, ...] = (
    Kind.FIFTEEN,
    Kind.PAIR,
    Kind.RUN,
    Kind.TWENTY_FIVE,
    Kind.THIRTY_ONE,
    Kind.FLUSH,
    Kind.KNAVE,
    Kind.SPECIAL,
)
"""The order a hand's items are called in, by the kind each finder finds (`Kind.PAIR` finds every
group of alike cards: pairs, pairs royal and more). The reference and the fast count both follow it."""


def score_hand_reference(
    held: Sequence[Card], turnup: Card, rules: Rules, *, crib: bool = False
) -> tuple[ScoreItem, ...]:
    """Every combination in ``held`` plus ``turnup`` under ``rules``; the count is their sum.

    A Jack turned up is not part of any hand's count (see `turned_jack_item`).
    """
    held = tuple(held)
    check_cards(held, turnup)
    items: list[ScoreItem] = []
    for kind in CALL_ORDER:
        items += FINDERS[kind](held, turnup, rules, crib)
    return tuple(items)


def check_cards(held: tuple[Card, ...], turnup: Card) -> None:
    """Refuse an empty hand, and a card given twice (among the held cards or as the turn-up)."""
    if not held:
        raise CardError(ScoringFault.EMPTY_HAND)
    if turnup in held:
        raise CardError(ScoringFault.TURNUP_HELD, turnup=turnup)
    require_distinct(held)


def _sums(cards: Sequence[Card], facts: KindFacts, rules: Rules) -> list[ScoreItem]:
    assert facts.hand_points is not None
    points = facts.hand_points(rules)
    if not points.enabled:
        return []
    return [
        ScoreItem(facts.kind, group, points.score(len(group)))
        for size in range(2, len(cards) + 1)
        for group in combinations(cards, size)
        if sum(c.value for c in group) == facts.target
    ]


def _pairs(cards: Sequence[Card], rules: Rules) -> list[ScoreItem]:
    combos = rules.combinations
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(pair_key(card, combos), []).append(card)
    items = []
    for group in groups.values():
        if len(group) >= 2:
            kind, points = pair_kind(len(group), combos)
            items.append(ScoreItem(kind, tuple(group), points))
    return items


def _runs(cards: Sequence[Card], rules: Rules) -> list[ScoreItem]:
    combos = rules.combinations
    return [
        ScoreItem(Kind.RUN, run, combos.run_points(len(run)))
        for block in run_blocks(cards, combos.ace)
        for run in product(*block)
    ]


def flush_item(held: Sequence[Card], turnup: Card | None, reading: str, rules: Rules) -> ScoreItem | None:
    """The one flush of a hand or crib under a K15 reading (``any``, ``held``, ``all``, ``held_five``)."""
    if reading == "off":
        return None
    held = tuple(held)
    suits = {c.suit for c in held}
    all_held = len(suits) == 1
    turnup_matches = turnup is not None and all_held and turnup.suit == held[0].suit
    if reading == "any":
        pool = (*held, turnup) if turnup is not None else held
        best = max(
            sorted({c.suit for c in pool}, key=lambda s: s.index),
            key=lambda s: sum(c.suit == s for c in pool),
        )
        group = tuple(c for c in pool if c.suit == best)
        return ScoreItem(Kind.FLUSH, group, len(group)) if len(group) >= 3 else None
    if reading == "held":
        if not all_held or len(held) < 3:
            return None
        group = (*held, turnup) if turnup_matches and turnup is not None else held
        return ScoreItem(Kind.FLUSH, group, len(group))
    if reading == "all":
        if not turnup_matches or turnup is None or len(held) < 2:
            return None
        return ScoreItem(Kind.FLUSH, (*held, turnup), len(held) + 1)
    if reading == "held_five":
        if all_held and len(held) >= 3:
            joins = turnup_matches and len(held) >= 4 and turnup is not None
            group = (*held, turnup) if joins and turnup is not None else held
            return ScoreItem(Kind.FLUSH, group, len(group))
        if not rules.hand.flush_three_of_four:
            return None
        best = max(sorted(suits, key=lambda s: s.index), key=lambda s: sum(c.suit == s for c in held))
        group = tuple(c for c in held if c.suit == best)
        return ScoreItem(Kind.FLUSH, group, len(group)) if len(group) >= 3 else None
    choices = ", ".join(field_spec("hand.flush").choices)
    raise RulesError(ScoringFault.FLUSH_READING, reading=quoted(reading), choices=choices)


def _flushes(held: tuple[Card, ...], turnup: Card, rules: Rules, crib: bool) -> list[ScoreItem]:
    flush = flush_item(held, turnup, rules.crib.flush if crib else rules.hand.flush, rules)
    return [flush] if flush is not None else []


def knave_items(held: Sequence[Card], turnup: Card, rules: Rules) -> list[ScoreItem]:
    """The Knave held in hand (the Jack of the turn-up's suit), where it scores in the count."""
    points = rules.hand.knave
    if not points or rules.hand.knave_when == "in_play":
        return []
    items = [
        ScoreItem(Kind.KNAVE, (c,), points)
        for c in held
        if c.rank is Rank.JACK and c.suit == turnup.suit and c != turnup
    ]
    if turnup.rank is Rank.JACK and rules.turnup.jack_also_in_hand:
        items.append(ScoreItem(Kind.KNAVE, (turnup,), points))
    return items


def special_items(held: Sequence[Card], turnup: Card | None, rules: Rules) -> list[ScoreItem]:
    """Named cards (Flat Back, Countenance, Roger) where the rules count them in hands."""
    special = rules.special_cards
    if not special.enabled or special.scored_in == "play":
        return []
    values = dict(special.cards)
    pool = [*held, turnup] if special.turnup_counts and turnup is not None else list(held)
    return [ScoreItem(Kind.SPECIAL, (c,), values[str(c)]) for c in pool if str(c) in values]


def turned_jack_item(turnup: Card, rules: Rules) -> ScoreItem | None:
    """The points for a Jack turned up (to the dealer or the elder, per K1); never part of a hand."""
    if turnup.rank is not Rank.JACK or not rules.turnup.jack_points:
        return None
    return ScoreItem(Kind.TURNED_JACK, (turnup,), rules.turnup.jack_points)


Finder = Callable[[tuple[Card, ...], Card, Rules, bool], Sequence[ScoreItem]]
"""What finds one kind's items in a hand: its held cards, the turn-up, the rules, and whether it is a crib."""

FINDERS: dict[Kind, Finder] = {
    Kind.FIFTEEN: lambda held, up, rules, crib: _sums((*held, up), FACTS[Kind.FIFTEEN], rules),
    Kind.PAIR: lambda held, up, rules, crib: _pairs((*held, up), rules),
    Kind.RUN: lambda held, up, rules, crib: _runs((*held, up), rules),
    Kind.TWENTY_FIVE: lambda held, up, rules, crib: _sums((*held, up), FACTS[Kind.TWENTY_FIVE], rules),
    Kind.THIRTY_ONE: lambda held, up, rules, crib: _sums((*held, up), FACTS[Kind.THIRTY_ONE], rules),
    Kind.FLUSH: lambda held, up, rules, crib: _flushes(held, up, rules, crib),
    Kind.KNAVE: lambda held, up, rules, crib: knave_items(held, up, rules),
    Kind.SPECIAL: lambda held, up, rules, crib: special_items(held, up, rules),
}
"""The reference's finder of each kind in `CALL_ORDER`; the fast count uses it for a kind it has no
faster finder of."""
