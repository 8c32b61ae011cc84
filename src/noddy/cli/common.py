"""What every command shares: the console, rule loading from options, and error reporting."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console

from noddy.errors import NoddyError
from noddy.rules import Rules, load_rules

__all__ = ["PartnersOption", "RulesOption", "SetOption", "console", "err_console", "load", "reporting_errors"]

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)

RulesOption = Annotated[
    str, typer.Option("--rules", "-r", help="A preset name (see 'noddy rules list') or a .toml file.")
]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", help="Change one rule, e.g. --set hand.twenty_five=per_card."),
]
PartnersOption = Annotated[
    bool | None, typer.Option("--partners/--no-partners", help="With 4 players: play in partnerships.")
]


def load(spec: str, overrides: list[str] | None) -> Rules:
    return load_rules(spec, overrides or ())


@contextmanager
def reporting_errors() -> Iterator[None]:
    """Turn noddy's errors into a clear message on stderr and exit status 1, losing nothing."""
    try:
        yield
    except NoddyError as exc:
        err_console.print(f"[bold red]error:[/] {exc}", markup=True, soft_wrap=True)
        sys.exit(1)
