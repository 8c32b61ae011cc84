"""Start-up: ``noddy score`` imports only what counting a hand needs (not numpy, matplotlib, dask,
FastAPI, SQLAlchemy, the game or the players), checked in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("numpy", "matplotlib", "dask", "distributed", "fastapi", "sqlalchemy", "uvicorn")

SCRIPT = """
import json, sys
from noddy.cli.main import app
from typer.testing import CliRunner
result = CliRunner().invoke(app, ["score", "5h 5d 5c Js", "--turnup", "5s", "--rules", "cribbage"])
engine = ("noddy.game", "noddy.players")
heavy = sorted(m for m in sys.modules if m.split(".")[0] in HEAVY or m.startswith(engine))
print(json.dumps({"exit": result.exit_code, "total": "Total: 29" in result.stdout, "heavy": heavy}))
"""


def test_score_imports_nothing_heavy() -> None:
    out = subprocess.run(
        [sys.executable, "-c", f"HEAVY = {HEAVY!r}\n{SCRIPT}"], capture_output=True, text=True, check=True
    )
    found = json.loads(out.stdout.splitlines()[-1])
    assert found == {"exit": 0, "total": True, "heavy": []}


def test_every_command_is_listed_and_loads() -> None:
    """The commands load when asked for: each one's help works, and the main help lists them all."""
    from typer.testing import CliRunner

    from noddy.cli.main import COMMANDS, GROUPS, app

    runner = CliRunner()
    listing = runner.invoke(app, ["--help"]).stdout
    for name in [*COMMANDS, "demo", *GROUPS]:
        assert name in listing
        assert runner.invoke(app, [name, "--help"]).exit_code == 0
