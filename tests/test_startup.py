"""Start-up: ``noddy score`` imports only what counting a hand needs (not numpy, matplotlib, dask,
FastAPI, SQLAlchemy, pydantic, the game or the players), checked in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Annotated

import typer
from typer.testing import CliRunner

HEAVY = (
    *("numpy", "matplotlib", "dask", "distributed", "fastapi", "sqlalchemy", "uvicorn"),
    *("pydantic", "pydantic_core"),
)
"""What ``noddy score`` never imports. pydantic is how typer parses an option's value, which the
commands' text options and flags skip (`noddy.cli.common`): it took about 40% of the start-up."""

UNUSED = ("rich.console", "rich.table", "rich.markup", "noddy.rules.rows", "noddy.words.train")
"""What ``noddy score`` does not import when its table fits the terminal: rich's Console and Table
(`noddy.cli.plain` writes rich's layout), the rules in plain words, the trainer's words."""

SCRIPT = """
import json, sys
from noddy.cli.main import app
from typer.testing import CliRunner
args = ["score", "5h 5d 5c Js", "--turnup", "5s", "--rules", "cribbage", "--set", "game.target=121"]
result = CliRunner().invoke(app, args)
engine = ("noddy.game", "noddy.players")
heavy = sorted(m for m in sys.modules if m.split(".")[0] in HEAVY or m.startswith(engine) or m in UNUSED)
print(json.dumps({"exit": result.exit_code, "total": "Total: 29" in result.stdout, "heavy": heavy}))
"""


def test_score_imports_nothing_heavy() -> None:
    script = f"HEAVY = {HEAVY!r}\nUNUSED = {UNUSED!r}\n{SCRIPT}"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    found = json.loads(out.stdout.splitlines()[-1])
    assert found == {"exit": 0, "total": True, "heavy": []}


def test_every_command_is_listed_and_loads() -> None:
    """The commands load when asked for: each one's help works, and the main help lists them all."""
    from noddy.cli.main import COMMANDS, GROUPS, app

    runner = CliRunner()
    listing = runner.invoke(app, ["--help"]).stdout
    for name in [*COMMANDS, "demo", *GROUPS]:
        assert name in listing
        assert runner.invoke(app, [name, "--help"]).exit_code == 0


def test_text_options_parse_as_typer_parses_them() -> None:
    """The shortcut that skips pydantic gives each value exactly as typer's own coercion does."""
    from noddy.cli.common import PlainCommand

    seen: list[object] = []

    def command(
        text: Annotated[str | None, typer.Argument()] = None,
        option: Annotated[str, typer.Option("--option")] = "given",
        texts: Annotated[list[str] | None, typer.Option("--text")] = None,
        flag: Annotated[bool, typer.Option("--flag", envvar="NODDY_TEST_FLAG")] = False,
        number: Annotated[int, typer.Option("--number")] = 1,
    ) -> None:
        seen.append((text, option, texts, flag, number))

    cases = [
        [],
        ["5h 5d", "--option", "", "--text", "a=1", "--text", "é ♠", "--flag", "--number", "3"],
        ["--text", "only"],
    ]
    for cls in (PlainCommand, None):
        app = typer.Typer()
        app.command(cls=cls)(command)
        for args in cases:
            assert CliRunner().invoke(app, args).exit_code == 0
        assert CliRunner().invoke(app, [], env={"NODDY_TEST_FLAG": "yes"}).exit_code == 0
        refused = CliRunner().invoke(app, [], env={"NODDY_TEST_FLAG": "maybe"})
        seen.append((refused.exit_code, refused.output))
    ours, typers = seen[: len(seen) // 2], seen[len(seen) // 2 :]
    assert ours == typers
    assert ours[0] == (None, "given", None, False, 1)
    assert ours[1] == ("5h 5d", "", ["a=1", "é ♠"], True, 3)


LAZY = """
import importlib, json, sys
found = {}
for package in ("noddy.rules", "noddy.words", "noddy.scoring", "noddy.cli.common"):
    module = importlib.import_module(package)
    for name in getattr(module, "__all__"):
        value = getattr(module, name)
        home = getattr(value, "__module__", None)
        if home and home.startswith("noddy.") and home != package and hasattr(sys.modules[home], name):
            found[f"{package}.{name}"] = getattr(sys.modules[home], name) is value
    star = {}
    exec(f"from {package} import *", star)
    found[package + ".*"] = sorted(k for k in star if k != "__builtins__") == sorted(module.__all__)
import noddy.rules.rows
from noddy.rules import describe
found["describe"] = callable(describe) and describe is noddy.rules.rows.describe
print(json.dumps(found))
"""


def test_every_public_name_of_a_lazy_package_is_its_modules_own() -> None:
    """The packages that import their modules on first use give every name of their ``__all__``, the
    same object as the module's, by attribute and by ``import *``, in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", LAZY], capture_output=True, text=True, check=True)
    found = json.loads(out.stdout.splitlines()[-1])
    assert found and all(found.values()), [name for name, ok in found.items() if not ok]
