"""Reward shaping by the chance of winning from the board (issue 25 item 4): off by default; at
each deal's end every seat is paid the change in its side's chance of winning, and over a game the
payments add up to the result less the chance at the first deal (potential-based shaping)."""

from __future__ import annotations

import numpy as np
import pytest

from helpers import states_of, zoo_play

pytest.importorskip("pettingzoo")

from noddy.analysis import board
from noddy.errors import NoddyError
from noddy.game import GameState, Phase
from noddy.research.gym import NoddyGymEnv
from noddy.research.pettingzoo import env


def first_chance(final: GameState) -> tuple[float, ...]:
    """Each side's chance of winning at the start of the game's first deal, from the table."""
    first = next(state for state in states_of(final) if state.phase is Phase.SHUFFLE)
    return board(final.rules, final.players, final.partners).chance(first.scores, first.dealer)


def result(final: GameState, side: int) -> float:
    return 1.0 if final.winner == side else 0.0


@pytest.mark.parametrize(("name", "engine"), [("cribbage", "kernel"), ("willughby", "python")])
def test_over_a_game_the_shaping_adds_up_to_the_result_less_the_first_chance(name: str, engine: str) -> None:
    weight = 0.5
    plain_env, shaped_env = env(name, engine=engine), env(name, engine=engine, board_reward=weight)
    plain, _ = zoo_play(plain_env, 3)
    shaped, steps = zoo_play(shaped_env, 3)
    final = shaped_env.noddy
    assert final.history == plain_env.noddy.history
    start = first_chance(final)
    for seat, agent in enumerate(plain):
        expected = weight * (result(final, seat) - start[seat])
        assert shaped[agent] - plain[agent] == pytest.approx(expected)
    paying = [step for step in steps if any(step.values())]
    deals = final.deal_number
    assert 2 <= len(paying) <= deals + 1  # once a deal (and at the end), not every step
    assert all(sum(step.values()) == pytest.approx(0.0) for step in paying)


def test_shaping_is_off_by_default_and_the_same_on_both_engines() -> None:
    assert env("cribbage").shaping is None
    kernel, _ = zoo_play(env("cribbage", engine="kernel", board_reward=1.0), 5)
    python, _ = zoo_play(env("cribbage", engine="python", board_reward=1.0), 5)
    assert kernel == pytest.approx(python)


def test_the_gymnasium_door_shapes_the_learners_reward_too() -> None:
    totals = []
    games = [NoddyGymEnv("cribbage", opponent="random", seat=1, board_reward=w) for w in (0.0, 1.0)]
    for game in games:
        _, info = game.reset(seed=4)
        rng = np.random.default_rng(4)
        total, done = 0.0, False
        while not done:
            _, reward, done, _, info = game.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            total += reward
        totals.append(total)
    final = games[1].noddy
    assert final.history == games[0].noddy.history
    assert totals[1] - totals[0] == pytest.approx(result(final, 1) - first_chance(final)[1])


def test_a_single_deal_has_no_board_to_shape_by() -> None:
    with pytest.raises(NoddyError, match="board_reward needs the chance of winning from the board"):
        env("french", board_reward=1.0)
