"""Undo in the browser, on a phone: the Undo button (and the U key) takes back the person's move and
the computer's reply; the hand comes back as it was."""

from __future__ import annotations

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
    page.locator("#undo").click()
    expect(page.locator("#hand .card-button")).to_have_count(len(dealt))
    assert hand(page) == dealt
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#log")).not_to_contain_text("plays")
    assert not errors
