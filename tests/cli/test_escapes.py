"""Text from a file or a client carries terminal escape sequences (clear the screen, set the window's
title, colour what follows, a C1 CSI, a mark that reverses the text): every command shows them
written out (``\\x1b``), never raw, through the one console that meets the terminal
(`noddy.cli.common`, `noddy.textdata.printable`); JSON and TOML output keeps them as its own escapes
(`noddy.textdata.printable_data`), so it still reads back to the same data."""

from __future__ import annotations

import io
import json
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

import paths
from noddy.cli.main import app
from noddy.record import GameRecord
from noddy.rules import dump_rules, load_rules, loads_rules

HOSTILE = ["Ann\x1b[2J\x1b[H", "Bob\x1b]0;owned\x07\x9b31m"]

RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What no output may carry: control characters but the line break and the tab, and the marks that
reorder text (what `noddy.textdata.printable` writes out)."""

TITLE = "Ours\x1b]0;pwned\x07 \x9b31mred\u202eevil"
NAME = "our\x1b[2Jtable\x9b"
SUMMARY = "A sum\x1b[31mmary\x1b[0m"
SOURCE = "Src\x1b[2J"
NOTE = "note\x1b[2J\x9b1m"


def _shown(result: Result, args: list[str]) -> str:
    """What the command wrote (standard output and error), checked to carry no control character."""
    shown = result.stdout + result.stderr
    raw = sorted({f"U+{ord(c):04X}" for c in RAW.findall(shown)})
    assert not raw, (args, raw, shown[-3000:])
    return shown


def _run(args: list[str], input: str | None = None, code: int = 0) -> str:
    result = CliRunner().invoke(app, args, input=input)
    assert result.exit_code == code, (args, result.output[-3000:])
    return _shown(result, args)


def _hostile_record(tmp_path: Path) -> Path:
    data = json.loads((paths.GOLDEN / "noddy-rules.json").read_text())
    for seat, name in zip(data["seats"], HOSTILE, strict=True):
        seat["name"] = name
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """A house-rules file whose name, title, summary, source and a note carry escape sequences."""
    path = tmp_path / "house.toml"
    path.write_text(
        f"name = {json.dumps(NAME)}\ntitle = {json.dumps(TITLE)}\nsummary = {json.dumps(SUMMARY)}\n"
        f'extends = "cribbage"\n\n[[source]]\nname = {json.dumps(SOURCE)}\n\n'
        f'[notes]\n"hand.twenty_five" = {json.dumps(NOTE)}\n\n[game]\ntarget = 91\nlurch = []\n',
        encoding="utf-8",
    )
    return path


def test_replay_and_review_write_out_a_record_names_control_characters(tmp_path: Path) -> None:
    record = str(_hostile_record(tmp_path))
    for args in (["replay", record, "--to-end"], ["review", record, "--seat", "0", "--top", "1"]):
        assert "Ann\\x1b[2J" in _run(args)


def test_reviews_json_keeps_a_name_that_reads_back_the_same(tmp_path: Path) -> None:
    record = _hostile_record(tmp_path)
    shown = _run(["review", str(record), "--seat", "1", "--top", "1", "--json"])
    assert json.loads(shown)["name"] == HOSTILE[1]


def test_rules_show_writes_out_a_house_rules_files_title_summary_sources_and_notes(house: Path) -> None:
    shown = _run(["rules", "show", str(house)])
    for written in ("Ours\\x1b]0;pwned\\x07 \\x9b31mred\\u202eevil", "sum\\x1b[31mmary", "Src\\x1b[2J"):
        assert written in shown
    assert "note\\x1b[2J\\x9b1m" in shown and "our\\x1b[2Jtable\\x9b" in shown


def test_rules_show_toml_reads_back_as_the_same_rules(house: Path) -> None:
    shown = _run(["rules", "show", str(house), "--toml"])
    assert tomllib.loads(shown)["title"] == TITLE
    assert loads_rules(shown) == load_rules(str(house))


def test_rules_check_and_compare_write_out_a_files_name_and_path(house: Path, tmp_path: Path) -> None:
    assert "our\\x1b[2Jtable\\x9b" in _run(["rules", "check", str(house)])
    odd = tmp_path / "odd\x1b]0;t\x07.toml"
    odd.write_text(house.read_text())
    assert "odd\\x1b]0;t\\x07.toml" in _run(["rules", "compare", str(odd), "cribbage"])


def test_score_writes_out_the_title_and_an_error_quoting_a_house_rules_file(house: Path) -> None:
    assert "Ours\\x1b]0;pwned" in _run(["score", "5h 5d 5c 5s", "-t", "Jh", "--rules", str(house)])
    assert "our\\x1b[2Jtable" in _run(["score", "5h 5d 5c", "-t", "Jh", "--rules", str(house)], code=1)


def test_score_batch_answers_keep_their_json_free_of_control_characters(house: Path, tmp_path: Path) -> None:
    batch = tmp_path / "batch.jsonl"
    lines = [
        {"held": "5h 5d 5c", "turnup": "Jh", "rules": str(house)},
        {"held": "5h 5d 5c \x1b[2J", "turnup": "Jh"},
        {"held": "5h 5d 5c 5s", "turnup": "\x9b31m"},
    ]
    batch.write_text("\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n")
    shown = _run(["score", "--batch", str(batch)], code=1)
    answers = [json.loads(line) for line in shown.splitlines() if line.startswith("{")]
    assert len(answers) == 3 and NAME in answers[0]["error"]


def test_simulate_writes_out_a_house_rules_files_name_and_title(house: Path) -> None:
    shown = _run(["simulate", "--rules", str(house), "--games", "2"])
    assert "our\\x1b[2Jtable" in shown and "Ours\\x1b]0;pwned" in shown
    shown = _run(["simulate", "--rules", str(house), "--games", "2", "--json"])
    assert json.loads(shown.splitlines()[0])["title"] == TITLE


def test_the_trainer_writes_out_a_kind_read_from_its_progress_file(tmp_path: Path) -> None:
    kind = "fif\x1b[2Jteen\x9b31m"
    stats = {"asked": 3, "right": 1, "seconds": 4.0, "box": 0}
    progress = tmp_path / "p.json"
    progress.write_text(json.dumps({"version": 2, "rule_sets": {"cribbage": {kind: stats}}}))
    shown = _run(["train", "--progress", str(progress), "-r", "cribbage"], input="")
    assert "fif\\x1b[2Jteen\\x9b31m" in shown


@pytest.mark.parametrize(
    "args",
    [
        ["score", "\x1b[2J 5d 5c 5s", "-t", "Jh"],
        ["score", "5h 5d 5c 5s", "-t", "\x9b2J"],
        ["score", "5h 5d 5c 5s", "-t", "Jh", "--\x1b]0;pwned\x07"],
        ["rules", "show", "/nowhere/\x1b[2J.toml"],
        ["replay", "/nowhere/\x1b]0;t\x07.json"],
        ["score", "5h 5d 5c 5s", "-t", "Jh", "--set", "hand.flush=\x1b[2J"],
    ],
)
def test_an_error_quoting_bad_input_writes_it_out(args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (1, 2), result.output
    assert "error" in _shown(result, args)


def test_only_what_is_shown_is_written_out(house: Path, tmp_path: Path) -> None:
    """The rules and a record hold the text as the file gave it."""
    rules = load_rules(str(house))
    assert (rules.name, rules.title, rules.summary, rules.sources[0].name) == (NAME, TITLE, SUMMARY, SOURCE)
    assert loads_rules(dump_rules(rules)) == rules
    assert [seat.name for seat in GameRecord.load(_hostile_record(tmp_path)).seats] == HOSTILE


def test_what_the_console_draws_without_a_string_is_written_out_too() -> None:
    """A renderable made without the console's strings (a `Text`, a live progress bar whose
    description is a rules file's name, as ``simulate`` shows at a terminal) is written out as it
    is drawn (its width was measured before, so the bar may cut it short; rich's `Text` drops BEL
    itself); rich's own styles and the live display's cursor moves are kept."""
    from rich.progress import Progress
    from rich.text import Text

    from noddy.cli import common

    out = io.StringIO()
    console = common._terminal_console()(file=out, force_terminal=True, width=100)
    console.print(Text(TITLE, style="bold"))
    with Progress(console=console, auto_refresh=False) as progress:
        progress.add_task(NAME, total=2)
        progress.refresh()
    drawn = out.getvalue()
    assert "Ours\\x1b]0;pwned \\x9b31mred\\u202eevil" in drawn and "our\\x1b[2J" in drawn
    assert not any(c in drawn for c in "\x07\x9b\u202e")
    assert "\x1b[2J" not in drawn and "\x1b]0;" not in drawn
    assert "\x1b[1m" in drawn and "\x1b[?25l" in drawn  # bold, and the bar hiding the cursor
