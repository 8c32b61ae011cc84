"""The web app: lobby, tables for 2-4 players and computer seats, persisted so that nothing is lost."""

from typing import Any

from noddy.web.app import create_app
from noddy.web.connection import Limits

__all__ = ["Limits", "create_app", "server_options"]


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
