"""Inference of announced hands: the hands enumerated from the whole pack (as the play does) are
exactly those a brute force finds, kept as rows that read as tuples of cards, with their masks."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from helpers import states_of
from noddy.cards import DECK, card_mask
from noddy.game import Phase, new_game
from noddy.players import GreedyPlayer
from noddy.players.driver import run_game
from noddy.players.inference import (
    HandRows,
    announced,
    announced_hands,
    candidate_hands,
    evidence,
    hand_masks,
)
from noddy.players.worlds import sample_worlds
from noddy.rules import load_rules


@pytest.mark.slow
@pytest.mark.parametrize("name", ["four-card", "crib-noddy-old"])
def test_announced_hands_from_the_whole_pack_are_the_brute_force(name: str) -> None:
    """From the pack less the turn-up (the play's enumeration, 249,900 hands of four), the
    announced hands are every hand whose own call is the one made, in `combinations`' order, and
    each mask is its hand's `card_mask`."""
    rules = load_rules(name)
    rng = random.Random(name)
    size = rules.held_size(4)
    for _ in range(2):
        turnup = rng.choice(DECK)
        base = tuple(c for c in DECK if c != turnup)
        jack = rng.random() < 0.5
        call = announced(rules, rng.sample(base, size), turnup, jack)
        every = [h for h in combinations(base, size) if announced(rules, h, turnup, jack) == call]
        found = announced_hands(rules, turnup, jack, call, base, size)
        assert list(found) == every
        assert found.masks.tolist() == [card_mask(h) for h in every]


def test_hand_rows_read_as_the_list_of_their_hands() -> None:
    """`HandRows` reads like the list of tuples it stands for: length, indices (numpy's too),
    slices, iteration and a seeded `random.sample` all agree; its masks are its hands' cards."""
    hands = list(combinations(DECK[:9], 3))
    rows = HandRows(np.array([[c.index for c in h] for h in hands], dtype=np.uint8))
    assert len(rows) == len(hands)
    assert list(rows) == hands
    assert rows[5] == hands[5] and rows[-1] == hands[-1] and rows[np.int64(7)] == hands[7]
    assert list(rows[3:40:4]) == hands[3:40:4]
    assert rows.masks.tolist() == [card_mask(h) for h in hands] and hand_masks(rows) is rows.masks
    assert rows[3:40:4].masks.tolist() == hand_masks(hands[3:40:4]).tolist()
    assert random.Random(1).sample(rows, 10) == random.Random(1).sample(hands, 10)


@pytest.mark.parametrize(("name", "players"), [("four-card", 4), ("crib-noddy-old", 3), ("willughby", 2)])
def test_candidate_masks_are_their_hands_cards(name: str, players: int) -> None:
    """Each candidate hand's `hand_masks` is its `card_mask` (what worlds draw from), at every
    decision of the play, announced or not; and worlds drawn from them never give a card twice."""
    rules = load_rules(name)
    state = run_game(new_game(rules, players), [GreedyPlayer() for _ in range(players)], random.Random(3))
    states = [s for s in states_of(state) if s.phase is Phase.PLAY and s.to_act is not None]
    for s in states[:16]:
        assert s.to_act is not None
        view = s.view(s.to_act)
        for seat in range(players):
            if seat != s.to_act:
                hands = candidate_hands(view, evidence(view, seat), view.unseen(), random.Random(0))
                assert len(hands) > 0
                assert hand_masks(hands).tolist() == [card_mask(h) for h in hands]
        for world in sample_worlds(view, random.Random(0), 8):
            cards = [c for held in world.held for c in held]
            assert len(cards) == len(set(cards))
