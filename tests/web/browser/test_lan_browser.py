"""One laptop serves a camp, in Chromium: the lobby of a server on the local network shows where
phones join and the QR code of that address (read back from the screen by zxing-cpp), in the
reader's language; a server on this machine alone shows none; and a phone, at the address the QR code
gives, sits at a table by the invite link the laptop shows, and plays; axe finds nothing in the box."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from test_axe_browser import AXE, check_everywhere
from test_browser import (
    CHOSE_ENGLISH,
    PHONE,
    LiveServer,
    browser,
    pytestmark,
    server,
    start_table,
    take_turn,
    wait_for_turn,
    watch_errors,
)

from noddy.web.lan import Interface, Lan
from qr_helpers import read_qr_png

__all__ = ["browser", "pytestmark", "server"]

HOTSPOT = Interface("wlp2s0", True, ("10.42.0.1",))
VPN = Interface("tun0", True, ("10.8.0.6",), point_to_point=True)


def _qr_on_screen(page: Page) -> str:
    qr = page.locator("#join .join-qr")
    expect(qr).to_be_visible()
    page.wait_for_function("document.querySelector('#join .join-qr').complete")
    [text] = read_qr_png(qr.screenshot())
    return text


def test_the_lobby_on_the_lan_shows_where_phones_join_and_its_qr_code(
    browser: Browser, tmp_path: Path
) -> None:
    camp = [VPN, HOTSPOT]
    database = f"sqlite:///{tmp_path / 'noddy.db'}"
    server = LiveServer(database, lan=lambda port: Lan("0.0.0.0", port, lambda: camp))
    server.start()
    try:
        url = f"http://10.42.0.1:{server.port}/"
        for viewport, lang in ((None, "en"), (PHONE, "fr")):
            context = browser.new_context(viewport=viewport or {"width": 1280, "height": 860})
            context.add_init_script(f"localStorage.setItem('noddy.lang', '{lang}')")
            page = context.new_page()
            errors = watch_errors(page)
            page.goto(server.address + "/")
            title = {"en": "Join from a phone", "fr": "Rejoindre depuis un téléphone"}[lang]
            expect(page.locator("#join h2")).to_have_text(title)
            expect(page.locator("#join .join-url")).to_have_text(url)
            expect(page.locator("#join .join-url")).to_have_attribute("href", url)
            alt = {"en": f"QR code of {url}", "fr": f"Code QR de {url}"}[lang]
            expect(page.locator("#join .join-qr")).to_have_attribute("alt", alt)
            expect(page.locator("#join .join-others")).to_contain_text(f"http://10.8.0.6:{server.port}/")
            assert _qr_on_screen(page) == url
            assert not errors
            context.close()
    finally:
        server.stop()


def test_the_lobby_on_the_lan_says_to_turn_on_the_hotspot_until_there_is_an_address(
    browser: Browser, tmp_path: Path
) -> None:
    interfaces: list[Interface] = []
    database = f"sqlite:///{tmp_path / 'noddy.db'}"
    server = LiveServer(database, lan=lambda port: Lan("0.0.0.0", port, lambda: interfaces))
    server.start()
    try:
        context = browser.new_context()
        context.add_init_script(CHOSE_ENGLISH)
        page = context.new_page()
        page.clock.install()
        page.goto(server.address + "/")
        expect(page.locator("#join")).to_contain_text("No network address yet: turn on this laptop's hotspot")
        expect(page.locator("#join .join-qr")).to_have_count(0)
        interfaces.append(HOTSPOT)
        page.clock.run_for(6_000)  # the lobby's next refresh
        assert _qr_on_screen(page) == f"http://10.42.0.1:{server.port}/"
        context.close()
    finally:
        server.stop()


def test_a_lobby_on_this_machine_alone_shows_no_qr_code(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context()
    context.add_init_script(CHOSE_ENGLISH)
    page = context.new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.clock.install()
    page.goto(server.address + "/")
    expect(page.locator("#rules option").first).to_be_attached()
    expect(page.locator("#join")).to_be_hidden()
    expect(page.locator("#join")).to_be_hidden()
    page.clock.run_for(12_000)  # two of the lobby's refreshes: the server is not asked again
    expect(page.locator("#join")).to_be_hidden()
    tables = [url for url in asked if url.endswith("/api/tables")]
    assert len(tables) >= 3, tables  # the refreshes did happen
    joins = [url for url in asked if url.endswith(("/api/join", "/join.svg"))]
    assert joins == [server.address + "/api/join"]
    context.close()


def test_a_phone_at_the_address_of_the_qr_code_sits_by_the_laptops_invite_link_and_plays(
    browser: Browser, tmp_path: Path
) -> None:
    """The server listens on every address of this machine; the phone opens the one the QR code
    gives (this machine's network address, not the loopback), as a phone on the hotspot would."""
    database = f"sqlite:///{tmp_path / 'noddy.db'}"
    server = LiveServer(database, host="0.0.0.0", lan=lambda port: Lan("0.0.0.0", port))
    server.start()
    try:
        laptop_context = browser.new_context(viewport={"width": 1280, "height": 860})
        phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        for context in (laptop_context, phone_context):
            context.add_init_script(CHOSE_ENGLISH)
        laptop, phone = laptop_context.new_page(), phone_context.new_page()
        errors = watch_errors(laptop) + watch_errors(phone)
        laptop.goto(server.address + "/")
        expect(laptop.locator("#join h2")).to_be_visible()
        if not laptop.locator("#join .join-qr").count():
            pytest.skip("this machine has no network address but its loopback: no phone could join")
        url = _qr_on_screen(laptop)
        assert not url.startswith(("http://127.", "http://localhost", "http://[::1]"))
        phone.goto(url)
        expect(phone.locator("#join .join-url")).to_have_text(url)
        start_table(laptop, server, "cribbage", ["me", "friend"])
        link = laptop.locator("#invite-list input").input_value()
        assert link.startswith(url + "t/") and "#" in link
        phone.goto(link)
        expect(phone.locator("#conn")).to_have_text("connected")
        expect(laptop.locator("#invites")).to_be_hidden()
        someone = "body[data-my-turn='true'], #opponents .seat.to-act"
        moved = {laptop: 0, phone: 0}
        while min(moved.values()) < 2:
            expect(laptop.locator(someone).first).to_be_attached(timeout=15_000)
            page = laptop if laptop.locator("body[data-my-turn='true']").count() else phone
            assert wait_for_turn(page)
            take_turn(page)
            moved[page] += 1
        assert not errors
        laptop_context.close()
        phone_context.close()
    finally:
        server.stop()


def test_the_lobby_on_the_lan_has_nothing_axe_finds(browser: Browser, tmp_path: Path) -> None:
    """As every page is held (test_axe_browser.py), with the join box, its code and its links shown."""
    if not AXE.exists():
        why = f"axe-core is not installed at {AXE} (make node)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    camp = [HOTSPOT, VPN]
    database = f"sqlite:///{tmp_path / 'noddy.db'}"
    server = LiveServer(database, lan=lambda port: Lan("0.0.0.0", port, lambda: camp))
    server.start()
    try:
        context = browser.new_context()
        context.add_init_script(CHOSE_ENGLISH)
        page = context.new_page()
        page.goto(server.address + "/")
        expect(page.locator("#join .join-qr")).to_be_visible()
        assert check_everywhere(page, "the lobby on the LAN") == []
        context.close()
    finally:
        server.stop()
