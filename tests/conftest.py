"""Set-up shared by every test, and the markers every test file may use:

- ``requires_kernel``: the test needs the compiled kernel. Where it is not built the test skips,
  saying why, unless ``NODDY_REQUIRE_KERNEL`` is set (``make test`` and CI set it): then it fails.
- ``slow`` (declared in pyproject.toml): left out of ``make check``, the quick subset; run first.
- ``full`` (declared in pyproject.toml): a proof's long tail (``helpers.tail``), left out of
  ``make test`` and ``make check``; ``make test-full`` runs it.

With ``--durations`` (as ``make test`` and ``make check`` run) the summary also gives each test
file's cost: the seconds of set-up, call and tear-down of its tests, summed, and of those the CPU
seconds spent in the test's own process and the subprocesses it waited for: a file whose CPU is far
below its seconds is waiting (on a server, the browser, tmux, PostgreSQL).

``make test`` runs the tests in parallel (pytest-xdist, a worker process per core): each worker has
its own temporary folders and, when it runs a PostgreSQL test, its own cluster; the reports (and so
this summary) come back to the one process that prints. A worker that has run its share takes
tests still waiting from the other (``--dist worksteal``), so no test is bound to a worker: a test
makes its own what it needs (its ``tmp_path``, a free port, its own server), never a fixed one.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Generator

import pytest

REQUIRE_KERNEL = "NODDY_REQUIRE_KERNEL"


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # xdist gives its workers the terminal's COLUMNS; a rich console made with it set keeps that
        # width, where the tests run commands under a COLUMNS of their own (as in a serial run).
        os.environ.pop("COLUMNS", None)
        os.environ.pop("LINES", None)
    config.addinivalue_line(
        "markers",
        "requires_kernel: needs the compiled kernel (skips without it; fails without it when"
        f" {REQUIRE_KERNEL} is set, as `make test` sets it)",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow run first, each file's tests in their order (a stable sort): the long
    ones start early and the short ones left at the end even the workers out, where the whole games
    in the browser, among the last files by name, could leave one worker on a game of a minute or
    two while the other had nothing left."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def kernel_missing() -> str:
    """Why the compiled kernel cannot be used here, or ``""`` (read when a marked test starts, so a
    test that hides the extension sees its own answer)."""
    from noddy.kernel import unavailable

    return unavailable()


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("requires_kernel") is None:
        return
    why = kernel_missing()
    if not why:
        return
    if os.environ.get(REQUIRE_KERNEL):
        pytest.fail(f"{REQUIRE_KERNEL} is set but {why}", pytrace=False)
    pytest.skip(why)


FILE_SECONDS: defaultdict[str, float] = defaultdict(float)
FILE_CPU: defaultdict[str, float] = defaultdict(float)
CPU = "cpu seconds"


def cpu_seconds() -> float:
    """The CPU time of this process (all its threads) and of the children it has waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


_CPU_MARK = pytest.StashKey[float]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    item.stash[_CPU_MARK] = cpu_seconds()
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Each phase's report carries the CPU seconds of the phase (from the end of the one before; a
    report's user properties travel from an xdist worker to the process that prints)."""
    report: pytest.TestReport = yield
    now = cpu_seconds()
    report.user_properties.append((CPU, now - item.stash.get(_CPU_MARK, now)))
    item.stash[_CPU_MARK] = now
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    path = report.nodeid.split("::")[0]
    FILE_SECONDS[path] += report.duration
    for name, value in report.user_properties:
        if name == CPU and isinstance(value, float):
            FILE_CPU[path] += value


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if config.getoption("durations", None) is None or not FILE_SECONDS:
        return
    terminalreporter.write_sep("=", "seconds by test file (and CPU seconds of them)")
    for path, seconds in sorted(FILE_SECONDS.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"{seconds:8.1f}s {FILE_CPU[path]:8.1f}s CPU  {path}")
    total, cpu = sum(FILE_SECONDS.values()), sum(FILE_CPU.values())
    terminalreporter.write_line(f"{total:8.1f}s {cpu:8.1f}s CPU  in all")


@pytest.fixture(autouse=True, scope="session")
def _cli_consoles() -> None:
    """Make the CLI's rich consoles before any test, as importing the CLI made them before they were
    made on first use: a test that runs a command under ``COLUMNS`` must not fix every later
    command's width (rich reads ``COLUMNS`` when a console is made)."""
    from noddy.cli import common

    assert common.console is not common.err_console
