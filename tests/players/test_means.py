"""The greedy lay-away's means without numpy (`noddy.players.means`, what the browser runs) equal
numpy's (`noddy.players.discard.hand_means`): mean for mean over the views of random deals of every
preset, hands and cribs, and so the same discard chosen by the greedy, easy and medium players."""

from __future__ import annotations

import random

import pytest

from noddy.game import Action, ActionKind, GameState, new_game
from noddy.players import GreedyPlayer, make_player, next_action
from noddy.players import means as means_module
from noddy.players.discard import hand_means as numpy_means
from noddy.players.means import hand_means, numpy_here, plain_hand_means, turnups
from noddy.rules import load_rules, preset_names


def _lay_away_views(preset: str, games: int, seed: int) -> list[GameState]:
    """Every state where a seat lays away, in ``games`` random games of two of ``preset``."""
    rng = random.Random(seed)
    players = {seat: make_player("random") for seat in (0, 1)}
    found = []
    for _ in range(games):
        state = new_game(load_rules(preset), 2)
        while not state.is_over and len(found) < 40:
            if state.chance() is None and any(a.kind is ActionKind.DISCARD for a in state.legal_actions()):
                found.append(state)
            state = state.apply(next_action(state, players, rng))
    return found


def test_numpy_is_here_and_chosen() -> None:
    assert numpy_here()


LAYING_AWAY = [name for name in preset_names() if load_rules(name).deal.shape(2).discard]
"""The presets whose players lay away at two (the others never weigh a discard)."""


@pytest.mark.parametrize("preset", LAYING_AWAY)
def test_plain_means_equal_numpys_for_hands_and_cribs(preset: str) -> None:
    states = _lay_away_views(preset, games=2, seed=7)
    assert states, f"{preset}: no lay-away met"
    for state in states[:6]:
        view = state.view(state.to_act)
        legal = view.legal
        pool = turnups(view)
        kept = [tuple(c for c in view.hand if c not in a.cards) for a in legal]
        plain = plain_hand_means(view, kept, pool)
        assert plain == [float(m) for m in numpy_means(view, kept, pool)]
        assert hand_means(view, kept, pool) == plain
        if view.rules.crib.kind != "none" and len(legal[0].cards) >= 1:
            laid = [a.cards for a in legal]
            assert plain_hand_means(view, laid, pool, crib=True) == [
                float(m) for m in numpy_means(view, laid, pool, crib=True)
            ]


@pytest.mark.parametrize("preset", LAYING_AWAY[:3])
def test_greedy_lays_away_the_same_without_numpy(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    states = _lay_away_views(preset, games=3, seed=11)
    def lay_away(state: GameState) -> Action:
        return GreedyPlayer().choose(state.view(state.to_act), state.legal_actions(), random.Random(0))

    with_numpy = [lay_away(s) for s in states]
    monkeypatch.setattr(means_module, "numpy_here", lambda: False)
    without = [lay_away(s) for s in states]
    assert without == with_numpy
    assert len(set(with_numpy)) > 1
