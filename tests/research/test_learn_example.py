"""The worked example that learns (examples/learn_cribbage.py), run as docs/research.md says: a
tiny run learns something measurable, and the script runs whole (curve, picture, games against
hard). Each run is a process of its own, as a person starts it (the example keeps numpy's BLAS to
one thread before it is imported, which a test process that has imported numpy cannot do)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).parents[2] / "examples" / "learn_cribbage.py"


def run(tmp_path: Path, *argv: str) -> tuple[dict[str, Any], str]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *argv, "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
    )
    return json.loads((tmp_path / "results.json").read_text()), done.stdout


@pytest.mark.slow
def test_a_few_seconds_of_training_beat_the_untrained_policy_against_random_play(tmp_path: Path) -> None:
    argv = ["--updates", "300", "--envs", "64", "--hidden", "64", "--lr", "3e-3", "--eval-every", "300"]
    results, _ = run(tmp_path, *argv, "--eval-games", "1000", "--hard-games", "0")
    before, after = results["curve"][0]["random"], results["curve"][-1]["random"]
    assert results["curve"][-1]["steps"] == 300 * 64 * 16
    assert after["low"] > before["high"], (before, after)


def test_the_script_draws_its_curve_and_plays_hard(tmp_path: Path) -> None:
    argv = ["--updates", "2", "--envs", "8", "--horizon", "4", "--hidden", "8", "--eval-every", "1"]
    results, out = run(tmp_path, *argv, "--eval-games", "8", "--hard-games", "1")
    assert (tmp_path / "learning_curve.png").read_bytes()[:4] == b"\x89PNG"
    assert [point["steps"] for point in results["curve"]] == [0, 32, 64]
    assert results["hard"]["games"] == 1
    assert "against hard: " in out
