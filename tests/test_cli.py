"""The command line, driven as a user would: rules, score (text, JSON, batch), analyze."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

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
    assert code == 1 and "willughby hands have 3 cards; 2 given" in err
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
    assert code == 0 and "1,082,900" in out and "mean" in out
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
    assert out.startswith("Main 5♥ 5♦ 4♠ avec J♠ retournée")
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
    """Issue 12: help said <bool>, <list[str]>, and gave defaults three ways."""
    for command in COMMANDS:
        result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, command
        out = result.stdout
        assert not re.search(r"<(bool|int|str|float|path|list\[str\])>", out), (command, out)
        assert "(default" not in out and "[default: (" not in out, (command, out)


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
    assert code == 0 and json.loads(out)["games"] == 4 and err == ""
    code, out, err = run("simulate", "--players", "greedy,random", "--games", "4", "--workers", "1", "--json")
    assert code == 0 and json.loads(out)["games"] == 4 and "old spelling of --seats" in err
    code, out, _ = run(
        "simulate", "--players", "3", "--rules", "strawberry", "--games", "3", "--workers", "1", "--json"
    )
    assert code == 0 and [p["name"] for p in json.loads(out)["players"]] == ["greedy", "random", "random#2"]
