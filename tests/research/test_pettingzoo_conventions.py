"""PettingZoo's conventions for turn-based games: an illegal action ends the game as a loss (as
PettingZoo's classic games do), ``max_cycles`` truncates, and the parallel environment of
PettingZoo's own conversion passes PettingZoo's parallel tests and keeps hidden cards hidden."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from helpers import states_of, sweep

pytest.importorskip("pettingzoo")

from pettingzoo.test import parallel_api_test, parallel_seed_test

from noddy.cards import DECK
from noddy.errors import IllegalActionError, NoddyError
from noddy.research.pettingzoo import NoddyEnv, env, parallel_env
from noddy.rules import load_rules, preset_names, side_of
from reveal import known_at

TABLES = [(name, n) for name in preset_names() for n in load_rules(name).player_counts]
CARD_FIELDS = ("hand", "held", "discards", "own_crib", "turnup", "pile", "played", "seen")


def walk(game: NoddyEnv, rng: np.random.Generator, moves: int) -> None:
    """Take ``moves`` random legal actions (fewer if the game ends)."""
    for _ in range(moves):
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            return
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(
    ("name", "players", "engine", "moves"),
    [("cribbage", 2, "kernel", 0), ("cribbage", 2, "python", 9), ("cribbage", 4, "kernel", 12),
     ("crib-noddy-new", 3, "python", 5), ("willughby", 2, "kernel", 7)],
)  # fmt: skip
def test_an_illegal_action_ends_the_game_its_side_losing_the_largest_stake(
    name: str, players: int, engine: str, moves: int
) -> None:
    game = env(name, players, engine=engine)
    game.reset(seed=3)
    walk(game, np.random.default_rng(1), moves)
    offender = game.agent_selection
    observation, *_ = game.last()
    legal = np.flatnonzero(observation["action_mask"]).tolist()
    wrong = next(i for i in range(game.encoder.num_actions) if i not in legal)
    game.step(wrong)
    assert all(game.terminations.values())
    stake = 4.0 if name == "cribbage" else 1.0
    partners = game.encoder.partners
    side = side_of(game.possible_agents.index(offender), partners)
    sides = 2 if partners else players
    for seat, agent in enumerate(game.possible_agents):
        assert game.rewards[agent] == (-stake if side_of(seat, partners) == side else stake / (sides - 1))
    assert sum(game.rewards.values()) == pytest.approx(0.0)
    said = game.infos[offender]["illegal"]
    assert f"{game.encoder.action_names()[wrong].split()[0]} " in said and "refused" in said, said
    assert f"the legal action indices were {legal}" in said
    for agent in game.agents:
        assert game.infos[agent]["illegal_by"] == offender
        if agent != offender:
            assert "illegal" not in game.infos[agent]  # the legal actions name the offender's cards
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        _, reward, terminated, _, _ = game.last()
        assert terminated
        totals[agent] += reward
        game.step(None)
    assert not game.agents
    assert totals[offender] == -stake


def test_with_illegal_raise_an_illegal_action_is_refused_with_the_reason() -> None:
    game = env("cribbage", illegal="raise")
    game.reset(seed=1)
    with pytest.raises(IllegalActionError, match="in the discard you may: discard"):
        game.step(game.encoder.num_actions - 1)
    assert not any(game.terminations.values())
    with pytest.raises(NoddyError, match="illegal='forfeit' is not one of: lose, raise"):
        env("cribbage", illegal="forfeit")


@pytest.mark.parametrize("engine", ["kernel", "python"])
def test_a_declared_count_is_illegal_where_the_engine_counts(engine: str) -> None:
    """With ``declare`` off the mask never offers ``declare N``; both engines hold to it (the
    readable one took the declaration)."""
    game = env("cribbage", engine=engine, illegal="raise")
    game.reset(seed=1)
    rng = np.random.default_rng(0)
    while not game.last()[0]["action_mask"][53]:  # `count`: the seat counts a hand
        walk(game, rng, 1)
    declare = game.encoder.declare_start + 7
    with pytest.raises(IllegalActionError, match="declare 7 is not offered"):
        game.step(declare)


def chosen(agents: list[str], observations: dict[str, Any], rng: np.random.Generator) -> dict[str, int]:
    """A random legal action for each agent of a parallel step whose mask allows any (the one to act)."""
    return {
        agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
        for agent in agents
        if observations[agent]["action_mask"].any()
    }


@pytest.mark.parametrize(
    ("name", "players", "cycles"),
    [("cribbage", 2, 4), ("cribbage", 4, 1), ("crib-noddy-new", 3, 9), ("willughby", 2, 10)],
)
def test_max_cycles_truncates_every_agent_after_a_turn_a_seat_that_many_times(
    name: str, players: int, cycles: int
) -> None:
    game = env(name, players, max_cycles=cycles, peg_reward=0.01 if players == 3 else 0.0)
    rng = np.random.default_rng(2)
    game.reset(seed=2)
    turns = 0
    for _ in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            assert truncated and not terminated
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        turns += 1
    assert turns == cycles * players
    assert not game.noddy.is_over
    # the parallel environment: one seat's turn a step
    parallel = parallel_env(name, players, max_cycles=cycles)
    observations, _ = parallel.reset(seed=2)
    steps = 0
    while parallel.agents:
        observations, _, terminations, truncations, _ = parallel.step(
            chosen(parallel.agents, observations, rng)
        )
        steps += 1
        assert not any(terminations.values())
    assert steps == cycles * players and all(truncations.values())


def test_a_game_shorter_than_max_cycles_ends_by_termination_and_the_limit_must_be_a_count() -> None:
    game = env("willughby", 2, max_cycles=10_000)
    game.reset(seed=1)
    walk(game, np.random.default_rng(1), 100_000)
    assert game.noddy.is_over and all(game.terminations.values()) and not any(game.truncations.values())
    for wrong in (0, -3, 2.5, True):
        with pytest.raises(NoddyError, match="max_cycles="):
            env("willughby", max_cycles=wrong)  # type: ignore[arg-type]


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array", "ignore:The `")
@pytest.mark.parametrize(("name", "players"), sweep(TABLES))
def test_the_parallel_environment_passes_pettingzoos_parallel_tests(name: str, players: int) -> None:
    parallel_api_test(parallel_env(name, players), num_cycles=1000)
    parallel_seed_test(lambda: parallel_env(name, players), num_cycles=100)


def cards_in(game: NoddyEnv, observation: np.ndarray) -> set[int]:
    """The card indices an observation shows anywhere."""
    shown: set[int] = set()
    for field in game.encoder.fields:
        if field.name in CARD_FIELDS:
            block = observation[field.start : field.stop]
            shown |= {int(i) % len(DECK) for i in np.flatnonzero(block)}
    return shown


@pytest.mark.parametrize(("name", "players"), [("cribbage", 2), ("cribbage", 4), ("crib-noddy-new", 3)])
def test_the_parallel_environment_gives_each_seat_only_what_it_may_know(name: str, players: int) -> None:
    parallel = parallel_env(name, players)
    game = parallel.unwrapped
    rng = np.random.default_rng(4)
    observations, infos = parallel.reset(seed=4)
    given: list[tuple[int, dict[str, dict[str, np.ndarray]]]] = [(0, observations)]
    while parallel.agents:
        observations, _, _, _, infos = parallel.step(chosen(parallel.agents, observations, rng))
        given.append((len(game.noddy.history), observations))
        assert all(set(info) <= {"active_agent"} for info in infos.values())
    states = states_of(game.noddy)
    checked = 0
    for seat, agent in enumerate(game.possible_agents):
        known = known_at(states, seat)
        for at, observed in given:
            if agent in observed and states[at].deal_number:
                leaked = cards_in(game, observed[agent]["observation"]) - {c.index for c in known[at]}
                assert not leaked, f"{agent} given {[str(DECK[i]) for i in leaked]} at action {at}"
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("engine", ["kernel", "python"])
def test_a_game_that_chance_alone_ends_is_over_at_reset(engine: str) -> None:
    """Willughby to 2: a Jack turned up pegs the dealer 2 and wins before anyone acts."""
    game = env(load_rules("willughby", ("game.target=2",)), 2, engine=engine)
    game.reset(seed=7)
    assert game.noddy.is_over and all(game.terminations.values())
    winner = game.possible_agents[game.noddy.winner or 0]
    assert game.last()[1] == (1.0 if game.agent_selection == winner else -1.0)
    for _ in game.agent_iter():
        game.step(None)
    assert not game.agents


def test_with_illegal_raise_a_refused_action_leaves_the_game_as_it_was() -> None:
    """Illegal actions tried before every legal one on the kernel: the game goes on exactly as the
    same legal actions take it on the engine."""
    kernel, python = env("cribbage", engine="kernel", illegal="raise"), env("cribbage", engine="python")
    kernel.reset(seed=3)
    python.reset(seed=3)
    rng = np.random.default_rng(0)
    refused = 0
    for _ in python.agent_iter():
        observation, _, terminated, truncated, _ = python.last()
        if terminated or truncated:
            python.step(None)
            kernel.step(None)
            continue
        mask = observation["action_mask"]
        for wrong in np.flatnonzero(mask == 0)[:2]:
            with pytest.raises(IllegalActionError):
                kernel.step(int(wrong))
            refused += 1
        action = int(rng.choice(np.flatnonzero(mask)))
        python.step(action)
        kernel.step(action)
    assert kernel.noddy.history == python.noddy.history and python.noddy.is_over
    assert refused > 100
