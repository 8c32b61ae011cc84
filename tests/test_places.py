"""Where noddy keeps a user's files (`noddy.places.data_dir`): noddy's folder in the user's data
directory, made when it is missing, and an existing folder left as it is."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from noddy.places import data_dir

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the Linux reading (XDG)")


def test_the_folder_is_noddy_in_xdg_data_home_made_if_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data" / "noddy"
    assert (tmp_path / "data" / "noddy").is_dir()


def test_without_xdg_data_home_the_folder_is_in_local_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dir() == tmp_path / ".local" / "share" / "noddy"


def test_an_empty_xdg_data_home_counts_as_unset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dir() == tmp_path / ".local" / "share" / "noddy"


def test_a_folder_that_is_there_is_kept_with_what_it_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "noddy").mkdir()
    (tmp_path / "noddy" / "train.json").write_text("{}", encoding="utf-8")
    assert (data_dir() / "train.json").read_text(encoding="utf-8") == "{}"
