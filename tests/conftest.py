"""Set-up shared by every test, and the markers every test file may use:

- ``requires_kernel``: the test needs the compiled kernel. Where it is not built the test skips,
  saying why, unless ``NODDY_REQUIRE_KERNEL`` is set (``make test`` and CI set it): then it fails.
- ``slow`` (declared in pyproject.toml): left out of ``make check``, the quick subset.

With ``--durations`` (as ``make test`` and ``make check`` run) the summary also gives each test
file's cost: the seconds of set-up, call and tear-down of its tests, summed.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

REQUIRE_KERNEL = "NODDY_REQUIRE_KERNEL"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "requires_kernel: needs the compiled kernel (skips without it; fails without it when"
        f" {REQUIRE_KERNEL} is set, as `make test` sets it)",
    )


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


FILE_SECONDS: Counter[str] = Counter()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    FILE_SECONDS[report.nodeid.split("::")[0]] += report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if config.getoption("durations", None) is None or not FILE_SECONDS:
        return
    terminalreporter.write_sep("=", "seconds by test file")
    for path, seconds in FILE_SECONDS.most_common():
        terminalreporter.write_line(f"{seconds:8.1f}s {path}")
    terminalreporter.write_line(f"{sum(FILE_SECONDS.values()):8.1f}s in all")


@pytest.fixture(autouse=True, scope="session")
def _cli_consoles() -> None:
    """Make the CLI's rich consoles before any test, as importing the CLI made them before they were
    made on first use: a test that runs a command under ``COLUMNS`` must not fix every later
    command's width (rich reads ``COLUMNS`` when a console is made)."""
    from noddy.cli import common

    assert common.console is not common.err_console
