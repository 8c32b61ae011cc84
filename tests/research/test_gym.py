"""The Gymnasium door: one id a preset registered by ``import noddy.research``, each passing
Gymnasium's own environment checker; the learner plays one seat against a computer player."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import noddy.research  # noqa: E402, F401  (registers the ids)
from helpers import sweep  # noqa: E402
from noddy.errors import IllegalActionError, NoddyError  # noqa: E402
from noddy.research.gym import NoddyGymEnv, gym_id  # noqa: E402
from noddy.rules import load_rules, preset_names  # noqa: E402
from noddy.words import say_error  # noqa: E402


def test_importing_noddy_research_registers_one_id_a_preset() -> None:
    for preset in preset_names():
        assert gym_id(preset) in gymnasium.registry
    env = gymnasium.make("noddy/cribbage-v0", opponent="greedy")
    assert isinstance(env.unwrapped, NoddyGymEnv)
    assert env.unwrapped.rules.name == "cribbage"


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_passes_gymnasiums_environment_checker(preset: str) -> None:
    check_env(gymnasium.make(gym_id(preset), opponent="greedy").unwrapped)


def play(env: NoddyGymEnv, seed: int) -> tuple[float, int]:
    """One game of random legal actions: the rewards added up and the learner's moves."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, moves, done = 0.0, 0, False
    while not done:
        assert env.noddy.to_act == env.seat
        assert env.observation_space.contains(observation)
        assert np.array_equal(info["action_mask"], env.action_masks())
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, done, _, info = env.step(action)
        total += reward
        moves += 1
    return total, moves


@pytest.mark.parametrize(
    ("preset", "players", "seat"), [("cribbage", 2, 1), ("willughby", 4, 2), ("four-card", 3, 0)]
)
def test_the_learner_acts_only_at_its_seat_and_is_paid_its_return(
    preset: str, players: int, seat: int
) -> None:
    env = NoddyGymEnv(preset, players, opponent="random", seat=seat)
    total, moves = play(env, 3)
    state = env.noddy
    assert state.is_over and moves > 0
    stake = state.stake[1]
    won = state.winner is not None and state.side_of(seat) == state.winner
    expected = 0.0 if state.winner is None else stake if won else -stake / (state.sides - 1)
    assert total == expected


def test_a_seed_fixes_the_game_and_the_opponents_choices() -> None:
    first, second = NoddyGymEnv(opponent="easy"), NoddyGymEnv(opponent="easy")
    play(first, 7)
    play(second, 7)
    assert first.noddy.history == second.noddy.history
    play(second, 8)
    assert first.noddy.history != second.noddy.history


def test_an_illegal_action_loses_the_game_or_is_refused() -> None:
    env = NoddyGymEnv("cribbage")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-4.0, True, False, True)
    strict = NoddyGymEnv("cribbage", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match="not legal now") as refused:
        strict.step(illegal)
    assert say_error(refused.value, "fr").startswith(f"l’action {illegal} n’est pas permise maintenant")
    _, info = env.reset(seed=0)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(IllegalActionError, match="the game is over: reset") as over:
        env.step(0)
    assert say_error(over.value, "fr") == "la partie est finie : reset() en commence une autre"


def test_bad_settings_are_refused_with_what_would_be_right() -> None:
    with pytest.raises(NoddyError, match="seat 2 is not one of 0-1"):
        NoddyGymEnv(seat=2)
    with pytest.raises(NoddyError, match="unknown computer player 'grandmaster'"):
        NoddyGymEnv(opponent="grandmaster")
    with pytest.raises(NoddyError, match="illegal='ignore' is not one of: lose, raise"):
        NoddyGymEnv(illegal="ignore")


LOCKSTEP = [
    (preset, players, opponent)
    for opponent in ("random", "greedy", "easy")
    for preset in preset_names()
    for players in load_rules(preset).player_counts
]


@pytest.mark.parametrize(
    ("preset", "players", "opponent"),
    sweep(sorted(LOCKSTEP, key=lambda case: (LOCKSTEP.index(case) % 7, case)), quick=4),
)
def test_the_kernel_and_the_engine_step_the_same_game_bit_for_bit(
    preset: str, players: int, opponent: str
) -> None:
    """Seeded alike and given the same actions, the environment on the kernel and on the engine
    give the same observations (bit for bit), masks, rewards and ends, and play the same game
    (with and without shaped rewards)."""
    seat = players - 1
    peg = 0.1 if opponent == "easy" else 0.0  # without shaping, the kernel's fast path
    kernel = NoddyGymEnv(preset, players, opponent=opponent, seat=seat, engine="kernel", peg_reward=peg)
    python = NoddyGymEnv(preset, players, opponent=opponent, seat=seat, engine="python", peg_reward=peg)
    assert (kernel.engine, python.engine) == ("kernel", "python")
    rng = np.random.default_rng(players)
    for seed in (1, 2):
        got, want = kernel.reset(seed=seed), python.reset(seed=seed)
        done = False
        while True:
            assert got[0].dtype == want[0].dtype == np.float32
            assert got[0].tobytes() == want[0].tobytes()
            assert np.array_equal(got[-1]["action_mask"], want[-1]["action_mask"])
            if done:
                break
            action = int(rng.choice(np.flatnonzero(want[-1]["action_mask"])))
            got, want = kernel.step(action), python.step(action)
            assert got[1:4] == want[1:4]
            done = want[2]
        assert kernel.noddy.history == python.noddy.history


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_engine_passes_gymnasiums_environment_checker_too() -> None:
    env = NoddyGymEnv("cribbage", opponent="random", engine="python")
    check_env(env)
    assert env.engine == "python"
    assert NoddyGymEnv("cribbage").engine == "kernel"
    with pytest.raises(NoddyError, match="unknown engine 'gpu'"):
        NoddyGymEnv(engine="gpu")


@pytest.mark.parametrize("engine", ["kernel", "python"])
def test_a_step_after_the_end_is_refused_saying_to_reset(engine: str) -> None:
    env = NoddyGymEnv("cribbage", opponent="random", engine=engine)
    total, moves = play(env, 5)
    assert moves > 0 and total != 0.0
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)
