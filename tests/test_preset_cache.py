"""The parsed presets kept beside their TOML (`noddy.rules.parsed`): the same data as the parser's,
read afresh when the file changes, ignored when corrupt, never an error where nothing can be
written, and a warm start of ``noddy score`` that imports no TOML parser."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from noddy.rules import preset_names
from noddy.rules.load import PRESETS
from noddy.rules.parsed import cache_path, parsed_toml


@pytest.fixture
def writable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Caches written under a prefix of the test's own, whatever the environment says."""
    prefix = tmp_path / "pyc"
    monkeypatch.setattr(sys, "pycache_prefix", str(prefix))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return prefix


@pytest.mark.parametrize("name", preset_names())
def test_a_preset_parsed_or_kept_is_the_parsers_data(name: str, writable: Path) -> None:
    path = PRESETS / f"{name}.toml"
    expected = tomllib.loads(path.read_text(encoding="utf-8"))
    assert parsed_toml(path) == expected
    assert cache_path(path).is_file()
    assert str(cache_path(path)).startswith(str(writable))
    assert parsed_toml(path) == expected


def test_an_edited_file_is_read_afresh(writable: Path, tmp_path: Path) -> None:
    path = tmp_path / "cribbage.toml"
    shutil.copy(PRESETS / "cribbage.toml", path)
    assert parsed_toml(path)["name"] == "cribbage"
    text = path.read_text(encoding="utf-8").replace('name = "cribbage"', 'name = "ours"', 1)
    path.write_text(text, encoding="utf-8")
    stamp = path.stat().st_mtime_ns
    os.utime(path, ns=(stamp, stamp + 1_000_000))
    assert parsed_toml(path)["name"] == "ours"


def test_a_corrupt_cache_is_ignored_and_written_again(writable: Path) -> None:
    path = PRESETS / "willughby.toml"
    parsed_toml(path)
    cache_path(path).write_bytes(b"\x00not marshal")
    assert parsed_toml(path) == tomllib.loads(path.read_text(encoding="utf-8"))
    assert cache_path(path).read_bytes() != b"\x00not marshal"


def test_nowhere_to_write_is_no_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(sys, "pycache_prefix", str(blocked / "pyc"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = PRESETS / "strawberry.toml"
    assert parsed_toml(path) == tomllib.loads(path.read_text(encoding="utf-8"))
    assert not list(tmp_path.rglob("*.marshal"))


def test_no_cache_is_written_when_bytecode_is_not(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    parsed_toml(PRESETS / "french.toml")
    assert not list(tmp_path.rglob("*.marshal"))


WARM = """
import json, sys
from noddy.cli.main import app
from typer.testing import CliRunner
result = CliRunner().invoke(app, ["score", "5h 5d 5c Js", "--turnup", "5s", "--rules", "cribbage"])
print(json.dumps({"total": "Total: 29" in result.stdout, "tomllib": "tomllib" in sys.modules}))
"""


def test_a_warm_score_imports_no_toml_parser(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path)
    command = [sys.executable, "-c", WARM]
    outs = [subprocess.run(command, capture_output=True, text=True, check=True, env=env) for _ in range(2)]
    runs = [json.loads(out.stdout.splitlines()[-1]) for out in outs]
    assert runs == [{"total": True, "tomllib": True}, {"total": True, "tomllib": False}]
