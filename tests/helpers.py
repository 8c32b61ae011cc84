"""Helpers shared by the engine and player tests: constructed deals, actions written as text, and
the sweeps whose first cases are quick (`sweep`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from noddy.cards import parse_card, parse_cards
from noddy.game import Action, GameState, new_game
from noddy.game.setup import arranged_shuffle, at_deal
from noddy.rules import load_rules


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
