"""The command line, driven as a user would: rules, score (text, JSON, batch), analyze."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import paths
from noddy.cli.main import app
from noddy.rules import preset_names

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_rules_list_shows_every_preset_with_players_target_source() -> None:
    code, out, _ = run("rules", "list")
    assert code == 0
    for name in preset_names():
        assert name in out
    assert "game 121 up" in out and "a single deal" in out


def test_rules_show_marks_open_choices_with_the_reading_and_why() -> None:
    code, out, _ = run("rules", "show", "willughby")
    assert code == 0
    for group in ("Deal", "Turn-up", "Hand", "Crib", "Play", "Game end"):
        assert group in out
    assert "open choice" in out and "K1" in out


def test_rules_show_toml_loads_back(tmp_path: Path) -> None:
    code, out, _ = run("rules", "show", "cribbage", "--toml")
    assert code == 0
    path = tmp_path / "c.toml"
    path.write_text(out)
    code, out, _ = run("rules", "check", str(path))
    assert code == 0 and "valid" in out


def test_rules_compare_lists_only_differences() -> None:
    code, out, _ = run("rules", "compare", "willughby", "noddy-rules")
    assert code == 0
    assert "hand.twenty_five" in out and "combinations.run_values" in out
    assert "deal.reshuffle" not in out
    code, out, _ = run("rules", "compare", "cribbage", "cribbage")
    assert code == 0 and "same rules" in out


def test_rules_check_reports_changes_and_errors(tmp_path: Path) -> None:
    good = tmp_path / "house.toml"
    good.write_text('extends = "willughby"\nname = "house"\n[hand]\ntwenty_five = 2\n')
    code, out, _ = run("rules", "check", str(good))
    assert code == 0 and "hand.twenty_five" in out
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "willughby"\n[hand]\nflush = "mostly"\n')
    code, _, err = run("rules", "check", str(bad))
    assert code == 1
    assert "hand.flush" in err and "'mostly'" in err and "held_five" in err


def test_score_prints_items_and_the_call() -> None:
    code, out, _ = run("score", "Jh 4d 5d", "--turnup", "6h", "--rules", "noddy-rules")
    assert code == 0
    assert "fifteen 2, fifteen 4, a run of three 7, twenty-five 11, and Knave Noddy 12" in out
    assert "J♥ + 5♦ = 15" in out


def test_score_json_is_one_batch_answer() -> None:
    code, out, _ = run("score", "Jh 4d 5d", "-t", "6h", "-r", "noddy-rules", "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["total"] == 12
    assert answer["items"][0] == {"kind": "fifteen", "cards": ["Jh", "5d"], "points": 2}
    assert sum(i["points"] for i in answer["items"]) == 12


def test_score_french_uses_the_french_words() -> None:
    code, out, _ = run("score", "6h 6s 7d", "-t", "8s", "-r", "french", "--lang", "fr", "--json")
    assert code == 0
    assert json.loads(out)["announcement"] == (
        "quinze 2, une paire 4, une suite de trois 6 et une suite de trois 8"
    )


def test_score_crib_and_turned_jack() -> None:
    code, out, _ = run("score", "2h 7h 9h Kh", "-t", "Ac", "-r", "cribbage", "--crib", "--json")
    assert code == 0 and json.loads(out)["total"] == 0
    code, out, _ = run("score", "5h 5d 5c 5s", "-t", "Jc", "-r", "cribbage")
    assert code == 0 and "Total: 28" in out and "2 to the dealer" in out


def test_score_bad_input_is_explained() -> None:
    code, _, err = run("score", "Jh 4d 1x", "-t", "6h")
    assert code == 1 and "'1x'" in err and "rank" in err
    code, _, err = run("score", "Jh 4d", "-t", "6h")
    assert code == 1 and "willughby hands have 3 cards; 2 cards given" in err
    code, _, err = run("score", "Jh 4d 5d", "-t", "Jh")
    assert code == 1 and "also among the held cards" in err
    code, _, err = run("score", "Jh 4d 5d", "-t", "6h", "--rules", "nope")
    assert code == 1 and "unknown rule set 'nope'" in err


def test_score_batch_answers_every_line_in_order() -> None:
    lines = [
        {"rules": "noddy-rules", "held": "Jh 4d 5d", "turnup": "6h", "crib": False},
        {"held": "6h 6d 9c", "turnup": "2s"},
        {"rules": "cribbage", "held": "5h 5d 5c Js", "turnup": "5s"},
        {"rules": "cribbage", "held": "5h 5d 5c 1x", "turnup": "5s"},
    ]
    text = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n"
    code, out, _ = run("score", "--batch", "-", input=text)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 1, "a failed line makes the exit status non-zero"
    assert [a.get("total") for a in answers[:3]] == [12, 6, 29]
    assert answers[3]["error"].startswith("line 4: ") and "'1x'" in answers[3]["error"]
    assert answers[4]["error"].startswith("line 5: not valid JSON")


def test_analyze_hands_json_for_a_three_card_preset() -> None:
    code, out, _ = run("analyze", "hands", "--rules", "willughby", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["deals"] == 1_082_900 and result["rules"] == "willughby"
    assert sum(result["histogram"].values()) == result["deals"]
    assert result["max"] == max(int(k) for k, v in result["histogram"].items() if v)


def test_analyze_hands_text_and_no_crib_error() -> None:
    code, out, _ = run("analyze", "hands", "--rules", "french")
    assert code == 0 and "1,082,900" in out and "moyenne" in out  # french speaks French
    code, _, err = run("analyze", "hands", "--rules", "willughby", "--crib")
    assert code == 1 and "has no crib" in err


def test_score_batch_takes_the_command_lines_options_as_defaults() -> None:
    line = json.dumps({"held": "10h 5d 5c", "turnup": "Ks"}) + "\n"
    code, out, _ = run(
        "score", "--batch", "-", "--rules", "strawberry", "--set", "hand.twenty_five=off", input=line
    )
    assert code == 0 and json.loads(out)["total"] == 10, "E03 with 25 off, from --set"
    code, out, _ = run("score", "--batch", "-", "--rules", "french", "--lang", "fr", input=line)
    assert json.loads(out)["announcement"].startswith("quinze 2")
    crib = json.dumps({"held": "2h 7h 9h Kh", "turnup": "Ac"}) + "\n"
    code, out, _ = run("score", "--batch", "-", "--rules", "cribbage", "--crib", input=crib)
    assert code == 0 and json.loads(out)["total"] == 0


def test_score_in_french_says_its_headings_and_the_turned_jack_in_french() -> None:
    code, out, _ = run("score", "5h 5d 4s", "-t", "Js", "-r", "willughby", "--lang", "fr")
    assert code == 0
    assert out.startswith("Main 5♥ 5♦ 4♠ avec V♠ retournée")
    assert "combinaison" in out and "Total : 6" in out
    assert "Un valet retourné : 2 pour le donneur (Noddy retourné)" in out
    assert "turned up" not in out and "Hand" not in out


COMMANDS = (
    [],
    ["play"],
    ["replay"],
    ["simulate"],
    ["score"],
    ["serve"],
    ["demo"],
    ["rules"],
    ["rules", "show"],
    ["rules", "compare"],
    ["rules", "check"],
    ["analyze", "hands"],
)


def test_help_has_no_python_type_tags_and_shows_every_default_alike() -> None:
    """Issue 12: help said <bool>, <list[str]>, and gave defaults three ways. Options name their
    values in words; an argument's row keeps typer's tag (``CARDS <str>``: typer's public API has
    no way to hide it, issue 23); a default is typer's ``[default: X]``, in parentheses where it is
    said in words (``[default: (as the rules say)]``), never in the help's own prose."""
    for command in COMMANDS:
        result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, command
        options = result.stdout.split("Options ")[-1]
        assert not re.search(r"<(bool|int|str|float|path|list\[str\])>", options), (command, options)
        assert "(default" not in result.stdout, (command, result.stdout)


def test_play_help_says_how_to_enter_cards_and_how_to_quit() -> None:
    out = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).stdout
    assert "5h 10d" in out and "q stops the game" in out and "? shows help" in out
    assert "[default: willughby]" in out and "--seats" in out and "KINDS" in out


def test_seats_means_who_sits_where_in_play_and_simulate_with_one_list_of_kinds() -> None:
    kinds = "random, greedy, strong, easy, medium, hard, oracle"
    play_help = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "300"}).stdout
    simulate_help = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "300"}).stdout
    assert f"Kinds: human, {kinds}." in play_help and f"Kinds: {kinds}." in simulate_help
    assert "How many players" in play_help and "How many players" in simulate_help
    code, out, err = run("simulate", "--seats", "greedy,random", "--games", "4", "--workers", "1", "--json")
    assert code == 0 and json.loads(out)["games"] == 4
    assert err.startswith("willughby: 4 games played in") and "note" not in err, "progress, and no note"
    code, out, err = run("simulate", "--players", "greedy,random", "--games", "4", "--workers", "1", "--json")
    assert code == 0 and json.loads(out)["games"] == 4 and "old spelling of --seats" in err
    code, out, _ = run(
        "simulate", "--players", "3", "--rules", "strawberry", "--games", "3", "--workers", "1", "--json"
    )
    assert code == 0 and [p["name"] for p in json.loads(out)["players"]] == ["greedy", "random", "random#2"]


# -- bad files and bad input: one line on stderr, never a traceback -----------------------------------


GOLDEN = paths.GOLDEN / "cribbage.json"


def _one_error_line(code: int, err: str) -> str:
    assert code == 1
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def _folder_and_bad_bytes(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "rules.toml"
    folder.mkdir()
    bad = tmp_path / "latin1.toml"
    bad.write_bytes('name = "caf\xe9"\n'.encode("latin-1"))
    return folder, bad


def test_a_folder_or_a_non_utf8_file_as_rules_is_one_error_line(tmp_path: Path) -> None:
    folder, bad = _folder_and_bad_bytes(tmp_path)
    for command in (["score", "Jh 4d 5d", "-t", "6h", "--rules"], ["rules", "check"], ["rules", "show"]):
        code, _, err = run(*command, str(folder))
        assert "is a folder, not a rules file" in _one_error_line(code, err)
        code, _, err = run(*command, str(bad))
        assert "not UTF-8 text (byte 0xe9 at offset 11)" in _one_error_line(code, err)


def test_a_folder_or_a_non_utf8_file_as_a_record_is_one_error_line(tmp_path: Path) -> None:
    folder, bad = _folder_and_bad_bytes(tmp_path)
    code, _, err = run("replay", str(folder), "--verify")
    assert "cannot read record" in _one_error_line(code, err)
    code, _, err = run("replay", str(bad), "--verify")
    assert "it is not UTF-8 text" in _one_error_line(code, err)


def test_a_folder_as_a_batch_is_one_error_line(tmp_path: Path) -> None:
    code, _, err = run("score", "--batch", str(tmp_path))
    assert "cannot read batch file" in _one_error_line(code, err)


def test_a_batch_line_that_is_not_utf8_is_an_error_line_and_the_rest_go_on(tmp_path: Path) -> None:
    good = json.dumps({"held": "Jh 4d 5d", "turnup": "6h"}).encode()
    data = good + b"\n" + b'{"held": "J\xff 4d 5d", "turnup": "6h"}\n' + good + b"\n"
    path = tmp_path / "batch.jsonl"
    path.write_bytes(data)
    from_file = run("score", "--batch", str(path))
    from_stdin = runner.invoke(app, ["score", "--batch", "-"], input=data)
    assert (from_stdin.exit_code, from_stdin.stdout) == from_file[:2]
    code, out, err = from_file
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and err.strip() == "error: 1 line(s) failed; each has its error on standard output"
    assert answers[1] == {"error": "line 2: not UTF-8 text (byte 0xff at column 12)"}
    assert answers[0] == answers[2] and answers[0]["total"] == 7


def _noddy(*args: str, **kwargs: object) -> subprocess.Popen[bytes]:
    """The real command in a process of its own, with this checkout's source first on the path."""
    env = {**os.environ, "PYTHONPATH": str(paths.SRC)}
    code = "from noddy.cli.main import main; main()"
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, **kwargs)  # type: ignore[call-overload]


def test_score_batch_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text((json.dumps({"held": "Jh 4d 5d", "turnup": "6h"}) + "\n") * 20_000)
    process = _noddy("score", "--batch", str(path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # like `| head -1`
    err = process.stderr.read().decode()
    process.wait(timeout=60)
    assert json.loads(first)["total"] == 7
    assert err == "", "no 'Broken pipe' message, no traceback"


def test_serve_with_a_bad_database_url_says_why() -> None:
    code, _, err = run("serve", "--db", "garbage://x")
    assert "cannot use the database 'garbage://x': SQLAlchemy knows no database 'garbage'" in _one_error_line(
        code, err
    )
    code, _, err = run("serve", "--db", "sqlite:////no/such/folder/noddy.db")
    assert "cannot open the database" in _one_error_line(code, err)


def test_errors_are_printed_word_for_word_square_brackets_and_all() -> None:
    code, _, err = run("score", "Jh 4d 5d", "-t", "6h", "--set", "hand=3")
    assert "hand: expected a table [hand], got 3" in _one_error_line(code, err)
    code, _, err = run("score", "Jh 4d 5d", "-t", "6h", "--set", "deal.players.2=3")
    assert "e.g. [deal.players.2] dealt = 6" in _one_error_line(code, err)


def test_extends_a_missing_file_says_where_it_looked(tmp_path: Path) -> None:
    house = tmp_path / "a.toml"
    house.write_text('extends = "b.toml"\n')
    code, _, err = run("rules", "check", str(house))
    line = _one_error_line(code, err)
    assert f"extends: no rules file 'b.toml' (looked for {tmp_path / 'b.toml'})" in line
    assert "give" not in line, "no suggestion to give the file that was not found"


def test_extends_a_house_rules_file_in_the_same_folder(tmp_path: Path) -> None:
    (tmp_path / "base.toml").write_text('extends = "willughby"\n[hand]\ntwenty_five = 2\n')
    (tmp_path / "kid.toml").write_text('extends = "base.toml"\n[play]\ntwenty_five = 2\n')
    code, out, _ = run("rules", "check", str(tmp_path / "kid.toml"))
    assert code == 0 and "It changes 1 rule(s) of" in out and "play.twenty_five" in out
    code, out, _ = run("score", "10h 5d 5c", "-t", "Ks", "--rules", str(tmp_path / "kid.toml"), "--json")
    assert code == 0 and any(item["kind"] == "twenty_five" for item in json.loads(out)["items"])


def _edited_record(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_replay_verify_refuses_an_edited_stake_and_an_unknown_seat_kind(tmp_path: Path) -> None:
    code, out, _ = run("replay", str(GOLDEN), "--verify")
    assert code == 0 and "the record is sound" in out

    def stake(data: dict[str, Any]) -> None:
        data["result"]["stake"] = ["lurch", 2]

    def bogus(data: dict[str, Any]) -> None:
        data["seats"][0]["kind"] = "bogus"

    code, _, err = run("replay", str(_edited_record(tmp_path, stake)), "--verify")
    assert "the record says the stake is ['lurch', 2], the replay gives ['game', 1]" in _one_error_line(
        code, err
    )
    code, _, err = run("replay", str(_edited_record(tmp_path, bogus)), "--verify")
    assert 'seat 0 in "seats" has the kind "bogus": write one of human, random, greedy' in _one_error_line(
        code, err
    )


@pytest.mark.parametrize("page", [paths.ROOT / "README.md", paths.DOCS / "cli.md"], ids=["README", "cli.md"])
def test_the_score_example_is_what_noddy_score_prints(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    block = text.split("$ noddy score ", 1)[1].split("```", 1)[0]
    command, _, shown = block.partition("\n")
    code, out, _ = run("score", *shlex.split(command))
    assert code == 0
    assert [line.rstrip() for line in out.splitlines()] == shown.rstrip("\n").splitlines()


def test_score_batch_skips_blank_lines_and_names_the_others_by_their_line() -> None:
    good = json.dumps({"held": "Jh 4d 5d", "turnup": "6h"})
    text = f"{good}\n\n   \t\n{good}\n{{not json\n\n"
    code, out, err = run("score", "--batch", "-", input=text)
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 3, "two answers and one error: the blank lines ask nothing"
    assert [a.get("total") for a in answers[:2]] == [7, 7], "under willughby, the default"
    assert answers[2]["error"].startswith("line 5: not valid JSON")
    assert code == 1 and "error: 1 line(s) failed" in err
    code, out, _ = run("score", "--batch", "-", input=f"{good}\n\n")
    assert code == 0 and len(out.splitlines()) == 1
    code, out, _ = run("score", "--help")
    assert "blank lines are skipped" in " ".join(out.split())


def test_an_unknown_rule_set_is_a_sentence_then_the_known_ones() -> None:
    code, _, err = run("score", "Jh 4d 5d", "-t", "6h", "--rules", "nope")
    assert code == 1 and "unknown rule set 'nope'. Known: cribbage, willughby, " in " ".join(err.split())
    line = json.dumps({"rules": "nope", "held": "Jh 4d 5d", "turnup": "6h"})
    code, out, _ = run("score", "--batch", "-", input=line)
    assert "unknown rule set 'nope'. Known: " in json.loads(out)["error"]
    code, _, err = run("score", "Jh 4d 5d", "-t", "6h", "--rules", "cribage")
    assert "unknown rule set 'cribage'; did you mean 'cribbage'? Known: " in " ".join(err.split())


def test_score_with_changed_rules_says_so_in_its_heading_naming_the_changes(tmp_path: Path) -> None:
    code, out, _ = run("score", "Jh 4d 5d", "--turnup", "6h", "--set", "hand.fifteen=per_card")
    heading = out.splitlines()[0]
    assert code == 0 and heading == (
        "Hand J♥ 4♦ 5♦ with 6♥ turned up, under Willughby's Noddy (c.1665-70), with house rules:"
        " hand.fifteen=per_card"
    )
    two = ("-s", "hand.fifteen=per_card", "-s", "hand.twenty_five=off")
    code, out, _ = run("score", "Jh 4d 5d", "-t", "6h", *two)
    assert out.splitlines()[0].endswith("with house rules: hand.fifteen=per_card, hand.twenty_five=off")
    code, out, _ = run("score", "Jh 4d 5d", "-t", "6h", "-s", "hand.fifteen=per_card", "--lang", "fr")
    assert out.splitlines()[0].endswith(", avec des règles maison : hand.fifteen=per_card")
    code, out, _ = run("score", "Jh 4d 5d", "--turnup", "6h")
    assert out.splitlines()[0].endswith("under Willughby's Noddy (c.1665-70)"), "unchanged: the title alone"
    house = tmp_path / "house.toml"
    house.write_text('extends = "willughby"\nname = "house"\n[hand]\nfifteen = "per_card"\n')
    code, out, _ = run("score", "Jh 4d 5d", "--turnup", "6h", "--rules", str(house))
    assert out.splitlines()[0].endswith("under Willughby's Noddy (c.1665-70), with house rules")
