"""The ``noddy`` command: rules, scoring, analysis, play, replay, simulate, serve.

Each command's module is imported only when that command runs (or help lists it), so ``noddy score``
never loads numpy, matplotlib, dask, FastAPI or SQLAlchemy, and starts within 1.3x of the smallest
typer + rich program that prints the same table (``bench/startup_floor.py``, ``bench/README.md``).
"""

import gc
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Annotated, Any

import typer
from typer.main import get_command

from noddy import __version__
from noddy.cli.common import LangOption, NoddyCommand, NoddyGroup, listen_for_ctrl_c, run_reporting_errors

__all__ = ["app", "main"]

COMMANDS = {
    "score": ("noddy.cli.score_cmd", "score"),
    "play": ("noddy.cli.play_cmd", "play"),
    "replay": ("noddy.cli.play_cmd", "replay"),
    "serve": ("noddy.cli.serve_cmd", "serve"),
    "simulate": ("noddy.cli.simulate_cmd", "simulate"),
    "train": ("noddy.cli.train_cmd", "train"),
    "advise": ("noddy.cli.advise_cmd", "advise_command"),
    "review": ("noddy.cli.review_cmd", "review"),
}
"""Commands by name: the module and function that make each, loaded when the command is asked for."""

GROUPS = {
    "rules": ("noddy.cli.rules_cmd", "app"),
    "analyze": ("noddy.cli.analyze_cmd", "app"),
}
"""Groups of commands by name, loaded likewise; help lists them after the commands, as typer does."""


class LazyGroup(NoddyGroup):
    """The ``noddy`` group: lists every command, and imports a command's module only when asked;
    the conventions of `noddy.cli.common` all the way down, errors said its one way."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run as click's ``main`` does, every error said one way (`run_reporting_errors`) and the
        process ended with its status; ``standalone_mode=False`` keeps click's own behaviour."""

        def run() -> Any:
            return super(LazyGroup, self).main(args, prog_name, complete_var, False, **extra)

        if not standalone_mode:
            return run()
        sys.exit(run_reporting_errors(run))

    def list_commands(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        own = super().list_commands(ctx)
        return [*COMMANDS, *own, *(name for name in GROUPS if name not in own)]

    def get_command(self, ctx: typer.Context, cmd_name: str) -> typer.core.TyperCommand | None:  # type: ignore[override]
        if cmd_name not in self.commands and (cmd_name in COMMANDS or cmd_name in GROUPS):
            self.commands[cmd_name] = _load(cmd_name)
        return super().get_command(ctx, cmd_name)  # type: ignore[return-value]


def _load(name: str) -> typer.core.TyperCommand:
    """The command (or group) ``name``, made by typer's public ``get_command`` from an app holding
    only what its module gives (the root's completion options are the root's alone)."""
    module, attribute = GROUPS[name] if name in GROUPS else COMMANDS[name]
    made = getattr(import_module(module), attribute)
    holder = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    if name in GROUPS:
        holder.add_typer(made, name=name, cls=NoddyGroup)
        group: typer.core.TyperCommand = get_command(holder).commands[name]  # type: ignore[attr-defined]
        return group
    holder.command(name, cls=NoddyCommand)(made)
    command: typer.core.TyperCommand = get_command(holder)  # type: ignore[assignment]
    return command


app = typer.Typer(
    cls=LazyGroup,
    help="Noddy (1589) and its family, from Willughby's Nodde to modern Cribbage.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from noddy.cli.common import console

        console.print(f"noddy {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """Noddy (1589) and its family, from Willughby's Nodde to modern Cribbage."""


@app.command(cls=NoddyCommand)
def demo(lang: LangOption = None) -> None:
    """What noddy can do so far: the rule sets, and a hand counted as a player calls it."""
    from noddy.cli.common import console, language
    from noddy.cli.rules_cmd import list_rules
    from noddy.cli.score_cmd import score
    from noddy.words import command_phrase

    lang = language(lang, None)
    list_rules(lang)
    console.print()
    score("Jh 4d 5d", "6h", "noddy-rules", lang=lang)
    console.print()
    console.print(command_phrase("demo.try", lang))


def main() -> None:
    """The ``noddy`` command. When it ends, every object it made is frozen out of the interpreter's
    last garbage collections (`gc.freeze`): the process's exit frees them all anyway, and those
    collections walk every object, slowly once dask is loaded (from `noddy simulate`'s report to
    the process's end, under a load of 5: 0.85 s with ``--dask``, 0.1 s frozen; 0.26 s and 0.02 s
    with one worker), time no core spends on games."""
    listen_for_ctrl_c()
    try:
        app()
    finally:
        gc.freeze()


if __name__ == "__main__":
    main()
