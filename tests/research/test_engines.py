"""The research environments step on the compiled kernel where it handles the rules, and give
the same observations, masks and rewards as on the readable engine: both played in lockstep over
random games of every preset and table, every seat's observation compared at every step."""

from __future__ import annotations

import numpy as np
import pytest

from helpers import sweep

pytest.importorskip("pettingzoo")

from noddy.errors import IllegalActionError, NoddyError
from noddy.kernel import unavailable, unsupported
from noddy.research.pettingzoo import env
from noddy.rules import load_rules, preset_names

pytestmark = pytest.mark.skipif(bool(unavailable()), reason=unavailable() or "built")
TABLES = [
    (name, n, partners)
    for name in preset_names()
    for n in load_rules(name).player_counts
    for partners in ((True, False) if n == 4 and load_rules(name).table.partners == "optional" else (None,))
    if not unsupported(load_rules(name), n)
]


def test_every_preset_and_table_steps_on_the_kernel_by_default() -> None:
    assert len(TABLES) >= 25
    for name, n, partners in TABLES:
        assert env(name, n, partners=partners).engine == "kernel"


@pytest.mark.parametrize(("name", "players", "partners"), sweep(TABLES, quick=3))
def test_both_engines_give_the_same_observations_masks_and_rewards(
    name: str, players: int, partners: bool | None
) -> None:
    for seed, peg in ((0, 0.01), (1, 0.0)):  # without shaped rewards, the kernel's fast path
        kernel = env(name, players, partners=partners, engine="kernel", peg_reward=peg)
        python = env(name, players, partners=partners, engine="python", peg_reward=peg)
        kernel.reset(seed=seed)
        python.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        for agent in kernel.agent_iter():
            assert agent == python.agent_selection
            for other in kernel.possible_agents:
                ours, theirs = kernel.observe(other), python.observe(other)
                assert np.array_equal(ours["observation"], theirs["observation"]), (other, steps)
                assert np.array_equal(ours["action_mask"], theirs["action_mask"]), (other, steps)
            seen, reward, terminated, truncated, _ = kernel.last()
            theirs = python.last()
            assert (reward, terminated, truncated) == theirs[1:4]
            for key in ("observation", "action_mask"):  # last()'s own, on the kernel's fast path
                assert seen[key].tobytes() == theirs[0][key].tobytes(), (key, steps)
            assert kernel.rewards == python.rewards
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(kernel.observe(agent)["action_mask"])))
            kernel.step(action)
            python.step(action)
            steps += 1
        assert kernel.noddy.history == python.noddy.history
        assert kernel.noddy.is_over and steps > 5


def test_declared_counts_step_on_the_engine_and_a_kernel_asked_for_says_why_not() -> None:
    assert env("willughby", declare=True).engine == "python"
    assert env("willughby", engine="python").engine == "python"
    with pytest.raises(NoddyError, match="offers no declared counts"):
        env("willughby", declare=True, engine="kernel")
    with pytest.raises(NoddyError, match="unknown engine 'fast'"):
        env("willughby", engine="fast")


def test_an_illegal_index_on_the_kernel_is_refused_with_the_engines_reason() -> None:
    game = env("cribbage", engine="kernel", illegal="raise")
    game.reset(seed=0)
    mask = game.observe(game.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError, match="discard"):
        game.step(int(np.flatnonzero(mask == 0)[0]))


@pytest.mark.parametrize(("name", "players", "partners"), sweep(TABLES[::2], quick=2))
def test_the_openspiel_game_is_the_same_on_both_engines(
    name: str, players: int, partners: bool | None
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from noddy.research.openspiel import register

    register()
    params = {"rules": name, "players": players, "partners": partners is not False}
    kernel = pyspiel.load_game("python_noddy", {**params, "engine": "kernel"}).new_initial_state()
    python = pyspiel.load_game("python_noddy", {**params, "engine": "python"}).new_initial_state()
    rng = np.random.default_rng(players)
    while not python.is_terminal():
        assert kernel.current_player() == python.current_player()
        if python.is_chance_node():
            assert kernel.chance_outcomes() == python.chance_outcomes()
            action = int(rng.choice([a for a, _ in python.chance_outcomes()]))
        else:
            assert kernel.legal_actions() == python.legal_actions()
            for seat in range(players):
                assert np.array_equal(kernel.observation_tensor(seat), python.observation_tensor(seat))
            action = int(rng.choice(python.legal_actions()))
        kernel.apply_action(action)
        python.apply_action(action)
    assert kernel.is_terminal() and kernel.returns() == python.returns()
    assert kernel.information_state_string(0) == python.information_state_string(0)
    assert kernel.noddy == python.noddy


def test_the_kernel_makes_each_observation_in_new_arrays_equal_to_those_written_into_given_ones() -> None:
    from noddy.kernel import compiled
    from noddy.research.engines import KernelGame

    assert hasattr(compiled.StateObserver, "observe")  # built with NumPy's headers (setup.py)
    game = KernelGame(env("cribbage", 3).encoder)
    rng = np.random.default_rng(4)
    game.play_chance(rng)
    for _ in range(60):
        for seat in range(3):
            obs, mask = game.observe(seat)
            assert obs.dtype == np.float32 and mask.dtype == np.int8
            given = np.ones_like(obs), np.ones_like(mask)
            game.observe_into(seat, *given)
            assert np.array_equal(obs, given[0]) and np.array_equal(mask, given[1])
            assert game.observe(seat)[0] is not obs
        game.act(int(rng.choice(game.legal())))
        game.play_chance(rng)
    with pytest.raises(NoddyError, match="float32"):
        game.observe_into(0, np.zeros(obs.shape, np.float64), mask)


def test_a_game_steps_after_the_kernels_configuration_cache_made_another() -> None:
    """The observer acts only on states of its own configuration object: a game is made of the
    observer's, whatever `kernel_config`'s cache holds by then (a long session's many rule sets)."""
    from noddy.kernel import kernel_config
    from noddy.research.engines import KernelGame

    encoder = env("cribbage").encoder
    KernelGame(encoder)
    kernel_config.cache_clear()
    game = KernelGame(encoder)
    game.play_chance(np.random.default_rng(1))
    game.act(game.legal()[0])
    assert game.observe(0)[0].shape == (encoder.size,)


def test_an_observation_kept_is_never_written_again_and_one_let_go_may_be() -> None:
    """The kernel writes an observation into arrays of an earlier one only when nobody holds them
    (not the caller, not a view): kept observations, and views of them, never change."""
    game = env("cribbage", 2, engine="kernel")
    game.reset(seed=3)
    kept, views, made = [], [], []
    for number, _agent in enumerate(game.agent_iter()):
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        made.append(id(observation["observation"]))
        if number % 3 == 0:
            kept.append((observation, observation["observation"].copy(), observation["action_mask"].copy()))
        elif number % 3 == 1:
            views.append((observation["observation"][100:], observation["observation"][100:].copy()))
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
        del observation
    assert len(kept) > 10
    for observation, numbers, mask in kept:
        assert np.array_equal(observation["observation"], numbers)
        assert np.array_equal(observation["action_mask"], mask)
    for view, numbers in views:
        assert np.array_equal(view, numbers)
    assert len(set(made)) <= len(kept) + len(views) + 1 < len(made)  # those let go were written again
