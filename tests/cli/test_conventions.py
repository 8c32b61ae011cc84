"""One way for every command (`noddy.cli.common`'s conventions), held over every command the typer
app has, found by walking it: a command added later is held to them without a line here; and
docs/cli.md's reference of every command's options, written from the same walk."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer
from typer.main import get_command
from typer.testing import CliRunner

import paths
from noddy.cli.main import app

runner = CliRunner()

METAVAR = re.compile(r"[A-Z][A-Z0-9_]*(=[A-Z]+)?(,[A-Z]+\.\.\.)?|[a-z]+(\|[a-z]+)+")
"""A value's name in capitals (``FILE``, ``FIELD=VALUE``, ``RULES,RULES...``), or its few choices
(``auto|kernel|python``)."""


def commands() -> Iterator[tuple[list[str], Any]]:
    """Every command of the app (not the groups), with the words that call it."""

    def walk(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
        context = typer.Context(command, info_name=" ".join(["noddy", *path]))
        if hasattr(command, "list_commands"):
            for name in command.list_commands(context):
                yield from walk(command.get_command(context, name), [*path, name])
        else:
            yield path, command

    return walk(get_command(app), [])


def params(path: list[str], command: Any) -> list[Any]:
    return list(command.get_params(typer.Context(command, info_name=" ".join(path))))


ALL = list(commands())
IDS = [" ".join(path) for path, _ in ALL]


def test_the_walk_finds_every_command() -> None:
    """The walk reaches the groups' commands and the lazily loaded ones (it is what holds them)."""
    assert {"score", "play", "simulate", "train", "advise", "review", "rules show", "analyze hands"} <= set(
        IDS
    )


@pytest.mark.parametrize(("path", "command"), ALL, ids=IDS)
def test_help_names_every_value_one_way(path: list[str], command: Any) -> None:
    """Every argument, and every option that takes a value, names it in capitals (or lists its
    choices); a flag names none; help shows no ``<bool>``, which typer writes beside a flag."""
    for param in params(path, command):
        if getattr(param, "is_flag", False):
            assert param.metavar == "", (path, param.opts)
        else:
            assert param.metavar is not None and METAVAR.fullmatch(param.metavar), (path, param.opts)
    result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, path
    assert "<bool>" not in result.stdout, path


def test_options_are_spelled_alike_everywhere() -> None:
    """A short option names the same long option in every command (``-n`` is always the number of
    players); ``--lang`` defaults to the rule set's own language wherever it is offered."""
    longs: dict[str, set[str]] = {}
    for path, command in ALL:
        for param in params(path, command):
            if param.param_type_name != "option":
                continue
            long = next(opt for opt in param.opts if opt.startswith("--"))
            for short in (opt for opt in param.opts if not opt.startswith("--")):
                longs.setdefault(short, set()).add(long)
            if long == "--lang":
                assert param.default is None and param.show_default == "the rule set's own language", path
    assert all(len(names) == 1 for names in longs.values()), longs
    assert longs["-n"] == {"--players"} and longs["-r"] == {"--rules"} and longs["-s"] == {"--set"}


def _error_line(result: Any) -> str:
    """The error a command printed, checked to be said the one way: one ``error:`` line on stderr,
    no box, no traceback, nothing on stdout."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "╭" not in result.stderr and not result.stdout.strip()
    return lines[0]


@pytest.mark.parametrize(("path", "command"), ALL, ids=IDS)
def test_usage_errors_are_one_line_and_exit_2(path: list[str], command: Any) -> None:
    """What typer refuses (an unknown option, a number that is not one) and what the command
    refuses of its options (a language noddy does not speak) are said alike, with status 2."""
    result = runner.invoke(app, [*path, "--no-such-option"])
    assert result.exit_code == 2
    assert "no such option: --no-such-option" in _error_line(result)
    arguments = ["x" for param in params(path, command) if param.required]
    for param in params(path, command):
        if param.metavar in ("N", "PORT", "SECONDS"):
            result = runner.invoke(app, [*path, *arguments, param.opts[0], "many"])
            assert result.exit_code == 2, (path, param.opts)
            assert param.opts[0] in _error_line(result)
        if "--lang" in param.opts:
            result = runner.invoke(app, [*path, *arguments, "--lang", "de"])
            assert result.exit_code == 2, path
            assert "--lang 'de'" in _error_line(result) and "en and fr" in result.stderr


@pytest.mark.parametrize(("path", "command"), ALL, ids=IDS)
def test_what_the_game_refuses_is_one_line_and_exit_1(path: list[str], command: Any) -> None:
    """What the rules refuse (an unknown rule set, from any command that takes one) is said the same
    one way, with status 1."""
    arguments: list[str] = []
    for param in params(path, command):
        value = {"RULES": "no-such-rules", "CARDS": "5h 5d 5c 5s", "CARD": "Js"}.get(param.metavar)
        if value is None and param.required:
            value = "x"
        if value is not None:
            named = param.param_type_name == "option"
            arguments += [param.opts[0], value] if named else [value]
    if "no-such-rules" not in arguments:
        pytest.skip("takes no rule set")
    result = runner.invoke(app, [*path, *arguments])
    assert result.exit_code == 1, (path, result.stderr)
    assert "unknown rule set 'no-such-rules'" in _error_line(result)


def test_no_arguments_at_all_shows_the_help() -> None:
    """``noddy`` alone (and a group alone) shows its help, as typer does, not an error."""
    for path in ([], ["rules"], ["analyze"]):
        result = runner.invoke(app, path)
        assert "Usage" in result.stdout and "error" not in result.stderr, path


def test_lang_defaults_to_the_rule_sets_language() -> None:
    """``french`` speaks French unless told otherwise, in every command (``score`` shown here;
    the walk above checks that every ``--lang`` is the same option)."""
    hand = ["score", "5h 5d 5c", "--turnup", "5s", "--rules", "french"]
    french = runner.invoke(app, hand)
    english = runner.invoke(app, [*hand, "--lang", "en"])
    assert french.exit_code == english.exit_code == 0
    assert "Total : 20" in french.stdout and "Total: 20" in english.stdout
    batch = runner.invoke(
        app, ["score", "--batch", "-"], input='{"held": "5h 5d 5c", "turnup": "5s", "rules": "french"}\n'
    )
    assert batch.exit_code == 0 and "quinze" in batch.stdout.lower(), batch.stdout


@pytest.mark.parametrize(("path", "command"), ALL, ids=IDS)
def test_every_command_that_says_words_takes_lang(path: list[str], command: Any) -> None:
    """Every command prints words (a report, a table's headings, a line saying where it serves), so
    every command takes the one ``--lang`` option (`noddy.cli.common.LangOption`)."""
    langs = [param for param in params(path, command) if "--lang" in param.opts]
    assert langs, f"{' '.join(path)} prints words but takes no --lang"
    assert langs[0].show_default == "the rule set's own language"


FRENCH_RUNS = {
    "simulate": (
        ["simulate", "-r", "french", "-g", "3", "-w", "1"],
        ["Joueurs", "parties", "Le jeu de règles"],
    ),
    "compare": (
        ["simulate", "--compare-rules", "french,cribbage", "-g", "2", "-w", "1", "--lang", "fr"],
        ["donnes par partie"],
    ),
    "demo": (["demo", "--lang", "fr"], ["Jeux de règles", "Essayez"]),
    "rules list": (["rules", "list", "--lang", "fr"], ["Jeux de règles", "joueurs"]),
    "rules fields": (["rules", "fields", "--lang", "fr"], ["| champ | réglage | sens | permis |"]),
    "rules compare": (
        ["rules", "compare", "cribbage", "five-card-cribbage", "--lang", "fr"],
        ["Où cribbage"],
    ),
    "rules compare french": (["rules", "compare", "french", "cribbage"], ["règle"]),
    "analyze hands": (["analyze", "hands", "-r", "french"], ["donnes", "moyenne"]),
}
"""A run of each command that says more than one line, in French (asked, or the rule set's own)."""
ENGLISH = re.compile(
    r"\b(?:games(?! [=:])|wins|Players|Rule sets|Try|deals|mean|rule|Where|Played by|seed)\b"
)


@pytest.mark.parametrize("case", FRENCH_RUNS)
def test_a_command_speaks_the_language_asked_or_its_rule_sets(case: str) -> None:
    """``simulate --rules french`` reports in French as ``rules show french`` does; ``--lang fr``
    puts every other command's words in French."""
    args, said = FRENCH_RUNS[case]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert all(words in result.stdout for words in said), result.stdout
    said_here = "\n".join(line for line in result.stdout.splitlines() if "source :" not in line)
    assert not ENGLISH.findall(said_here), ENGLISH.findall(said_here)[:5]  # the sources' own titles aside


def test_errors_are_said_in_the_commands_language() -> None:
    """Under French an error is ``erreur : …``, its words from `noddy.words` (the command line's
    own checks too); before the language is known (typer's parsing) it stays English."""
    crib = runner.invoke(app, ["advise", "5h 5d 5c Js Qh 2c", "--lang", "fr"])
    assert crib.exit_code == 2
    line = _error_line_in(crib, "erreur : ")
    assert "dites à qui est le crib" in line and "(voir « root advise --help »)" in line
    french = runner.invoke(app, ["advise", "5h 5d 5c Js Qh 2c", "-r", "french"])
    assert _error_line_in(french, "erreur : ").startswith("erreur : french ne fait rien écarter")
    seats = runner.invoke(app, ["simulate", "-r", "french", "--seats", "greedy,,random"])
    assert "erreur : --seats 'greedy,,random' a une entrée vide" in _error_line_in(seats, "erreur : ")
    missing = runner.invoke(app, ["score", "--lang", "fr"])
    assert missing.exit_code == 2
    assert "erreur : donnez les cartes et la retournée" in _error_line_in(missing, "erreur : ")
    failed = runner.invoke(app, ["score", "--batch", "-", "--lang", "fr"], input='{"held": "x"}\n')
    assert failed.exit_code == 1 and failed.stderr.startswith("erreur : 1 ligne(s) en échec"), failed.stderr
    four = runner.invoke(app, ["simulate", "-r", "french", "--seats", "greedy,random,random,random"])
    assert "erreur : french se joue à 2 joueurs, pas 4" in _error_line_in(four, "erreur : ")
    parsed = runner.invoke(app, ["play", "--lang", "fr", "--players", "many"])  # click's own words
    line = _error_line(parsed)
    assert line.startswith("error: invalid value for '--players'") and "(see '" in line
    english = runner.invoke(app, ["advise", "5h 5d 5c Js Qh 2c"])
    assert _error_line(english).startswith("error: say whose crib it is")


def _error_line_in(result: Any, prefix: str) -> str:
    """The one error line a command printed, checked to start with ``prefix``."""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix), result.stderr
    return lines[0]


CLI_DOC = paths.DOCS / "cli.md"
OPTIONS_START = "<!-- options: written from the typer app by tests/cli/test_conventions.py -->"
OPTIONS_END = "<!-- end of options -->"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def options_markdown() -> str:
    """Every command's usage, help and options as its ``--help`` gives them, in markdown."""
    out: list[str] = []
    for path, command in ALL:
        context = typer.Context(command, info_name=" ".join(["noddy", *path]))
        name = " ".join(["noddy", *path])
        about = [_cell(part) for part in (command.help or "").split("\n\n")]
        out += [f"### `{name}`", "", *(f"{part}\n" for part in about)]
        out += ["```", f"{name} {' '.join(command.collect_usage_pieces(context))}", "```", ""]
        out += ["| option | what |", "| --- | --- |"]
        for param in command.get_params(context):
            record = None if param.name == "help" else param.get_help_record(context)
            if record is not None:
                out.append(f"| `{_cell(record[0])}` | {_cell(record[1])} |")
        out.append("")
    return "\n".join(out)


def test_docs_cli_md_gives_every_commands_options_as_its_help_does() -> None:
    """docs/cli.md's reference is the typer app's own help; ``NODDY_REGENERATE_DOCS=1`` rewrites it
    after a command or option changes (then read the diff)."""
    text = CLI_DOC.read_text(encoding="utf-8")
    before, rest = text.split(OPTIONS_START, 1)
    _, after = rest.split(OPTIONS_END, 1)
    written = f"{before}{OPTIONS_START}\n\n{options_markdown()}\n{OPTIONS_END}{after}"
    if os.environ.get("NODDY_REGENERATE_DOCS"):
        CLI_DOC.write_text(written, encoding="utf-8")
        text = written
    assert text == written, (
        "docs/cli.md's options are not what the commands' help says: run"
        " NODDY_REGENERATE_DOCS=1 .venv/bin/python -m pytest tests/cli/test_conventions.py -k docs"
    )
