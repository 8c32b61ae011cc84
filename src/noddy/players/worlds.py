"""Worlds: whole game states that agree with a view, for search with the engine's own ``apply``.

A view hides other seats' cards; a world fills them in (from inference) and so becomes a position
the engine can play on to the end of the deal. Only the current deal matters to a search: the
stock and the next deals are left out of it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np

from noddy.cards import Card, card_mask
from noddy.game import Event, EventKind, GameState, PlayerView, current_deal, turnup_event
from noddy.players.inference import Evidence, candidate_hands, evidence, hand_masks

__all__ = ["sample_worlds", "world"]


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


def sample_worlds(view: PlayerView, rng: random.Random, limit: int) -> list[GameState]:
    """Up to ``limit`` worlds consistent with the view (every one when there are no more)."""
    me = view.seat
    assert me is not None
    others = [s for s in range(view.players) if s != me]
    pool = list(view.unseen())
    evidences: dict[int, Evidence] = {s: evidence(view, s) for s in others}
    candidates = {s: candidate_hands(view, evidences[s], pool, rng) for s in others}
    my_held = view.held
    worlds: list[GameState] = []
    if len(others) == 1:
        (other,) = others
        options = candidates[other]
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
