"""``noddy serve``: the web app (lobby and tables) on a local address, persisted in a database."""

from __future__ import annotations

import ipaddress
import math
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from noddy.cli.common import console, reporting_errors, usage_error

__all__ = ["serve"]


def serve(
    host: Annotated[
        str, typer.Option("--host", metavar="HOST", help="The address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help="The port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="A SQLAlchemy URL.",
            show_default="NODDY_DATABASE_URL, else noddy.db in --data-dir",
        ),
    ] = None,
    data: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            metavar="FOLDER",
            help="Keep the tables in FOLDER/noddy.db (the folder is made if missing).",
            show_default="$XDG_DATA_HOME/noddy, else ~/.local/share/noddy (on Linux)",
        ),
    ] = None,
    bot_delay: Annotated[
        float | None,
        typer.Option(
            "--bot-delay",
            metavar="SECONDS",
            help="Seconds a computer player waits before acting.",
            show_default="0.8",
        ),
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            "--bot-workers",
            metavar="N",
            min=0,
            help="Worker processes computer players think in (0: a thread of the server).",
            show_default="NODDY_BOT_WORKERS, else one per CPU",
        ),
    ] = None,
    proxy: Annotated[
        str | None,
        typer.Option(
            "--proxy",
            metavar="ADDRESS",
            help="Your reverse proxy's address: trust its X-Forwarded-For headers.",
            show_default="trust none",
        ),
    ] = None,
) -> None:
    """Play in the browser: tables for 2-4 players and computer seats; a restart loses nothing."""
    import uvicorn

    from noddy.web import create_app, server_options
    from noddy.web.bots import default_workers
    from noddy.web.store import default_url

    workers = default_workers() if bot_workers is None else bot_workers
    with reporting_errors():
        _check_address(port, bot_delay, proxy)
        if db is not None and data is not None:
            usage_error("give --db or --data-dir, not both: --db names the whole database")
        url = db or default_url(data)
        app = create_app(url, bot_delay=bot_delay, bot_workers=workers)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    address = escape(f"http://{shown}:{port}/")
    console.print(f"[bold]noddy[/] is serving at [bold cyan]{address}[/]  (database: {escape(url)})")
    console.print("Open that address in your browser; press Ctrl+C to stop.")
    uvicorn.run(app, **server_options(host, port, proxy))


def _check_address(port: int, bot_delay: float | None, proxy: str | None) -> None:
    """Refuse, before anything starts, a port no socket can have (uvicorn would listen elsewhere
    than the address announced), a delay that is no length of time, and a proxy that is not an
    address: each would be taken silently and do something else."""
    if not 1 <= port <= 65_535:
        usage_error(f"--port {port}: give a port from 1 to 65535, e.g. 8000")
    if bot_delay is not None and not (math.isfinite(bot_delay) and bot_delay >= 0):
        usage_error(f"--bot-delay {bot_delay}: give the seconds as a number from 0 up, e.g. 0.8")
    if proxy is None or proxy.strip() == "*":
        return
    for entry in (entry.strip() for entry in proxy.split(",")):
        if not _is_network(entry):
            usage_error(
                f"--proxy {proxy!r}: {entry!r} is not an IP address or network; give your"
                " reverse proxy's address, e.g. 127.0.0.1 (several comma-separated, or * for any)"
            )


def _is_network(text: str) -> bool:
    """Whether ``text`` is an IP address or network, as uvicorn reads a trusted proxy."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        return False
    return True
