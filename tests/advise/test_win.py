"""The advisor at a score: lay-aways ranked by the chance of winning, the points beside it, and
what a teacher says when the two disagree, in the terminal and in JSON, English and French. The
board read is a known function here, so each figure can be checked."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest
from typer.testing import CliRunner

import noddy.advise.win
from helpers import dealt
from noddy.advise import MARGIN, Advice, Board, Option, advise, advise_view, read_score, win_lines
from noddy.cards import parse_cards
from noddy.cli.main import app
from noddy.errors import NoddyError
from noddy.game import Action
from noddy.rules import load_rules

pytestmark = pytest.mark.requires_kernel

HAND = "5h 5d 5c Js Qh 2c"
runner = CliRunner()


class Race:
    """A board where the side that needs fewer points wins more often, the dealer a little more."""

    def __init__(self) -> None:
        self.reads: list[tuple[tuple[int, ...], int]] = []

    def chance(self, scores: Sequence[int], dealer: int) -> tuple[float, ...]:
        self.reads.append((tuple(scores), dealer))
        lead = (scores[0] - scores[1]) / 12 + (0.1 if dealer == 0 else -0.1)
        mine = 1 / (1 + math.exp(-lead))
        return (mine, 1 - mine)


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> Race:
    board = Race()
    monkeypatch.setattr(noddy.advise.win, "board_if_built", lambda *_: board)
    return board


def test_a_score_ranks_every_lay_away_by_its_chance_of_winning(race: Race) -> None:
    rules = load_rules("cribbage")
    plain = advise(rules, parse_cards(HAND), dealer=False)
    advice = advise(rules, parse_cards(HAND), dealer=False, scores=(100, 104), lang="en")
    assert advice.board is not None and plain.board is None
    assert advice.board.scores == (100, 104) and not advice.board.dealing
    assert advice.board.chance == pytest.approx(Race().chance((100, 104), 1)[0])
    wins = [o.win for o in advice.options]
    assert all(w is not None and 0 < w < 1 for w in wins)
    # by the chance, but the most points first unless clearly beaten (`MARGIN`)
    assert wins[1:] == sorted(wins[1:], reverse=True)
    assert advice.options[0] is advice.by_points or wins[0] == max(wins)
    assert {(o.keep, o.total) for o in advice.options} == {(o.keep, o.total) for o in plain.options}
    assert advice.by_points.total == plain.options[0].total
    # the board now, with the dealer to deal; every deal played out at the board it leaves, the
    # pone (seat 0, the player) to deal next
    assert [read for read in race.reads if read[1] == 1] == [((100, 104), 1)]
    played = [scores for scores, dealer in race.reads if dealer == 0]
    assert len(played) > 15 and all(mine >= 100 and theirs >= 104 for mine, theirs in played)


def test_a_view_at_a_table_is_weighed_at_its_own_board(race: Race) -> None:
    state = dealt("cribbage", {0: HAND, 1: "Ad 2d 3d 7c 8c Qs"}, "6h", scores=(40, 90), dealer=0)
    view = state.view(1)
    assert advise_view(view).board is None
    advice = advise_view(view, win=True, samples=100)
    assert advice.board is not None
    assert advice.board.scores == (90, 40) and not advice.board.dealing
    assert advice.board.chance == pytest.approx(1 - Race().chance((40, 90), 0)[0])


def _option(keep: str, lay: str, hand: int, crib: int, win: float) -> Option:
    held, laid = parse_cards(keep), parse_cards(lay)
    return Option(held, laid, Fraction(hand), Fraction(crib), Fraction(hand - crib), win=win)


def _advice(*options: Option) -> Advice:
    cards = parse_cards(HAND)
    board = Board((112, 98), False, 0.41)
    return Advice(load_rules("cribbage"), cards, False, "uniform", options, -1, board)


def test_the_words_say_why_the_game_and_the_points_disagree() -> None:
    points = _option("5h 5d 5c Js", "Qh 2c", 20, 4, 0.40)
    run = _option("5h 5d 5c 2c", "Js Qh", 22, 7, 0.45)
    defence = _option("5h 5d Js Qh", "5c 2c", 12, 1, 0.47)
    offence = win_lines(_advice(run, points), "en")
    assert offence[0] == "At 112–98 (they deal) your side's chance of winning is 41% before this deal."
    assert offence[2] == (
        "Keep 5♥ 5♦ 5♣ 2♣, not 5♥ 5♦ 5♣ J♠: at 112–98 you need points now (45% to win, against 40%)."
    )
    assert win_lines(_advice(defence, points), "en")[2].startswith(
        "Lay away 5♣ 2♣, not Q♥ 2♣: at 112–98 keeping the dealer's crib down matters more"
    )
    worse = _option("5h 5d 5c 2c", "Js Qh", 14, 7, 0.30)
    assert win_lines(_advice(points, worse), "en")[2] == (
        "At 112–98 the most points is also the best chance of winning: 40%."
    )
    close = _option("5h 5d 5c 2c", "Js Qh", 18, 7, 0.45)
    assert win_lines(_advice(points, close), "en")[2] == (
        "At 112–98 none wins clearly more often than the most points (40%; the best 45%, within what the"
        " deals sampled can tell): take the points."
    )
    assert win_lines(_advice(points, close), "fr")[2].startswith(
        "À 112–98, aucun écart ne gagne nettement plus souvent que le plus de points (40\u00a0% ;"
    )
    french = win_lines(_advice(run, points), "fr")
    assert french[2] == (
        "Gardez 5♥ 5♦ 5♣ 2♣, pas 5♥ 5♦ 5♣ V♠ : à 112–98, il vous faut des points maintenant (45\u00a0% de"
        " gagner, contre 40\u00a0%)."
    )
    assert win_lines(_advice(defence, points), "fr")[2].startswith("Écartez 5♣ 2♣, pas D♥ 2♣")


def test_advise_score_in_the_terminal_and_in_json(race: Race) -> None:
    result = runner.invoke(app, ["advise", HAND, "--pone", "--score", "112-98"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "At 112–98 (they deal) your side's chance of winning is" in out
    assert "to win" in out and "%" in out
    assert "Ranked by the chance of winning the game" in out
    result = runner.invoke(app, ["advise", HAND, "--pone", "--score", "112-98", "--json", "--lang", "fr"])
    data = json.loads(result.stdout)
    assert data["board"] == {"scores": [112, 98], "dealing": False}
    assert 0 < data["chance"] < 1
    wins = [o["win"] for o in data["options"]]
    assert wins[1:] == sorted(wins[1:], reverse=True) and len(wins) == 15
    assert data["by_points"] == 0 or wins[0] == max(wins)
    assert data["lines"][0].startswith("À 112–98 (l’adversaire donne), votre camp a")
    assert data["options"][data["by_points"]]["total"] == max(o["total"] for o in data["options"])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("112", "--score '112': give each side's points from yours, one number a side, e.g. 112-98"),
        ("112-98-3", "(2 sides, each from 0 to 120)"),
        ("121-3", "(2 sides, each from 0 to 120)"),
        ("a-b", "--score 'a-b'"),
    ],
)
def test_a_score_that_is_not_one_a_side_below_the_target_is_refused(text: str, said: str) -> None:
    with pytest.raises(NoddyError, match=None) as refused:
        read_score(text, load_rules("cribbage"), 2)
    assert said in str(refused.value)
    result = runner.invoke(app, ["advise", HAND, "--pone", "--score", text])
    assert result.exit_code == 1 and said in result.stderr


def test_a_score_is_refused_in_french_too() -> None:
    result = runner.invoke(app, ["advise", HAND, "--pone", "--score", "130-2", "--lang", "fr"])
    assert result.exit_code == 1
    assert "--score '130-2' : donnez les points de chaque camp en commençant par le vôtre" in result.stderr


@pytest.mark.parametrize(
    ("better", "noise", "first"),
    [(0.009, 0.0, "Qh 2c"), (0.011, 0.0, "Js Qh"), (0.03, 0.3, "Qh 2c"), (0.03, 0.05, "Js Qh")],
)
def test_a_lay_away_goes_before_the_most_points_only_by_a_clear_margin(
    monkeypatch: pytest.MonkeyPatch, race: Race, better: float, noise: float, first: str
) -> None:
    """Another lay-away (J♠ Q♥ away, keeping the run) is put before the one with the most points
    (Q♥ 2♣ away) only if it wins `MARGIN` more often and more than the sampling's 95% interval of
    the difference on the same deals: 3 points in 100 over 100 deals that differ by ±0.3 each is
    not enough (±5.9 points), by ±0.05 it is (±1.0)."""

    def sampled(view: object, legal: Sequence[Action], *_: object, **__: object) -> np.ndarray:
        run, most = frozenset(parse_cards("Js Qh")), frozenset(parse_cards("Qh 2c"))
        wobble = noise * np.where(np.arange(100) % 2, 1.0, -1.0)
        given = {run: 0.5 + better + wobble, most: np.full(100, 0.5)}
        return np.array([given.get(frozenset(a.cards), np.full(100, 0.4)) for a in legal])

    monkeypatch.setattr(noddy.advise.win, "win_samples", sampled)
    advice = advise(load_rules("cribbage"), parse_cards(HAND), dealer=False, scores=(60, 60))
    assert advice.options[0].discard == parse_cards(first)
    assert MARGIN == 0.01
