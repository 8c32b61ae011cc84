"""Output to a full disk (``> /dev/full``), buffered as at a terminal or a file and unbuffered: one
line on stderr and exit 1, never a traceback and never a silent exit 0 with the output lost."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import paths

FULL = Path("/dev/full")


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
@pytest.mark.parametrize("unbuffered", ["", "1"])
@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["analyze", "board", "--json"], "error: cannot write the output: No space left on device"),
        (["rules", "list"], "error: cannot write the output: No space left on device"),
        (["score", "Jh 4d 5d", "-t", "6h", "--lang", "fr"], "erreur : impossible d’écrire la sortie : "),
    ],
)
def test_a_full_disk_is_said_in_one_line_with_exit_1(command: list[str], said: str, unbuffered: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(paths.SRC), "PYTHONUNBUFFERED": unbuffered}
    with FULL.open("wb") as full:
        argv = [sys.executable, "-m", "noddy", *command]
        done = subprocess.run(argv, stdout=full, stderr=subprocess.PIPE, env=env, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert err.startswith(said) and len(err.strip().splitlines()) == 1, err
