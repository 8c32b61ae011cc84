"""The researcher's quick start (examples/quickstart.py) runs, at a tiny size."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

SCRIPT = Path(__file__).parents[2] / "examples" / "quickstart.py"


@pytest.mark.slow
def test_the_quickstart_plays_a_preset_in_both_frameworks(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("quickstart", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--rules", "willughby", "--games", "2", "--simulations", "10"])
    out = capsys.readouterr().out
    assert "PettingZoo, random agents, 2 games of willughby" in out
    assert "IS-MCTS (10 simulations) against random: won" in out
