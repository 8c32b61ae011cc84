"""Long values are quoted back cut short (the one `noddy.errors.quoted`, as the web's errors are),
never echoed whole, and a record's absurd seat name is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paths
from noddy.cli.main import app
from noddy.errors import QUOTED, RecordError
from noddy.record import MAX_SEAT_NAME, GameRecord

GOLDEN = paths.GOLDEN / "cribbage.json"
LONG = 10_000


@pytest.mark.parametrize(
    "setting",
    [
        "game.target=" + "9" * LONG,
        "game.target=" + "x" * LONG,
        "game.target=" + '"' + "x" * LONG + '"',
        "x" * LONG + "=1",
        "game." + "x" * LONG + "=1",
        "x" * LONG,
    ],
)
def test_a_bad_set_value_is_quoted_short(setting: str) -> None:
    result = CliRunner().invoke(app, ["play", "--set", setting], input="q\n")
    out = result.stdout + result.stderr
    assert result.exit_code in (1, 2) and "Traceback" not in out
    assert len(out) < 400, out[:400]
    assert "x" * (QUOTED + 1) not in out and "9" * (QUOTED + 1) not in out
    assert f"({LONG}" in out or str(LONG + 5) in out or "characters" in out


def test_a_record_refuses_an_absurd_seat_name(tmp_path: Path) -> None:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    data["seats"][0]["name"] = "A" * 100_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=f"at most {MAX_SEAT_NAME}"):
        GameRecord.load(path)
    result = CliRunner().invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 1 and len(result.stdout + result.stderr) < 400
    data["seats"][0]["name"] = "A" * MAX_SEAT_NAME
    assert GameRecord.from_json(data).seats[0].name == "A" * MAX_SEAT_NAME
