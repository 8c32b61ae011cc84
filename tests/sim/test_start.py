"""What ``noddy simulate`` pays before its games (issue 27): on the compiled kernel it never loads
numpy nor the Python players (their lay-away and search need numpy; the kernel plays them in C),
and a local pool's workers are forked from the command, so that none of them imports noddy again.
Each is checked in a fresh interpreter, whose modules the test suite's own imports cannot fill."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

SIMULATE = """
import sys
from noddy.cli.main import main
sys.argv = ["noddy", "simulate", "--rules", "cribbage", "--seats", "random,greedy", "--games", "30",
            "--workers", "1", "--json"]
try:
    main()
except SystemExit:
    pass
loaded = [name for name in ("numpy", "noddy.players.simple", "noddy.players.strong", "noddy.kernel.lay")
          if name in sys.modules]
print(loaded, file=sys.stderr)
"""

WORKERS = """
import sys
import noddy.cli.simulate_cmd
from noddy.sim import executor_for

def loaded() -> bool:
    return "noddy.cli.simulate_cmd" in sys.modules

if __name__ == "__main__":
    with executor_for(2) as (pool, slots):
        assert pool is not None and slots == 2
        print(sorted({pool.submit(loaded).result() for _ in range(6)}))
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", code]
    return subprocess.run(command, capture_output=True, text=True, check=True, timeout=120)


@pytest.mark.requires_kernel
def test_a_kernel_simulation_loads_neither_numpy_nor_the_python_players() -> None:
    done = _run(SIMULATE)
    assert json.loads(done.stdout)["engine"] == "kernel"
    assert done.stderr.strip().splitlines()[-1] == "[]"


def test_local_workers_are_forked_with_the_commands_modules() -> None:
    assert _run(WORKERS).stdout.strip() == "[True]"


ENDING = """
import atexit, gc, sys
from noddy.cli.main import main
atexit.register(lambda: print(gc.get_freeze_count() > 0, file=sys.stderr))  # runs after main()
sys.argv = ["noddy", "simulate", "--rules", "french", "--seats", "random,random", "--games", "10",
            "--workers", "1", "--json"]
main()
"""


def test_the_command_leaves_its_objects_out_of_the_exits_garbage_collections() -> None:
    """At its end the command freezes its objects (`gc.freeze`): the interpreter's last collections,
    which would walk every object (a third of a second with dask loaded), skip them."""
    done = _run(ENDING)
    assert json.loads(done.stdout)["games"] == 10
    assert done.stderr.strip().splitlines()[-1] == "True"
