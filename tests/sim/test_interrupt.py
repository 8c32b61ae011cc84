"""Any number of games runs in bounded memory and stops at the first Ctrl+C: at most a few tasks
wait on the executor at once, and ``noddy simulate`` stopped by SIGINT (sent to a real process)
ends promptly, saying so, leaving no worker behind."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from concurrent.futures import Executor, Future
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

import paths
from noddy.rules import load_rules
from noddy.sim import iter_games

SRC = paths.SRC
ABSURD = 10**20


class CountingExecutor(Executor):
    """Runs each task at once, in this process, and counts the tasks sent whose results have not
    been taken yet; it refuses to hold more than ``limit`` (as memory would, sooner or later)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.waiting = 0
        self.most = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.waiting >= self.limit:
            raise MemoryError(f"more than {self.limit} tasks sent at once")
        executor = self

        class Taken(Future[Any]):
            def result(self, timeout: float | None = None) -> Any:
                executor.waiting -= 1
                return super().result(timeout)

        future = Taken()
        future.set_result(fn(*args, **kwargs))
        self.waiting += 1
        self.most = max(self.most, self.waiting)
        return future


def test_an_absurd_number_of_games_keeps_few_tasks_waiting() -> None:
    executor = CountingExecutor(limit=1000)
    rules = load_rules("willughby")
    games = iter_games(rules, ["greedy", "random"], ABSURD, 1, executor=executor, chunk=2, ahead=3)
    first = list(islice(games, 10))
    assert [g.index for g in sorted(first, key=lambda g: g.index)][:2] == [0, 1]
    assert executor.most <= 3


def _started(*seats: str) -> tuple[subprocess.Popen[bytes], int]:
    """``noddy simulate`` of an absurd number of games on two workers (``seats``, else the default
    ones), its progress on a terminal (a pty)."""
    main, terminal = pty.openpty()

    def own_group() -> None:
        os.setpgrp()
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    process = subprocess.Popen(
        [sys.executable, "-m", "noddy", "simulate", "--games", str(ABSURD), "--workers", "2"]
        + (["--seats", ",".join(seats)] if seats else []),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=terminal,
        env={**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "120"},
        preexec_fn=own_group,
    )
    os.close(terminal)
    return process, main


def _read_until(fd: int, pattern: str | None, seconds: float) -> str:
    """What the terminal showed until ``pattern`` appeared (``None``: until every process holding
    the terminal, the command's workers too, had closed it); fails if not within ``seconds``."""
    seen = b""
    deadline = time.monotonic() + seconds
    while pattern is None or not re.search(pattern, seen.decode(errors="replace")):
        left = deadline - time.monotonic()
        assert left > 0, f"{pattern!r} not shown within {seconds} s; shown: {seen[-500:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk and pattern is None:
                break
            assert chunk, f"the terminal closed before {pattern!r}; shown: {seen[-500:]!r}"
            seen += chunk
    return seen.decode(errors="replace")


def test_the_first_ctrl_c_stops_an_absurd_simulation_at_once() -> None:
    process, terminal = _started()
    try:
        _read_until(terminal, r"\b[1-9]\d*/10000000", 180)
        status = Path(f"/proc/{process.pid}/status").read_text()
        rss = int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]
        assert rss < 300_000, f"{rss} kB while playing"
        process.send_signal(signal.SIGINT)
        stopped = time.monotonic()
        shown = _read_until(terminal, None, 10)
        assert process.wait(timeout=10) == 128 + signal.SIGINT
        assert time.monotonic() - stopped < 10
        assert re.search(r"Stopped after [\d,]+ of [\d,]+ games, as asked", shown), shown[-500:]
        assert "Traceback" not in shown and "Warning" not in shown, shown[-3000:]
        assert process.stdout is not None and process.stdout.read() == b""
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(terminal)


STOPPED_WITHIN = 5.0
"""Seconds from Ctrl+C to the command's end: it takes 0.1-0.2 s; this bound holds on a loaded
two-core machine (a correctness bound: before, a second Ctrl+C hung it for ever)."""


@pytest.mark.parametrize("presses", [1, 2, 5])
def test_ctrl_c_however_often_stops_greedy_players_at_once(presses: int) -> None:
    process, terminal = _started("greedy", "greedy")
    try:
        _read_until(terminal, r"\b[1-9]\d*/10000000", 180)
        pressed = time.monotonic()
        for _ in range(presses):
            os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl+C: every process of the group
            time.sleep(0.02)
        shown = _read_until(terminal, None, 30)
        assert process.wait(timeout=30) == 128 + signal.SIGINT
        assert time.monotonic() - pressed < STOPPED_WITHIN
        assert re.search(r"Stopped after [\d,]+ of [\d,]+ games, as asked", shown), shown[-500:]
        assert "Traceback" not in shown and "Exception ignored" not in shown, shown[-3000:]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(terminal)
