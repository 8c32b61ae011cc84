"""The strong player weighs more worlds at a partnership table (three hands hidden, the partner
searched as a friend who sees each world), the same node budget spread over them."""

from __future__ import annotations

import random

import pytest

from noddy.game import GameState, Phase, new_game
from noddy.players import GreedyPlayer, StrongPlayer, make_player
from noddy.players.strong import PARTNER_WORLDS, WORLDS
from noddy.rules import load_rules


def _first_play(players: int) -> GameState:
    """The first play decision with a choice of a seeded cribbage game of greedy players."""
    state, rng = new_game(load_rules("cribbage"), players), random.Random(3)
    while not (state.phase is Phase.PLAY and state.to_act is not None and len(state.legal_actions()) > 1):
        chance = state.chance()
        if chance is not None:
            state = state.apply(chance.sample(rng))
            continue
        assert state.to_act is not None
        view = state.view(state.to_act)
        state = state.apply(GreedyPlayer().choose(view, view.legal, rng))
    return state


@pytest.mark.parametrize(("players", "worlds"), [(2, WORLDS), (3, WORLDS), (4, PARTNER_WORLDS)])
def test_hard_weighs_more_worlds_at_partners(players: int, worlds: int) -> None:
    state = _first_play(players)
    assert state.to_act is not None
    view = state.view(state.to_act)
    assert view.partners == (players == 4)
    hard = make_player("hard")
    assert isinstance(hard, StrongPlayer)
    assert len(hard.sample(view, random.Random(1))) == worlds


def test_worlds_given_are_weighed_at_any_table() -> None:
    state = _first_play(4)
    assert state.to_act is not None
    view = state.view(state.to_act)
    assert len(StrongPlayer(worlds=WORLDS).sample(view, random.Random(1))) == WORLDS
    assert WORLDS < PARTNER_WORLDS
