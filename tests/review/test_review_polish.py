"""The review refuses a record replay refuses, says each side's score by its seats' names (never two
"you"s), in the reader's language, and never adds unlike measures into one total."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paths
from noddy.cli.main import app

GOLDEN = paths.GOLDEN / "cribbage.json"


def short_record(tmp_path: Path, moves: int = 12, **changes: object) -> Path:
    """The golden cribbage game cut to its first ``moves`` actions, a person in seat 0 and Greedy in 1."""
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    data["seats"] = [{"name": "You", "kind": "human"}, {"name": "Greedy", "kind": "greedy"}]
    data["actions"] = data["actions"][:moves]
    del data["result"]
    data.update(changes)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def review(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["review", *args])
    return result.exit_code, " ".join((result.stdout + result.stderr).split())


@pytest.mark.parametrize(
    "edit",
    [
        {"result": {"scores": [121, 3], "winner": 0, "stake": ["game", 1]}},
        {"seats": [{"name": "You", "kind": "human"}, {"name": "Merlin", "kind": "wizard"}]},
    ],
)
def test_review_refuses_a_record_replay_refuses(tmp_path: Path, edit: dict[str, object]) -> None:
    path = short_record(tmp_path, **edit)
    replayed = CliRunner().invoke(app, ["replay", str(path), "--verify"])
    code, out = review(str(path))
    assert replayed.exit_code == code == 1
    assert "wizard" in out or "the record gives the result" in out


def test_reviewing_the_computers_seat_names_each_side(tmp_path: Path) -> None:
    code, out = review(str(short_record(tmp_path)), "--seat", "1", "--top", "50")
    assert code == 0, out
    assert "score: Greedy " in out and ", You " in out
    assert "score: you" not in out


def test_review_in_french_says_the_persons_seat_in_french(tmp_path: Path) -> None:
    code, out = review(str(short_record(tmp_path, 40)), "--seat", "0", "--lang", "fr", "--top", "50")
    assert code == 0, out
    assert out.startswith("Vous (place 0)")
    assert "points espérés aux écarts ; " in out, "two measures, joined as French writes a semicolon"
    assert "You" not in out


def test_the_losses_are_summed_by_measure_never_together(tmp_path: Path) -> None:
    code, out = review(str(short_record(tmp_path)), "--seat", "1", "--json")
    assert code == 0, out
    found = json.loads(out)
    by_measure = found["lost_by_measure"]
    assert by_measure and set(by_measure) <= {"expected", "search", "count"}
    code, out = review(str(short_record(tmp_path)), "--seat", "1")
    assert "lost in all" not in out
    for measure, words in (
        ("expected", "expected points at the lay-aways"),
        ("search", "in the play by the search's measure"),
    ):
        if measure in by_measure:
            assert f"{by_measure[measure]:.1f} {words}" in out


def test_review_in_french_writes_decimal_commas_and_names_the_computer_in_french(tmp_path: Path) -> None:
    """French writes "169,2", not "169.2"; a computer seat the web's lobby named in English
    ("Computer (medium)") is said "Ordinateur (moyen)" to a French reader, and the other way round."""
    seats = [{"name": "You", "kind": "human"}, {"name": "Computer (medium)", "kind": "medium"}]
    path = short_record(tmp_path, 40, seats=seats)
    code, out = review(str(path), "--seat", "0", "--lang", "fr", "--top", "50")
    assert code == 0, out
    assert re.search(r"\d,\d", out) and not re.search(r"\d\.\d", out), out
    assert "Ordinateur (moyen)" in out and "Computer" not in out
    french = [{"name": "Vous", "kind": "human"}, {"name": "Ordinateur (moyen)", "kind": "medium"}]
    code, out = review(str(short_record(tmp_path, 40, seats=french)), "--seat", "0", "--top", "50")
    assert code == 0, out
    assert "Computer (medium)" in out and "Ordinateur" not in out
    assert re.search(r"\d\.\d", out) and not re.search(r"\d,\d", out)
