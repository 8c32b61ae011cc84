"""Inference: which hands an opponent may hold, given everything a seat's view shows.

Evidence about a seat's held cards (its hand after any discard): the cards it has laid this deal;
each Go it called (where players must play while able, every card it still held was too big for
the count); and its announcement, when hands are counted before the play (the call names every
combination with its points and size, so a hand that would announce anything else is excluded).
A call is confirmed in two parts, each counted once for many hands: the items that read ranks
alone, once for each set of ranks (a deal table sifts the sets by their points first), and those
that read suits or single cards, once for each suit pattern; the hands that make it are kept as
numpy rows of card indices, not as Python objects (`HandRows`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import overload

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK, Card, Rank, Suit, card_mask
from noddy.game import EventKind, PlayerView, Subject, announced_items, current_deal, jack_receiver
from noddy.rules import Rules
from noddy.scoring import FACTS, KINDS, PLAY_LIMIT, ScoreItem, score_deals

__all__ = ["Evidence", "HandRows", "candidate_hands", "evidence", "fits", "hand_masks"]

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
        if event.kind == EventKind.PLAY:
            played.append(event.cards[0])
        elif event.kind == EventKind.GO and rules.play.must_play and event.count is not None:
            go_limits.append((len(played), PLAY_LIMIT - event.count))
        elif event.subject == Subject.HAND and (
            event.kind == EventKind.COUNT or (event.kind == EventKind.DECLARE and event.items)
        ):
            announcement = signature(event.items)
        elif event.kind == EventKind.KNAVE:
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
        laid = card_mask(ev.played[:n_played])
        if any(c.value <= room for c in hand if not laid >> c.index & 1):
            return False
    if ev.announcement is not None:
        assert view.turnup is not None
        if announced(view.rules, hand, view.turnup, ev.receives_jack) != ev.announcement:
            return False
    return True


_SUIT_KINDS = frozenset(k for k in KINDS if FACTS[k].by_suit)
_RANK_KINDS = frozenset(k for k in KINDS if not FACTS[k].by_suit and not FACTS[k].play_only)
_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_RANK_PARTS: dict[tuple[object, ...], Signature] = {}
_SUIT_PARTS: dict[tuple[object, ...], Signature] = {}


def announced(rules: Rules, hand: Sequence[Card], turnup: Card, receives_jack: bool) -> Signature:
    """The signature of what ``hand`` announces (`announced_items`), from two memos: the part that
    depends on ranks alone (fifteens, pairs, runs, twenty-fives, thirty-ones), by the sorted ranks,
    and the part that depends on suits (the flush, the Knave, named cards, a turned Jack), by which
    cards share a suit with each other and with the turn-up, which are Jacks, and which are named."""
    ranks = tuple(sorted(int(c.rank) for c in hand))
    suited = _suit_part(rules, hand, turnup, receives_jack)
    return tuple(sorted((*_rank_part(rules, ranks, int(turnup.rank)), *suited)))


def _rank_part(rules: Rules, ranks: tuple[int, ...], turnup: int) -> Signature:
    """The rank-only items of a hand with these sorted ranks (memoised), counted on cards of
    made-up suits."""
    key = (rules, ranks, turnup)
    part = _RANK_PARTS.get(key)
    if part is None:
        if len(_RANK_PARTS) > 200_000:
            _RANK_PARTS.clear()
        seen: dict[int, int] = {}
        cards = []
        for rank in (*ranks, turnup):
            cards.append(Card(Rank(rank), _SUITS[seen.get(rank, 0)]))
            seen[rank] = seen.get(rank, 0) + 1
        items = announced_items(rules, cards[:-1], cards[-1])
        part = _RANK_PARTS[key] = signature([i for i in items if i.kind not in _SUIT_KINDS])
    return part


def _suit_part(rules: Rules, hand: Sequence[Card], turnup: Card, receives_jack: bool) -> Signature:
    """The items of ``hand``'s call that read suits or single cards (memoised by what they can
    read: which cards are Jacks, of the turn-up's suit, how many share each one's suit, which
    are named; `_suit_keys` is the same key for many hands at once)."""
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
    key = (rules, turnup.rank is Rank.JACK, receives_jack, shape, named)
    part = _SUIT_PARTS.get(key)
    if part is None:
        if len(_SUIT_PARTS) > 200_000:
            _SUIT_PARTS.clear()
        items = announced_items(rules, hand, turnup, receives_jack=receives_jack)
        part = _SUIT_PARTS[key] = signature([i for i in items if i.kind in _SUIT_KINDS])
    return part


Hand = tuple[Card, ...]
Masks = npt.NDArray[np.uint64]


class HandRows(Sequence[Hand]):
    """Hands kept as rows of card indices, with each one's cards as bits (`card_mask`), each made
    a tuple of cards only when read: the tens of thousands of hands an announcement allows cost
    no Python object each (nor the garbage collector's time) while a search draws a few of them."""

    __slots__ = ("masks", "rows")

    def __init__(self, rows: npt.NDArray[np.uint8], masks: Masks | None = None) -> None:
        self.rows = rows
        self.masks = _masks(rows) if masks is None else masks

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, at: int) -> Hand: ...

    @overload
    def __getitem__(self, at: slice) -> HandRows: ...

    def __getitem__(self, at: int | slice) -> Hand | HandRows:
        if isinstance(at, slice):
            return HandRows(self.rows[at], self.masks[at])
        return tuple(DECK[i] for i in self.rows[at].tolist())

    def __iter__(self) -> Iterator[Hand]:
        return (tuple(DECK[i] for i in row) for row in self.rows.tolist())


def candidate_hands(
    view: PlayerView, ev: Evidence, pool: Sequence[Card], rng: random.Random, *, sample: int = 400
) -> Sequence[Hand]:
    """Held hands of ``ev.seat`` consistent with the view: all of them where an announcement narrows
    them enough to enumerate (as `HandRows`) or there are few, else up to ``sample`` drawn at
    random by rejection, which keeps them uniform over the consistent hands (deterministic for a
    given ``rng``)."""
    k = ev.size - len(ev.played)
    pool = [c for c in pool if c not in ev.played]
    if k <= 0:
        return [ev.played] if fits(view, ev, ev.played) else []
    many = comb(len(pool), k)
    if ev.announcement is not None and view.turnup is not None and view.seat is not None:
        base = tuple(c for c in DECK if c != view.turnup)  # one enumeration serves every viewer
        if comb(len(base), ev.size) <= ENUMERATE_LIMIT:
            call = ev.announcement
            called = announced_hands(view.rules, view.turnup, ev.receives_jack, call, base, ev.size)
            allowed = np.uint64(card_mask((*pool, *ev.played)))
            played = np.uint64(card_mask(ev.played))
            inside = np.flatnonzero((called.masks & ~allowed == 0) & (called.masks & played == played))
            rest = replace(ev, announcement=None)  # every called hand makes the call already
            if rest.holds_knave is not None or rest.go_limits:
                inside = inside[np.array([fits(view, rest, called[i]) for i in inside.tolist()], dtype=bool)]
            return HandRows(np.take(called.rows, inside, axis=0), called.masks[inside])
    if many > ENUMERATE_LIMIT or many > sample * 4:
        if ev.holds_knave is None and not ev.go_limits and ev.announcement is None:
            return [(*ev.played, *rng.sample(pool, k)) for _ in range(sample)]  # every hand fits
        found: list[Hand] = []
        for _ in range(sample * 20):
            hand = (*ev.played, *rng.sample(pool, k))
            if fits(view, ev, hand):
                found.append(hand)
                if len(found) >= sample:
                    break
        return found
    return [hand for rest in combinations(pool, k) if fits(view, ev, hand := (*ev.played, *rest))]


def hand_masks(hands: Sequence[Hand]) -> Masks:
    """Each hand's cards as bits (`card_mask`), for drawing hands that share no card: made
    already for `HandRows`."""
    if isinstance(hands, HandRows):
        return hands.masks
    return np.array([card_mask(hand) for hand in hands], dtype=np.uint64)


@lru_cache(maxsize=64)
def announced_hands(
    rules: Rules, turnup: Card, receives_jack: bool, call: Signature, base: tuple[Card, ...], size: int
) -> HandRows:
    """Every hand of ``size`` cards from ``base`` that makes exactly the announced call (in the
    order of `itertools.combinations`). A call is its items that read ranks alone and those that
    read suits (`announced`), so a hand makes it when its ranks make the first (one table look-up
    per hand, `_rank_calls`) and its suits the second (counted once for each suit pattern among
    the survivors, `_suit_keys`). Cached, as it does not change while the deal is played (only
    the cards laid and the Go calls narrow it)."""
    combos, keys, masks = _hands_of(base, size)
    take = np.flatnonzero(_rank_calls(rules, turnup, call, size)[keys])
    combos = np.take(combos, take, axis=0)  # np.take: rows gathered at a tenth of indexing's time
    suited = tuple(item for item in call if item[0] in _SUIT_KINDS)
    _, first, which = np.unique(_suit_keys(rules, combos, turnup), return_index=True, return_inverse=True)
    parts = [_suit_part(rules, [DECK[i] for i in combos[at]], turnup, receives_jack) for at in first.tolist()]
    makes = np.flatnonzero(np.array([part == suited for part in parts], dtype=bool)[which.reshape(-1)])
    return HandRows(np.take(combos, makes, axis=0), masks[take[makes]])


@lru_cache(maxsize=8)
def _combinations(n: int, k: int) -> npt.NDArray[np.int64]:
    """Every way to choose ``k`` of ``n`` positions, as rows of an array in the order of
    `itertools.combinations` (built once, a column at a time: each row followed by every
    position after its last)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for column in range(k):
        last = rows[:, -1] if column else np.full(1, -1, dtype=np.int64)
        counts = np.maximum(n - 1 - last, 0)
        starts = np.repeat(last + 1 - (np.cumsum(counts) - counts), counts)
        rows = np.column_stack([np.repeat(rows, counts, axis=0), np.arange(len(starts)) + starts])
    return rows


@lru_cache(maxsize=4)
def _hands_of(
    base: tuple[Card, ...], size: int
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], Masks]:
    """Every hand of ``size`` cards from ``base`` (rows of card indices), its ranks' key
    (`_rank_keys`) and its mask: the same for every announcing seat of a deal, so made once a
    deal. From a base in the pack's order (the play's: the pack less the turn-up), the pack's
    hands that lie within it, in the same order, so that nothing is sorted a deal."""
    index = np.array([c.index for c in base], dtype=np.uint8)
    if size <= PACK_HANDS_SIZE and bool(np.all(index[1:] > index[:-1])):
        combos, keys, masks = _pack_hands(size)
        inside = np.flatnonzero((masks & ~np.uint64(card_mask(base))) == 0)
        return np.take(combos, inside, axis=0), keys[inside], masks[inside]
    combos = index[_combinations(len(base), size)]
    return combos, _rank_keys(combos), _masks(combos)


PACK_HANDS_SIZE = 4
"""Hands of up to this many cards from the whole pack are made once (270,725 of four: 5 MB)."""


@lru_cache(maxsize=PACK_HANDS_SIZE)
def _pack_hands(size: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], Masks]:
    """Every hand of ``size`` cards from the whole pack (rows of card indices in the order of
    `itertools.combinations`), its ranks' key and its mask, made once."""
    combos = _combinations(len(DECK), size).astype(np.uint8)
    return combos, _rank_keys(combos), _masks(combos)


def _masks(combos: npt.NDArray[np.uint8]) -> Masks:
    """Each hand's cards as bits (`card_mask`)."""
    masks: Masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), combos.astype(np.uint64)), axis=1)
    return masks


def _rank_keys(combos: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Each hand's sorted ranks (0-12) as one number in base 13."""
    ranks = np.sort(combos % 13, axis=1).astype(np.int64)
    keys: npt.NDArray[np.int64] = ranks @ (13 ** np.arange(combos.shape[1], dtype=np.int64))
    return keys


@lru_cache(maxsize=8)
def _rank_sets(size: int) -> tuple[list[tuple[int, ...]], npt.NDArray[np.uint8]]:
    """Every sorted set of ``size`` ranks (0-12, none more than four times), and each as cards of
    suits 0, 1, 2... in rank order (rows of card indices)."""
    sets = [s for s in combinations_with_replacement(range(13), size) if max(map(s.count, s)) <= 4]
    rows = np.array([[13 * s[:i].count(r) + r for i, r in enumerate(s)] for s in sets], np.uint8)
    return sets, rows.reshape(-1, size)


@lru_cache(maxsize=256)
def _rank_calls(rules: Rules, turnup: Card, call: Signature, size: int) -> npt.NDArray[np.bool_]:
    """For every sorted set of ``size`` ranks (by `_rank_keys`): whether a hand of those ranks
    makes exactly the call's items that read ranks alone (fifteens, pairs, runs...), which suits
    cannot change. A deal table sifts the sets by those items' points (one table for all of
    them, built once), then the survivors' items are compared (`_rank_part`), so hands of every
    rank are sifted by one table look-up."""
    sets, rows = _rank_sets(size)
    turnups = np.full(len(rows), turnup.index, dtype=np.uint8)
    wanted = sum(points for kind, _, points in call if kind in _RANK_KINDS)
    keep = score_deals(rules, rows, turnups, kinds=_RANK_KINDS) == wanted
    ranked = tuple(item for item in call if item[0] not in _SUIT_KINDS)
    up = int(turnup.rank)
    for at in np.flatnonzero(keep).tolist():
        ranks = tuple(r + 1 for r in sets[at])
        keep[at] = ranks.count(up) < 4 and _rank_part(rules, ranks, up) == ranked
    table = np.zeros(13**size, dtype=bool)
    table[_rank_keys(rows)] = keep
    return table


_JACKS = np.array([card.rank is Rank.JACK for card in DECK], dtype=np.int64)
_SUIT_OF = np.array([card.index // 13 for card in DECK], dtype=np.int64)


def _suit_keys(rules: Rules, combos: npt.NDArray[np.uint8], turnup: Card) -> npt.NDArray[np.int64]:
    """For each hand (a row of card indices), `_suit_part`'s key as one number: its cards' (named,
    Jack, of the turn-up's suit, how many of the hand share the suit), sorted. Hands with equal
    numbers have the same suit part, so one of each is counted. Worked a column (a card of every
    hand) at a time, which numpy does far faster than small rows."""
    size = combos.shape[1]
    named = _named(rules)
    trump = turnup.index // 13
    cards = (named * 2 + _JACKS) * 2 + np.equal(_SUIT_OF, trump)
    columns = [combos[:, i] for i in range(size)]
    suits = [_SUIT_OF[column] for column in columns]
    codes = np.empty((len(combos), size), dtype=np.int64)
    for i, column in enumerate(columns):
        codes[:, i] = cards[column] * (size + 1) + sum(suits[i] == other for other in suits)
    codes.sort(axis=1)
    base = 4 * (int(named.max()) + 1) * (size + 1)
    if base**size >= 2**63:
        raise OverflowError(f"{size}-card hands with {int(named.max())} named cards do not fit one key")
    key = np.zeros(len(combos), dtype=np.int64)
    for i in range(size):
        key = key * base + codes[:, i]
    return key


@lru_cache(maxsize=32)
def _named(rules: Rules) -> npt.NDArray[np.int64]:
    """For each card of the pack: 0, or 1 + its place among the rules' named cards."""
    names = sorted(dict(rules.special_cards.cards)) if rules.special_cards.enabled else []
    return np.array([names.index(str(c)) + 1 if str(c) in names else 0 for c in DECK], dtype=np.int64)
