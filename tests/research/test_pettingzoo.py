"""The PettingZoo environment: the API test for every preset and number of players, seeding,
rewards, rendering, and no observation holding a card its seat may not know."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers import states_of, sweep

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from noddy.cards import DECK, parse_cards
from noddy.errors import IllegalActionError, RulesError
from noddy.research.pettingzoo import NoddyEnv, env
from noddy.research.tensors import Encoder
from noddy.rules import load_rules, preset_names
from noddy.words import event_line, say
from reveal import known_at, known_until

TABLES = [(name, n) for name in preset_names() for n in load_rules(name).player_counts]
CARD_FIELDS = ("hand", "held", "discards", "own_crib", "turnup", "pile", "played", "seen")


def play(game: NoddyEnv, seed: int) -> dict[str, float]:
    """Play one game with random legal actions; each agent's rewards added up."""
    totals = dict.fromkeys(game.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


# The API test warns of every dict observation (an action mask beside the tensor), which
# PettingZoo's own card games use too.
@pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent"
)
@pytest.mark.parametrize(("name", "players"), sweep(TABLES))
def test_the_environment_passes_pettingzoos_api_test(name: str, players: int) -> None:
    api_test(env(name, players), num_cycles=300)


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
    game = env(name, players)
    encoder = game.encoder
    rng = np.random.default_rng(players)
    game.reset(seed=players)
    for agent in game.agent_iter():
        seat = game.possible_agents.index(agent)
        observation, _, terminated, truncated, _ = game.last()
        assert np.array_equal(observation["observation"], encoder.observe(game.state.view(seat)))
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    states = states_of(game.state)
    checked = 0
    for seat in range(players):
        for state, known in zip(states, known_at(states, seat), strict=True):
            if state.deal_number == 0:
                continue
            shown = cards_in(encoder, encoder.observe(state.view(seat)))
            leaked = shown - {card.index for card in known}
            assert not leaked, f"seat {seat} shown {[str(DECK[i]) for i in leaked]} in {state.phase}"
            checked += 1
    assert checked > 20


def test_a_seed_fixes_the_whole_game() -> None:
    first, second = env("cribbage"), env("cribbage")
    play(first, seed=7)
    play(second, seed=7)
    assert first.state.history == second.state.history
    play(second, seed=8)
    assert first.state.history != second.state.history


@pytest.mark.parametrize(("name", "players"), [("cribbage", 4), ("willughby", 2), ("strawberry", 3)])
def test_the_winning_side_gets_1_and_every_other_seat_minus_1(name: str, players: int) -> None:
    game = env(name, players)
    totals = play(game, 1)
    state = game.state
    assert state.is_over
    for seat, agent in enumerate(game.possible_agents):
        expected = 0.0 if state.winner is None else (1.0 if state.side_of(seat) == state.winner else -1.0)
        assert totals[agent] == expected


def test_peg_rewards_pay_each_seat_its_sides_points_less_the_others() -> None:
    game = env("cribbage", 2, peg_reward=0.01)
    totals = play(game, 3)
    scores = game.state.scores
    won = 1.0 if game.state.winner == 0 else -1.0
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
        texts.append((len(game.state.history), text))
    return texts


def test_render_says_what_happened_in_words_and_shows_no_hidden_card() -> None:
    game = env("willughby", 2, render_mode="ansi")
    texts = rendered_game(game, 5)
    states = states_of(game.state)
    known = known_until(states, None)
    assert any("Turned up" in text for _, text in texts)
    for at, text in texts:
        pretty = " ".join(word for word in text.split() if word[-1:] in "♣♦♥♠" and len(word) > 1)
        assert set(parse_cards(pretty)) <= known[at], text


def test_an_unknown_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode 'rgb'"):
        env("cribbage", render_mode="rgb")


def test_an_illegal_index_or_no_index_for_the_agent_to_act_is_refused_with_the_reason() -> None:
    game = env("cribbage")
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
        while not plain.state.is_over:
            observation, *_ = plain.last()
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            other = "player_1" if plain.agent_selection == "player_0" else "player_0"
            choice = rng.integers(3)
            if choice:
                busy.observe(busy.agent_selection if choice == 1 else other)
            plain.step(action)
            busy.step(action)
            assert busy.state == plain.state
        assert busy.state.history == plain.state.history


def test_render_says_each_call_once_in_the_words_of_the_terminal() -> None:
    """Each event's line is the words layer's text (with the points pegged, as the terminal
    writes them), and its call is said once, not repeated after the line."""
    game = env("cribbage", 2, render_mode="ansi")
    # each render ends with the scores
    rendered = [line for _, text in rendered_game(game, 3) for line in text.splitlines()[:-1]]
    view = game.state.view(None)
    names = game.possible_agents
    lines = [line for e in view.events if (line := event_line(e, names, game.rules, view.partners))]
    assert rendered == [line.text + (f" +{line.points}" if line.points else "") for line in lines]
    called = [(text, line.call) for text, line in zip(rendered, lines, strict=True) if line.call]
    assert called, "the game had no call to say"
    for text, call in called:
        for part in call:
            assert text.count(part.name) <= say(call).count(part.name), text
