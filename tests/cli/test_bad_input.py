"""Bad input ends in a clear error saying what was wrong and what would be right, never in a
traceback, a hang or a silent wrong answer: text nested thousands deep (JSON records, batch lines,
progress files; TOML rules files and overrides), a progress file that is not UTF-8, serve's
options, a record whose result or seat kind is wrong, a rules file that says nothing."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

import paths
from noddy.cli import serve_cmd
from noddy.cli.main import app
from noddy.errors import NotationError, RecordError, RulesError
from noddy.record import GameRecord
from noddy.rules import load_rules, loads_rules
from noddy.textdata import DEPTH, read_json, read_toml
from noddy.train import Progress, ProgressError

GOLDEN = paths.GOLDEN / "cribbage.json"
DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_TOML = "a = " + DEEP_JSON + "\n"
NESTED = "nested more than"

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def serve_instead(monkeypatch: pytest.MonkeyPatch, served: list[dict[str, Any]]) -> None:
    """`noddy serve` records the options it would serve with instead of serving. No uvicorn server is
    made: its configuration sets up logging for the whole process, streams of the test's runner
    included (closed after the command, they broke the capture of every later test of the worker)."""
    monkeypatch.setattr(
        serve_cmd, "_server", lambda app, options: SimpleNamespace(run=lambda: served.append(options))
    )


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


@pytest.mark.parametrize("depth", [DEPTH + 1, 900, 100_000])
def test_json_nested_too_deep_is_a_notation_error_however_deep(depth: int) -> None:
    with pytest.raises(NotationError, match=NESTED):
        read_json("[" * depth + "]" * depth)
    with pytest.raises(NotationError, match=NESTED):
        read_json('{"a": ' * depth + "1" + "}" * depth)
    assert read_json("[" * DEPTH + "]" * DEPTH) is not None


@pytest.mark.parametrize("depth", [DEPTH + 1, 100_000])
def test_toml_nested_too_deep_is_a_notation_error(depth: int) -> None:
    with pytest.raises(NotationError, match=NESTED):
        read_toml("a = " + "[" * depth + "]" * depth)


def test_a_deep_record_is_refused_by_the_reader_and_by_replay_and_review(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=f"not a noddy record: .*{NESTED}"):
        GameRecord.loads(DEEP_JSON)
    path = tmp_path / "deep.json"
    path.write_text(DEEP_JSON)
    for command in (["replay", str(path)], ["replay", str(path), "--verify"], ["review", str(path)]):
        code, _, err = run(*command)
        assert code == 1 and NESTED in err and "Traceback" not in err


def test_a_deep_batch_line_gets_its_error_and_the_lines_after_it_are_answered() -> None:
    good = json.dumps({"held": "5h 5d 5c Js", "turnup": "5s", "rules": "cribbage"})
    code, out, _ = run("score", "--batch", "-", input=f"{good}\n{DEEP_JSON}\n{good}\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(answers) == 3
    assert answers[0]["total"] == answers[2]["total"] == 29
    assert answers[1]["error"].startswith("line 2: ") and NESTED in answers[1]["error"]


def test_a_deep_rules_file_is_a_rules_error_everywhere_a_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(DEEP_TOML)
    with pytest.raises(RulesError, match=NESTED):
        load_rules(path)
    with pytest.raises(RulesError, match=NESTED):
        loads_rules(DEEP_TOML)
    for command in (
        ["rules", "check", str(path)],
        ["rules", "show", str(path)],
        ["score", "5h 5d 5c Js", "-t", "5s", "--rules", str(path)],
    ):
        code, _, err = run(*command)
        assert code == 1 and NESTED in err, command


def test_a_deep_override_is_refused_as_a_value_not_a_traceback() -> None:
    with pytest.raises(RulesError, match=r"hand\.fifteen"):
        load_rules("cribbage", [f"hand.fifteen={DEEP_JSON}"])


@pytest.mark.parametrize("content", [b"\xff\xfe{}", DEEP_JSON.encode()])
def test_a_progress_file_not_utf8_or_too_deep_is_set_aside(tmp_path: Path, content: bytes) -> None:
    with pytest.raises(ProgressError, match="damaged saved progress"):
        Progress.loads(content)
    path = tmp_path / "p.json"
    path.write_bytes(content)
    args = ["train", "--progress", str(path), "-r", "cribbage", "--questions", "1"]
    result = runner.invoke(app, args, input="0\n")
    assert result.exit_code == 0, result.stderr
    assert "could not be read" in result.stderr
    (aside,) = tmp_path.glob("p.json.damaged-*")
    assert aside.read_bytes() == content
    assert Progress.loads(path.read_bytes()).kinds("cribbage")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["result"]["scores"].__setitem__(0, d["result"]["scores"][0] + 5), "the replay gives"),
        (lambda d: d["seats"][1].__setitem__("kind", "wizard"), '"wizard": write one of human'),
    ],
)
def test_replay_refuses_what_verify_refuses(tmp_path: Path, change: Any, message: str) -> None:
    data = golden()
    change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    for extra in ((), ("--to-end",), ("--verify",)):
        code, out, err = run("replay", str(path), *extra)
        assert code == 1 and message in err and out == "", extra


def test_undos_starts_at_one_as_the_format_says() -> None:
    with pytest.raises(RecordError, match=r'"undos" is 0: .*\(1 or more\).*leave it out'):
        GameRecord.from_json(golden() | {"undos": 0})
    assert GameRecord.from_json(golden() | {"undos": 1}).undos == 1
    assert GameRecord.from_json(golden()).undos == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('extends = "cribbage"\nlanguage = "de"\n', "language: 'de' is not a language noddy speaks"),
        ('language = "de"\n[hand]\nknave = 1\n', "language: 'de'"),
        ("", 'says no rule: start from a rule set, e.g. extends = "cribbage"'),
        ('name = "ours"\ntitle = "Ours"\n', "says no rule"),
    ],
)
def test_rules_check_refuses_an_unknown_language_and_a_file_that_says_nothing(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "ours.toml"
    path.write_text(text)
    code, out, err = run("rules", "check", str(path))
    assert code == 1 and message in err and "valid" not in out
    with pytest.raises(RulesError, match=r"says no rule|language"):
        loads_rules(text if "name" in text else f'name = "ours"\n{text}')


def test_a_french_house_rules_file_still_checks(tmp_path: Path) -> None:
    path = tmp_path / "ours.toml"
    path.write_text('extends = "french"\nlanguage = "fr"\n')
    code, out, _ = run("rules", "check", str(path))
    assert code == 0 and "un jeu de règles valide" in out  # a French rule set is checked in French
    code, out, _ = run("rules", "check", str(path), "--lang", "en")
    assert code == 0 and "a valid rule set" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "99999"], "--port 99999: give a port from 1 to 65535"),
        (["--port", "0"], "--port 0: give a port from 1 to 65535"),
        (["--bot-delay", "nan"], "--bot-delay nan: give the seconds as a number from 0 up"),
        (["--bot-delay", "-1"], "--bot-delay -1.0: give the seconds"),
        (["--bot-delay", "inf"], "--bot-delay inf"),
        (["--proxy", "garbage proxy"], "'garbage proxy' is not an IP address or network"),
        (["--proxy", "10.0.0.1, nonsense"], "'nonsense' is not an IP address"),
        (["--lan", "--host", "127.0.0.1"], "--lan --host '127.0.0.1': a phone cannot reach this"),
        (["--lan", "--host", "localhost"], "give one of its network addresses, e.g. 10.42.0.1"),
        (["--lan", "--host", "::1", "--lang", "fr"], "un téléphone ne peut pas joindre l’adresse de"),
        (["--lan", "--proxy", "127.0.0.1"], "give --lan or --proxy, not both"),
    ],
)
def test_serve_refuses_options_it_would_take_silently(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    served: list[dict[str, Any]] = []
    serve_instead(monkeypatch, served)
    code, out, err = run("serve", "--data-dir", str(tmp_path), "--bot-workers", "0", *args)
    assert code == 2 and message in err and served == [] and "serving" not in out


def test_serve_lan_listens_on_every_address_or_the_one_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[dict[str, Any]] = []
    serve_instead(monkeypatch, served)
    serve = ["serve", "--data-dir", str(tmp_path), "--bot-workers", "0"]
    code, out, _ = run(*serve, "--lan")
    assert code == 0 and served[0]["host"] == "0.0.0.0" and "no password, no encryption" in out
    code, out, _ = run(*serve, "--lan", "--host", "10.42.0.1")
    assert code == 0 and served[1]["host"] == "10.42.0.1"
    assert "Phones on this network open http://10.42.0.1:8000/ (the lobby shows its QR code" in out
    code, out, _ = run(*serve, "--lan", "--host", "fd00::2")
    assert code == 0 and served[2]["host"] == "fd00::2" and out.count("http://[fd00::2]:8000/") == 2
    code, out, _ = run(*serve)
    assert code == 0 and served[3]["host"] == "127.0.0.1" and "Phones" not in out


def test_serve_takes_good_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[dict[str, Any]] = []
    serve_instead(monkeypatch, served)
    args = ["--port", "65535", "--bot-delay", "0", "--proxy", "10.0.0.0/8, ::1", "--bot-workers", "0"]
    code, out, _ = run("serve", "--data-dir", str(tmp_path), *args)
    assert code == 0 and ":65535/" in out
    assert served[0]["port"] == 65535 and served[0]["forwarded_allow_ips"] == "10.0.0.0/8, ::1"


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "no dask scheduler answers there"), ("fr", "aucun ordonnanceur")]
)
def test_serve_refuses_a_bot_cluster_where_no_scheduler_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    """One line in the command's language and exit 1, before the server starts (it used to fail in
    uvicorn's start-up with a traceback)."""
    import socket

    import noddy.web.cluster

    served: list[dict[str, Any]] = []
    serve_instead(monkeypatch, served)
    monkeypatch.setattr(noddy.web.cluster, "CONNECT_TIMEOUT", 1)
    with socket.socket() as closed:  # a port of this machine where nothing listens
        closed.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{closed.getsockname()[1]}"
        code, out, err = run("serve", "--data-dir", str(tmp_path), "--bot-cluster", address, "--lang", lang)
    assert code == 1 and said in err and address in err and "Traceback" not in err + out
    assert served == [] and len(err.strip().splitlines()) == 1
