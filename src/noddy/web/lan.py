"""One laptop serves a camp (``noddy serve --lan``): the addresses on the local network a phone can
open, and the QR code of the first, which the lobby shows (``GET /api/join``, ``GET /join.svg``).

A laptop's hotspot with no internet has no default route, so the address cannot be found by asking
which way the internet lies: every interface is listed (by psutil, alike on every OS) and its
addresses ranked. Loopback and link-local addresses are never offered (a phone cannot reach the
first, and the second needs a zone no URL on a phone carries), nor those of an interface that is
down; a point-to-point link's (a VPN's tunnel, whose far end is one machine) and a public address
come after the local network's own, and IPv4 before IPv6.
"""

from __future__ import annotations

import io
import ipaddress
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from fastapi import APIRouter, HTTPException, Response

from noddy.words import Reason

__all__ = [
    "EVERY_ADDRESS",
    "Interface",
    "Lan",
    "in_url",
    "lan_addresses",
    "lan_router",
    "loopback",
    "machine_interfaces",
    "qr_svg",
]

EVERY_ADDRESS = ("0.0.0.0", "::")
"""The hosts that listen on every address of the machine (IPv4; IPv6 and, where the OS allows, IPv4)."""


@dataclass(frozen=True)
class Interface:
    """A network interface as the ranking reads it: its name, whether it is up and running, its IP
    addresses as text, and whether it is a point-to-point link."""

    name: str
    up: bool
    addresses: tuple[str, ...]
    point_to_point: bool = False


def machine_interfaces() -> list[Interface]:
    """This machine's network interfaces, as its OS lists them."""
    import psutil

    stats = psutil.net_if_stats()
    found = []
    for name, entries in psutil.net_if_addrs().items():
        ips = [entry for entry in entries if entry.family in (socket.AF_INET, socket.AF_INET6)]
        stat = stats.get(name)
        up = stat is not None and stat.isup
        point_to_point = any(entry.ptp for entry in ips) or (stat is not None and "pointopoint" in stat.flags)
        found.append(Interface(name, up, tuple(entry.address for entry in ips), point_to_point))
    return found


def lan_addresses(interfaces: Iterable[Interface], *, ipv6: bool = False) -> list[str]:
    """The addresses a phone on this machine's network may open, best first (the module's docstring
    says the order), each once; IPv6 ones only if ``ipv6``.

    >>> lan_addresses([Interface("lo", True, ("127.0.0.1",)), Interface("wlan0", True, ("10.42.0.1",))])
    ['10.42.0.1']
    """
    ranked = []
    for order, interface in enumerate(interfaces):
        if not interface.up:
            continue
        for text in interface.addresses:
            address = ipaddress.ip_address(text.split("%", 1)[0])
            unreachable = address.is_loopback or address.is_link_local or address.is_multicast
            if unreachable or address.is_unspecified or (address.version == 6 and not ipv6):
                continue
            key = (interface.point_to_point, not address.is_private, address.version, order)
            ranked.append((key, str(address)))
    ranked.sort(key=lambda pair: pair[0])
    return list(dict.fromkeys(address for _, address in ranked))


def loopback(host: str) -> bool:
    """Whether ``host`` is an address (or the name) only this machine can reach."""
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Lan:
    """A server on the local network: the ``host`` it listens on (every address, or one of this
    machine's) and its ``port``; ``interfaces`` lists the machine's (a fake one in the tests)."""

    host: str
    port: int
    interfaces: Callable[[], Iterable[Interface]] = machine_interfaces

    def urls(self) -> list[str]:
        """The addresses a phone should open, best first, found anew at each call: a hotspot turned on
        after the server started, or an address the network changed, is what the lobby shows."""
        if self.host in EVERY_ADDRESS:
            hosts = lan_addresses(self.interfaces(), ipv6=self.host == "::")
        else:
            hosts = [self.host]
        return [f"http://{in_url(host)}:{self.port}/" for host in hosts]

    def share_base(self, asked_at: str | None) -> str | None:
        """Where a link given out by a page opened at ``asked_at`` (its host) should lead: the first
        address a phone opens when the page is this machine's own (loopback), which no phone reaches;
        None (the page's own address) otherwise, or while the machine has no network address."""
        if asked_at is None or not loopback(asked_at.strip("[]")):
            return None
        urls = self.urls()
        return urls[0] if urls else None


def in_url(host: str) -> str:
    """``host`` as a URL writes it: an IPv6 address in brackets."""
    try:
        return f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        return host


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as an SVG image (segno's), black on white with its quiet zone of four
    modules, sized by the page (a view box, no width)."""
    import segno

    out = io.BytesIO()
    code = segno.make(url, micro=False)
    code.save(out, kind="svg", border=4, dark="#000", light="#fff", xmldecl=False, omitsize=True)
    return out.getvalue().decode("utf-8")


def lan_router(lan: Lan | None) -> APIRouter:
    """``GET /api/join``: the addresses phones should open (``url``, the best, or null when the machine
    has no network address yet; ``urls``, all); ``GET /join.svg``: the QR code of the best. A server
    that does not serve the local network answers 404 to both, and its lobby shows neither."""
    router = APIRouter()

    def urls() -> list[str]:
        if lan is None:
            raise HTTPException(404, Reason("not_on_lan"))
        return lan.urls()

    @router.get("/api/join")
    async def join() -> dict[str, object]:
        found = urls()
        return {"url": found[0] if found else None, "urls": found}

    @router.get("/join.svg", include_in_schema=False)
    async def join_svg() -> Response:
        found = urls()
        if not found:
            raise HTTPException(404, Reason("no_lan_address"))
        return Response(qr_svg(found[0]), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    return router
