"""A house-rules file's unknown top-level key is named first, with the known key it is most like,
before any other complaint (``base = "cribbage"`` is not told it "says no rule")."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.cli.main import app


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('base = "cribbage"\n', "unknown key 'base'; did you mean 'extends'?"),
        ('parent = "cribbage"\n', "unknown key 'parent'; did you mean 'extends'?"),
        ('extnds = "cribbage"\n', "unknown key 'extnds'; did you mean 'extends'?"),
        ('extends = "cribbage"\nnme = "x"\n', "unknown key 'nme'; did you mean 'name'?"),
        ("foo = 1\n", "unknown key 'foo'"),
    ],
)
def test_an_unknown_key_is_named_first(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["rules", "check", str(path)])
    out = " ".join((result.stdout + result.stderr).split())
    assert result.exit_code == 1
    assert said in out and "says no rule" not in out
    assert "Known: name, title, summary, language, extends" in out
