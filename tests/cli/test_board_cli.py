"""``noddy analyze board``: the table in the terminal, as JSON and as a heat map, in English and
French, for a house-rules file, and its refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.cli.main import app

pytestmark = pytest.mark.requires_kernel

runner = CliRunner()


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables built by a test go to its own folder, never the user's cache."""
    monkeypatch.setenv("NODDY_CACHE", str(tmp_path / "cache"))


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["analyze", "board", *args], env={"COLUMNS": "160"})
    return result.exit_code, result.stdout, result.stderr


def test_the_table_is_printed_readably() -> None:
    code, out, _ = run("--rules", "willughby")
    assert code == 0, out
    assert "game 31 up" in out and "2 players" in out
    assert "From 0–0 the first dealer wins 51." in out  # the simulator's greedy figure, 51–52%
    assert "greedy players" in out and "Sampling error ±0." in out
    assert "│ 100" in out  # the grid reaches the won corner


def test_french() -> None:
    code, out, _ = run("--rules", "willughby", "--lang", "fr")
    assert code == 0
    assert "partie en 31" in out and "le premier donneur gagne" in out


def test_json_gives_the_dealers_chance_at_every_score() -> None:
    code, out, _ = run("--rules", "willughby", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["rules"], data["players"], data["target"]) == ("willughby", 2, 31)
    dealer = data["dealer"]
    assert len(dealer) == 31 and all(len(row) == 31 for row in dealer)
    assert 0.5 < dealer[0][0] < 0.53
    assert dealer[30][0] > 0.99 and dealer[0][30] < 0.01
    assert dealer[10][20] < dealer[20][10]
    assert 0 < data["error"]["half_width"] < 0.005


def test_partners_json_is_the_same_shape() -> None:
    code, out, _ = run("--rules", "willughby", "-n", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["players"], data["partners"], data["sides"]) == (4, True, 2)
    assert len(data["dealer"]) == 31


def test_the_heat_map_is_drawn(tmp_path: Path) -> None:
    path = tmp_path / "board.png"
    code, out, _ = run("--rules", "willughby", "--plot", str(path))
    assert code == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 20_000
    assert str(path) in out


def test_a_house_rules_file_is_built_and_kept(tmp_path: Path) -> None:
    house = tmp_path / "short.toml"
    house.write_text('name = "short"\nextends = "willughby"\n[game]\ntarget = 15\n')
    code, out, _ = run("--rules", str(house), "--json", "--deals", "8000")
    assert code == 0
    data = json.loads(out)
    assert data["target"] == 15 and data["error"]["deals"] == 8000
    assert list((tmp_path / "cache" / "board").glob("*.npz"))


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--rules", "french", "--lang", "en"), "single deal"),
        (("--rules", "willughby", "--deals", "10"), "at least 1,000 deals"),
        (("--rules", "french", "--lang", "fr"), "une seule donne"),
        (("--rules", "four-card", "-n", "4", "--no-partners"), "too many to table"),
        (("--rules", "nosuch"), "nosuch"),
        (("--rules", "willughby", "-n", "3"), "3 players is not allowed"),
        (("--rules", "willughby", "--plot", "/no/such/folder/b.png"), "there is no folder"),
        (("--rules", "willughby", "--plot", "board.txt"), "name a .png file"),
    ],
)
def test_bad_input_is_refused_clearly(args: tuple[str, ...], said: str) -> None:
    code, out, err = run(*args)
    assert code != 0
    assert said in err + out


@pytest.mark.slow
def test_three_players_of_cribbage_are_built_and_kept(tmp_path: Path) -> None:
    code, out, _ = run("--rules", "cribbage", "-n", "3", "--deals", "1000")
    assert code == 0, out
    assert "3 players each for himself, game 121 up" in out and "From 0–0–0 the first dealer wins" in out
    assert list((tmp_path / "cache" / "board").glob("*.npz"))
    # read back from the cache, not built again: the same first line of the grid
    again, out_again, _ = run("--rules", "cribbage", "-n", "3")
    assert again == 0 and "From 1,000 deals" in out_again
