"""Constructed positions: a shuffle that deals chosen hands and turn-up (for tests, puzzles, lessons)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from noddy.cards import DECK, Card
from noddy.errors import CardError
from noddy.game.actions import Action, ActionKind
from noddy.game.state import GameState, Phase
from noddy.words import Reason

__all__ = ["arranged_shuffle", "at_deal"]


def arranged_shuffle(
    state: GameState,
    hands: Mapping[int, Sequence[Card]],
    turnup: Card,
    *,
    cribs: Mapping[int, Sequence[Card]] | None = None,
) -> Action:
    """A shuffle action that deals ``hands`` (seat: cards, in full) and turns up ``turnup``.

    Seats not given, own cribs not given and the rest of the stock get the other cards in pack order.
    """
    shape = state.rules.deal.shape(state.players)
    used = [
        turnup,
        *(c for h in hands.values() for c in h),
        *(c for crib in (cribs or {}).values() for c in crib),
    ]
    if len(set(used)) != len(used):
        raise CardError(Reason("deal_twice"))
    spare = [c for c in DECK if c not in used]
    full: dict[int, list[Card]] = {}
    for seat in range(state.players):
        cards = list(hands.get(seat, ()))
        if len(cards) > shape.dealt:
            raise CardError(Reason("deal_many", seat=seat, n=len(cards), dealt=shape.dealt))
        while len(cards) < shape.dealt:
            cards.append(spare.pop())
        full[seat] = cards
    own = {s: list((cribs or {}).get(s, ())) for s in range(state.players)}
    order: list[Card] = []
    seats = state.order_from_elder()
    for i in range(shape.dealt):
        order += [full[s][i] for s in seats]
    for i in range(shape.crib_dealt):
        for s in seats:
            order.append(own[s][i] if i < len(own[s]) else spare.pop())
    for _ in range(shape.crib_from_pack):
        order.append(spare.pop())
    order.append(turnup)
    order += spare
    return Action(ActionKind.SHUFFLE, None, tuple(order))


def at_deal(state: GameState, dealer: int, scores: Sequence[int] | None = None) -> GameState:
    """The same game waiting for the shuffle of a deal by ``dealer`` with the given scores."""
    return state.evolve(
        phase=Phase.SHUFFLE,
        dealer=dealer,
        scores=tuple(scores) if scores is not None else state.scores,
        to_act=None,
    )
