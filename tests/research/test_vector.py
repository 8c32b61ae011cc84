"""The batched environment (`noddy.research.vector`): every observation and mask it gives is the
single environment's encoding of the same position (`noddy.research.tensors.Encoder`), held in
lockstep over random games of every preset; seeding, autoreset, rewards and refusals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from helpers import sweep
from house import house_readings, tables
from noddy.cards import DECK
from noddy.errors import NoddyError
from noddy.game import Action, ActionKind, GameState, new_game
from noddy.kernel import compiled, unsupported
from noddy.research.outcome import returns
from noddy.research.tensors import Encoder
from noddy.research.vector import VectorEnv
from noddy.rules import load_rules, preset_names

CASES = [
    (name, overrides, n, partners)
    for name, overrides in [*((name, ()) for name in preset_names()), *house_readings()[0]]
    for n, partners in tables(load_rules(name, overrides))
    if not unsupported(load_rules(name, overrides), n)
]
"""Every preset at every table it allows (partners or not), then house readings no preset uses."""


def engine_action(state: GameState, entry: tuple[str, Any]) -> Action:
    """The engine's action for one entry of a `VectorEnv.history`."""
    kind, payload = entry
    if kind == "dealer":
        return Action(ActionKind.DEALER, None, number=payload)
    if kind in ("cut", "shuffle"):
        return Action(ActionKind(kind), None, tuple(DECK[i] for i in payload))
    name, value = compiled.ACTION_KINDS[payload % 8], payload // 8
    for action in state.legal_actions():
        if action.kind != name:
            continue
        if name == "play" and action.cards[0].index != value:
            continue
        if name == "discard" and sum(1 << card.index for card in action.cards) != value:
            continue
        return action
    raise AssertionError(f"the kernel's action {name} {value} is not legal in the engine")


class Replay:
    """An engine game kept level with one place of a `VectorEnv` by replaying its history."""

    def __init__(self, env: VectorEnv) -> None:
        self.state = new_game(env.rules, env.players, partners=env.encoder.partners)
        self.done = 0

    def follow(self, history: list[tuple[str, Any]]) -> GameState:
        for entry in history[self.done :]:
            self.state = self.state.apply(engine_action(self.state, entry))
        self.done = len(history)
        return self.state


def expected(encoder: Encoder, state: GameState, seat: int) -> tuple[np.ndarray, np.ndarray]:
    return encoder.encode(state.view(seat))


def check_lockstep(env: VectorEnv, steps: int, seed: int) -> int:
    """Step ``env`` with random legal actions, holding each observation, mask and reward to the
    engine's (rewards: the stake at the end, `noddy.research.outcome`); the number of games finished."""
    reference = Encoder(env.rules, env.players, partners=env.encoder.partners, declare=False, kernel=False)
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    replays = [Replay(env) for _ in range(env.num_envs)]
    finished = 0
    for step in range(steps):
        for i, replay in enumerate(replays):
            state = replay.follow(env.history(i))
            seat = env.seat if env.seat >= 0 else state.to_act
            assert seat is not None and state.to_act == seat and not state.is_over
            observation, mask = expected(reference, state, seat)
            where = f"{env.rules.name}, {env.players} players, step {step}, game {i}"
            np.testing.assert_array_equal(obs["observation"][i], observation, err_msg=where)
            np.testing.assert_array_equal(obs["action_mask"][i], mask, err_msg=where)
        actions = [rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]]
        acting = [replay.state.to_act for replay in replays]
        obs, rewards, terminated, _, infos = env.step(actions)
        assert not rewards[~terminated].any()
        for i in np.flatnonzero(terminated):
            end = replays[i].follow(env.history(i, last=True))
            assert end.is_over
            seat = env.seat if env.seat >= 0 else acting[i]
            observation, mask = expected(reference, end, seat)
            paid = np.asarray(returns(end), np.float32)
            np.testing.assert_array_equal(rewards[i], paid if env.seat < 0 else paid[env.seat])
            np.testing.assert_array_equal(infos["final_obs"]["observation"][i], observation)
            np.testing.assert_array_equal(infos["final_obs"]["action_mask"][i], mask)
            replays[i] = Replay(env)
            finished += 1
    return finished


@pytest.mark.parametrize(("name", "overrides", "players", "partners"), sweep(CASES, quick=4))
def test_self_play_observations_and_masks_are_the_single_environments(
    name: str, overrides: tuple[str, ...], players: int, partners: bool | None
) -> None:
    rules = load_rules(name, overrides)
    env = VectorEnv(rules, num_envs=3, players=players, partners=partners, opponent="self", record=True)
    check_lockstep(env, steps=150, seed=players)


@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize(("name", "players"), [("cribbage", 2), ("willughby", 2), ("cribbage", 3)])
def test_one_seat_against_the_kernels_players_sees_what_the_single_environment_shows(
    name: str, players: int, opponent: str
) -> None:
    env = VectorEnv(name, num_envs=4, players=players, opponent=opponent, seat=players - 1, record=True)
    assert check_lockstep(env, steps=120, seed=7) > 0


def play(env: VectorEnv, steps: int, seed: int) -> list[tuple[np.ndarray, ...]]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    out = []
    for _ in range(steps):
        actions = [rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]]
        obs, rewards, terminated, _, _ = env.step(actions)
        out.append((obs["observation"], obs["action_mask"], rewards, terminated))
    return out


def test_the_same_seed_gives_the_same_games_and_another_seed_others() -> None:
    first = play(VectorEnv("cribbage", num_envs=3), 60, seed=5)
    again = play(VectorEnv("cribbage", num_envs=3), 60, seed=5)
    other = play(VectorEnv("cribbage", num_envs=3), 60, seed=6)
    for a, b in zip(first, again, strict=True):
        for x, y in zip(a, b, strict=True):
            np.testing.assert_array_equal(x, y)
    assert any(not np.array_equal(a[0], b[0]) for a, b in zip(first, other, strict=True))


def test_a_finished_game_pays_the_result_and_starts_again_by_itself() -> None:
    env = VectorEnv("cribbage", num_envs=8, opponent="random")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(1)
    results = []
    for _ in range(400):
        actions = [rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]]
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert not truncated.any()
        assert set(rewards[~terminated]) <= {0.0}
        results += list(rewards[terminated])
        if terminated.any():
            assert infos["_final_obs"].tolist() == terminated.tolist()
        assert obs["action_mask"].sum(axis=1).min() >= 1  # every place is at a decision again
    assert results and {1.0, -1.0} <= set(results) <= {4.0, 2.0, 1.0, -1.0, -2.0, -4.0}
    assert 2.0 in set(results) or -2.0 in set(results)  # random play in cribbage: skunks happen


def test_peg_reward_pays_the_points_pegged_less_the_others() -> None:
    env = VectorEnv("cribbage", num_envs=4, opponent="self", peg_reward=0.01)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    total = np.zeros((4, 2))
    for _ in range(200):
        actions = [rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]]
        obs, rewards, *_ = env.step(actions)
        assert rewards.shape == (4, 2)
        np.testing.assert_allclose(rewards.sum(axis=1), 0.0, atol=1e-6)  # two sides: zero-sum
        total += np.abs(rewards)
    assert (total > 0).all()


def test_an_illegal_action_is_refused_naming_the_game_and_nothing_moves() -> None:
    env = VectorEnv("cribbage", num_envs=2, copy=True)
    obs, _ = env.reset(seed=1)
    legal = int(np.flatnonzero(obs["action_mask"][0])[0])
    illegal = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(NoddyError, match=f"game 1: action {illegal} is not legal"):
        env.step([legal, illegal])
    again, *_ = env.step([legal, int(np.flatnonzero(obs["action_mask"][1])[0])])
    assert again["observation"].shape == (2, env.encoder.size)
    with pytest.raises(NoddyError, match="one action index a game"):
        env.step([legal])


def test_opponents_the_kernel_does_not_play_are_refused_with_the_choices() -> None:
    with pytest.raises(NoddyError, match="one of random, greedy, self"):
        VectorEnv("cribbage", opponent="hard")
    with pytest.raises(NoddyError, match="seat must be one of 0-1"):
        VectorEnv("cribbage", seat=2)


def test_the_spaces_are_gymnasiums_batched_spaces_of_the_single_observation() -> None:
    env = VectorEnv("willughby", num_envs=5, opponent="greedy")
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert env.single_observation_space["observation"].shape == (env.encoder.size,)
    assert env.single_action_space.n == env.encoder.num_actions


def test_gymnasiums_own_vector_wrappers_read_its_episodes() -> None:
    env = RecordEpisodeStatistics(VectorEnv("willughby", num_envs=4))
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    episodes = []
    for _ in range(200):
        actions = [rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]]
        obs, _, terminated, _, infos = env.step(actions)
        if "episode" in infos:
            episodes += list(infos["episode"]["r"][terminated])
            assert (infos["episode"]["l"][terminated] > 0).all()
    env.close()
    assert episodes and set(episodes) <= {1.0, -1.0}  # willughby counts every win as one game


def test_sampled_actions_are_legal_uniform_and_seeded_apart_from_the_games_chance() -> None:
    env = VectorEnv("cribbage", num_envs=8, opponent="self", copy=False)
    with pytest.raises(NoddyError, match="reset"):
        env.sample_actions()
    obs, _ = env.reset(seed=3)
    legal = np.flatnonzero(obs["action_mask"][0])
    draws = np.array([env.sample_actions()[0] for _ in range(300 * len(legal))])
    counts = np.bincount(draws, minlength=obs["action_mask"].shape[1])
    assert set(np.flatnonzero(counts)) == set(legal)  # every legal action, and only those
    assert counts[legal].min() > 300 - 5 * 17 and counts[legal].max() < 300 + 5 * 17  # 5 sigma
    sampled = VectorEnv("cribbage", num_envs=8, opponent="self")
    replayed = VectorEnv("cribbage", num_envs=8, opponent="self")
    again = VectorEnv("cribbage", num_envs=8, opponent="self")
    first, _ = sampled.reset(seed=11)
    replayed.reset(seed=11)
    again.reset(seed=11)
    for _ in range(80):  # past several deals: the shuffles are the same, sampled or not
        actions = sampled.sample_actions()
        assert first["action_mask"][np.arange(8), actions].all()
        assert np.array_equal(again.sample_actions(), actions)
        first, *_ = sampled.step(actions)
        second, *_ = replayed.step(actions)
        again.step(actions)
        np.testing.assert_array_equal(first["observation"], second["observation"])


def test_handed_out_copies_never_change_once_kept_and_are_written_again_once_let_go() -> None:
    """``copy=True`` (the default) writes a step's copies into arrays handed out before that
    nothing holds any more: what is kept (in a list, as a view, in a dict) stays as it was; a
    loop that lets each step's arrays go is handed the same few arrays, with the same numbers
    as the arrays themselves (``copy=False``)."""
    copied = VectorEnv("cribbage", num_envs=8, opponent="self")
    shared = VectorEnv("cribbage", num_envs=8, opponent="self", copy=False)
    obs, _ = copied.reset(seed=4)
    same, _ = shared.reset(seed=4)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    view = obs["observation"][2:5]
    view_was = view.copy()
    held = {"mask": obs["action_mask"]}
    mask_was = obs["action_mask"].copy()
    handed: set[int] = set()
    for step in range(60):
        actions = copied.sample_actions()
        np.testing.assert_array_equal(actions, shared.sample_actions())
        obs, rewards, terminated, _, _ = copied.step(actions)
        same, same_rewards, same_terminated, _, _ = shared.step(actions)
        np.testing.assert_array_equal(obs["observation"], same["observation"])
        np.testing.assert_array_equal(obs["action_mask"], same["action_mask"])
        np.testing.assert_array_equal(rewards, same_rewards)
        np.testing.assert_array_equal(terminated, same_terminated)
        if step % 10 == 0:
            kept.append((obs["observation"], obs["observation"].copy()))
        else:
            handed.add(id(obs["observation"]))
    for array, was in kept:
        np.testing.assert_array_equal(array, was)
    np.testing.assert_array_equal(view, view_was)
    np.testing.assert_array_equal(held["mask"], mask_was)
    assert len(handed) <= 2 + len(kept)  # two written in turn, a new one for each kept: not one a step


def test_each_door_says_its_default_opponent_and_the_others() -> None:
    """The single game's default opponent and the vector's differ (issue 37, item 13): each
    class says both, as they are, so that neither default changes without a word."""
    import inspect

    from noddy.research.gym import NoddyGymEnv

    single = inspect.signature(NoddyGymEnv).parameters["opponent"].default
    many = inspect.signature(VectorEnv).parameters["opponent"].default
    for door in (NoddyGymEnv, VectorEnv):
        said = " ".join((door.__doc__ or "").split())
        assert f'``"{single}"``' in said and f'``"{many}"``' in said, door
