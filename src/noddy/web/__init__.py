"""The web app: lobby, tables for 2-4 players and computer seats, persisted so that nothing is lost."""

import gc
from typing import Any

from noddy.web.app import create_app
from noddy.web.connection import Limits

__all__ = ["YOUNG", "Limits", "collect_as_a_server", "create_app", "server_options"]


def server_options(host: str, port: int, proxy: str | None = None) -> dict[str, Any]:
    """How uvicorn serves the app. Forwarded-address headers (``X-Forwarded-For``) are trusted
    only from ``proxy``, the address of the operator's reverse proxy; with none, every request's
    address is its connection's own, so no client can pose as many for the rate limits."""
    options: dict[str, Any] = {"host": host, "port": port, "log_level": "warning", "ws_max_size": 65_536}
    if proxy:
        options.update(proxy_headers=True, forwarded_allow_ips=proxy)
    else:
        options["proxy_headers"] = False
    return options


YOUNG = 20_000
"""Allocations between two collections of the youngest objects in a server (Python's default: 700)."""


def collect_as_a_server() -> None:
    """The cyclic garbage collector as a server's process runs it, called once the app is made and
    before it serves: what is loaded by then (the modules, the app, the rules) is frozen
    (`gc.freeze`), never to be looked through again, and the youngest objects are collected every
    `YOUNG` allocations. At 100 tables against hard the collector took 0.17-0.19 ms of the event
    loop's 3.5 ms a move, and 0.04-0.05 so (`bench/web_trace.py`'s ``gc`` parts)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
