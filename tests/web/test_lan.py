"""One laptop serves a camp (`noddy.web.lan`): the address a phone should open, chosen from the
machine's interfaces (fake ones here: a hotspot, a VPN, a container bridge, none at all), and its QR
code, served to the lobby only by a server on the local network, read back by a decoder apart from
the library that draws it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import FAST, db_url

from noddy.web import create_app
from noddy.web.lan import Interface, Lan, lan_addresses, loopback, machine_interfaces, qr_svg
from qr_helpers import read_qr, svg_pixels

LOOPBACK = Interface("lo", True, ("127.0.0.1", "::1"))
HOTSPOT = Interface("wlp2s0", True, ("10.42.0.1", "fe80::3e1:2ff:fe33:4455%wlp2s0"))
"""A laptop's hotspot as NetworkManager makes it: a private address, and a link-local IPv6 one."""
VPN = Interface("tun0", True, ("10.8.0.6",), point_to_point=True)
BRIDGE_DOWN = Interface("docker0", False, ("172.17.0.1",))
"""A container bridge with nothing on it: up, but not running, so psutil says it is down."""
PUBLIC = Interface("eth0", True, ("81.2.69.142", "2a01:4f8::7", "fd00::2"))
"""A wired network's public IPv4 and IPv6 addresses, and a private IPv6 one."""


def test_the_hotspot_is_offered_first_and_loopback_link_local_and_down_interfaces_never() -> None:
    found = [LOOPBACK, VPN, BRIDGE_DOWN, PUBLIC, HOTSPOT]
    assert lan_addresses(found) == ["10.42.0.1", "81.2.69.142", "10.8.0.6"]


def test_ipv6_addresses_only_when_listening_on_ipv6_and_after_ipv4() -> None:
    found = lan_addresses([PUBLIC, HOTSPOT], ipv6=True)
    assert found == ["10.42.0.1", "fd00::2", "81.2.69.142", "2a01:4f8::7"]


def test_several_interfaces_keep_the_os_order_between_equals_and_an_address_is_offered_once() -> None:
    wifi = Interface("wlan0", True, ("192.168.1.20",))
    cable = Interface("eth0", True, ("192.168.50.3", "192.168.1.20"))
    assert lan_addresses([wifi, cable]) == ["192.168.1.20", "192.168.50.3"]
    assert lan_addresses([cable, wifi]) == ["192.168.50.3", "192.168.1.20"]


def test_no_network_offers_nothing() -> None:
    """A laptop with its wifi off: only loopback, and a bridge that is down."""
    assert lan_addresses([LOOPBACK, BRIDGE_DOWN]) == []
    assert lan_addresses([]) == []
    assert Lan("0.0.0.0", 8000, lambda: [LOOPBACK]).urls() == []


def test_the_urls_a_phone_opens() -> None:
    assert Lan("0.0.0.0", 8000, lambda: [LOOPBACK, HOTSPOT, VPN]).urls() == [
        "http://10.42.0.1:8000/",
        "http://10.8.0.6:8000/",
    ]
    assert Lan("::", 8080, lambda: [PUBLIC]).urls()[0] == "http://[fd00::2]:8080/"
    assert Lan("10.42.0.1", 8000, lambda: [PUBLIC]).urls() == ["http://10.42.0.1:8000/"]
    assert Lan("camp.local", 9000).urls() == ["http://camp.local:9000/"]


def test_the_urls_are_found_anew_each_time() -> None:
    """A hotspot turned on after the server started is what the lobby then shows."""
    now = [LOOPBACK]
    lan = Lan("0.0.0.0", 8000, lambda: now)
    assert lan.urls() == []
    now.append(HOTSPOT)
    assert lan.urls() == ["http://10.42.0.1:8000/"]


def test_loopback_hosts() -> None:
    assert all(map(loopback, ["127.0.0.1", "127.1.2.3", "::1", "localhost", "LOCALHOST"]))
    assert not any(map(loopback, ["0.0.0.0", "::", "10.42.0.1", "camp.local", "fe80::1"]))


def test_this_machines_interfaces_are_read() -> None:
    """psutil lists this machine's: its loopback at least, up."""
    found = machine_interfaces()
    assert any(interface.up and "127.0.0.1" in interface.addresses for interface in found), found


@pytest.mark.parametrize(
    "url", ["http://10.42.0.1:8000/", "http://192.168.137.1:65535/", "http://[fd00::2]:8000/", "http://camp.local:9000/"]
)
def test_the_qr_code_reads_back_as_the_url(url: str) -> None:
    assert read_qr(svg_pixels(qr_svg(url))) == [url]


@pytest.fixture
def camp(tmp_path: Path) -> Iterator[TestClient]:
    lan = Lan("0.0.0.0", 8000, lambda: [LOOPBACK, VPN, HOTSPOT])
    with TestClient(create_app(db_url(tmp_path), bot_workers=0, limits=FAST, lan=lan)) as client:
        yield client


def test_a_server_on_the_lan_tells_the_lobby_where_phones_join(camp: TestClient) -> None:
    joined = camp.get("/api/join")
    assert joined.status_code == 200
    assert joined.json() == {"url": "http://10.42.0.1:8000/", "urls": ["http://10.42.0.1:8000/", "http://10.8.0.6:8000/"]}
    image = camp.get("/join.svg")
    assert image.status_code == 200 and image.headers["content-type"] == "image/svg+xml"
    assert image.headers["cache-control"] == "no-store"
    assert read_qr(svg_pixels(image.text)) == ["http://10.42.0.1:8000/"]


def test_a_server_on_the_lan_with_no_address_yet_says_so(tmp_path: Path) -> None:
    lan = Lan("0.0.0.0", 8000, lambda: [LOOPBACK])
    with TestClient(create_app(db_url(tmp_path), bot_workers=0, limits=FAST, lan=lan)) as client:
        assert client.get("/api/join").json() == {"url": None, "urls": []}
        image = client.get("/join.svg?lang=fr")
        assert image.status_code == 404
        assert image.json()["detail"].startswith("cette machine n’a pas encore d’adresse réseau")


def test_a_server_on_this_machine_alone_shows_no_qr_code(client: TestClient) -> None:
    for path in ("/api/join", "/join.svg"):
        answer = client.get(path)
        assert answer.status_code == 404
        assert answer.json()["detail"] == (
            "this server does not serve the local network: start it with noddy serve --lan"
        )


FRIEND_TABLE = {"rules": "cribbage", "players": 2, "seats": [{"kind": "me"}, {"kind": "friend"}]}


@pytest.mark.parametrize(
    ("host", "leads_to"),
    [
        ("127.0.0.1:8000", "http://10.42.0.1:8000/t/"),
        ("localhost:8000", "http://10.42.0.1:8000/t/"),
        ("[::1]:8000", "http://10.42.0.1:8000/t/"),
        ("10.42.0.1:8000", "/t/"),
    ],
)
def test_invite_links_made_at_the_laptop_lead_phones_to_its_network_address(
    camp: TestClient, host: str, leads_to: str
) -> None:
    """The person at the laptop (its lobby at localhost) passes the links on to phones, which cannot
    open localhost: the links lead to the address phones open; a phone's own stay relative."""
    made = camp.post("/api/tables", json=FRIEND_TABLE, headers={"host": host}).json()
    [invite] = made["invites"]
    path, _, token = invite["link"].partition("#")
    assert path == leads_to + made["id"] and token
    again = camp.post(
        f"/api/tables/{made['id']}/invites", json={"maker": made["maker"], "seat": 1}, headers={"host": host}
    ).json()
    assert again["link"].startswith(leads_to + made["id"] + "#") and again["link"] != invite["link"]


def test_invite_links_stay_relative_on_a_server_not_on_the_lan(client: TestClient) -> None:
    made = client.post("/api/tables", json=FRIEND_TABLE, headers={"host": "127.0.0.1:8000"}).json()
    assert made["invites"][0]["link"].startswith(f"/t/{made['id']}#")
