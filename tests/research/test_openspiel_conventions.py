"""``python_noddy`` keeps OpenSpiel's conventions, each found broken by running OpenSpiel's own
tools on it (issue 28): the ``partners`` parameter, resampling from an information state (so that
information-set MCTS runs as it comes), a public observation that holds public information only,
returns that say the stake and add up to zero as the game type says, and counting by the engine
unless declarations are asked for."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers import spiel_play as random_play

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from noddy.research.openspiel import NoddyState, register  # noqa: E402

register()


PUBLIC = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
)
PRIVATE = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
)


def test_a_table_of_four_chooses_partners_or_each_alone() -> None:
    together = pyspiel.load_game("python_noddy", {"rules": "crib-noddy-new", "players": 4})
    alone = pyspiel.load_game("python_noddy", {"rules": "crib-noddy-new", "players": 4, "partners": False})
    assert together.new_initial_state().noddy.partners
    assert not alone.new_initial_state().noddy.partners
    assert len(alone.new_initial_state().noddy.scores) == 4
    pyspiel.random_sim_test(alone, num_sims=1, serialize=True, verbose=False)


def test_information_set_mcts_runs_without_a_resampler_of_its_own() -> None:
    game = pyspiel.load_game("python_noddy", {"rules": "cribbage"})
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, rollouts, 2.0, 8, random_state=np.random.RandomState(0))
    rng = random.Random(1)
    state = game.new_initial_state()
    moved = 0
    while moved < 4 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moved += 1
    assert moved == 4


def _ismcts_moves(game: object, seed: int, moves: int) -> list[int]:
    """The moves of OpenSpiel's information-set MCTS with every seed fixed (its own, its
    evaluator's, chance's), resampling through the game's own hook."""
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, rollouts, 2.0, 12, random_state=np.random.RandomState(seed))
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    chosen: list[int] = []
    while len(chosen) < moves and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        action = bot.step(state)
        chosen.append(action)
        state.apply_action(action)
    return chosen


def test_information_set_mcts_with_every_seed_fixed_plays_the_same_moves() -> None:
    """OpenSpiel's Python IS-MCTS resamples with a new unseeded sampler each time: the game's hook
    draws from the state it is asked about, so seeded runs agree, on one game or on two."""
    game = pyspiel.load_game("python_noddy", {"rules": "willughby"})
    first = _ismcts_moves(game, 5, 6)
    assert len(first) == 6
    assert _ismcts_moves(game, 5, 6) == first
    assert _ismcts_moves(pyspiel.load_game("python_noddy", {"rules": "willughby"}), 5, 6) == first


def test_resampling_from_an_information_state_keeps_what_the_player_knows() -> None:
    game = pyspiel.load_game("python_noddy", {"rules": "willughby"})
    state: NoddyState = random_play(game.new_initial_state(), random.Random(3), moves=3)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for _ in range(8):
        again = state.resample_from_infostate(player, sampler)
        assert again.information_state_string(player) == state.information_state_string(player)
        others.add(again.noddy.hands[1 - player])
    assert len(others) > 1


@pytest.mark.parametrize(("name", "players"), [("cribbage", 2), ("crib-noddy-new", 3), ("cribbage", 4)])
def test_the_public_observation_is_the_same_for_every_seat_and_blind_to_hidden_cards(
    name: str, players: int
) -> None:
    game = pyspiel.load_game("python_noddy", {"rules": name, "players": players})
    public = make_observation(game, PUBLIC)
    private = make_observation(game, PRIVATE)
    rng = random.Random(players)
    state: NoddyState = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 40:
        state = random_play(state, rng, moves=1)
        if state.is_chance_node() or state.is_terminal():
            continue
        tensors = []
        for seat in range(players):
            public.set_from(state, seat)
            tensors.append(public.tensor.copy())
            assert public.string_from(state, seat) == public.string_from(state, 0)
        assert all(np.array_equal(t, tensors[0]) for t in tensors)
        player = state.current_player()
        again = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        public.set_from(again, player)
        assert np.array_equal(public.tensor, tensors[0])
        private.set_from(state, player)
        hand = {c.index for c in state.noddy.hands[player]}
        assert set(np.flatnonzero(private.dict["hand"])) == hand
        assert "hand" not in public.dict
        checked += 1
    assert checked == 40


def test_returns_say_the_stake_and_add_up_to_zero_at_every_table() -> None:
    stakes = set()
    for players in (2, 3, 4):
        game = pyspiel.load_game("python_noddy", {"rules": "cribbage", "players": players})
        for seed in range(6 if players == 2 else 2):
            state = random_play(game.new_initial_state(), random.Random(seed))
            returns = state.returns()
            assert sum(returns) == pytest.approx(0.0)
            winner, stake = state.noddy.winner, state.noddy.stake[1]
            assert max(returns) == stake
            assert all(r == stake for seat, r in enumerate(returns) if state.noddy.side_of(seat) == winner)
            stakes.add(stake)
    assert stakes > {1}  # random play skunks often
    flat = pyspiel.load_game("python_noddy", {"rules": "cribbage", "stakes": False})
    assert flat.max_utility() == 1.0
    assert pyspiel.load_game("python_noddy", {"rules": "cribbage"}).max_utility() == 4.0


def test_the_engine_counts_unless_declarations_are_asked_for() -> None:
    for declare, most in ((False, 1), (True, 100)):
        game = pyspiel.load_game("python_noddy", {"rules": "willughby", "declare": declare})
        state = game.new_initial_state()
        rng = random.Random(5)
        widest = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            legal = state.legal_actions()
            if state.noddy.phase.value == "count":
                widest = max(widest, len(legal))
            state.apply_action(rng.choice(legal))
        assert widest == most if not declare else widest > 50
