"""Set-up shared by every test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _cli_consoles() -> None:
    """Make the CLI's rich consoles before any test, as importing the CLI made them before they were
    made on first use: a test that runs a command under ``COLUMNS`` must not fix every later
    command's width (rich reads ``COLUMNS`` when a console is made)."""
    from noddy.cli import common

    assert common.console is not common.err_console
