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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK, Card, Rank, Suit, card_mask
from noddy.game import PlayerView, announced_items, current_deal, jack_receiver
from noddy.rules import Rules
from noddy.scoring import FACTS, KINDS, PLAY_LIMIT, Kind, ScoreItem, score_deals

__all__ = ["Evidence", "candidate_hands", "evidence", "fits"]

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


def evidence(view: PlayerView, seat: int) -> Evidence:
    """Collect the evidence about ``seat`` from ``view``."""
    rules = view.rules
    played: list[Card] = []
    go_limits: list[tuple[int, int]] = []
    announcement = None
    holds_knave = None
    if rules.hand.knave and rules.hand.knave_when == "at_start" and view.turnup is not None:
        holds_knave = False
    for event in current_deal(view.events):
        if event.seat != seat:
            continue
        if event.kind == "play":
            played.append(event.cards[0])
        elif event.kind == "go" and rules.play.must_play and event.count is not None:
            go_limits.append((len(played), PLAY_LIMIT - event.count))
        elif event.subject == "hand" and (event.kind == "count" or (event.kind == "declare" and event.items)):
            announcement = signature(event.items)
        elif event.kind == "knave":
            holds_knave = True
    receiver = jack_receiver(rules, view.dealer, view.elder)
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


_SUIT_KINDS = frozenset(k for k in KINDS if FACTS[k].by_suit)
_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_RANK_PARTS: dict[tuple[object, ...], Signature] = {}
_SUIT_PARTS: dict[tuple[object, ...], Signature] = {}


def announced(rules: Rules, hand: Sequence[Card], turnup: Card, receives_jack: bool) -> Signature:
    """The signature of what ``hand`` announces (`announced_items`), from two memos: the part that
    depends on ranks alone (fifteens, pairs, runs, twenty-fives, thirty-ones), by the sorted ranks,
    and the part that depends on suits (the flush, the Knave, named cards, a turned Jack), by which
    cards share a suit with each other and with the turn-up, which are Jacks, and which are named."""
    ranks = tuple(sorted(int(c.rank) for c in hand))
    key = (rules, ranks, int(turnup.rank))
    rank_part = _RANK_PARTS.get(key)
    if rank_part is None:
        rank_part = _RANK_PARTS[key] = _rank_part(rules, ranks, int(turnup.rank))
    trump = turnup.suit
    named: tuple[str, ...] = ()
    if rules.special_cards.enabled:
        names = dict(rules.special_cards.cards)
        named = (
            *sorted(str(c) for c in hand if str(c) in names),
            str(turnup) if str(turnup) in names else "",
        )
    shape = tuple(
        sorted((c.rank is Rank.JACK, c.suit is trump, sum(d.suit is c.suit for d in hand)) for c in hand)
    )
    suit_key = (rules, turnup.rank is Rank.JACK, receives_jack, shape, named)
    suit_part = _SUIT_PARTS.get(suit_key)
    if suit_part is None:
        if len(_SUIT_PARTS) > 200_000:
            _SUIT_PARTS.clear()
        items = announced_items(rules, hand, turnup, receives_jack=receives_jack)
        suit_part = _SUIT_PARTS[suit_key] = signature([i for i in items if i.kind in _SUIT_KINDS])
    return tuple(sorted((*rank_part, *suit_part)))


def _rank_part(rules: Rules, ranks: tuple[int, ...], turnup: int) -> Signature:
    """The rank-only items of a hand with these ranks, counted on cards of made-up suits."""
    if len(_RANK_PARTS) > 200_000:
        _RANK_PARTS.clear()
    seen: dict[int, int] = {}
    cards = []
    for rank in (*ranks, turnup):
        cards.append(Card(Rank(rank), _SUITS[seen.get(rank, 0)]))
        seen[rank] = seen.get(rank, 0) + 1
    items = announced_items(rules, cards[:-1], cards[-1])
    return signature([i for i in items if i.kind not in _SUIT_KINDS])


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
    if ev.announcement is not None and view.turnup is not None and view.seat is not None:
        base = tuple(c for c in DECK if c != view.turnup)  # one enumeration serves every viewer
        if comb(len(base), ev.size) <= ENUMERATE_LIMIT:
            called, masks = announced_hands(
                view.rules, view.turnup, ev.receives_jack, ev.announcement, base, ev.size
            )
            allowed = np.uint64(card_mask((*pool, *ev.played)))
            played = np.uint64(card_mask(ev.played))
            inside = np.flatnonzero((masks & ~allowed == 0) & (masks & played == played)).tolist()
            rest = replace(ev, announcement=None)  # every called hand makes the call already
            if rest.holds_knave is None and not rest.go_limits:
                return [called[i] for i in inside]
            return [called[i] for i in inside if fits(view, rest, called[i])]
    if many > ENUMERATE_LIMIT or many > sample * 4:
        found: list[tuple[Card, ...]] = []
        for _ in range(sample * 20):
            hand = (*ev.played, *rng.sample(pool, k))
            if fits(view, ev, hand):
                found.append(hand)
                if len(found) >= sample:
                    break
        return found
    return [hand for rest in combinations(pool, k) if fits(view, ev, hand := (*ev.played, *rest))]


@lru_cache(maxsize=8)
def _combinations(n: int, k: int) -> npt.NDArray[np.int64]:
    """Every way to choose ``k`` of ``n`` positions, as rows of an array (built once)."""
    return np.array(list(combinations(range(n), k)), dtype=np.int64).reshape(-1, k)


@lru_cache(maxsize=128)
def announced_hands(
    rules: Rules, turnup: Card, receives_jack: bool, call: Signature, base: tuple[Card, ...], size: int
) -> tuple[tuple[tuple[Card, ...], ...], npt.NDArray[np.uint64]]:
    """Every hand of ``size`` cards from ``base`` that makes exactly the announced call, and each
    hand's cards as bits (`card_mask`): a numpy look-up of each kind of combination first, then the
    itemised count of the survivors. Cached, as it does not change while the deal is played (only
    the cards laid and the Go calls narrow it)."""
    combos, keys = _hands_of(base, size)
    combos = combos[_rank_calls(rules, turnup, call, size)[keys]]
    for kinds in _TABLE_KINDS:
        wanted = sum(points for kind, _, points in call if kind in kinds)
        turnups = np.full(len(combos), turnup.index, dtype=np.uint8)
        combos = combos[score_deals(rules, combos, turnups, kinds=kinds) == wanted]
    if rules.special_cards.enabled or size > 4:
        rows = combos.tolist()
        makes = np.array(
            [announced(rules, tuple(DECK[i] for i in row), turnup, receives_jack) == call for row in rows],
            dtype=bool,
        ).reshape(-1)
    else:
        _, first, which = np.unique(_shapes(combos, turnup), return_index=True, return_inverse=True)
        each = [announced(rules, tuple(DECK[i] for i in combos[at]), turnup, receives_jack) for at in first]
        makes = np.array([made == call for made in each], dtype=bool)[which.reshape(-1)]
    kept = combos[makes]
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), kept.astype(np.uint64)), axis=1)
    return tuple(tuple(DECK[i] for i in row) for row in kept.tolist()), masks.reshape(-1)


@lru_cache(maxsize=4)
def _hands_of(base: tuple[Card, ...], size: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """Every hand of ``size`` cards from ``base`` (rows of card indices) and its ranks' key
    (`_rank_keys`): the same for every announcing seat of a deal, so made once a deal."""
    index = np.array([c.index for c in base], dtype=np.uint8)
    combos = index[_combinations(len(base), size)]
    return combos, _rank_keys(combos)


def _rank_keys(combos: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Each hand's sorted ranks (0-12) as one number in base 13."""
    ranks = np.sort(combos % 13, axis=1).astype(np.int64)
    keys: npt.NDArray[np.int64] = ranks @ (13 ** np.arange(combos.shape[1], dtype=np.int64))
    return keys


@lru_cache(maxsize=256)
def _rank_calls(rules: Rules, turnup: Card, call: Signature, size: int) -> npt.NDArray[np.bool_]:
    """For every sorted set of ``size`` ranks (by `_rank_keys`): whether a hand of those ranks
    makes the call's items that read ranks alone (fifteens, pairs, runs...), which suits cannot
    change. Each set is scored once, as cards of suits 0, 1, 2... in rank order, so that hands
    of every rank are sifted by a table look-up before any card is counted."""
    shapes = [s for s in combinations_with_replacement(range(13), size) if max(map(s.count, s)) <= 4]
    rows = np.array([[13 * s[:i].count(r) + r for i, r in enumerate(s)] for s in shapes], np.uint8)
    turnups = np.full(len(rows), turnup.index, dtype=np.uint8)
    keep = np.ones(len(rows), dtype=bool)
    for kinds in _TABLE_KINDS:
        if not any(FACTS[kind].by_suit for kind in kinds):
            wanted = sum(points for kind, _, points in call if kind in kinds)
            keep &= score_deals(rules, rows, turnups, kinds=kinds) == wanted
    table = np.zeros(13**size, dtype=bool)
    table[_rank_keys(rows)] = keep
    return table


_RANKS = np.array([int(card.rank) for card in DECK], dtype=np.int64)
_SUIT_NUMBERS = np.array([_SUITS.index(card.suit) for card in DECK], dtype=np.int64)


def _shapes(combos: npt.NDArray[np.uint8], turnup: Card) -> npt.NDArray[np.int64]:
    """For each hand (a row of card indices), what `announced` tells its call by where no card is
    named, as one number: its sorted ranks, and its sorted cards' (Jack, of the turn-up's suit, how
    many of the hand share the suit), 7 bits each. Hands with equal numbers make the same call, so
    one of each is counted (hands of up to 4 cards fit in 63 bits; `announced_hands` checks)."""
    ranks = _RANKS[combos]
    suits = _SUIT_NUMBERS[combos]
    same = (suits[:, :, None] == suits[:, None, :]).sum(axis=2)
    trump = suits == _SUITS.index(turnup.suit)
    cards = (ranks == int(Rank.JACK)) * 64 + trump * 32 + same
    key = np.zeros(len(combos), dtype=np.int64)
    for column in (*np.sort(ranks, axis=1).T, *np.sort(cards, axis=1).T):
        key = key * 128 + column
    return key


_TABLE_KINDS = tuple(
    frozenset({k}) for k in KINDS if not FACTS[k].play_only and (not FACTS[k].by_suit or k is Kind.FLUSH)
)
"""The kinds a hand's call counts as `score_hand` does (each checked apart by the deal tables):
every kind of the hand that depends on ranks alone, and the flush."""
