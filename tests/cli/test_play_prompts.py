"""The terminal game's prompts read the words a person tries (help, exit, aide, quitter), say where
hints are given, stop quietly at the end of the input, say how a game stopped unsaved could have been
kept, and never write over a record that is there already unless told to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noddy.cli.main import app
from noddy.record import GameRecord

runner = CliRunner()
PLAY = ["play", "--seed", "4", "--rules", "cribbage"]


def said(result: object) -> str:
    out = getattr(result, "stdout", "") + getattr(result, "stderr", "")
    return " ".join(out.split())


@pytest.mark.parametrize(("word", "lang"), [("help", "en"), ("HELP", "en"), ("aide", "fr"), ("help", "fr")])
def test_help_is_read_as_the_question_mark(word: str, lang: str) -> None:
    result = runner.invoke(app, [*PLAY, "--lang", lang], input=f"{word}\nq\n")
    assert result.exit_code == 0, result.output
    asked = runner.invoke(app, [*PLAY, "--lang", lang], input="?\nq\n")
    assert "not a rank" not in said(result) and "n’est pas" not in said(result)
    help_text = said(asked).split("?", 1)[0]
    assert said(result) == said(asked), (help_text, said(result))


@pytest.mark.parametrize(("word", "lang"), [("exit", "en"), ("quitter", "fr"), ("exit", "fr")])
def test_exit_stops_as_q_does(word: str, lang: str) -> None:
    result = runner.invoke(app, [*PLAY, "--lang", lang], input=f"{word}\n")
    stopped = runner.invoke(app, [*PLAY, "--lang", lang], input="q\n")
    assert result.exit_code == stopped.exit_code == 0
    assert said(result) == said(stopped)


def test_h_at_a_play_prompt_says_hints_are_given_at_the_lay_away() -> None:
    result = runner.invoke(app, PLAY, input="1 2\nh\nq\n")
    assert result.exit_code == 0, result.output
    assert "Hints are given at the lay-away" in said(result)
    assert "not a rank" not in said(result)


def test_a_game_stopped_unsaved_says_how_it_could_have_been_kept() -> None:
    result = runner.invoke(app, PLAY, input="q\n")
    assert "Game stopped." in said(result)
    assert "noddy play --record FILE saves a game as it goes" in said(result)
    french = runner.invoke(app, [*PLAY, "--lang", "fr"], input="q\n")
    assert "noddy play --record FICHIER enregistre" in said(french)


def test_the_end_of_the_input_stops_the_game_quietly_as_q(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = runner.invoke(app, [*PLAY, "--record", str(path)], input="1 2\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in said(result)
    assert not GameRecord.load(path).final().is_over


def test_record_refuses_a_file_that_is_there_already(tmp_path: Path) -> None:
    path = tmp_path / "keep.json"
    first = runner.invoke(app, [*PLAY, "--record", str(path)], input="1 2\nq\n")
    assert first.exit_code == 0, first.output
    kept = path.read_text(encoding="utf-8")
    again = runner.invoke(app, [*PLAY, "--record", str(path)], input="q\n")
    assert again.exit_code == 1
    out = said(again)
    assert "that file is there already" in out and f"noddy play --resume {path}" in out
    assert "--overwrite" in out and "Traceback" not in out
    assert path.read_text(encoding="utf-8") == kept
    replaced = runner.invoke(app, [*PLAY, "--record", str(path), "--overwrite"], input="q\n")
    assert replaced.exit_code == 0, replaced.output
    assert json.loads(path.read_text(encoding="utf-8"))["actions"] != json.loads(kept)["actions"]


def test_resume_saves_to_its_own_file_but_not_over_another(tmp_path: Path) -> None:
    path, other = tmp_path / "g.json", tmp_path / "other.json"
    runner.invoke(app, [*PLAY, "--record", str(path)], input="1 2\nq\n")
    other.write_text("{}", encoding="utf-8")
    refused = runner.invoke(app, ["play", "--resume", str(path), "--record", str(other)], input="q\n")
    assert refused.exit_code == 1 and "that file is there already" in said(refused)
    resumed = runner.invoke(app, ["play", "--resume", str(path)], input="q\n")
    assert resumed.exit_code == 0, resumed.output
