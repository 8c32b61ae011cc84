"""``noddy train`` driven with typed answers: judged, explained, kept in the progress file; bad
input, a damaged progress file and a timed round."""

from __future__ import annotations

import json
import os
import random
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.cli import train_cmd
from noddy.cli.main import app
from noddy.rules import load_rules
from noddy.train import Progress, draw

runner = CliRunner()


def answers(rules: str, kind: str, seed: int, count: int) -> list[int]:
    """The right counts of the first questions of a seeded drill of one kind."""
    rng = random.Random(seed)
    return [draw(load_rules(rules), kind, rng).total for _ in range(count)]


def train(tmp_path: Path, *args: str, input: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["train", "--progress", str(tmp_path / "p.json"), *args], input=input)
    return result.exit_code, result.stdout, result.stderr


def test_answers_are_judged_and_the_count_shown_step_by_step(tmp_path: Path) -> None:
    first, second = answers("cribbage", "fifteen", 7, 2)
    code, out, _ = train(
        tmp_path,
        "-r",
        "cribbage",
        "-k",
        "fifteen",
        "--seed",
        "7",
        input=f"{first}\nsix\n-1\n{second + 1}\nq\n",
    )
    assert code == 0
    assert f"Right: {first}." in out
    assert "'six' is not a number of points" in out and "'-1' is not a number" in out
    assert f"Not quite: you said {second + 1}, the count is {second}." in out
    assert "= 15 → 2" in out and "fifteen 2" in out
    assert "2 question(s), 1 right" in out
    saved = Progress.from_json(json.loads((tmp_path / "p.json").read_text()))
    stats = saved.kinds("cribbage")["fifteen"]
    assert (stats.asked, stats.right) == (2, 1)


def test_progress_carries_over_and_the_end_of_input_stops_cleanly(tmp_path: Path) -> None:
    for _ in range(2):
        code, out, _ = train(tmp_path, "-r", "willughby", "-k", "run", "--questions", "3", input="1\n2\n3\n")
        assert code == 0 and "3 question(s)" in out
    saved = json.loads((tmp_path / "p.json").read_text())
    assert saved["rule_sets"]["willughby"]["run"]["asked"] == 6
    code, out, _ = train(tmp_path, "-r", "willughby", input="")
    assert code == 0 and "0 question(s)" in out


def test_french_words(tmp_path: Path) -> None:
    (answer,) = answers("french", "pair", 3, 1)
    code, out, _ = train(
        tmp_path, "-r", "french", "-k", "pair", "--seed", "3", "--lang", "fr", input=f"{answer}\n"
    )
    assert code == 0 and f"Juste : {answer}." in out and "Votre compte" in out and "les paires" in out


def test_a_damaged_progress_file_is_set_aside_not_lost(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text("{not json")
    code, _, err = train(tmp_path, "-r", "cribbage", "--questions", "1", input="0\n")
    assert code == 0
    assert "could not be read" in err
    (aside,) = tmp_path.glob("p.json.damaged-*")
    assert aside.read_text() == "{not json"
    assert Progress.from_json(json.loads(path.read_text())).kinds("cribbage")


def test_a_progress_path_that_is_no_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    # A pipe stands for a device (as root, `--progress /dev/null` was read as damaged progress, moved
    # aside and replaced by a regular file). A writer holds garbage ready in case the pipe is read.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    writer = threading.Thread(target=pipe.write_bytes, args=(b"garbage",), daemon=True)
    writer.start()
    try:
        result = runner.invoke(app, ["train", "--progress", str(pipe), "-r", "cribbage"], input="0\n")
        assert result.exit_code == 1
        assert "is not a file" in result.output and "Traceback" not in result.output
        assert stat.S_ISFIFO(pipe.stat().st_mode)
        assert [p.name for p in tmp_path.iterdir()] == ["pipe"]
    finally:
        # The read end stays open until the writer is done: a writer thread started late (a loaded
        # machine) would otherwise open the pipe after a reader came and went, and wait for ever.
        reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
        try:
            writer.join(timeout=30)
        finally:
            os.close(reader)
    assert not writer.is_alive()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-r", "cribbage", "-k", "twenty_five"], "--kind 'twenty_five': cribbage drills fifteen"),
        (["--lang", "de"], "--lang 'de'"),
        (["-r", "nonsense"], "nonsense"),
    ],
)
def test_bad_options_are_refused_clearly(tmp_path: Path, args: list[str], message: str) -> None:
    code, out, err = train(tmp_path, *args, input="")
    assert code != 0 and message in out + err and "Traceback" not in out + err


@pytest.fixture
def fast_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock that moves on 10 seconds each time it is read."""
    ticks = iter(range(0, 10_000, 10))
    monkeypatch.setattr(train_cmd, "clock", lambda: float(next(ticks)))
    yield


def test_a_timed_round_ends_when_the_time_is_up_and_keeps_the_best(tmp_path: Path, fast_clock: None) -> None:
    right = answers("cribbage", "run", 1, 5)
    code, out, _ = train(
        tmp_path,
        "-r",
        "cribbage",
        "-k",
        "run",
        "--seed",
        "1",
        "--timed",
        "45",
        input="\n".join(map(str, right)),
    )
    assert code == 0
    assert "Timed round: 45 seconds" in out and "Time!" in out and "A new best!" in out
    saved = json.loads((tmp_path / "p.json").read_text())
    assert saved["round"] is None
    assert 1 <= saved["best"]["cribbage/45"] < 5


def test_a_progress_file_that_cannot_be_read_or_written_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    unreadable = tmp_path / "a-file" / "p.json"
    result = runner.invoke(app, ["train", "--progress", str(unreadable), "--questions", "1"], input="3\n")
    assert result.exit_code == 1 and "cannot read the progress file" in result.stderr
    (tmp_path / "p.json.part").mkdir()  # where the file is written before it takes the old one's place
    result = runner.invoke(
        app, ["train", "--progress", str(tmp_path / "p.json"), "--questions", "1"], input="3\n"
    )
    assert result.exit_code == 1 and "cannot write the progress file" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_a_drill_of_one_kind_asks_plainly_for_the_whole_count(tmp_path: Path) -> None:
    """A question drawn for fifteens holds fifteens, and its answer is every item: the question says so."""
    drill = ("-r", "cribbage", "-k", "fifteen", "--seed", "7")
    code, out, _ = train(tmp_path, *drill, "--questions", "3", input="0\n0\n0\n")
    assert code == 0
    asked = [line for line in out.splitlines() if line.endswith("?") or "peg in all" in line]
    assert len(asked) == 3 and all("in all, fifteens and everything else?" in line for line in asked), asked
    code, out, _ = train(
        tmp_path, "-r", "french", "-k", "pair", "--seed", "3", "--lang", "fr", "--questions", "1", input="0\n"
    )
    assert "en tout : les paires et tout le reste ?" in out
    code, out, _ = train(
        tmp_path, "-r", "cribbage", "-k", "mixed", "--seed", "7", "--questions", "2", input="0\n0\n"
    )
    assert code == 0 and "everything else" not in out, "a mixed deal asks for the count, as ever"


def test_the_closing_line_follows_the_result(tmp_path: Path) -> None:
    right = answers("cribbage", "run", 1, 3)
    cases = [
        (right, "Well counted. 3 question(s), 3 right."),
        ([right[0], right[1], right[2] + 1], "Getting there. 3 question(s), 2 right."),
        ([right[0], right[1] + 1, right[2] + 1], "Keep practising"),
    ]
    for given, said in cases:
        typed = "".join(f"{n}\n" for n in given)
        code, out, _ = train(tmp_path, "-r", "cribbage", "-k", "run", "--seed", "1", input=typed)
        assert code == 0 and said in out, (given, out[-400:])
        assert ("Well counted" in out) == (given == right)
    code, out, _ = train(tmp_path, "-r", "cribbage", "-k", "run", "--seed", "1", input="q\n")
    assert "Well counted" not in out and "0 question(s), 0 right." in out


def test_a_question_mark_says_what_may_be_typed(tmp_path: Path) -> None:
    (answer,) = answers("cribbage", "fifteen", 7, 1)
    drill = ("-r", "cribbage", "-k", "fifteen", "--seed", "7")
    code, out, _ = train(tmp_path, *drill, input=f"?\n{answer}\nq\n")
    assert code == 0
    flat = " ".join(out.split())
    assert "Type the whole count as a number (0 if nothing scores)" in flat and "is not a number" not in flat
    assert f"Right: {answer}." in out and "? for help" in out
    code, out, _ = train(tmp_path, "-r", "cribbage", "--lang", "fr", "--seed", "7", input="?\nq\n")
    assert "Tapez le compte entier" in " ".join(out.split())
