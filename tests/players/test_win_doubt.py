"""The strong player's lay-away by the chance of winning plays out more deals where the first leave
the choice in doubt (`noddy.players.discard.in_doubt`), and no more where they do not; raced
(`noddy.players.discard.race`), only for the choices still in doubt."""

from __future__ import annotations

import random
from collections.abc import Sequence

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
    Draw,
    WinTable,
    discard_values,
    in_doubt,
    race,
    raced_values,
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
    doubt = StrongPlayer(value="win", win_candidates=4, win_race=0)  # hard's rule before the race
    values = doubt.discard_values(view, view.legal, random.Random(4))
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


def _draws(values: npt.NDArray[np.float64]) -> tuple[list[tuple[list[int], int]], Draw]:
    """A `race`'s draw that reads ``values`` (rows: choices, columns: deals) in order, and the
    rows and deals it was asked for."""
    asked: list[tuple[list[int], int]] = []
    read = 0

    def draw(rows: Sequence[int], deals: int) -> npt.NDArray[np.float64]:
        nonlocal read
        asked.append((list(rows), deals))
        read += deals
        return values[list(rows), read - deals : read]

    return asked, draw


def test_a_race_with_a_wide_lead_ends_at_its_first_round() -> None:
    base = np.random.default_rng(2).uniform(0.2, 0.8, 1000)
    values = np.stack([base + 0.1, base + np.resize(WOBBLE, 1000), base - 0.05])
    asked, draw = _draws(values)
    means, playouts = race(draw, 3, first=100, most=1000)
    assert asked == [([0, 1, 2], 100)] and playouts == 300
    assert means[0] == pytest.approx(values[0, :100].mean())
    assert means[1] == pytest.approx(means[0] + (values[1, :100] - values[0, :100]).mean())


def test_on_a_flat_board_a_race_ends_at_once() -> None:
    """Every choice worth the same, deal by deal (the table flat where the deal can leave the
    board): nothing is in doubt, the tie is left to the points."""
    base = np.random.default_rng(3).uniform(0.2, 0.8, 1000)
    asked, draw = _draws(np.stack([base] * 4))
    means, playouts = race(draw, 4, first=50, most=1000)
    assert asked == [([0, 1, 2, 3], 50)] and playouts == 200
    assert len(set(means.tolist())) == 1


def test_a_race_drops_the_choices_surely_behind_and_doubles_the_deals_of_the_rest() -> None:
    """Two choices within the noise of each other run to the end (100, 100, 200, 400 and the last
    200 deals); one surely behind is dropped after the first round. The survivors' means are those
    of every deal they had; the dropped one's sits below the leader by its difference then."""
    rng = np.random.default_rng(4)
    base = rng.uniform(0.2, 0.8, 1000)
    values = np.stack([base + rng.normal(0, 0.3, 1000), base + rng.normal(0, 0.3, 1000), base - 0.2])
    asked, draw = _draws(values)
    means, playouts = race(draw, 3, first=100, most=1000)
    assert asked == [([0, 1, 2], 100), ([0, 1], 100), ([0, 1], 200), ([0, 1], 400), ([0, 1], 200)]
    assert playouts == 300 + 2 * 900
    assert means[:2] == pytest.approx(values[:2].mean(axis=1))
    leader = int(np.argmax(values[:2, :100].mean(axis=1)))
    assert means[2] == pytest.approx(means[leader] + (values[2, :100] - values[leader, :100]).mean())
    assert means[2] < means[:2].min()


@pytest.mark.requires_kernel
def test_the_raced_lay_away_plays_out_fewer_deals_where_the_choice_is_clear() -> None:
    """A clear lay-away is settled by the first round (4 choices in 100 deals); a doubtful one
    takes more, never past the most deals, and the player's values are the raced ones."""
    for case, clear in ((CLEAR, True), (DOUBTFUL, False)):
        hand, dealer, scores = case
        view = seat_view(load_rules("cribbage"), 2, parse_cards(hand), dealer=dealer, scores=scores)
        assert view is not None
        legal = [a for a in view.legal if a.kind == ActionKind.DISCARD]
        board = analysis.board(view.rules, 2, False)
        values, playouts = raced_values(
            view, legal, random.Random(5), board, candidates=4, first=100, most=1000
        )
        assert (playouts == 400) is clear and 400 <= playouts <= 4000
        player = StrongPlayer(win_race=100, win_candidates=4)
        assert player.discard_values(view, view.legal, random.Random(5)) == values
