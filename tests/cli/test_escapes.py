"""A record's seat names from outside carry terminal escape sequences (clear the screen, set the
window's title): replay and review show them written out, never raw (`noddy.textdata.printable`)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import paths
from noddy.cli.main import app

HOSTILE = ["Ann\x1b[2J\x1b[H", "Bob\x1b]0;owned\x07\x9b31m"]


def _hostile_record(tmp_path: Path) -> Path:
    data = json.loads((paths.GOLDEN / "noddy-rules.json").read_text())
    for seat, name in zip(data["seats"], HOSTILE, strict=True):
        seat["name"] = name
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data))
    return path


def test_replay_and_review_write_out_a_record_names_control_characters(tmp_path: Path) -> None:
    record = str(_hostile_record(tmp_path))
    for args in (["replay", record, "--to-end"], ["review", record, "--seat", "0", "--top", "1"]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, (args, result.output[-2000:])
        shown = result.stdout + result.stderr
        assert not any(c in shown for c in "\x1b\x07\x9b"), (args, shown[-2000:])
        assert "Ann\\x1b[2J" in shown, (args, shown[-2000:])
