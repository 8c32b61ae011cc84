"""The review says whose score is whose ("you 111, greedy 106", with partners "you and Carl") and
always shows the move chosen, even when it stands below the best six (issue 24, item 14); in the
terminal, in English and French."""

from __future__ import annotations

from dataclasses import replace

import pytest
from typer.testing import CliRunner

import paths
from noddy.cards import parse_cards
from noddy.cli import review_cmd
from noddy.cli.main import app
from noddy.game import Action, Phase, TaskKind, new_game
from noddy.record import GameRecord, Seat
from noddy.review import Decision, Review, by_cost, review_record
from noddy.words import review_scores

GOLDEN = paths.GOLDEN / "cribbage.json"


def declaring(chosen: int, choices: int = 10) -> Decision:
    """A count where declaring ``n`` is worth ``n`` less than the true 9: ``chosen`` is declared."""
    values = tuple((Action.declare(0, n), float(n - 9)) for n in range(9, 9 - choices, -1))
    return Decision(
        move=40,
        deal=3,
        phase=Phase.COUNT,
        hand=parse_cards("5h 5d 5c Js"),
        turnup=parse_cards("5s")[0],
        pile=(),
        count=0,
        scores=(106, 111),
        crib="theirs",
        chosen=Action.declare(0, chosen),
        best=Action.declare(0, 9),
        values=values,
        measure="count",
        counting=TaskKind.HAND,
    )


def test_the_chosen_move_is_shown_wherever_it_stands() -> None:
    low = declaring(1)
    assert low.chosen_place == 9
    assert [place for place, _, _ in low.shown()] == [1, 2, 3, 4, 5, 6, 9]
    assert low.shown()[-1][1:] == (Action.declare(0, 1), -8.0)
    assert [place for place, _, _ in declaring(6).shown()] == [1, 2, 3, 4, 5, 6]
    assert [place for place, _, _ in declaring(9, choices=3).shown()] == [1, 2, 3]
    assert low.to_json()["chosen_place"] == 9


@pytest.mark.parametrize(
    ("scores", "side", "sides", "lang", "said"),
    [
        ((106, 111), 1, [["greedy"], []], "en", "score: you 111, greedy 106"),
        ((106, 111), 1, [["greedy"], []], "fr", "score : vous 111, greedy 106"),
        ((5, 7, 9), 2, [["Ann"], ["Bob"], []], "en", "score: you 9, Ann 5, Bob 7"),
        ((60, 59), 0, [["Carl"], ["Bob", "Dan"]], "en", "score: you and Carl 60, Bob and Dan 59"),
        ((60, 59), 0, [["Carl"], ["Bob", "Dan"]], "fr", "score : vous et Carl 60, Bob et Dan 59"),
    ],
)
def test_each_score_is_said_as_whose_it_is(
    scores: tuple[int, ...], side: int, sides: list[list[str]], lang: str, said: str
) -> None:
    assert review_scores(scores, side, sides, lang) == said


def test_a_record_review_knows_each_sides_seats() -> None:
    rules = GameRecord.load(GOLDEN).rules
    two = review_record(GameRecord.start(new_game(rules, 2), (Seat("Ann"), Seat("Greedy", "greedy"))), 1)
    assert (two.side, two.sides) == (1, (("Ann",), ()))
    assert two.to_json()["sides"] == [["Ann"], []] and two.to_json()["side"] == 1
    seats = tuple(Seat(name, "greedy") for name in ("Ann", "Bob", "Carl", "Dan"))
    four = review_record(GameRecord.start(new_game(rules, 4, partners=True), seats), 2)
    assert (four.side, four.sides) == (0, (("Ann",), ("Bob", "Dan")))


@pytest.mark.parametrize(
    ("lang", "score", "mark"),
    [
        ("en", "score: greedy 1 106, greedy 2 111", "← chosen"),
        ("fr", "score : greedy 1 106, greedy 2 111", "← choisi"),
    ],
)
def test_the_terminal_review_says_whose_score_and_shows_the_move_chosen(
    monkeypatch: pytest.MonkeyPatch, lang: str, score: str, mark: str
) -> None:
    found = Review(0, "greedy 1", (declaring(1),), side=0, sides=((), ("greedy 2",)))
    monkeypatch.setattr(review_cmd, "review_record", lambda _record, _seat, _names: found)
    result = CliRunner().invoke(app, ["review", str(GOLDEN), "--seat", "0", "--lang", lang])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert score in " ".join(out.split())
    lines = out.splitlines()
    chosen = [line for line in lines if mark in line]
    loss = "-8.00" if lang == "en" else "-8,00"  # French writes a decimal comma
    assert len(chosen) == 1 and chosen[0].split()[0] == "9." and loss in chosen[0]
    header = next(i for i, line in enumerate(lines) if line.split()[:1] in (["choice"], ["choix"]))
    table = lines[header + 1 :]
    places = [line.split()[0] for line in table if line.strip()]
    assert places == ["1.", "2.", "3.", "4.", "5.", "6.", "…", "9."]


def test_decisions_are_ordered_by_their_costs_as_shown() -> None:
    """Two chances of winning lost that round to the same figure are equal, so the points decide:
    the review's list is in order by what its reader sees (it was not, now and then, under load)."""
    win, lose = Action.declare(0, 9), Action.declare(0, 8)
    tiny = replace(declaring(8), move=10, chances=((win, 0.50002), (lose, 0.5)))  # costs 0.00002
    dearer = replace(declaring(5), move=20, chances=((win, 0.5), (Action.declare(0, 5), 0.5)))
    assert tiny.to_json()["chance_loss"] == dearer.to_json()["chance_loss"] == 0.0
    assert tiny.loss < dearer.loss
    assert [d.move for d in by_cost([tiny, dearer])] == [20, 10]
    shown = [(d.to_json()["chance_loss"], d.to_json()["loss"]) for d in by_cost([tiny, dearer])]
    assert shown == sorted(shown, reverse=True)
