"""Helpers shared by the engine and player tests: constructed deals, actions written as text, games
and positions played from a seed, the sweeps whose first cases are quick (`sweep`), and the proofs
whose long tail only `make test-full` runs (`tail`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from noddy.cards import parse_card, parse_cards
from noddy.game import Action, GameState, Phase, PlayerView, new_game
from noddy.game.setup import arranged_shuffle, at_deal
from noddy.players import GreedyPlayer, Player
from noddy.players.driver import run_game
from noddy.rules import Rules, load_rules

Plant = Callable[[GameState], Action | None]


def dealt(
    name: str,
    hands: dict[int, str],
    turnup: str,
    overrides: Sequence[str] = (),
    *,
    scores: Sequence[int] | None = None,
    players: int = 2,
    dealer: int = 1,
) -> GameState:
    """A two-player game (by default) of preset ``name`` just dealt by ``dealer``: each seat given
    in ``hands`` holds those cards, and ``turnup`` is turned."""
    state = at_deal(new_game(load_rules(name, tuple(overrides)), players), dealer, scores)
    given = {seat: list(parse_cards(text)) for seat, text in hands.items()}
    return state.apply(arranged_shuffle(state, given, parse_card(turnup)))


def run(state: GameState, actions: Iterable[str]) -> GameState:
    """Apply each action, written as in records ("play 5h", "go", "count"), for the seat to act."""
    for text in actions:
        assert state.to_act is not None, f"nobody is to act for {text!r}"
        state = state.apply(Action.parse(text, state.to_act))
    return state


def states_of(final: GameState) -> list[GameState]:
    """Every state of ``final``'s game from the first, replayed from its history (played or not)."""
    state = new_game(final.rules, final.players, partners=final.partners)
    states = [state]
    for action in final.history:
        state = state.apply(action)
        states.append(state)
    return states


def play(
    players: list[Player], deals: int, seed: int, plant: Plant | None = None, changes: tuple[str, ...] = ()
) -> GameState:
    """A cribbage game (with ``changes`` to its rules) of two seats played for ``deals`` deals (or
    to its end); ``plant`` may take seat 0's action in place of its player."""
    rng = random.Random(seed)
    state = new_game(load_rules("cribbage", changes), 2)
    while not state.is_over and state.deal_number <= deals:
        chance = state.chance()
        if chance is not None:
            state = state.apply(chance.sample(rng))
            continue
        seat = state.to_act
        assert seat is not None
        planted = plant(state) if plant is not None and seat == 0 else None
        view = state.view(seat)
        state = state.apply(planted or players[seat].choose(view, view.legal, rng))
    return state


def declares_nothing(state: GameState) -> Action | None:
    """Seat 0 declares 0 for every hand and crib it counts."""
    declare = state.legal_actions().declare
    return Action.declare(0, 0) if declare is not None and 0 in declare.points else None


def muggins_deal(seed: int) -> GameState:
    """A cribbage deal under muggins where seat 0 declares 0 for its counts and seat 1 claims."""
    return play([GreedyPlayer(), GreedyPlayer()], 1, seed, declares_nothing, ("hand.wrong_count=muggins",))


def lay_aways(rules: Rules, players: int, partners: bool | None, seed: int, count: int) -> list[GameState]:
    """``count`` positions where a seat lays away, from random games (every seat's, every deal's)."""
    rng = random.Random(seed)
    out: list[GameState] = []
    state = new_game(rules, players, partners=partners)
    while len(out) < count:
        chance = state.chance()
        if state.is_over:
            state = new_game(rules, players, partners=partners)
        elif chance is not None:
            state = state.apply(chance.sample(rng))
        else:
            if state.phase is Phase.DISCARD:
                out.append(state)
            state = state.apply(rng.choice(list(state.legal_actions())))
    return out


def to_act_view(state: GameState) -> tuple[PlayerView, list[Action]]:
    """The view of the seat to act and its legal actions."""
    assert state.to_act is not None
    return state.view(state.to_act), list(state.legal_actions())


def greedy_positions(name: str, players: int, overrides: tuple[str, ...]) -> list[GameState]:
    """Four positions of the play where the seat to act has a choice, from a seeded game of greedy
    players (every fourth such position)."""
    rules = load_rules(name, overrides)
    final = run_game(new_game(rules, players), [GreedyPlayer()] * players, random.Random(7))
    state, found = new_game(rules, players), []
    for action in final.history:
        state = state.apply(action)
        if state.phase is Phase.PLAY and state.to_act is not None and len(state.legal_actions()) > 1:
            found.append(state)
    return found[::4][:4]


def sweep(cases: Iterable[Any], quick: int = 1, *, single: bool = False) -> list[Any]:
    """The cases of a sweep as parameters: the first ``quick`` run in every run of the tests, the
    rest are marked slow (``make test`` runs them, ``make check`` leaves them out). ``single``: each
    case is one argument's value (a tuple passed whole), not the values of several arguments."""
    out: list[Any] = []
    for i, case in enumerate(cases):
        if i < quick:
            out.append(case)
        else:
            values = (case,) if single or not isinstance(case, tuple) else case
            out.append(pytest.param(*values, marks=pytest.mark.slow))
    return out


def tail(first: range, rest: range) -> list[Any]:
    """A proof's seeds (or deals, or positions) as two cases: ``first`` in every run of the tests,
    ``rest``, its long tail, marked full (``make test-full`` runs it, ``make test`` leaves it out)."""
    return [
        pytest.param(first, id=f"{first.start}-{first.stop - 1}"),
        pytest.param(rest, id=f"{rest.start}-{rest.stop - 1}", marks=pytest.mark.full),
    ]


def spiel_play(state: Any, rng: Any, moves: int | None = None) -> Any:
    """Play an OpenSpiel state at random (chance by its probabilities) to the end, or for ``moves``
    player moves; the state, played on in place."""
    while not state.is_terminal() and moves != 0:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves = None if moves is None else moves - 1
    return state


def zoo_play(game: Any, seed: int) -> tuple[dict[str, float], list[dict[str, float]]]:
    """One game of a PettingZoo environment with random legal actions from ``seed``: each agent's
    rewards added up, and every step's rewards."""
    import numpy as np

    totals = dict.fromkeys(game.possible_agents, 0.0)
    steps = []
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps.append(dict(game.rewards))
    return totals, steps
