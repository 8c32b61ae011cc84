"""Undo in the browser, on a phone: the Undo button (and the U key) takes back the person's move and
the computer's reply; the hand comes back as it was, but a lay-away made before the turn-up stands."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect
from test_browser import (
    ARTIFACTS,
    PHONE,
    LiveServer,
    browser,
    hand,
    pytestmark,
    server,
    start_table,
    take_turn,
    wait_for_turn,
)
from test_hotseat_browser import start_hot_seat

__all__ = ["browser", "pytestmark", "server"]


def test_undo_on_a_phone_takes_back_the_move_and_the_reply(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport=PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    start_table(page, server, "cribbage")
    assert wait_for_turn(page)
    expect(page.locator("#undo")).to_be_disabled()
    dealt = hand(page)
    take_turn(page)
    assert wait_for_turn(page)
    kept = hand(page)
    assert len(kept) == len(dealt) - 2
    take_turn(page)
    assert wait_for_turn(page)
    assert len(hand(page)) < len(kept)
    expect(page.locator("#undo")).to_be_enabled()
    expect(page.locator("#undo")).to_be_in_viewport()
    page.keyboard.press("u")
    expect(page.locator("#undone")).to_contain_text("You took back")
    page.screenshot(path=ARTIFACTS / "undo-phone.png")
    assert hand(page) == kept
    # The lay-away came before the turn-up was seen: it stands, and undo reaches back no further.
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#undo")).to_have_attribute("title", re.compile("never past a card turned up"))
    expect(page.locator("#log")).not_to_contain_text("You play")  # the computer may have led
    assert not errors


def test_the_undo_button_and_its_key_show_only_where_undo_is_offered(
    browser: Browser, server: LiveServer
) -> None:
    """At 1280×800 the Undo button lies on the screen; the keys line names U against the computer,
    and not at a hot-seat table, which has no undo."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('noddy.lang', 'en')")
    start_table(page, server, "cribbage")
    for _ in range(3):
        assert wait_for_turn(page)
        take_turn(page)
    assert wait_for_turn(page)
    expect(page.locator("#keys")).to_contain_text("U undo")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / "undo-desktop.png")
    box = page.locator("#undo").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    here = browser.new_page(viewport={"width": 1280, "height": 800})
    here.add_init_script("localStorage.setItem('noddy.lang', 'en')")
    start_hot_seat(here, server, "cribbage", [("me", "Ann"), ("here", "Bob")])
    here.click("#handover-ready")
    expect(here.locator("#keys")).to_contain_text("Enter lay away")
    expect(here.locator("#keys")).not_to_contain_text("U ")
    expect(here.locator("#undo")).to_have_count(0)
    page.close()
    here.close()
