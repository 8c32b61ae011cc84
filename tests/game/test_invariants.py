"""Random-play invariants for every preset and every player count it allows (seeded loops).

Cards are conserved, the count never passes 31, scores never go down and equal the points of the
events, every game ends, the record replays to the same state, a view never shows a card its seat
may not know, only legal actions are offered and illegal ones are refused. `make test` plays four
seeded games of each table (each seat both random and greedy among them), `make test-full` twelve.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from helpers import tail
from noddy.cards import DECK, Card
from noddy.errors import IllegalActionError
from noddy.game import Action, GameState, Phase, new_game
from noddy.players import GreedyPlayer, RandomPlayer
from noddy.players.driver import next_action
from noddy.record import GameRecord, Seat
from noddy.rules import load_rules, preset_names

TABLES = [
    (name, n, partners)
    for name in preset_names()
    for n in load_rules(name).player_counts
    for partners in ((False, True) if n == 4 and load_rules(name).table.partners == "optional" else (None,))
]
LONG_GAME = 121
"""Games to this target take seconds each to play at random: their tables are marked slow."""
MAX_ACTIONS = 5000
CARD_IN_TEXT = re.compile(r"\b(?:10|[2-9AJQK])[cdhs]\b")


def _ids() -> list[str]:
    return [f"{name}-{n}{'-partners' if p else ''}" for name, n, p in TABLES]


def _cards_in_play(state: GameState) -> Counter[Card]:
    cards: Counter[Card] = Counter(state.stock)
    for hand in state.hands:
        cards.update(hand)
    for crib in state.cribs:
        cards.update(crib)
    cards.update(card for _, card in state.played)
    if state.turnup is not None:
        cards[state.turnup] += 1
    return cards


def _public_cards(state: GameState) -> set[Card]:
    """Cards every seat may know: laid in the play, turned up, or shown in a count."""
    cards: set[Card] = set()
    for event in state.events:
        cards.update(event.cards)
        for item in event.items:
            if not event.hidden or item.kind in ("knave", "special", "turned_jack"):
                cards.update(item.cards)
    return cards


def _known_to(state: GameState, seat: int, seen_before: set[Card]) -> set[Card]:
    own = {*state.hands[seat], *state.held[seat], *state.discards[seat]}
    if state.rules.crib.kind == "own":
        own.update(state.cribs[seat])
    for event in state.events:
        if event.seat == seat:
            for item in event.items:
                own.update(item.cards)
    return own | _public_cards(state) | seen_before


def _check_illegal(state: GameState, rng: random.Random) -> None:
    """A sample of illegal actions is refused with a reason naming the seat and phase; an action is
    listed as legal exactly when the one check finds no reason to refuse it."""
    legal = state.legal_actions()
    seat = state.to_act
    assert seat is not None
    wrong_seat = (seat + 1) % state.players
    candidates = [Action.play(seat, rng.choice(DECK)), Action.go(seat), Action.count(wrong_seat)]
    candidates += [Action.play(wrong_seat, c) for c in state.hands[wrong_seat][:1]]
    candidates += [Action.declare(seat, 12), Action.declare(seat, 100), Action("muggins", seat)]
    candidates += [Action.discard(seat, state.hands[seat][:2]), Action.count(seat)]
    for action in candidates:
        why = state.why_illegal(action)
        assert (action in legal) == (why == ""), f"{action}: listed {action in legal}, refused {why!r}"
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert f"seat {action.seat}" in str(err.value) and state.phase.value in str(err.value)


def _tables() -> list[Any]:
    """Every table as a test case, those of more than 2 players or playing to a long target marked
    slow (`make check` plays every preset two-handed)."""
    cases = []
    for (name, n, partners), id_ in zip(TABLES, _ids(), strict=True):
        slow = load_rules(name).game.target >= LONG_GAME or n > 2
        cases.append(pytest.param(name, n, partners, id=id_, marks=[pytest.mark.slow] if slow else []))
    return cases


@pytest.mark.parametrize("seeds", tail(range(4), range(4, 12)))
@pytest.mark.parametrize(("name", "players", "partners"), _tables())
def test_random_play_invariants(name: str, players: int, partners: bool | None, seeds: range) -> None:
    rules = load_rules(name)
    for seed in seeds:
        rng = random.Random(seed)
        seats = [RandomPlayer() if (seed + i) % 3 else GreedyPlayer() for i in range(players)]
        state = new_game(rules, players, partners=partners)
        seen: dict[int, set[Card]] = {seat: set() for seat in range(players)}
        steps = 0
        while not state.is_over:
            steps += 1
            assert steps < MAX_ACTIONS, "every game ends"
            if state.to_act is not None:
                legal = state.legal_actions()
                assert legal, "a player to act always has a legal action"
                for action in legal[:40]:
                    assert state.apply(action).history == (*state.history, action)
                if legal.declare is not None:
                    for points in legal.declare.points[:40]:
                        declared = Action.declare(state.to_act, points)
                        assert state.apply(declared).history == (*state.history, declared)
                if steps % 7 == 0:
                    _check_illegal(state, rng)
            else:
                assert not state.legal_actions()
            action = next_action(state, seats, rng)
            before = state
            state = state.apply(action)
            assert all(a >= b for a, b in zip(state.scores, before.scores, strict=True)), (
                "scores never go down"
            )
            assert state.count <= 31
            if state.phase not in (Phase.CUT,) and state.deal_number:
                cards = _cards_in_play(state)
                assert sum(cards.values()) == 52 and set(cards) == set(DECK), "the 52 cards are conserved"
            for seat in range(players):
                view = state.view(seat)
                allowed = _known_to(state, seat, seen[seat])
                leaked = view.cards_seen() - allowed
                assert not leaked, f"seat {seat} sees {leaked} in {state.phase}"
                named = {Card.parse(m) for e in view.events for m in CARD_IN_TEXT.findall(e.text)}
                assert named <= allowed, f"seat {seat} reads {named - allowed} in the events' words"
                seen[seat] |= view.cards_seen()
            spectator = state.view(None)
            assert spectator.cards_seen() <= _public_cards(state)
        pegged = [0] * state.sides
        for event in state.events:
            if event.seat is not None and event.points:
                pegged[state.side_of(event.seat)] += event.points
        assert tuple(pegged) == state.scores, "the points of the events sum to the scores"
        record = GameRecord.start(state, [Seat(f"p{i}") for i in range(players)], preset=name)
        replayed = GameRecord.loads(record.dumps(state)).verify()
        assert replayed == state
