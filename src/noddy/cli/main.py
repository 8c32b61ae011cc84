"""The ``noddy`` command: rules, scoring, analysis (and, as they come, play, replay, simulate, serve)."""

from __future__ import annotations

from typing import Annotated

import typer

from noddy import __version__
from noddy.cli import analyze_cmd, rules_cmd
from noddy.cli.common import console, plain_help
from noddy.cli.play_cmd import play, replay
from noddy.cli.score_cmd import score
from noddy.cli.serve_cmd import serve
from noddy.cli.simulate_cmd import simulate

app = typer.Typer(
    help="Noddy (1589) and its family, from Willughby's Nodde to modern Cribbage.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(rules_cmd.app, name="rules")
app.add_typer(analyze_cmd.app, name="analyze")
app.command()(score)
app.command()(play)
app.command()(replay)
app.command()(serve)
app.command()(simulate)


def _version(value: bool) -> None:
    if value:
        console.print(f"noddy {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """Noddy (1589) and its family, from Willughby's Nodde to modern Cribbage."""


@app.command()
def demo() -> None:
    """What noddy can do so far: the rule sets, and a hand counted as a player calls it."""
    rules_cmd.list_rules()
    console.print()
    score("Jh 4d 5d", "6h", "noddy-rules")
    console.print()
    console.print(
        "Try: [bold]noddy rules show willughby[/], [bold]noddy rules compare willughby cribbage[/],"
        ' [bold]noddy score "5h 5d 5c Js" -t 5s -r cribbage[/],'
        " [bold]noddy analyze hands -r cribbage[/]  (all commands: [bold]noddy --help[/])"
    )


plain_help(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
