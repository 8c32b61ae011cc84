"""The win-chance bar in the browser, at 1280×800 in English and on a phone in French: each side's
chance from the start of the deal as the board table gives it, updated after a deal, hidden by the
person's own toggle (and kept hidden over a reload)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from test_browser import (
    ARTIFACTS,
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

from noddy.analysis import board
from noddy.rules import load_rules

__all__ = ["browser", "pytestmark", "server"]

TABLE = board(load_rules("cribbage"), players=2, partners=False)


def _expected(page: Page, you: str) -> list[int]:
    """Each side's chance in whole percent, as the table gives it for the scores and next dealer shown."""
    scores = [int(s) for s in page.locator("#mini-scores strong").all_inner_texts()]
    dealer = 0 if page.locator(".winchance-when").inner_text().endswith(you) else 1
    return [round(100 * c) for c in TABLE.chance(tuple(scores), dealer)]


def _shown(page: Page) -> list[int]:
    return [int(n) for n in re.findall(r"(\d+)\s*%", page.locator("#winchance-sides").inner_text())]


def test_the_bar_shows_the_tables_chance_and_the_person_can_hide_it(
    browser: Browser, server: LiveServer
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(CHOSE_ENGLISH)
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    assert wait_for_turn(page)
    expect(page.locator("#winbar")).to_be_visible()
    expect(page.locator(".winchance-title")).to_have_text("Chance of winning")
    assert _shown(page) == _expected(page, "You")
    page.screenshot(path=ARTIFACTS / "winchance-desktop.png")
    page.locator("#winchance-toggle").uncheck()
    expect(page.locator("#winbar")).to_have_count(0)
    page.reload()
    expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
    expect(page.locator("#winchance-toggle")).not_to_be_checked()
    expect(page.locator("#winbar")).to_have_count(0)
    page.locator("#winchance-toggle").check()
    expect(page.locator("#winbar")).to_be_visible()
    assert not errors


def test_on_a_phone_in_french_the_bar_follows_the_deals(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.add_init_script(CHOSE_ENGLISH)
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    page.locator("#lang-switch button[data-lang='fr']").click()
    assert wait_for_turn(page)
    expect(page.locator(".winchance-title")).to_have_text("Chance de gagner")
    expect(page.locator(".winchance-when")).to_contain_text("donne 1 · donneur :")
    assert _shown(page) == _expected(page, "Vous")
    for _ in range(40):
        assert wait_for_turn(page)
        if "donne 2" in page.locator(".winchance-when").inner_text():
            break
        take_turn(page)
    expect(page.locator("#winbar")).to_be_visible()
    assert _shown(page) == _expected(page, "Vous")
    page.locator("#winchance").scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "winchance-phone-fr.png")
    assert not errors
    context.close()
