"""The terminal game driven as a person would (scripted input), scripted games, records, replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import dealt, run
from noddy.cards import parse_card
from noddy.cli.main import app
from noddy.cli.play_cmd import _read
from noddy.errors import IllegalActionError
from noddy.game import Action
from noddy.record import GameRecord

runner = CliRunner()
# A person who tries the first card, then the second, the third, then says Go, then presses Enter:
# wrong tries are explained and asked again, so this finishes any game.
TRIES = "1\n2\n3\ngo\n\n"


def test_human_plays_a_whole_game_against_the_computer(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "--seed", "5", "--record", str(record)], input=TRIES * 400)
    assert result.exit_code == 0, result.stdout[-2000:]
    out = result.stdout
    assert "Your hand: 1)" in out and "Play a card" in out
    assert ("win the game" in out or "wins the game" in out) and "Record saved" in out
    assert "is not in your hand" not in out
    final = GameRecord.load(record).verify()
    assert final.is_over and max(final.scores) >= 31
    data = json.loads(record.read_text())
    assert data["seats"][0] == {"name": "You", "kind": "human"}


def test_wrong_entries_are_explained_and_asked_again() -> None:
    result = runner.invoke(
        app, ["play", "--seed", "1", "--rules", "cribbage"], input="9\nzz\n1\n1 2\n" + TRIES * 600
    )
    out = result.stdout
    assert "9 is not a card number; your cards are numbered 1 to 6" in out
    assert "'zz'" in out
    assert "discard 2 different card(s) from your hand, not 1" in out


@pytest.mark.parametrize("rules", ["willughby", "cribbage", "crib-noddy-old", "french"])
def test_computers_play_to_the_end_and_the_record_verifies(tmp_path: Path, rules: str) -> None:
    record = tmp_path / "g.json"
    result = runner.invoke(
        app, ["play", "--rules", rules, "--seats", "greedy,random", "--seed", "7", "--record", str(record)]
    )
    assert result.exit_code == 0, result.stdout[-2000:]
    verified = runner.invoke(app, ["replay", str(record), "--verify"])
    assert verified.exit_code == 0 and "the record is sound" in verified.stdout
    walked = runner.invoke(app, ["replay", str(record), "--to-end"])
    assert walked.exit_code == 0 and ("wins the game" in walked.stdout or "draw" in walked.stdout)


def test_four_players_in_partnerships() -> None:
    result = runner.invoke(
        app, ["play", "--rules", "cribbage", "--players", "4", "--seats", "greedy,greedy,random,random"]
    )
    assert result.exit_code == 0
    assert "Partners: Greedy 1 & Random 3 against Greedy 2 & Random 4" in result.stdout


def test_replay_verify_names_the_first_bad_action(tmp_path: Path) -> None:
    good = tmp_path / "g.json"
    runner.invoke(app, ["play", "--seats", "greedy,greedy", "--seed", "2", "--record", str(good)])
    data = json.loads(good.read_text())
    bad_index = next(i for i, a in enumerate(data["actions"]) if ": play " in a)
    seat = data["actions"][bad_index].split(":")[0]
    data["actions"][bad_index] = f"{seat}: play 1x"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert result.exit_code == 1 and f"action {bad_index + 1}" in result.stderr and "'1x'" in result.stderr
    data["actions"][bad_index] = f"{seat}: play As" if "As" not in good.read_text() else f"{seat}: play Ks"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert result.exit_code == 1 and f"action {bad_index + 1}" in result.stderr and "refused" in result.stderr
    bad.write_text("{not json")
    result = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert result.exit_code == 1 and "not a noddy record" in result.stderr


def test_bad_seats_and_players_are_explained() -> None:
    result = runner.invoke(app, ["play", "--seats", "human,grumpy"])
    assert result.exit_code == 1 and "unknown seat 'grumpy'" in result.stderr
    result = runner.invoke(app, ["play", "--rules", "french", "--players", "3"])
    assert result.exit_code == 1 and "3 players is not allowed" in result.stderr


def test_replay_to_end_prints_the_stake_line_that_play_prints(tmp_path: Path) -> None:
    """Every win is a lurch under this house rule: play and replay --to-end both end with its line."""
    record = tmp_path / "lurch.json"
    lurch = "game.lurch=[{name='lurch',below=31,games=2}]"
    args = ["play", "--seats", "greedy,greedy", "--seed", "3", "--set", lurch, "--record", str(record)]
    played = runner.invoke(app, args)
    assert played.exit_code == 0, played.stdout[-2000:]
    assert "A lurch: it counts 2 games." in played.stdout
    replayed = runner.invoke(app, ["replay", "--to-end", str(record)])
    assert replayed.exit_code == 0, replayed.stdout[-2000:]
    assert "A lurch: it counts 2 games." in replayed.stdout
    assert replayed.stdout.strip().splitlines()[-1] == played.stdout.strip().splitlines()[-2]


def test_the_terminal_shows_the_engines_reason_for_a_refused_go_card_or_count() -> None:
    state = dealt("noddy-rules", {0: "Jh 4d 5d", 1: "7d 8s 9s"}, "6h")
    with pytest.raises(IllegalActionError, match="a declared count is from 0 to 99 points, not 100"):
        _read("100", state.view(0))
    assert _read("12", state.view(0)) == Action.declare(0, 12)
    state = run(state, ["count", "count"])
    with pytest.raises(IllegalActionError) as err:
        _read("go", state.view(0))
    assert str(err.value) == state.why_illegal(Action.go(0)) == "you can lay a card within 31, and must"
    state = run(state, ["play Jh", "play 9s", "play 5d"])
    with pytest.raises(IllegalActionError) as err:
        _read("8s", state.view(1))
    assert str(err.value) == state.why_illegal(Action.play(1, parse_card("8s")))
    assert "over 31" in str(err.value)
