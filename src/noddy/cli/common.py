"""What every command shares: the console, rule loading from options, the seat options, help in
plain words, and error reporting."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer._coercion import RuntimeParam, build_runtime_param
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from noddy.errors import NoddyError
from noddy.rules import Rules, load_rules
from noddy.words import rule_set_words, terminal_phrase

__all__ = [
    "COMPUTERS",
    "HUMAN",
    "PartnersOption",
    "PlainCommand",
    "PlainGroup",
    "PlayersOption",
    "Quit",
    "RulesOption",
    "SetOption",
    "ask_line",
    "console",
    "err_console",
    "load",
    "parse_seats",
    "plain_help",
    "print_error",
    "print_table",
    "reporting_errors",
    "rules_title",
    "seats_help",
]

HUMAN = "human"
"""The seat kind of a person at the terminal."""

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    COMPUTERS: tuple[str, ...]
    """The computer players a seat may hold, in every command."""
    console: Console
    """rich's console on standard output, for every command."""
    err_console: Console
    """rich's console on standard error, for errors and notes."""


def __getattr__(name: str) -> Any:
    """`COMPUTERS`, read from the players when first asked for: only the commands that seat
    players load them (and numpy with them); ``noddy score`` never does. `console` and
    `err_console`, made when first asked for: ``noddy score`` prints its count without rich's
    Console (`noddy.cli.plain`), and rich's Console takes a fifth of its start-up."""
    if name == "COMPUTERS":
        from noddy.players import MEASUREMENT, PLAYERS

        return (*PLAYERS, *MEASUREMENT)
    if name in ("console", "err_console"):
        return _console(stderr=name == "err_console")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _console(stderr: bool = False) -> Console:
    """The console on standard output (or error), made the first time it is needed."""
    name = "err_console" if stderr else "console"
    made: Console | None = globals().get(name)
    if made is None:
        from rich.console import Console

        made = Console(stderr=stderr, highlight=False, soft_wrap=True)
        globals()[name] = made
    return made


def seats_help(example: str, human: bool) -> str:
    """The help of ``--seats``, with the same list of seat kinds in every command."""
    computers: tuple[str, ...] = __getattr__("COMPUTERS")
    kinds = ", ".join([HUMAN, *computers] if human else computers)
    return f"Who sits where, one seat kind a player, comma-separated, e.g. {example}. Kinds: {kinds}."


RulesOption = Annotated[
    str,
    typer.Option(
        "--rules", "-r", metavar="RULES", help="A preset name (see 'noddy rules list') or a .toml file."
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set", "-s", metavar="FIELD=VALUE", help="Change one rule, e.g. --set hand.twenty_five=per_card."
    ),
]
PartnersOption = Annotated[
    bool | None,
    typer.Option(
        "--partners/--no-partners",
        help="With 4 players: play in partnerships.",
        show_default="as the rules say",
    ),
]
PlayersOption = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-n",
        metavar="N",
        help="How many players (2, 3 or 4, as the rules allow).",
        show_default="as many as --seats names, else the fewest the rules allow",
    ),
]


def parse_seats(text: str) -> list[str]:
    """The seat kinds of a ``--seats`` list; an empty list or an empty entry is refused."""
    kinds = [kind.strip() for kind in text.split(",")]
    if not any(kinds):
        raise NoddyError(f"--seats {text!r} names no seat: give one seat kind a player, e.g. human,greedy")
    if not all(kinds):
        raise NoddyError(
            f"--seats {text!r} has an empty entry: give one seat kind a player, e.g. human,greedy"
        )
    return kinds


class Quit(Exception):
    """The person at the terminal typed q: stop, keeping what was done."""


def ask_line(prompt: str, help_text: str, quit_words: Sequence[str] = ("q", "quit")) -> str:
    """A line typed at ``prompt`` (rich markup), the help at every prompt of the terminal: ``?``
    shows ``help_text`` (what may be typed there) and asks again; a quit word raises `Quit`."""
    from rich.markup import escape

    console = _console()
    while True:
        text = console.input(prompt).strip()
        if text == "?":
            console.print(f"[dim]{escape(help_text)}[/]", soft_wrap=False)
            continue
        if text.lower() in quit_words:
            raise Quit
        return text


def print_table(table: Table) -> None:
    """Print a table whole: on a terminal it fits the window; elsewhere (a file, a pipe) it takes the
    width it needs, so that no cell is cut short."""
    from rich.console import Console
    from rich.measure import Measurement

    console = _console()
    if console.is_terminal:
        console.print(table)
        return
    width = Measurement.get(console, console.options.update_width(10_000), table).maximum
    Console(file=console.file, width=max(console.width, width), highlight=False).print(table)


def load(spec: str, overrides: list[str] | None) -> Rules:
    return load_rules(spec, overrides or ())


def rules_title(rules: Rules, overrides: Sequence[str] | None, lang: str = "en") -> str:
    """The rule set's title in ``lang``, naming the rules ``--set`` changed (as a house-rules file's
    title says "with house rules"), so that no heading gives changed rules a preset's name alone."""
    title, _ = rule_set_words(rules.name, rules.title or rules.name, rules.summary, lang)
    if not overrides:
        return title
    return terminal_phrase("rules_changed", lang, title=title, changes=", ".join(overrides))


@contextmanager
def reporting_errors() -> Iterator[None]:
    """Turn noddy's errors into a clear message on stderr and exit status 1, losing nothing."""
    try:
        yield
    except NoddyError as exc:
        print_error(str(exc))
        sys.exit(1)


class _AsGiven(RuntimeParam):
    """Typer's coercion of a parameter that takes text, a list of texts or a flag, with a shortcut:
    a value already of that type is kept as it is, as typer's pydantic adapter would keep it, without
    building the adapter; any other value goes typer's own way. (The adapter imports pydantic, which
    took about 40% of ``noddy score``'s start-up.)"""

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        if type(value) is self.annotation:
            return value
        texts = self.annotation == list[str] and isinstance(value, list | tuple)
        if texts and all(type(item) is str for item in value):
            return list(value)
        param._runtime_param = build_runtime_param(param.type_descriptor)
        return param._runtime_param._coerce_value(value, param=param, ctx=ctx)


def _coerce_as_given(param: TyperOption | TyperArgument) -> None:
    """Give ``param`` the `_AsGiven` coercion if it takes text, a list of texts or a flag."""
    described = param.type_descriptor
    plain = described.file_annotation is None and described.parameter_info.parser is None
    if param._runtime_param is None and plain and described.annotation in (str, bool, list[str]):
        param._runtime_param = _AsGiven(described.parameter_info, described.annotation)


class _PlainOption(TyperOption):
    """An option whose help names its value in words (``N``, ``FILE``), not as a Python type
    (``<int>``), a flag's not at all, and shows a default given in words as ``[default: X]``; its text
    or flag is parsed without pydantic (`_coerce_as_given`)."""

    def get_runtime_param(self) -> RuntimeParam:
        _coerce_as_given(self)
        return super().get_runtime_param()

    def display_type_rich(self, ctx: Any) -> str | None:
        return "" if self.is_flag else self.metavar or (self.name or "value").upper()

    def _get_default_string(self, *, ctx: Any, show_default_is_str: bool, default_value: Any) -> str:
        if show_default_is_str:
            return str(self.show_default)
        return super()._get_default_string(
            ctx=ctx, show_default_is_str=show_default_is_str, default_value=default_value
        )


class _PlainArgument(TyperArgument):
    """An argument whose help shows its name only, not a Python type; its text is parsed without
    pydantic (`_coerce_as_given`)."""

    def get_runtime_param(self) -> RuntimeParam:
        _coerce_as_given(self)
        return super().get_runtime_param()

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


def _plain(params: list[Any]) -> list[Any]:
    """``params`` (typer's own, built for a command) with help in plain words."""
    for param in params:
        if type(param) is TyperOption:
            param.__class__ = _PlainOption
        elif type(param) is TyperArgument:
            param.__class__ = _PlainArgument
    return params


class PlainCommand(TyperCommand):
    """A command whose help shows no Python type tags, and whose text options and flags are parsed
    without pydantic."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))


class PlainGroup(TyperGroup):
    """A group of commands whose help shows no Python type tags."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))


def plain_help(app: typer.Typer) -> None:
    """Give ``app``, its commands and its groups (all the way down) help without type tags."""
    app.info.cls = PlainGroup
    for command in app.registered_commands:
        command.cls = PlainCommand
    for group in app.registered_groups:
        group.cls = PlainGroup
        if group.typer_instance is not None:
            plain_help(group.typer_instance)


def print_error(message: str) -> None:
    """Print ``message`` as an error on stderr, word for word (square brackets are not markup)."""
    from rich.markup import escape

    _console(stderr=True).print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
