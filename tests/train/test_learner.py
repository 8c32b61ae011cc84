"""The learner (issue 24, item 13): a Knave pegged before the announcement is said in the question
and in the answer; a late answer counts nowhere, as its words say; drills by question type; progress
kept per rule set (the old file format still read)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.cards import parse_card, parse_cards
from noddy.cli import train_cmd
from noddy.cli.main import app
from noddy.rules import load_rules
from noddy.scoring import score_hand, total
from noddy.train import Progress, Question, draw, drill_kinds, judge
from noddy.words import drill_name

runner = CliRunner()

STRAWBERRY_KNAVE = Question(
    load_rules("strawberry"), "announcement", "mixed", parse_cards("Jh 5h 6c"), parse_card("9h"), dealer=True
)
"""Strawberry pegs the Knave of the turn-up's suit at the start (``hand.knave_when = "at_start"``):
the hand scores its Knave, but announces one less."""


def test_a_knave_pegged_before_the_announcement_is_said_in_the_question_and_the_answer() -> None:
    question = STRAWBERRY_KNAVE
    held_count = total(score_hand(question.held, question.turnup, question.rules))
    assert question.total == held_count - 1 and [str(i.kind) for i in question.aside] == ["knave"]
    assert "Your Knave Noddy (J♥) was pegged at the start, before the announcement" in question.prompt()
    assert "Votre Noddy (V♥) a été marqué au début, avant l’annonce" in question.prompt("fr")
    wrong = judge(question, held_count)
    assert not wrong.correct
    assert (
        wrong.aside()
        == "Knave Noddy (J♥): pegged at the start, before the announcement, so not in this count."
    )
    assert wrong.aside("fr").startswith("Noddy (V♥) : marqué au début, avant l’annonce")
    in_count = Question(
        load_rules("cribbage"), "hand", "mixed", parse_cards("Jh 5h 6c 2d"), parse_card("9h"), dealer=True
    )
    assert in_count.aside == () and "pegged" not in in_count.prompt() and judge(in_count, 0).aside() == ""


def test_the_terminal_trainer_says_the_knave_was_pegged_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(train_cmd, "next_question", lambda *_: STRAWBERRY_KNAVE)
    args = ["train", "-r", "strawberry", "--questions", "1", "--progress", str(tmp_path / "p.json")]
    result = runner.invoke(app, args, input=f"{STRAWBERRY_KNAVE.total + 1}\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "was pegged at the start, before the announcement: leave it out." in out
    assert "Knave Noddy (J♥): pegged at the start, before the announcement, so not in this count." in out


@pytest.fixture
def fast_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock that moves on 10 seconds each time it is read: with a round of 45 s, the first
    answer comes at 30 s, the second at 60 s (late)."""
    ticks = iter(range(0, 10_000, 10))
    monkeypatch.setattr(train_cmd, "clock", lambda: float(next(ticks)))
    yield


def test_a_late_answer_counts_nowhere_as_its_words_say(tmp_path: Path, fast_clock: None) -> None:
    rng = random.Random(1)
    right = [draw(load_rules("cribbage"), "run", rng).total for _ in range(2)]
    args = ["train", "-r", "cribbage", "-k", "run", "--seed", "1", "--timed", "45"]
    result = runner.invoke(
        app, [*args, "--progress", str(tmp_path / "p.json")], input="\n".join(map(str, right)) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "it is checked below but counts nowhere" in out
    assert "1 right out of 1" in out  # the round
    assert "1 question(s), 1 right" in out  # the session's tally
    saved = json.loads((tmp_path / "p.json").read_text())
    kinds = saved["rule_sets"]["cribbage"] if "rule_sets" in saved else saved["kinds"]
    assert kinds["run"]["asked"] == 1  # the progress


@pytest.mark.parametrize(
    ("rules", "sorts"),
    [("cribbage", ("hand", "crib", "play")), ("willughby", ("announcement", "play"))],
)
def test_drills_by_sort_of_question_ask_only_that_sort(rules: str, sorts: tuple[str, ...]) -> None:
    found = load_rules(rules)
    kinds = drill_kinds(found)
    assert all(sort in kinds for sort in sorts) and kinds[-1] == "mixed"
    rng = random.Random(4)
    for sort in sorts:
        asked = [draw(found, sort, rng) for _ in range(40)]
        assert {q.what for q in asked} == {sort} and {q.kind for q in asked} == {sort}
        assert all("everything else" not in q.prompt() for q in asked)
    assert drill_name("play") == "the play" and drill_name("announcement", "fr") == "les annonces"


def test_the_terminal_drills_the_play_and_keeps_its_progress(tmp_path: Path) -> None:
    rng = random.Random(2)
    right = [draw(load_rules("cribbage"), "play", rng).total for _ in range(3)]
    args = ["train", "-r", "cribbage", "-k", "play", "--seed", "2", "--questions", "3"]
    result = runner.invoke(
        app, [*args, "--progress", str(tmp_path / "p.json")], input="\n".join(map(str, right))
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.count("The count is") == 3 and "3 question(s), 3 right" in result.stdout
    assert "the play" in result.stdout


def test_progress_is_kept_per_rule_set_and_the_old_format_still_reads(tmp_path: Path) -> None:
    """Runs missed under cribbage do not make willughby's runs come back more often; a version 1
    file (one set of kinds) reads, and its stats are where each rule set starts from."""
    path = tmp_path / "p.json"
    old = {
        "version": 1,
        "kinds": {"run": {"asked": 4, "right": 1, "seconds": 20.0, "box": 0}},
        "best": {"cribbage/60": 3},
        "round": None,
    }
    path.write_text(json.dumps(old), encoding="utf-8")
    rng = random.Random(5)
    right = [draw(load_rules("cribbage"), "fifteen", rng).total for _ in range(2)]
    args = [
        "train",
        "-r",
        "cribbage",
        "-k",
        "fifteen",
        "--seed",
        "5",
        "--questions",
        "2",
        "--progress",
        str(path),
    ]
    result = runner.invoke(app, args, input="\n".join(map(str, right)))
    assert result.exit_code == 0, result.output
    assert "could not be read" not in result.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == 2 and saved["best"] == {"cribbage/60": 3}
    cribbage = saved["rule_sets"]["cribbage"]
    assert cribbage["fifteen"]["asked"] == 2 and cribbage["run"]["asked"] == 4  # carried from the old file
    assert "fifteen" not in saved["rule_sets"].get("willughby", {})
    progress = Progress.from_json(saved)
    progress.record("run", correct=True, seconds=1.0, rules="willughby")
    assert progress.kinds("willughby")["run"].box == 1 and progress.kinds("cribbage")["run"].box == 0
    assert progress.weight("run", "cribbage") > progress.weight("run", "willughby")
    assert Progress.from_json(progress.to_json()) == progress
