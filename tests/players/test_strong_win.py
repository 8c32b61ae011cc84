"""The strong player's ``value="win"``: search and lay-away valued by a table of the chance of
winning rather than by the points. A table given to the player here is a known function of the
board, so what the player computes from it can be checked exactly."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from helpers import dealt, greedy_positions
from noddy.advise import seat_view
from noddy.cards import parse_cards
from noddy.errors import NoddyError
from noddy.game import Action, ActionKind, Phase, PlayerView, new_game
from noddy.kernel import lay_away_outcomes, lay_away_rollouts
from noddy.players import GreedyPlayer, StrongPlayer
from noddy.players.discard import (
    TIE_BREAK,
    deal_values,
    hand_means,
    next_dealer,
    turnups,
    win_chances,
    win_values,
)
from noddy.players.driver import run_game
from noddy.rules import load_rules

pytestmark = pytest.mark.requires_kernel

SLOPE, DEAL = 0.002, 0.03


@dataclass
class Linear:
    """A chance of winning linear in the board: ``SLOPE`` a point of lead over the best other side,
    ``DEAL`` more for the side about to deal (a sum over sides that need not be 1: only the
    player's own side's is read). Linear, so a search by it must rank as the points do."""

    partners: bool = False
    reads: int = 0

    def chance(self, scores: Sequence[int], dealer: int) -> tuple[float, ...]:
        self.reads += 1
        dealing = dealer % 2 if self.partners else dealer
        return tuple(
            0.5
            + SLOPE * (s - max(o for j, o in enumerate(scores) if j != i))
            + (DEAL if i == dealing else 0.0)
            for i, s in enumerate(scores)
        )


TABLES = [("cribbage", 2, ()), ("cribbage", 4, ()), ("crib-noddy-old", 2, ("hand.wrong_count=muggins",))]


@pytest.mark.parametrize(("name", "players", "overrides"), TABLES)
def test_a_linear_table_values_each_play_as_its_points_do_on_both_engines(
    name: str, players: int, overrides: tuple[str, ...]
) -> None:
    """Valued by a table linear in the points, a play is worth the chance of the board now, plus
    the slope (and the tie-break) times its points: the same on the kernel and the engine."""
    for at, state in enumerate(greedy_positions(name, players, overrides)):
        assert state.to_act is not None
        view = state.view(state.to_act)
        assert view.seat is not None
        board = Linear(partners=view.partners)
        side = view.side_of(view.seat)
        dealer = next_dealer(view.rules, view.players, view.dealer)
        now = board.chance(view.scores, dealer)[side]
        by_points = StrongPlayer(worlds=3, nodes=600, value="points")
        points = by_points.play_values(view, view.legal, random.Random(at))
        assert points is not None
        for engine in ("kernel", "python"):
            player = StrongPlayer(worlds=3, nodes=600, value="win", board=board, engine=engine)
            chances = player.play_values(view, view.legal, random.Random(at))
            assert chances is not None
            for action, value in chances.items():
                assert value == pytest.approx(now + (SLOPE + TIE_BREAK) * points[action], abs=1e-9)
                assert 0.0 <= value <= 1.0
        assert board.reads > 0


def _lay_away_view(scores: tuple[int, int] = (10, 12)) -> tuple[PlayerView, list[Action]]:
    state = dealt("cribbage", {0: "5h 5d Jc 4s 9c Kh", 1: "Ad 2d 3d 7c 8c Qs"}, "6h", scores=scores)
    view = state.view(0)
    return view, [a for a in view.legal if a.kind == ActionKind.DISCARD]


def test_the_deals_outcomes_are_the_rollouts_own_samples() -> None:
    """`lay_away_outcomes` plays the same deals as `lay_away_rollouts`: its hands, cribs and points
    average to the rollouts' means (the game goes on in each at these scores; where the Knave is
    kept, the hand's whole count is a little more than the hand's tally, which leaves its point to
    the Knave's own)."""
    view, legal = _lay_away_view()
    ranked = legal[:5]
    outcomes = lay_away_outcomes(view, ranked, 64, 99)
    means = lay_away_rollouts(view, ranked, 64, 99, 1000.0)
    assert outcomes.shape == (5, 64, 6)
    assert (outcomes[:, :, 2] == -2).all() and (outcomes[:, :, 5] == 0).all()
    for i, (value, hand, crib) in enumerate(means):
        gained = outcomes[i, :, 0].astype(float) - 10 - (outcomes[i, :, 1] - 12)
        assert gained.mean() == pytest.approx(value)
        # the whole count of the kept hand; the tally leaves out the Knave's point (his nobs)
        if any(card.rank == 11 for card in ranked[i].cards):
            assert outcomes[i, :, 3].mean() == pytest.approx(hand)
        else:
            assert outcomes[i, :, 3].mean() >= hand
        assert outcomes[i, :, 4].mean() == pytest.approx(crib)


def test_the_lay_away_by_a_linear_table_is_the_points_played_out() -> None:
    """By a table linear in the points, each lay-away's chance is the board's now plus the slope
    times what the deal is worth in points played out (`deal_values`, within its sampling)."""
    view, legal = _lay_away_view()
    board = Linear()
    chances = win_values(view, legal, random.Random(3), board, candidates=6, samples=2000)
    points = deal_values(view, legal, random.Random(3), candidates=6, samples=2000)
    assert set(chances) == set(points)
    now = board.chance((10, 12), 0)[0]
    for action, chance in chances.items():
        assert chance == pytest.approx(now + SLOPE * points[action], abs=SLOPE * 0.6)


def test_a_lay_away_that_cannot_stop_a_pone_counting_out_is_worth_nothing() -> None:
    """The pone needs one point and counts first: whatever the dealer lays away, the game is lost
    before its hand is counted unless the pone's cards make nothing at all."""
    view, legal = _lay_away_view(scores=(100, 120))
    chances = win_values(view, legal, random.Random(3), Linear(), candidates=4, samples=200)
    assert len(chances) == 4
    assert all(chance < 0.05 for chance in chances.values())


def test_a_value_the_player_does_not_know_is_refused() -> None:
    with pytest.raises(NoddyError, match="unknown value 'pegs': use one of points, win"):
        StrongPlayer(value="pegs")


def test_outcomes_are_one_row_of_numbers_a_sample() -> None:
    view, legal = _lay_away_view()
    outcomes = lay_away_outcomes(view, legal[:2], 3, 1)
    assert outcomes.dtype == np.int16
    assert outcomes.shape == (2, 3, 6)


def test_a_hand_the_game_ends_before_is_still_counted_to_steady_the_mean() -> None:
    """The dealer at 110 against a pone at 116 who counts first: in most deals the game ends before
    the dealer's hand is counted, yet each sample carries that hand's count with its turn-up, so
    the steadied chance stays the deals' own (it was once pushed to 100% by hands read as 0)."""
    hand = parse_cards("10s 5c 9c As Ks 3h")
    view = seat_view(load_rules("cribbage"), 2, hand, dealer=True, scores=(110, 116))
    assert view is not None
    legal = [a for a in view.legal if a.kind == ActionKind.DISCARD][:4]
    outcomes = lay_away_outcomes(view, legal, 400, 5)
    assert (outcomes[:, :, 2] == 1).mean() > 0.5  # the pone wins in most deals
    kept = [tuple(c for c in view.hand if c not in a.cards) for a in legal]
    exact = hand_means(view, kept, turnups(view))
    assert np.abs(outcomes[:, :, 3].mean(axis=1) - exact).max() < 1.0
    board = Linear()
    chances = win_chances(view, legal, random.Random(5), board, samples=400)
    for i, action in enumerate(legal):
        won = outcomes[i, :, 2] == 0
        assert chances[action] == pytest.approx(won.mean(), abs=0.05)


def test_without_a_board_to_win_from_the_points_are_the_value() -> None:
    """A single-deal game (``french``) has no board table: ``value="win"`` weighs the points there,
    as ``value="points"`` does, rather than failing."""
    rules = load_rules("french")
    final = run_game(new_game(rules, 2), [GreedyPlayer()] * 2, random.Random(3))
    state = new_game(rules, 2)
    for action in final.history:
        state = state.apply(action)
        if state.phase is Phase.PLAY and state.to_act is not None and len(state.legal_actions()) > 1:
            break
    assert state.to_act is not None
    view = state.view(state.to_act)
    points = StrongPlayer(value="points").play_values(view, view.legal, random.Random(1))
    assert StrongPlayer(value="win").play_values(view, view.legal, random.Random(1)) == points


def test_a_table_not_built_here_is_never_built_inside_a_decision(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Three players have a table that is built on demand (minutes for cribbage), not shipped: with
    none kept, ``value="win"`` plays for the points at once rather than building it mid-game; the
    shipped two-player table is read as before."""
    from importlib import import_module

    from noddy.analysis import board_if_built

    board_module = import_module("noddy.analysis.board")  # the package's ``board`` is the function

    monkeypatch.setenv("NODDY_CACHE", str(tmp_path))

    def refuse(*_: object) -> None:
        raise AssertionError("a table was built inside a decision")

    monkeypatch.setattr(board_module, "build_table", refuse)
    assert board_if_built(load_rules("cribbage"), 2) is not None
    # House rules that no other test builds a table for (a table found is kept in the process).
    rules = load_rules("cribbage", ["hand.knave=2"])
    assert board_if_built(rules, 3) is None
    final = run_game(new_game(rules, 3), [GreedyPlayer()] * 3, random.Random(8))
    state = new_game(rules, 3)
    for action in final.history:
        if state.phase is Phase.PLAY and state.to_act is not None and len(state.legal_actions()) > 1:
            break
        state = state.apply(action)
    view = state.view(state.to_act)
    by_points, by_chance = (StrongPlayer(worlds=4, nodes=2000, value=v) for v in ("points", "win"))
    points = by_points.play_values(view, view.legal, random.Random(1))
    win = by_chance.play_values(view, view.legal, random.Random(1))
    assert win == points
