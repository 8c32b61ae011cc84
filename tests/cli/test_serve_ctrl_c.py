"""``noddy serve`` stopped by Ctrl+C (SIGINT to its whole process group, as a terminal sends it),
however often: it ends with status 130 within a bound, and neither it nor its bot workers print a
traceback (each worker printed its KeyboardInterrupt; a second Ctrl+C left the lifespan mid-way)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import paths

STOPPED_WITHIN = 10.0
"""Seconds from Ctrl+C to the end: 0.3-0.5 s measured (load 11 on 2 cores); a correctness bound."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _at_a_terminal() -> None:
    """The server in a session of its own, hearing Ctrl+C as a command started at a terminal does
    (started by a background job, as a CI run may be, it would inherit Ctrl+C ignored)."""
    os.setsid()
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("presses", [1, 3])
def test_ctrl_c_stops_the_server_and_its_workers_without_a_traceback(tmp_path: Path, presses: int) -> None:
    pytest.importorskip("uvicorn")
    port = _free_port()
    command = ["serve", "--port", str(port), "--bot-workers", "2", "--data-dir", str(tmp_path)]
    process = subprocess.Popen(
        [sys.executable, "-m", "noddy", *command],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(paths.SRC)},
        preexec_fn=_at_a_terminal,
    )
    try:
        deadline = time.monotonic() + 180
        while True:
            assert process.poll() is None, process.communicate()
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer within 180 s"
                time.sleep(0.2)
        pressed = time.monotonic()
        for _ in range(presses):
            os.killpg(process.pid, signal.SIGINT)
            time.sleep(0.02)
        _, err = process.communicate(timeout=60)
        assert process.returncode == 128 + signal.SIGINT
        assert time.monotonic() - pressed < STOPPED_WITHIN
        said = err.decode(errors="replace")
        assert "Traceback" not in said and "KeyboardInterrupt" not in said, said[-3000:]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
