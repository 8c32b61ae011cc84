"""Laying away together: the engine says whether any seat may lay its cards away now
(`discard_refusal`), not only the seat `apply` takes the discards from next, with the same check
`refusal` makes of the seat to act."""

from __future__ import annotations

import random
from itertools import combinations

from noddy.cards import DECK, card_mask
from noddy.game import Action, ActionKind, GameState, Phase, discard_refusal, new_game
from noddy.rules import load_rules, preset_names


def _dealt(name: str, players: int, seed: int) -> GameState:
    """A new game's first deal, waiting for its discards."""
    state = new_game(load_rules(name), players)
    rng = random.Random(seed)
    while (chance := state.chance()) is not None:
        state = state.apply(chance.sample(rng))
    assert state.phase is Phase.DISCARD
    return state


def test_every_seat_may_lay_away_while_the_deal_waits_for_discards() -> None:
    state = _dealt("cribbage", 3, 1)
    first = state.to_act
    assert first is not None
    for seat in range(3):
        hand = state.hands[seat]
        assert discard_refusal(state, seat, hand[:1]) == "", f"seat {seat}, to act or not"
        assert discard_refusal(state, seat, hand[:2]).key == "discard_count"  # type: ignore[attr-defined]
    other = (first + 1) % 3
    foreign = state.hands[first][:1]
    assert discard_refusal(state, other, foreign).key == "discard_not_held"  # type: ignore[attr-defined]
    assert str(state.why_illegal(Action.discard(other, state.hands[other][:1]))).startswith("it is seat")


def test_a_seat_that_has_laid_away_is_told_so() -> None:
    state = _dealt("cribbage", 2, 2)
    first = state.to_act
    assert first is not None
    state = state.apply(Action.discard(first, state.hands[first][:2]))
    assert state.phase is Phase.DISCARD
    assert discard_refusal(state, first, state.hands[first][:2]).key == "laid_away"  # type: ignore[attr-defined]
    assert discard_refusal(state, 1 - first, state.hands[1 - first][:2]) == ""


def test_for_the_seat_to_act_it_is_refusals_own_answer() -> None:
    state = _dealt("five-card-cribbage", 2, 3)
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    theirs = state.hands[1 - seat][0]
    tried = [*combinations(hand, 2), hand[:1], hand[:3], (hand[0], hand[0]), (hand[0], theirs)]
    for cards in tried:
        assert discard_refusal(state, seat, cards) == state.why_illegal(Action.discard(seat, cards))


def test_outside_the_lay_away_it_answers_as_refusal_does() -> None:
    state = new_game(load_rules("cribbage"), 2)
    assert discard_refusal(state, 0, ()) == state.why_illegal(Action.discard(0, ()))
    assert discard_refusal(state, 0, ()).key == "chance"  # type: ignore[attr-defined]


def test_the_legal_actions_carry_their_cards_as_masks_made_with_them() -> None:
    """`LegalActions.plays` is the cards of the listed plays, `lay_away_from` the cards every
    listed lay-away is chosen from (each set of as many as are laid away listed once), `kinds` the
    kinds listed (with the declaration family's), the view's as the state's; and each event's
    `named` is the cards of its items and its own: at every decision of a random game of every
    rule set."""
    checked: set[str] = set()
    for name in preset_names():
        rules = load_rules(name)
        players = min(rules.deal.player_counts)
        state = new_game(rules, players)
        rng = random.Random(name)
        while not state.is_over:
            if (chance := state.chance()) is not None:
                state = state.apply(chance.sample(rng))
                continue
            assert state.to_act is not None
            legal = state.legal_actions()
            assert state.view(state.to_act).legal.plays == legal.plays
            plays = [a.card for a in legal if a.kind is ActionKind.PLAY]
            assert legal.plays == card_mask(plays)
            laid = [frozenset(a.cards) for a in legal if a.kind is ActionKind.DISCARD]
            assert bool(laid) == bool(legal.lay_away_from)
            if laid:
                source = [c for c in DECK if legal.lay_away_from >> c.index & 1]
                every = map(frozenset, combinations(source, len(laid[0])))
                assert sorted(laid, key=sorted) == sorted(every, key=sorted)
                assert len(set(laid)) == len(laid)
            family = {ActionKind.DECLARE} if legal.declare is not None else set()
            assert legal.kinds == {a.kind for a in legal} | family
            checked.update(kind.value for kind in legal.kinds)
            state = state.apply(rng.choice(list(legal)))
        for event in state.events:
            assert event.named == card_mask([*event.cards, *(c for item in event.items for c in item.cards)])
    assert checked >= {"play", "go", "discard", "count"}
