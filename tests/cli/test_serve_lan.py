"""``noddy serve --lan`` for real: a server process on every address of this machine, on a free port,
that prints the address a phone should open (one of this machine's network addresses, never the
loopback) and answers there: the lobby, where phones join, and the QR code of that same address."""

from __future__ import annotations

import ipaddress
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import paths
from qr_helpers import read_qr, svg_pixels

JOIN = re.compile(r"Phones on this network open (http://\S+/) ")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("0.0.0.0", 0))
        return int(s.getsockname()[1])


def _network_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone could reach (not loopback, not link-local, on an
    interface that is up), read from the OS here, apart from the ranking under test."""
    import psutil

    stats = psutil.net_if_stats()
    return [
        entry.address
        for name, entries in psutil.net_if_addrs().items()
        for entry in entries
        if entry.family == socket.AF_INET
        and name in stats
        and stats[name].isup
        and not ipaddress.ip_address(entry.address).is_loopback
        and not ipaddress.ip_address(entry.address).is_link_local
    ]


def _get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.headers["content-type"], answer.read()


def test_serve_lan_prints_an_address_of_this_machine_that_answers(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    addresses = _network_addresses()
    port = _free_port()
    command = ["serve", "--lan", "--port", str(port), "--bot-workers", "0", "--data-dir", str(tmp_path)]
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "noddy", *command],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(paths.SRC), "COLUMNS": "300"},
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        said = []
        while not any("no password, no encryption" in line for line in said):
            line = process.stdout.readline()
            assert line, (said, process.communicate())
            said.append(line)
        printed = "".join(said)
        if not addresses:
            assert "No network address yet" in printed and "http://localhost:" in printed, printed
            pytest.skip("this machine has no network address but its loopback: the LAN answers nowhere")
        found = JOIN.search(printed)
        assert found, printed
        url = found[1]
        host = url.removeprefix("http://").rsplit(":", 1)[0]
        assert host in addresses and url == f"http://{host}:{port}/", (url, addresses)
        deadline = time.monotonic() + 180
        while True:
            assert process.poll() is None, process.communicate()
            try:
                kind, page = _get(url)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer within 180 s"
                time.sleep(0.2)
        assert kind.startswith("text/html") and b"lobby.js" in page
        _, join = _get(url + "api/join")
        assert json.loads(join)["url"] == url
        kind, image = _get(url + "join.svg")
        assert kind == "image/svg+xml" and read_qr(svg_pixels(image.decode())) == [url]
        os.killpg(process.pid, signal.SIGINT)
        process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
