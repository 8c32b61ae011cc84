"""The PettingZoo environment: the API test for every preset and number of players, seeding,
rewards, rendering, and no observation holding a card its seat may not know."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers import states_of, sweep, zoo_play

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test, state_test

from noddy.cards import DECK, parse_card
from noddy.errors import IllegalActionError, RulesError
from noddy.research.pettingzoo import NoddyEnv, env, parallel_env
from noddy.research.tensors import Encoder
from noddy.rules import load_rules, preset_names
from noddy.words import event_line, say
from reveal import known_at, known_until

TABLES = [(name, n) for name in preset_names() for n in load_rules(name).player_counts]
CARD_FIELDS = ("hand", "held", "discards", "own_crib", "turnup", "pile", "played", "seen")


def play(game: NoddyEnv, seed: int) -> dict[str, float]:
    """Play one game with random legal actions; each agent's rewards added up."""
    return zoo_play(game, seed)[0]


# The API test warns of every dict observation (an action mask beside the tensor), which
# PettingZoo's own card games use too.
@pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent"
)
@pytest.mark.parametrize(("name", "players"), sweep(TABLES))
def test_the_environment_passes_pettingzoos_api_test(name: str, players: int) -> None:
    api_test(env(name, players), num_cycles=300)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_environment_passes_pettingzoos_seed_and_state_tests(name: str, players: int) -> None:
    seed_test(lambda: env(name, players), num_cycles=100)
    state_test(env(name, players), parallel_env(name, players), num_cycles=50)


def cards_in(encoder: Encoder, observation: np.ndarray) -> set[int]:
    """The card indices an observation shows anywhere."""
    shown: set[int] = set()
    for field in encoder.fields:
        if field.name in CARD_FIELDS:
            block = observation[field.start : field.stop]
            shown |= {int(i) % len(DECK) for i in np.flatnonzero(block)}
    return shown


@pytest.mark.parametrize(("name", "players"), [*TABLES[::3], ("cribbage", 2), ("crib-noddy-new", 3)])
def test_an_observation_never_holds_another_seats_hidden_cards(name: str, players: int) -> None:
    """Games are played until more than 20 positions after the cut have been checked, so that a short
    game (a game to 31 may end in a deal or two) checks as much as a long one."""
    checked = 0
    for seed in range(players, players + 10):
        checked += _hidden_cards_checked(name, players, seed)
        if checked > 20:
            break
    assert checked > 20


def _hidden_cards_checked(name: str, players: int, seed: int) -> int:
    """Play one game by random legal actions, asserting each observation is the encoder's of the
    seat's view and holds no card the seat may not know; the positions checked after the cut."""
    game = env(name, players)
    encoder = game.encoder
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    for agent in game.agent_iter():
        seat = game.possible_agents.index(agent)
        observation, _, terminated, truncated, _ = game.last()
        assert np.array_equal(observation["observation"], encoder.observe(game.noddy.view(seat)))
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    states = states_of(game.noddy)
    checked = 0
    for seat in range(players):
        for state, known in zip(states, known_at(states, seat), strict=True):
            if state.deal_number == 0:
                continue
            shown = cards_in(encoder, encoder.observe(state.view(seat)))
            leaked = shown - {card.index for card in known}
            assert not leaked, f"seat {seat} shown {[str(DECK[i]) for i in leaked]} in {state.phase}"
            checked += 1
    return checked


def test_a_seed_fixes_the_whole_game() -> None:
    first, second = env("cribbage"), env("cribbage")
    play(first, seed=7)
    play(second, seed=7)
    assert first.noddy.history == second.noddy.history
    play(second, seed=8)
    assert first.noddy.history != second.noddy.history


@pytest.mark.parametrize(("name", "players"), [("cribbage", 4), ("willughby", 2), ("strawberry", 3)])
def test_the_winning_side_gets_the_stake_and_the_losing_sides_share_its_loss(name: str, players: int) -> None:
    game = env(name, players)
    totals = play(game, 1)
    state = game.noddy
    assert state.is_over
    stake = state.stake[1]
    for seat, agent in enumerate(game.possible_agents):
        won = state.winner is not None and state.side_of(seat) == state.winner
        expected = 0.0 if state.winner is None else stake if won else -stake / (state.sides - 1)
        assert totals[agent] == expected
    assert sum(totals.values()) == pytest.approx(0.0)


def test_a_skunk_pays_its_stake_unless_stakes_are_off() -> None:
    paid = set()
    for stakes in (True, False):
        for seed in range(8):
            game = env("cribbage", 2, stakes=stakes)
            totals = play(game, seed)
            stake = game.noddy.stake[1] if stakes else 1
            assert max(totals.values()) == stake
            paid.add(stake)
    assert paid > {1}


def test_the_global_state_is_every_seats_observation_in_its_space() -> None:
    game = env("cribbage", 3)
    game.reset(seed=2)
    for _ in range(20):
        observation, *_ = game.last()
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    state = game.state()
    assert game.state_space.contains(state)
    size = game.encoder.size
    for seat in range(3):
        own = game.encoder.observe(game.noddy.view(seat))
        assert np.array_equal(state[seat * size : (seat + 1) * size], own)


def test_every_observation_is_in_its_box_of_0_to_1() -> None:
    game = env("cribbage", 2)
    space = game.observation_space("player_0")["observation"]
    assert (space.low == 0.0).all() and (space.high == 1.0).all()
    rng = np.random.default_rng(0)
    for seed in range(3):
        game.reset(seed=seed)
        for _ in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            assert space.contains(observation["observation"])
            done = terminated or truncated
            game.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_peg_rewards_pay_each_seat_its_sides_points_less_the_others() -> None:
    game = env("cribbage", 2, peg_reward=0.01)
    totals = play(game, 3)
    scores = game.noddy.scores
    won = game.noddy.stake[1] * (1.0 if game.noddy.winner == 0 else -1.0)
    assert totals["player_0"] == pytest.approx(won + 0.01 * (scores[0] - scores[1]))
    assert totals["player_0"] == pytest.approx(-totals["player_1"])


def rendered_game(game: NoddyEnv, seed: int) -> list[tuple[int, str]]:
    """A game of random legal actions from ``seed``, rendered after each step: the actions taken so
    far and the text."""
    rng = random.Random(seed)
    game.reset(seed=seed)
    texts = []
    for _ in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        game.step(rng.choice(list(np.flatnonzero(observation["action_mask"]))))
        text = game.render()
        assert isinstance(text, str)
        texts.append((len(game.noddy.history), text))
    return texts


def test_render_says_what_happened_in_words_and_shows_no_hidden_card() -> None:
    game = env("willughby", 2, render_mode="ansi")
    texts = rendered_game(game, 5)
    states = states_of(game.noddy)
    known = known_until(states, None)
    assert any("Turned up" in text for _, text in texts)
    for at, text in texts:
        named = {
            parse_card(word.strip(",.;:()")) for word in text.split() if word.strip(",.;:()")[-1:] in "♣♦♥♠"
        }
        assert named <= known[at], text


def test_an_unknown_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode 'rgb'"):
        env("cribbage", render_mode="rgb")


def test_an_illegal_index_or_no_index_for_the_agent_to_act_is_refused_with_the_reason() -> None:
    game = env("cribbage", illegal="raise")
    game.reset(seed=1)
    with pytest.raises(IllegalActionError, match="is to act: give an action index"):
        game.step(None)
    with pytest.raises(IllegalActionError, match="in the discard you may: discard"):
        game.step(game.encoder.num_actions - 1)


def test_a_player_count_the_rules_do_not_allow_is_refused() -> None:
    with pytest.raises(RulesError, match="3 players is not allowed"):
        env("willughby", 3)


def test_a_step_applies_the_action_of_the_state_and_seat_it_is_taken_in() -> None:
    """The environment keeps the legal actions of its last observation by index: observing another
    seat, another game's state or nothing before a step never makes it apply an action of the
    wrong state or seat."""
    plain, busy = env("cribbage"), env("cribbage")
    rng = np.random.default_rng(3)
    for seed in range(4):
        plain.reset(seed=seed)
        busy.reset(seed=seed + 100)
        busy.observe(busy.agent_selection)  # the legal actions of another game's lay-away
        busy.reset(seed=seed)
        while not plain.noddy.is_over:
            observation, *_ = plain.last()
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            other = "player_1" if plain.agent_selection == "player_0" else "player_0"
            choice = rng.integers(3)
            if choice:
                busy.observe(busy.agent_selection if choice == 1 else other)
            plain.step(action)
            busy.step(action)
            assert busy.noddy == plain.noddy
        assert busy.noddy.history == plain.noddy.history


def test_render_says_each_call_once_in_the_words_of_the_terminal() -> None:
    """Each event's line is the words layer's text (with the points pegged, as the terminal
    writes them), and its call is said once, not repeated after the line."""
    game = env("cribbage", 2, render_mode="ansi")
    # each render ends with the scores
    rendered = [line for _, text in rendered_game(game, 3) for line in text.splitlines()[:-1]]
    view = game.noddy.view(None)
    names = game.possible_agents
    lines = [line for e in view.events if (line := event_line(e, names, game.rules, view.partners))]
    assert rendered == [line.text + (f" +{line.points}" if line.points else "") for line in lines]
    called = [(text, line.call) for text, line in zip(rendered, lines, strict=True) if line.call]
    assert called, "the game had no call to say"
    for text, call in called:
        for part in call:
            assert text.count(part.name) <= say(call).count(part.name), text
