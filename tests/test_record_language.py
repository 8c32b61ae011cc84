"""A game played in a language other than its rules' own keeps it in its record (an optional
``language`` field): played on with ``--resume`` (and replayed, reviewed) it speaks that language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.cli.main import app
from noddy.errors import RecordError
from noddy.record import GameRecord

runner = CliRunner()
GOLDEN = Path(__file__).parent / "golden" / "cribbage.json"


def said(result: object) -> str:
    return " ".join((getattr(result, "stdout", "") + getattr(result, "stderr", "")).split())


def test_a_game_played_in_french_resumes_in_french(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    first = runner.invoke(
        app,
        ["play", "--rules", "cribbage", "--seed", "4", "--lang", "fr", "--record", str(path)],
        input="1 2\nq\n",
    )
    assert first.exit_code == 0, first.output
    assert json.loads(path.read_text(encoding="utf-8"))["language"] == "fr"
    assert GameRecord.load(path).language == "fr"
    resumed = runner.invoke(app, ["play", "--resume", str(path)], input="q\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"Reprise de {path}" in said(resumed)
    replayed = runner.invoke(app, ["replay", str(path), "--verify"])
    assert replayed.exit_code == 0 and "le compte rendu est sain" in said(replayed), said(replayed)
    english = runner.invoke(app, ["play", "--resume", str(path), "--lang", "en"], input="q\n")
    assert f"Played on from {path}" in said(english)
    assert "language" not in json.loads(path.read_text(encoding="utf-8")), "played on in the rules' own"


def test_a_game_in_its_rules_own_language_writes_no_language(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    runner.invoke(app, ["play", "--rules", "cribbage", "--seed", "4", "--record", str(path)], input="q\n")
    assert "language" not in json.loads(path.read_text(encoding="utf-8"))


def test_old_records_read_and_a_bad_language_is_refused() -> None:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert GameRecord.from_json(data).language is None
    with pytest.raises(RecordError, match='"language" is "de"'):
        GameRecord.from_json({**data, "language": "de"})
    assert GameRecord.from_json({**data, "language": "fr"}).to_json()["language"] == "fr"
