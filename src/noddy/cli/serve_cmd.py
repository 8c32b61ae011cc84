"""``noddy serve``: the web app (lobby and tables) on a local address, persisted in a database."""

from __future__ import annotations

import ipaddress
import math
import os
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape

from noddy.cli.common import LangOption, console, language, reporting_errors, stopped_by_ctrl_c, usage_error
from noddy.errors import NoddyError, quoted
from noddy.words import command_phrase, need_extra

if TYPE_CHECKING:
    import socket

    import uvicorn

__all__ = ["serve"]


def serve(
    host: Annotated[
        str | None,
        typer.Option(
            "--host",
            metavar="HOST",
            help="The address to listen on.",
            show_default="127.0.0.1; with --lan, 0.0.0.0: every address",
        ),
    ] = None,
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
    bot_cluster: Annotated[
        str | None,
        typer.Option(
            "--bot-cluster",
            metavar="ADDRESS",
            help="A dask scheduler's address: computer players think on its cluster.",
            show_default="NODDY_BOT_CLUSTER, else the local worker processes",
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
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help="Serve the phones of this network (a laptop's hotspot at a camp, no internet needed):"
            " listen on every address, print the one a phone opens and show its QR code in the lobby."
            " Anyone on the network can sit at an open table: only on a network you trust.",
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Play in the browser: tables for 2-4 players and computer seats; a restart loses nothing."""
    with reporting_errors():
        lang = language(lang, None)
        _check_address(port, bot_delay, proxy, lang)
        if db is not None and data is not None:
            usage_error(command_phrase("serve.db_twice", lang))
        need_extra("web", "noddy serve")
        if lan:
            _check_lan(host, proxy, lang)
        host = host or ("0.0.0.0" if lan else "127.0.0.1")
        from noddy.web import create_app, server_options
        from noddy.web.bots import default_workers
        from noddy.web.lan import Lan, in_url
        from noddy.web.store import default_url

        workers = default_workers() if bot_workers is None else bot_workers
        url = db or default_url(data)
        cluster = bot_cluster or os.environ.get("NODDY_BOT_CLUSTER") or None
        if cluster is not None:
            need_extra("dask", "noddy serve --bot-cluster")
            _check_cluster(cluster, lang)
        on_lan = Lan(host, port) if lan else None
        app = create_app(url, bot_delay=bot_delay, bot_workers=workers, bot_cluster=cluster, lan=on_lan)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else in_url(host)
    address = escape(f"http://{shown}:{port}/")
    console.print(command_phrase("serve.serving", lang, address=f"[bold cyan]{address}[/]", db=escape(url)))
    console.print(command_phrase("serve.open", lang))
    if on_lan is not None:
        _say_lan(on_lan.urls(), address, lang)
    with stopped_by_ctrl_c():
        _server(app, server_options(host, port, proxy)).run()


def _server(app: Any, options: dict[str, Any]) -> uvicorn.Server:
    """uvicorn's server of ``app``, stopped once, by the first Ctrl+C (or SIGTERM), within 0.5 s:
    uvicorn forces its stop on a second, which left the app's lifespan mid-way, with a traceback."""
    import uvicorn

    from noddy.web import collect_as_a_server

    class StoppedOnce(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if not self.should_exit:
                super().handle_exit(sig, frame)

        def run(self, sockets: list[socket.socket] | None = None) -> None:
            collect_as_a_server()
            super().run(sockets)

    return StoppedOnce(uvicorn.Config(app, **options))


def _check_address(port: int, bot_delay: float | None, proxy: str | None, lang: str) -> None:
    """Refuse, before anything starts, a port no socket can have (uvicorn would listen elsewhere
    than the address announced), a delay that is no length of time, and a proxy that is not an
    address: each would be taken silently and do something else."""
    if not 1 <= port <= 65_535:
        usage_error(command_phrase("serve.port", lang, port=port))
    if bot_delay is not None and not (math.isfinite(bot_delay) and bot_delay >= 0):
        usage_error(command_phrase("serve.bot_delay", lang, delay=bot_delay))
    if proxy is None or proxy.strip() == "*":
        return
    for entry in (entry.strip() for entry in proxy.split(",")):
        if not _is_network(entry):
            usage_error(command_phrase("serve.proxy", lang, proxy=repr(proxy), entry=repr(entry)))


def _check_lan(host: str | None, proxy: str | None, lang: str) -> None:
    """Refuse ``--lan`` where no phone could follow it: on an address only this machine reaches, or
    behind a proxy (the address shown would go round it)."""
    from noddy.web.lan import loopback

    if host is not None and loopback(host):
        usage_error(command_phrase("serve.lan_loopback", lang, host=repr(host)))
    if proxy is not None:
        usage_error(command_phrase("serve.lan_proxy", lang))


def _say_lan(urls: list[str], address: str, lang: str) -> None:
    """Where the phones of the network join (the first address, its QR code in the lobby; the others
    if it does not open), or that none was found yet; and who can then sit down."""
    if urls:
        first = escape(urls[0])
        console.print(command_phrase("serve.lan_join", lang, url=f"[bold cyan]{first}[/]"))
        if len(urls) > 1:
            console.print(command_phrase("serve.lan_others", lang, urls=escape(", ".join(urls[1:]))))
    else:
        console.print(command_phrase("serve.lan_none", lang, address=address))
    console.print(command_phrase("serve.lan_trust", lang))


def _check_cluster(address: str, lang: str) -> None:
    """Refuse, before anything starts, a ``--bot-cluster`` where no dask scheduler answers: the
    server would fail in its start-up with a traceback, or play without its computers."""
    from noddy.web.cluster import scheduler_refusal

    why = scheduler_refusal(address)
    if why:
        raise NoddyError(command_phrase("serve.cluster", lang, address=quoted(address), why=why))


def _is_network(text: str) -> bool:
    """Whether ``text`` is an IP address or network, as uvicorn reads a trusted proxy."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        return False
    return True
