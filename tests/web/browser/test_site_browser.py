"""The browser at a site of two ``noddy serve`` processes on one PostgreSQL, behind a load balancer:
the server holding the page's websocket is killed with SIGKILL mid-game; the page reconnects by
itself, to the other server, and the game goes on where it was, the computer answering from there."""

from __future__ import annotations

from pathlib import Path

import pytest
from pg import Cluster
from playwright.sync_api import Browser, expect
from site_helpers import Balancer, start_all
from test_browser import ARTIFACTS, CHROMIUM, hand, play_turns, start_table, wait_for_turn
from test_browser import browser as browser  # the same Chromium, one a module
from test_site import _metric

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless chromium (make chromium)"),
    pytest.mark.slow,
    pytest.mark.timeout(240),
]


class Site:
    """What `start_table` needs of a server: its address (here the balancer's)."""

    def __init__(self, address: str) -> None:
        self.address = address


def test_the_page_moves_to_another_server_when_its_server_is_killed(
    browser: Browser, postgres: Cluster, tmp_path: Path
) -> None:
    servers = start_all(postgres.database(), tmp_path, 2, "--bot-delay", "0", "--bot-workers", "0")
    balancer = Balancer(servers)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        start_table(page, Site(balancer.base), "cribbage")  # type: ignore[arg-type]
        assert play_turns(page, 3)
        wait_for_turn(page)
        before, seq = hand(page), page.locator("body").get_attribute("data-seq")
        serving = [s for s in servers if _metric(s.metrics(), "noddy_connections") == 1]
        assert len(serving) == 1  # the page's websocket is at one server
        serving[0].kill()
        expect(page.locator("#conn")).to_have_attribute("data-state", "reconnecting", timeout=10_000)
        expect(page.locator("#conn")).to_have_text("connected", timeout=15_000)
        expect(page.locator("body")).to_have_attribute("data-seq", seq or "")
        assert hand(page) == before
        other = next(s for s in servers if s.alive)
        assert _metric(other.metrics(), "noddy_connections") == 1
        assert play_turns(page, 4)  # the computer answers from the other server
        page.screenshot(path=str(ARTIFACTS / "site-after-a-server-died.png"))
    finally:
        balancer.close()
        for server in servers:
            server.kill()
