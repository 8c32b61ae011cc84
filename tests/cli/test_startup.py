"""Start-up: ``noddy score`` imports only what counting a hand needs (not numpy, matplotlib, dask,
FastAPI, SQLAlchemy, the game or the players), checked in a fresh interpreter; and noddy reaches
into no dependency's private parts to start faster."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys

from typer.testing import CliRunner

import paths

SOURCE = paths.SRC / "noddy"

HEAVY = ("numpy", "matplotlib", "dask", "distributed", "fastapi", "sqlalchemy", "uvicorn")
"""What ``noddy score`` never imports. (pydantic it does: typer 0.29 parses every option's value
through it, the smallest typer program with an option as much as noddy.)"""

UNUSED = ("noddy.rules.rows", "noddy.words.train")
"""What ``noddy score`` does not import: the rules in plain words, the trainer's words."""

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


PRIVATE = re.compile(r"^(?!noddy)\w+(\.\w+)*\._")
"""A module path into a dependency's private parts (``typer._coercion``, ``rich._loop``)."""


def test_no_private_api_of_a_dependency() -> None:
    """Issue 23: noddy imports no private module or name of another package, and swaps no object's
    class (typer's private ``_coercion`` patched in, typer's own options given another ``__class__``,
    stopped the CLI at import at any typer release but one)."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                outside = not node.module.startswith("noddy")
                named = [a.name for a in node.names if outside and a.name.startswith("_")]
                if PRIVATE.match(node.module) or named:
                    found.append(f"{path.name}: from {node.module} import {named or '...'}")
            elif isinstance(node, ast.Import):
                found += [f"{path.name}: import {a.name}" for a in node.names if PRIVATE.match(a.name)]
            elif (
                isinstance(node, ast.Attribute)
                and node.attr == "__class__"
                and isinstance(node.ctx, ast.Store)
            ):
                found.append(f"{path.name}: assigns __class__ at line {node.lineno}")
    assert not found


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
