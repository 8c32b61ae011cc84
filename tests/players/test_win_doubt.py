"""The strong player's lay-away by the chance of winning plays out more deals where the first leave
the choice in doubt (`noddy.players.discard.in_doubt`), and no more where they do not."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
import pytest

from noddy import analysis
from noddy.advise import seat_view
from noddy.cards import parse_cards
from noddy.game import Action, ActionKind, PlayerView
from noddy.players import StrongPlayer
from noddy.players.discard import (
    DOUBT,
    TIE_BREAK,
    WinTable,
    discard_values,
    in_doubt,
    win_samples,
    win_values,
)
from noddy.rules import load_rules

N = 200
WOBBLE = np.array([0.3, -0.3] * (N // 2))
"""A paired difference's spread: a standard error of 0.3 / sqrt(200) = 0.021."""


def _base() -> npt.NDArray[np.float64]:
    return np.random.default_rng(1).uniform(0.2, 0.8, N)


def test_a_lead_far_beyond_the_noise_leaves_no_doubt() -> None:
    base = _base()
    assert not in_doubt(np.stack([base + 0.1, base + WOBBLE]))


def test_a_lead_within_the_noise_leaves_doubt() -> None:
    """Behind by 0.001 with a standard error of 0.021: the runner-up may be better by 0.04."""
    base = _base()
    assert in_doubt(np.stack([base + 0.001, base + WOBBLE]))
    assert in_doubt(np.stack([base + WOBBLE, base + 0.001]))


def test_twins_leave_no_doubt() -> None:
    """Two choices as good as each other, deal by deal (a suit for a suit), or one a sure hair
    behind: the difference has no error, however noisy each deal's chance."""
    base = _base()
    assert not in_doubt(np.stack([base, base, base - 0.05 + WOBBLE]))
    assert not in_doubt(np.stack([base, base - DOUBT / 2]))
    assert in_doubt(np.stack([base, base - DOUBT / 2]), margin=-DOUBT)


Case = tuple[str, bool, tuple[int, int]]


def _weighed(
    case: Case,
) -> tuple[PlayerView, list[Action], WinTable, dict[Action, float], dict[Action, float]]:
    """The case's view (a hand, whether the seat deals, the scores), its lay-aways, the table, the
    strong player's values by the chance, and `win_values`' from the first deals alone."""
    hand, dealer, scores = case
    view = seat_view(load_rules("cribbage"), 2, parse_cards(hand), dealer=dealer, scores=scores)
    assert view is not None
    legal = [a for a in view.legal if a.kind == ActionKind.DISCARD]
    board = analysis.board(view.rules, 2, False)
    values = StrongPlayer(value="win").discard_values(view, view.legal, random.Random(4))
    first_only = win_values(view, legal, random.Random(4), board, candidates=4, samples=N)
    return view, legal, board, values, first_only


DOUBTFUL: Case = ("Ah 3c 4s 5c 10h Jh", True, (30, 34))
"""The dealer's 3-5 and A-4 to its crib: their chances are within a tenth of a point of win rate
in 200 deals."""
CLEAR: Case = ("5h 5d Jc 4s 9c Kh", False, (10, 12))
"""The pone keeps 5-5-J-K: 4 points of win rate ahead of the next in 200 deals."""


@pytest.mark.requires_kernel
def test_in_doubt_the_player_weighs_the_first_deals_and_more() -> None:
    view, legal, board, values, first_only = _weighed(DOUBTFUL)
    rng = random.Random(4)
    exact = discard_values(view, legal, rng)
    ranked = sorted(exact, key=lambda a: -exact[a])[:4]
    first = win_samples(view, ranked, rng, board, samples=N)
    assert in_doubt(first)
    pooled = np.concatenate([first, win_samples(view, ranked, rng, board, samples=800)], axis=1)
    assert list(values) == ranked
    for action, mean in zip(ranked, pooled.mean(axis=1), strict=True):
        assert values[action] == pytest.approx(mean + TIE_BREAK * exact[action], abs=1e-12)
    assert any(abs(values[a] - first_only[a]) > 1e-4 for a in ranked)


@pytest.mark.requires_kernel
def test_without_doubt_no_more_deals_are_played_out() -> None:
    _, _, _, values, first_only = _weighed(CLEAR)
    assert values == first_only
