"""What every command shares: the console, rule loading from options, the options every command
spells alike, and error reporting; and the conventions every command is held to
(``tests/cli/test_conventions.py`` walks the typer app, so a new command is held to them too):

- **Options.** The same option is spelled the same way in every command, short form included:
  ``--rules/-r``, ``--set/-s``, ``--players/-n`` (``-n`` is always a number of players, never
  anything else), ``--seats``, ``--seed``, ``--lang``, ``--json``. ``--lang`` defaults everywhere
  to the rule set's own language (`language`): English for every preset but ``french``.
  One old spelling is still read: ``simulate --players KINDS`` (a list of seat kinds, from before
  ``--seats``), with a note, since a script written then would otherwise stop; ``train -n`` (now
  ``--questions`` alone) and ``simulate -p`` are gone, refused as unknown options.
- **Help.** Every argument and every option that takes a value names it by a metavar in capitals
  (``CARDS``, ``FILE``, ``RULES``, ``N``), or lists its few choices (``auto|kernel|python``); a flag
  names none. (typer writes an argument's Python type beside its name, ``CARDS <str>``: nothing in
  typer's public API hides it.)
- **Errors.** One line on stderr, ``error: <what was wrong and what would be right>``, never
  typer's boxed error nor a traceback (`run_reporting_errors`, for the whole app). Exit status 2
  when the command line is wrong: an unknown command or option, a missing argument, a value of the
  wrong kind, or outside what the option allows, whether typer finds it or the command does
  (`usage_error`); then the line ends by naming the command's help. Exit status 1 when the command
  could not do its work: what the game, a rules file, a record or another file refuses (a
  `NoddyError`, raised inside `reporting_errors`). The line is in the command's language once it
  is known (``--lang``, else the rule set's own: `language`), its words and its ``error:`` alike
  (``erreur : …`` in French, from `noddy.words`); click's own errors (an unknown option, a missing
  argument, a value of the wrong kind: words click makes, which only a private API could change)
  are said wholly in English, so that no line mixes the two. The rules layer's errors (an unknown
  rule set, a bad field) are English words, after the language's ``error:``.
- **Text from outside.** Everything a command shows goes through `console` or `err_console`, which
  write out the control characters of text from a file or a client (`_terminal_console`), and
  its JSON through `json_line`: no escape sequence in a rules file, a record or an argument
  reaches the terminal.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

from noddy.errors import NoddyError
from noddy.rules import Rules, load_rules
from noddy.words import LANGUAGES, command_phrase, rule_set_words, say_error, terminal_phrase

__all__ = [
    "COMPUTERS",
    "HUMAN",
    "LangOption",
    "NoddyCommand",
    "NoddyGroup",
    "PartnersOption",
    "PlayersOption",
    "Quit",
    "RulesOption",
    "SetOption",
    "ask_line",
    "console",
    "err_console",
    "json_line",
    "language",
    "load",
    "parse_seats",
    "print_error",
    "print_table",
    "reporting_errors",
    "rules_title",
    "run_reporting_errors",
    "seats_help",
    "usage_error",
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
    `err_console`, made when first asked for: a command's help, or an error found while reading the
    command line, never imports rich's Console."""
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
        made = _terminal_console()(stderr=stderr, highlight=False, soft_wrap=True)
        globals()[name] = made
    return made


@cache
def _terminal_console() -> type[Console]:
    """rich's `Console` that writes out the control characters of the text it shows
    (`noddy.textdata.printable`): the one place where text from a file or a client (a rules file's
    title and notes, a record's names, a path, a bad card quoted in an error) meets the terminal,
    so none carries an escape sequence there (rich drops BEL, BS and CR, but not ESC or C1). A
    string is written out before it is laid out (`render_str`), so a table measures what it
    shows; `render` writes out what any other renderable made (a progress bar's description)."""
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.segment import Segment
    from rich.text import Text

    from noddy.textdata import printable

    class TerminalConsole(Console):
        def render_str(self, text: str, **options: Any) -> Text:
            return super().render_str(printable(text), **options)

        def render(
            self, renderable: RenderableType, options: ConsoleOptions | None = None
        ) -> Iterator[Segment]:
            for segment in super().render(renderable, options):
                # A control segment is rich's own (cursor moves of a live display), not the text's.
                shown = segment.text if segment.control else printable(segment.text)
                yield segment if shown == segment.text else Segment(shown, segment.style)

    return TerminalConsole


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


_SPOKEN: list[str] = []
"""The language the command under way speaks, once known (`language`, or ``--lang`` as read): the
language its errors are said in."""


def _speak(lang: str) -> str:
    """Say the command's errors in ``lang`` from now on; ``lang`` back."""
    _SPOKEN[:] = [lang]
    return lang


def _spoken() -> str:
    """The language the command's errors are said in: the one it speaks, English until known."""
    return _SPOKEN[0] if _SPOKEN else "en"


def _known_language(lang: str | None) -> str | None:
    """``--lang`` as given, refused (exit status 2) unless noddy speaks it."""
    if lang is not None and lang not in LANGUAGES:
        usage_error(command_phrase("lang.unknown", "en", given=repr(lang), langs=" and ".join(LANGUAGES)))
    return _speak(lang) if lang is not None else None


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help=f"Language: {' or '.join(LANGUAGES)}.",
        show_default="the rule set's own language",
        callback=_known_language,
    ),
]


def language(lang: str | None, rules: Rules | None) -> str:
    """The language a command speaks: ``--lang`` if given, else the rule set's own (English for a
    command with no rule set); its errors are said in it from now on."""
    return _speak(lang or (rules.language if rules is not None else "en"))


def parse_seats(text: str, lang: str = "en") -> list[str]:
    """The seat kinds of a ``--seats`` list; an empty list or an empty entry is refused in ``lang``
    (exit status 2)."""
    kinds = [kind.strip() for kind in text.split(",")]
    if not any(kinds):
        usage_error(command_phrase("seats.none", lang, seats=repr(text)))
    if not all(kinds):
        usage_error(command_phrase("seats.empty", lang, seats=repr(text)))
    return kinds


class Quit(Exception):
    """The person at the terminal typed q: stop, keeping what was done."""


def ask_line(prompt: str, help_text: str) -> str:
    """A line typed at ``prompt`` (rich markup), the help at every prompt of the terminal: ``?`` (or
    help, aide) shows ``help_text`` (what may be typed there) and asks again; a quit word (q, quit,
    exit, quitter) raises `Quit`."""
    from rich.markup import escape

    from noddy.words import is_help_word, is_quit_word

    console = _console()
    while True:
        text = console.input(prompt).strip()
        if is_help_word(text):
            console.print(f"[dim]{escape(help_text)}[/]", soft_wrap=False)
            continue
        if is_quit_word(text):
            raise Quit
        return text


def print_table(table: Table) -> None:
    """Print a table whole: on a terminal it fits the window; elsewhere (a file, a pipe) it takes the
    width it needs, so that no cell is cut short."""
    from rich.measure import Measurement

    console = _console()
    if console.is_terminal:
        console.print(table)
        return
    width = Measurement.get(console, console.options.update_width(10_000), table).maximum
    _terminal_console()(file=console.file, width=max(console.width, width), highlight=False).print(table)


def json_line(data: Any) -> str:
    """``data`` as a line of JSON for standard output, its text as given (not ASCII-escaped) but
    for the characters a terminal would act on, escaped (`noddy.textdata.printable_data`)."""
    import json

    from noddy.textdata import printable_data

    return printable_data(json.dumps(data, ensure_ascii=False))


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
        print_error(say_error(exc, _spoken()))
        sys.exit(1)


def _interrupted(_signum: int, _frame: FrameType | None) -> None:
    """Ctrl+C: the command stops (`KeyboardInterrupt`, exit 130), and a Ctrl+C after it is ignored:
    a second one, raised inside the first's stopping (a pool's shutdown, the interpreter's exit),
    broke it (``noddy simulate`` hung, with a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # not a Python handler: the interpreter's exit drops those
    _CTRL_C_IGNORED.add(True)
    raise KeyboardInterrupt


_CTRL_C_IGNORED: set[bool] = set()
"""Holds True once `_interrupted` has ignored Ctrl+C (a shell's background job ignores it too)."""


def listen_for_ctrl_c() -> None:
    """Let the next Ctrl+C stop the command (`_interrupted`): at its start, and again where a
    command takes a Ctrl+C as an answer and goes on. Only in the main thread, where Ctrl+C is
    Python's own or noddy's (never where it is ignored, as in a shell's background job, or a host's:
    a test's)."""
    if threading.current_thread() is not threading.main_thread():
        return
    heard = signal.getsignal(signal.SIGINT)
    if heard in (signal.default_int_handler, _interrupted) or (heard == signal.SIG_IGN and _CTRL_C_IGNORED):
        _CTRL_C_IGNORED.clear()
        signal.signal(signal.SIGINT, _interrupted)


def _heard(_signum: int, _frame: FrameType | None) -> None:
    """A Ctrl+C that a server (uvicorn) stopped on, handed on to this handler when it has stopped:
    kept, to exit 130 (raised there, it broke the server's last steps with a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _CTRL_C_IGNORED.add(True)


@contextmanager
def stopped_by_ctrl_c() -> Iterator[None]:
    """Run a server that stops by itself on Ctrl+C (uvicorn), then exit 130 if Ctrl+C stopped it."""
    heard = signal.getsignal(signal.SIGINT)
    if heard is _interrupted:
        signal.signal(signal.SIGINT, _heard)
    yield
    if _CTRL_C_IGNORED:
        raise typer.Exit(128 + signal.SIGINT)


class NoddyCommand(TyperCommand):
    """A command held to the conventions of the module docstring, given to typer as every command's
    ``cls``: a flag's help shows no value to give (typer writes ``<bool>`` beside a flag that takes
    none)."""

    def get_params(self, ctx: typer.Context) -> list[Any]:  # type: ignore[override]
        return _flags_take_no_value(super().get_params(ctx))


class NoddyGroup(TyperGroup):
    """A group of commands held to the same conventions (`NoddyCommand`)."""

    def get_params(self, ctx: typer.Context) -> list[Any]:  # type: ignore[override]
        return _flags_take_no_value(super().get_params(ctx))


def _flags_take_no_value(params: list[Any]) -> list[Any]:
    """``params`` with every flag's metavar (click's public attribute, what help writes for the value)
    made empty: a flag takes no value, so help names none."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class CommandLineError(typer.BadParameter):
    """What was typed cannot be taken (exit status 2): typer's own kind of usage error, so that typer
    gives it the command it was raised in, said in noddy's words alone (no "Invalid value:")."""

    def format_message(self) -> str:
        return self.message


def usage_error(message: str) -> NoReturn:
    """Refuse the command line as typed (exit status 2), ``message`` saying what was wrong and what
    would be right, e.g. ``--port 99999: give a port from 1 to 65535``. For the checks a command
    makes itself on its options and arguments; what the game, a rules file, a record or another
    file refuses is a `NoddyError` (exit status 1)."""
    raise CommandLineError(message)


def run_reporting_errors(command: Callable[[], Any]) -> int:
    """Run ``command`` (a click command's ``main`` in its non-standalone mode) and give its exit
    status, every error said one way: one ``error:`` line on stderr, status 2 when the command line
    is wrong (typer's checks and `usage_error`), 1 when the command could not do its work (a
    `NoddyError`, or typer's other errors); never typer's boxed error, never a traceback."""
    _SPOKEN.clear()
    try:
        result = command()
        sys.stdout.flush()  # output held in the buffer is written now, while its failure can be said
    except OSError as exc:
        if exc.errno not in _UNWRITABLE:
            raise
        # What is left in the buffer would fail again at the interpreter's exit, with a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print_error(command_phrase("output.unwritable", _spoken(), reason=exc.strerror))
        return 1
    except typer.TyperException as exc:
        code = exc.exit_code
        message = exc.format_message()
        if code == 2 and not message.strip():
            return 2  # no arguments at all: typer has printed the help, as asked (no_args_is_help)
        context = getattr(exc, "ctx", None)
        path = getattr(context, "command_path", None)
        # A command's own check speaks its language; click's words are English, and so their line.
        lang = _spoken() if isinstance(exc, CommandLineError) else "en"
        if code == 2 and path:
            message = command_phrase("see_help", lang, message=message.rstrip("."), command=path)
        print_error(_lower_first(message), lang)
        return code
    except NoddyError as exc:
        print_error(say_error(exc, _spoken()))
        return 1
    except typer.Abort as exc:
        if isinstance(exc.__cause__, KeyboardInterrupt):
            return 128 + signal.SIGINT  # click has ended the line; Ctrl+C needs no more words
        print_error(command_phrase("aborted", _spoken()))
        return 1
    return result if isinstance(result, int) else 0


_UNWRITABLE = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}
"""The errors of writing the output that the command says in a line (a full disk, ``> /dev/full``)."""


def _lower_first(message: str) -> str:
    """typer's messages as noddy's are written: a lower-case start ("no such option: --x"), where
    the first word is not a name in capitals."""
    if len(message) > 1 and message[0].isupper() and message[1].islower():
        return message[0].lower() + message[1:]
    return message


def print_error(message: str, lang: str | None = None) -> None:
    """Print ``message`` as an error on stderr, word for word (square brackets are not markup),
    after "error:" in ``lang`` (by default the language the command speaks, `language`)."""
    from rich.markup import escape

    prefix = escape(command_phrase("error", lang or _spoken()))
    _console(stderr=True).print(f"[bold red]{prefix}[/] {escape(message)}", soft_wrap=True)
