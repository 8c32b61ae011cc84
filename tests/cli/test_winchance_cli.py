"""The terminal's win-chance bar: after every deal, each side's chance from the next deal's start as
the board table gives it; on against the computer, off between people unless asked for, hidden and
shown again by w; none where the table does not cover the rules; in English and in French."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.text import Text
from typer.testing import CliRunner

from noddy.analysis import board
from noddy.cli.main import app
from noddy.rules import load_rules

runner = CliRunner()
TRIES = "1\n2\n3\ngo\n\n"
DEAL = ("1 2\n" + TRIES) * 50
"""Enough typing for the first deals of a cribbage game against the computer, then stop."""


def _bars(out: str, names: tuple[str, str], heading: str) -> list[tuple[tuple[int, int], int, list[int]]]:
    """Each bar printed: the scores on the board above it, the next dealer's seat, the percents."""
    plain = Text.from_markup(out).plain
    found = []
    for match in re.finditer(re.escape(heading) + r"([^)]+)\)\s*:\s*([^\n]+)", plain):
        before = plain[: match.start()]
        scores = tuple(
            int(re.findall(rf"^{re.escape(name)} [^\n]* (\d+)/121", before, flags=re.MULTILINE)[-1])
            for name in names
        )
        dealer = names.index(match.group(1).strip())
        percents = [int(n) for n in re.findall(r"(\d+)\s*%", match.group(2))]
        found.append((scores, dealer, percents))
    return found


def test_against_the_computer_the_bar_after_each_deal_is_the_tables_chance() -> None:
    table = board(load_rules("cribbage"), players=2, partners=False)
    result = runner.invoke(app, ["play", "--rules", "cribbage", "--seed", "5"], input=DEAL)
    bars = _bars(result.stdout, ("You", "Greedy"), "Chance of winning from here (next deal: ")
    assert len(bars) >= 2, result.stdout[-2000:]
    for scores, dealer, percents in bars:
        assert scores != (0, 0)
        assert percents == [round(100 * c) for c in table.chance(scores, dealer)]
    assert "w (or win) shows or hides" in runner.invoke(
        app, ["play", "--rules", "cribbage", "--seed", "5"], input="?\nq\n"
    ).stdout


def test_the_person_hides_the_bar_by_option_or_by_w_and_shows_it_again() -> None:
    hidden = runner.invoke(app, ["play", "--rules", "cribbage", "--seed", "5", "--no-win-chance"], input=DEAL)
    assert "Chance of winning" not in hidden.stdout and "/121" in hidden.stdout
    toggled = runner.invoke(app, ["play", "--rules", "cribbage", "--seed", "5"], input="w\n" + DEAL)
    assert "The chance of winning is hidden." in toggled.stdout
    assert "Chance of winning from here" not in toggled.stdout
    again = runner.invoke(app, ["play", "--rules", "cribbage", "--seed", "5"], input="w\nw\n" + DEAL)
    assert "will show after every deal" in again.stdout and "Chance of winning from here" in again.stdout


def test_between_people_the_bar_shows_only_when_every_person_turns_it_on() -> None:
    people = ["play", "--rules", "cribbage", "--seed", "5", "--seats", "human,human"]
    typing = ("\n1 2\n" + TRIES) * 60
    off = runner.invoke(app, people, input=typing)
    assert "/121" in off.stdout and "Chance of winning" not in off.stdout
    on = runner.invoke(app, [*people, "--win-chance"], input=typing)
    assert "Chance of winning from here" in on.stdout
    one = runner.invoke(app, people, input="\nw\n" + typing)
    assert "has the chance of winning on; it shows once every player has it on (1 of 2)" in one.stdout
    assert "Chance of winning from here" not in one.stdout


def test_in_french_and_where_the_table_does_not_cover_the_rules() -> None:
    table = board(load_rules("cribbage"), players=2, partners=False)
    french = runner.invoke(app, ["play", "--rules", "cribbage", "--seed", "5", "--lang", "fr"], input=DEAL)
    bars = _bars(french.stdout, ("Vous", "Greedy"), "Chance de gagner d’ici (prochaine donne : ")
    assert bars, french.stdout[-2000:]
    for scores, dealer, percents in bars:
        assert percents == [round(100 * c) for c in table.chance(scores, dealer)]
    assert "\u00a0%" in french.stdout and "w (ou gagner)" in runner.invoke(
        app, ["play", "--rules", "cribbage", "--seed", "5", "--lang", "fr"], input="?\nq\n"
    ).stdout
    single = runner.invoke(app, ["play", "--rules", "french", "--seed", "5"], input="q\n")
    assert "Aucune chance de gagner ne peut s’afficher ici" in single.stdout


def test_a_table_not_built_yet_is_said_and_never_built_at_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A house rule the package ships no table for: the game starts at once and says so."""
    monkeypatch.setenv("NODDY_CACHE", str(tmp_path))
    house = ["play", "--rules", "cribbage", "--set", "game.target=91", "--seed", "5"]
    result = runner.invoke(app, house, input="q\n")
    assert "not worked out yet for these rules on this machine" in result.stdout
    assert not list(tmp_path.rglob("*.npz"))
