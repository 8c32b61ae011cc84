"""Inference: which hands an opponent may hold, given everything a seat's view shows.

Evidence about a seat's held cards (its hand after any discard): the cards it has laid this deal;
each Go it called (where players must play while able, every card it still held was too big for
the count); and its announcement, when hands are counted before the play (the call names every
combination with its points and size, so a hand that would announce anything else is excluded).
Announcements are checked in two stages: the exact enumerator's totals filter all candidates at
numpy speed, then the itemised count confirms the survivors item by item.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np

from noddy.analysis import score_deals
from noddy.cards import Card
from noddy.game.events import Event
from noddy.game.flow import announced_items
from noddy.game.view import PlayerView
from noddy.rules import Points, Rules
from noddy.scoring import ScoreItem

__all__ = ["Evidence", "candidate_hands", "deal_events", "evidence", "fits"]

Signature = tuple[tuple[str, int, int], ...]
ENUMERATE_LIMIT = 250_000
"""Candidate hands are enumerated (and filtered exactly) up to this many; beyond, they are sampled."""


def signature(items: Sequence[ScoreItem]) -> Signature:
    """What a call tells of a count: each item's kind, points, and size where the call says it."""
    return tuple(sorted((i.kind, i.hide().size, i.points) for i in items))


@dataclass(frozen=True)
class Evidence:
    """What a view shows about one seat's held cards this deal."""

    seat: int
    size: int
    played: tuple[Card, ...]
    go_limits: tuple[tuple[int, int], ...]
    announcement: Signature | None
    receives_jack: bool
    holds_knave: bool | None = None


def deal_events(view: PlayerView) -> tuple[Event, ...]:
    """The events of the current deal (from its ``deal`` event on)."""
    for i in range(len(view.events) - 1, -1, -1):
        if view.events[i].kind == "deal":
            return view.events[i:]
    return ()


def evidence(view: PlayerView, seat: int) -> Evidence:
    """Collect the evidence about ``seat`` from ``view``."""
    rules = view.rules
    played: list[Card] = []
    go_limits: list[tuple[int, int]] = []
    announcement = None
    holds_knave = None
    if rules.hand.knave and rules.hand.knave_when == "at_start" and view.turnup is not None:
        holds_knave = False
    for event in deal_events(view):
        if event.seat != seat:
            continue
        if event.kind == "play":
            played.append(event.cards[0])
        elif event.kind == "go" and rules.play.must_play and event.count is not None:
            go_limits.append((len(played), 31 - event.count))
        elif event.kind in ("count", "declare") and event.subject == "hand":
            announcement = signature(event.items)
        elif event.kind == "knave":
            holds_knave = True
    receiver = view.dealer if rules.turnup.jack_to == "dealer" else view.elder
    return Evidence(
        seat=seat,
        size=rules.held_size(view.players),
        played=tuple(played),
        go_limits=tuple(go_limits),
        announcement=announcement,
        receives_jack=seat == receiver,
        holds_knave=holds_knave,
    )


def fits(view: PlayerView, ev: Evidence, hand: Sequence[Card]) -> bool:
    """Whether ``hand`` (the seat's held cards) agrees with every piece of evidence."""
    if ev.holds_knave is not None and view.turnup is not None:
        trump = view.turnup.suit
        if any(c.rank == 11 and c.suit == trump for c in hand) != ev.holds_knave:
            return False
    for n_played, room in ev.go_limits:
        left = [c for c in hand if c not in ev.played[:n_played]]
        if any(c.value <= room for c in left):
            return False
    if ev.announcement is not None:
        assert view.turnup is not None
        if announced(view.rules, hand, view.turnup, ev.receives_jack) != ev.announcement:
            return False
    return True


_SEEN: dict[tuple[object, ...], Signature] = {}


def announced(rules: Rules, hand: Sequence[Card], turnup: Card, receives_jack: bool) -> Signature:
    """The signature of what ``hand`` announces, memoised by the hand's shape: its ranks and its suits
    renamed (the turn-up's suit first), since renaming suits never changes a count. Named cards
    depend on the very cards, so with them on the memo key is the cards themselves."""
    if rules.special_cards.enabled:
        key: tuple[object, ...] = (rules, turnup, receives_jack, *sorted(hand))
    else:
        names = {turnup.suit: 0}
        shape = []
        for card in sorted(hand, key=lambda c: (c.rank, c.suit.index)):
            shape.append((int(card.rank), names.setdefault(card.suit, len(names))))
        key = (rules, int(turnup.rank), receives_jack, *shape)
    found = _SEEN.get(key)
    if found is None:
        if len(_SEEN) > 400_000:
            _SEEN.clear()
        found = _SEEN[key] = signature(announced_items(rules, hand, turnup, receives_jack=receives_jack))
    return found


def candidate_hands(
    view: PlayerView, ev: Evidence, pool: Sequence[Card], rng: random.Random, *, sample: int = 400
) -> list[tuple[Card, ...]]:
    """Held hands of ``ev.seat`` consistent with the view: all of them where an announcement narrows
    them enough to enumerate (or there are few), else up to ``sample`` drawn at random by rejection,
    which keeps them uniform over the consistent hands (deterministic for a given ``rng``)."""
    k = ev.size - len(ev.played)
    pool = [c for c in pool if c not in ev.played]
    if k <= 0:
        return [ev.played] if fits(view, ev, ev.played) else []
    many = comb(len(pool), k)
    if many > ENUMERATE_LIMIT or (ev.announcement is None and many > sample * 4):
        found: list[tuple[Card, ...]] = []
        for _ in range(sample * 20):
            hand = (*ev.played, *rng.sample(pool, k))
            if fits(view, ev, hand):
                found.append(hand)
                if len(found) >= sample:
                    break
        return found
    rests = list(combinations(pool, k))
    if ev.announcement is not None and view.turnup is not None:
        rests = _by_kind(view, ev, rests)
    return [hand for rest in rests if fits(view, ev, hand := (*ev.played, *rest))]


_KIND_GROUPS = {
    "fifteen": ("fifteen",),
    "pairs": ("pair", "pair_royal", "double_pair_royal", "pairs"),
    "runs": ("run",),
    "twenty_five": ("twenty_five",),
    "thirty_one": ("thirty_one",),
    "flush": ("flush",),
}


@lru_cache(maxsize=64)
def _only(rules: Rules, group: str) -> Rules:
    """The rules scoring one kind of combination and nothing else (for the exact per-kind look-up)."""
    off = Points()
    hand = replace(
        rules.hand,
        fifteen=rules.hand.fifteen if group == "fifteen" else off,
        twenty_five=rules.hand.twenty_five if group == "twenty_five" else off,
        thirty_one=rules.hand.thirty_one if group == "thirty_one" else off,
        flush=rules.hand.flush if group == "flush" else "off",
        knave=0,
    )
    combos = rules.combinations
    if group != "pairs":
        combos = replace(combos, pairs=(0, 0, 0))
    if group != "runs":
        combos = replace(combos, run_values=tuple((n, 0) for n in range(3, 14)))
    special = replace(rules.special_cards, enabled=False)
    return replace(rules, name=f"{rules.name}:{group}", hand=hand, combinations=combos, special_cards=special)


def _by_kind(view: PlayerView, ev: Evidence, rests: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """Keep the hands whose points of each kind (fifteens, pairs, runs, ...) equal the announced ones:
    an exact look-up per kind at numpy speed, before the item-by-item check."""
    assert ev.announcement is not None and view.turnup is not None
    played = [c.index for c in ev.played]
    held = np.array([[*played, *(c.index for c in rest)] for rest in rests], dtype=np.uint8)
    turnups = np.full(len(rests), view.turnup.index, dtype=np.uint8)
    keep = np.ones(len(rests), dtype=bool)
    for group, kinds in _KIND_GROUPS.items():
        announced = sum(points for kind, _, points in ev.announcement if kind in kinds)
        totals = score_deals(_only(view.rules, group), held, turnups)
        keep &= totals == announced
    return [rest for rest, ok in zip(rests, keep.tolist(), strict=True) if ok]


def hand_counts(hands: Sequence[tuple[Card, ...]]) -> Counter[Card]:
    """How many candidate hands hold each card (for showing what inference believes)."""
    counts: Counter[Card] = Counter()
    for hand in hands:
        counts.update(hand)
    return counts
