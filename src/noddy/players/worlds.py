"""Worlds: whole game states that agree with a view, for search with the engine's own ``apply``.

A view hides other seats' cards; a world fills them in (from inference) and so becomes a position
the engine can play on to the end of the deal. Only the current deal matters to a search: the
stock and the next deals are left out of it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

from noddy.cards import DECK, Card, card_mask
from noddy.game import Event, EventKind, GameState, PlayerView, current_deal, turnup_event
from noddy.players.inference import Evidence, candidate_hands, evidence, hand_masks
from noddy.rules import Rules
from noddy.scoring import KINDS, Kind, score_deals

__all__ = ["HANDS", "kept_values", "sample_worlds", "world"]

HANDS = 400
"""The hands of each hidden seat `sample_worlds` draws (where more fit the view) and picks its worlds
among: `candidate_hands`' sample."""


def world(
    view: PlayerView,
    held: Mapping[int, tuple[Card, ...]],
    cribs: Mapping[int, tuple[Card, ...]],
    stock: Sequence[Card] = (),
) -> GameState:
    """The game state in which every seat holds ``held[seat]`` (its cards after any discard)."""
    events = current_deal(view.events)
    starts = (EventKind.RESET, EventKind.DEAL)
    series_start = max((i for i, e in enumerate(events) if e.kind in starts), default=0)
    gone = frozenset(e.seat for e in events[series_start:] if e.kind == EventKind.GO and e.seat is not None)
    plays = [e for e in events[series_start:] if e.kind in (EventKind.PLAY, EventKind.GO)]
    last_player = next((e.seat for e in reversed(events) if e.kind == EventKind.PLAY), None)
    played_by = [0] * view.players
    for seat, card in view.played:
        played_by[seat] |= 1 << card.index
    hands = tuple(tuple(c for c in held[s] if not played_by[s] >> c.index & 1) for s in range(view.players))
    return GameState(
        rules=view.rules,
        players=view.players,
        partners=view.partners,
        phase=view.phase,
        dealer=view.dealer,
        deal_number=view.deal_number,
        scores=view.scores,
        stock=tuple(stock),
        hands=hands,
        held=tuple(held[s] for s in range(view.players)),
        cribs=tuple(cribs.get(s, ()) for s in range(view.players)),
        discards=tuple(view.discards if s == view.seat else () for s in range(view.players)),
        turnup=view.turnup,
        tasks=(),
        pile=view.pile,
        played=view.played,
        gone=gone,
        to_act=view.to_act,
        last_player=last_player,
        last_was_go=bool(plays) and plays[-1].kind == EventKind.GO,
        events=_deal_events(view),
    )


def _deal_events(view: PlayerView) -> tuple[Event, ...]:
    """A world's events: its deal, and the turn-up where the view shows one (so that the views of
    the world show it too, as they did in the game)."""
    deal = Event(EventKind.DEAL, view.dealer)
    if view.turnup is None:
        return (deal,)
    return deal, turnup_event(view.turnup)


def sample_worlds(
    view: PlayerView, rng: random.Random, limit: int, kept: float = 0.0, hands: int = HANDS
) -> list[GameState]:
    """Up to ``limit`` worlds consistent with the view (every one when there are no more), drawn
    from ``hands`` hands of each hidden seat (`candidate_hands`; each drawn uniformly among the
    hands the view allows, so as many as the worlds draw each world's hands at once). With
    ``kept`` above 0, at two players where the other seat laid cards away into the crib unseen,
    the worlds favour the hands it would have kept (`kept_worlds`); at 0 every consistent hand is as
    likely as any other."""
    me = view.seat
    assert me is not None
    others = [s for s in range(view.players) if s != me]
    pool = list(view.unseen())
    evidences: dict[int, Evidence] = {s: evidence(view, s) for s in others}
    candidates = {s: candidate_hands(view, evidences[s], pool, rng, sample=hands) for s in others}
    my_held = view.held
    worlds: list[GameState] = []
    if len(others) == 1:
        (other,) = others
        options = candidates[other]
        laid = (
            view.rules.crib_size(view.players) - len(view.discards) if view.rules.crib.kind == "dealer" else 0
        )
        if kept > 0 and laid > 0 and len(options) > limit:
            return kept_worlds(view, other, options, pool, rng, limit, kept, laid)
        chosen = options if len(options) <= limit else rng.sample(options, limit)
        for hand in chosen:
            worlds.append(_complete(view, {me: my_held, other: hand}, pool, rng))
        return worlds
    masks = {s: hand_masks(candidates[s]) for s in others}
    for _ in range(limit * 10):
        used = np.uint64(0)
        held: dict[int, tuple[Card, ...]] = {me: my_held}
        for seat in others:
            fitting = np.flatnonzero((masks[seat] & used) == 0)
            if not len(fitting):
                break
            chosen_at = rng.choice(fitting)
            held[seat] = candidates[seat][chosen_at]
            used |= masks[seat][chosen_at]
        else:
            worlds.append(_complete(view, held, pool, rng))
            if len(worlds) >= limit:
                break
    return worlds


def _complete(
    view: PlayerView, held: Mapping[int, tuple[Card, ...]], pool: Sequence[Card], rng: random.Random
) -> GameState:
    """Deal the cards nobody is known to hold into the cribs (they matter for counts after the play)."""
    taken = card_mask(c for hand in held.values() for c in hand)
    rest = [c for c in pool if not taken >> c.index & 1]
    rng.shuffle(rest)
    cribs: dict[int, tuple[Card, ...]] = {}
    rules = view.rules
    if rules.crib.kind == "dealer":
        size = rules.crib_size(view.players)
        known = list(view.discards)
        cribs[view.dealer] = (*known, *rest[: size - len(known)])
        rest = rest[size - len(known) :]
    elif rules.crib.kind == "own":
        size = rules.crib_size(view.players)
        for seat in range(view.players):
            if seat == view.seat:
                cribs[seat] = view.own_crib
            else:
                cribs[seat] = tuple(rest[:size])
                rest = rest[size:]
    return world(view, held, cribs)


KEPT_CANDIDATES = 400
"""The hands of the other seat `kept_worlds` weighs (each with the cards it laid away), a sample
where more fit the view."""


def kept_worlds(
    view: PlayerView,
    other: int,
    options: Sequence[tuple[Card, ...]],
    pool: Sequence[Card],
    rng: random.Random,
    limit: int,
    kept: float,
    laid: int,
) -> list[GameState]:
    """``limit`` worlds for a two-player view whose other seat laid ``laid`` cards away into the
    crib unseen: each of up to `KEPT_CANDIDATES` of its consistent held hands (``options``) gets
    ``laid`` of the cards left as its lay-away, and the pair is weighted by how well that lay-away
    stood among every way of splitting the same cards, ``exp(kept * (value - best))`` in points
    (`kept_values`: the kept hand's count and the laid cards' crib count over the turn-ups, as
    greedy weighs them); the worlds are drawn by weight, without replacement (so a hand kept
    for its points is likelier than one broken up, as a seat keeps its best cards)."""
    me = view.seat
    assert me is not None
    chosen = options if len(options) <= KEPT_CANDIDATES else rng.sample(list(options), KEPT_CANDIDATES)
    hands = np.array([[c.index for c in hand] for hand in chosen], np.int64)
    cards = np.array([c.index for c in pool], np.int64)
    draw = np.random.default_rng(rng.getrandbits(64))
    order = draw.random((len(hands), len(cards)))
    order[(cards[None, :, None] == hands[:, None, :]).any(axis=2)] = 2.0  # its own cards are never laid
    away = cards[np.argpartition(order, laid, axis=1)[:, :laid]]
    sign = 1.0 if view.dealer == other else -1.0
    values = kept_values(view.rules, np.concatenate([hands, away], axis=1), laid, sign)
    gumbel = -np.log(-np.log(draw.random(len(hands)) + np.finfo(np.float64).tiny))
    keys = kept * (values[:, -1] - values.max(axis=1)) + gumbel  # Gumbel's top k: drawn by weight
    worlds = []
    for at in np.argsort(-keys, kind="stable")[:limit].tolist():
        held = {me: view.held, other: chosen[at]}
        worlds.append(
            world(view, held, {view.dealer: (*view.discards, *(DECK[i] for i in away[at].tolist()))})
        )
    return worlds


def kept_values(
    rules: Rules, cards: npt.NDArray[np.int64], laid: int, sign: float
) -> npt.NDArray[np.float64]:
    """For each row of a seat's cards before its lay-away (card indices, the ``laid`` laid away
    last), the value of every way of laying ``laid`` away, that one last: the kept cards' mean count
    over every turn-up it could not see, plus ``sign`` (1 for its own crib, -1 for another's) times
    the laid cards' mean counted as a crib with the turn-up: greedy's lay-away (``medium``'s) weighs
    its choices so (`noddy.players.simple.GreedyPlayer`), up to a constant a row."""
    size = cards.shape[1]
    splits = list(combinations(range(size), size - laid))
    splits.remove(tuple(range(size - laid)))
    splits.append(tuple(range(size - laid)))
    keep = np.array(splits)
    away = np.array([[i for i in range(size) if i not in split] for split in splits])
    unseen = len(DECK) - size
    ranks, suits = cards % 13, cards // 13
    rank_odds = (4 - (ranks[:, :, None] == np.arange(13)).sum(axis=1)) / unseen
    suit_odds = (13 - (suits[:, :, None] == np.arange(4)).sum(axis=1)) / unseen
    inside = np.arange(len(cards))[:, None, None]
    result: npt.NDArray[np.float64] = np.zeros((len(cards), len(splits)))
    for part, weight, crib in ((keep, 1.0, False), (away, sign, True)):
        by_ranks, by_suits, by_card = _lay_away_tables(rules, part.shape[1], crib)
        rank_part = (by_ranks[_rank_key(ranks[:, part])] * rank_odds[:, None, :]).sum(axis=2)
        suit_key = (np.sort(suits[:, part], axis=-1) * (4 ** np.arange(part.shape[1]))).sum(axis=-1)
        suit_part = (by_suits[suit_key] * suit_odds[:, None, :]).sum(axis=2)
        each = (
            by_card[cards].sum(axis=2) - by_card[cards[:, :, None], cards[:, None, :]].sum(axis=2)
        ) / unseen
        result += weight * (rank_part + suit_part + each[inside, part[None]].sum(axis=2))
    return result


def _rank_key(ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    ordered = np.sort(ranks, axis=-1)
    key: npt.NDArray[np.int64] = (ordered * (13 ** np.arange(ranks.shape[-1], dtype=np.int64))).sum(axis=-1)
    return key


@cache
def _lay_away_tables(
    rules: Rules, size: int, crib: bool
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The count of ``size`` held cards (a crib's, with ``crib``) with a turn-up, in three parts
    `score_deals` adds: by the held cards' sorted ranks (`_rank_key`) and the turn-up's rank (the
    fifteens, pairs and runs); by their sorted suits and the turn-up's suit (the flush); and a card
    at a time with the turn-up (the Knave, named cards)."""
    by_rank = frozenset(KINDS) - {Kind.FLUSH, Kind.KNAVE, Kind.SPECIAL}
    sets = np.array(list(combinations_with_replacement(range(13), size)), np.int64)
    rows, ups = np.repeat(sets, 13, axis=0), np.tile(np.arange(13, dtype=np.int64), len(sets))
    by_ranks = np.zeros((13**size, 13))
    scores = score_deals(rules, rows.astype(np.uint8), ups.astype(np.uint8), crib=crib, kinds=by_rank)
    by_ranks[_rank_key(sets)] = scores.reshape(len(sets), 13)
    patterns = np.array(list(combinations_with_replacement(range(4), size)), np.int64)
    held = np.repeat(patterns * 13 + np.arange(size), 4, axis=0)
    turned = np.tile(np.arange(4, dtype=np.int64) * 13 + size, len(patterns))
    by_suits = np.zeros((4**size, 4))
    flush = score_deals(
        rules, held.astype(np.uint8), turned.astype(np.uint8), crib=crib, kinds=frozenset({Kind.FLUSH})
    )
    by_suits[(patterns * (4 ** np.arange(size))).sum(axis=1)] = flush.reshape(len(patterns), 4)
    cards = np.repeat(np.arange(len(DECK), dtype=np.int64), len(DECK))
    each = np.tile(np.arange(len(DECK), dtype=np.int64), len(DECK))
    singles = score_deals(
        rules,
        cards[:, None].astype(np.uint8),
        each.astype(np.uint8),
        crib=crib,
        kinds=frozenset({Kind.KNAVE, Kind.SPECIAL}),
    )
    by_card = np.where(cards == each, 0, singles).reshape(len(DECK), len(DECK)).astype(np.float64)
    return by_ranks, by_suits, by_card
