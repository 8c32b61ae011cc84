"""The reader's options (issue 35, item 3), chosen in the lobby and remembered: a four-colour deck, and
"larger and clearer" (larger cards and text, Atkinson Hyperlegible served from the package); reduced
motion honoured. axe-core finds nothing on a table drawn with both."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect
from test_axe_browser import axe_installed, violations
from test_browser import LiveServer, browser, server, start_table, wait_for_turn, watch_errors

__all__ = ["axe_installed", "browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

INK = """(suit) => {
  const ink = document.querySelector(`.card-svg.suit-${suit} .ink`);
  return ink ? getComputedStyle(ink).fill : null;
}"""


def card_width(page: Page) -> float:
    box = page.locator("#hand .card").first.bounding_box()
    assert box is not None
    return float(box["width"])


def test_the_options_are_chosen_remembered_and_drawn(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    context.add_init_script("localStorage.setItem('noddy.lang', 'en')")
    page = context.new_page()
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    assert wait_for_turn(page)
    plain = card_width(page)
    assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")
    page.goto(server.address + "/")
    page.click("#options-panel summary")
    page.check("#option-four_colour")
    page.check("#option-clearer")
    page.go_back()
    expect(page.locator("html")).to_have_class("four-colour clearer")
    assert wait_for_turn(page)
    page.evaluate("document.fonts.ready")
    assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith('"Atkinson Hyperlegible"')
    assert page.evaluate("document.fonts.check('16px \"Atkinson Hyperlegible\"')")
    assert card_width(page) > plain * 1.15
    suits = {suit: page.evaluate(INK, suit) for suit in "cdhs"}
    shown = {suit: fill for suit, fill in suits.items() if fill}
    assert shown.get("c", "rgb(27, 107, 52)") == "rgb(27, 107, 52)", shown
    assert shown.get("d", "rgb(26, 79, 160)") == "rgb(26, 79, 160)", shown
    assert len(set(shown.values())) == len(shown), f"two suits drawn alike: {shown}"
    assert page.evaluate("getComputedStyle(document.getElementById('callout')).animationName") == "none"
    found = violations(page)
    assert not found, "\n".join(found)
    page.reload()
    expect(page.locator("html")).to_have_class("four-colour clearer")
    page.click("#options-panel summary")
    expect(page.locator("#option-clearer")).to_be_checked()
    page.uncheck("#option-clearer")
    expect(page.locator("html")).to_have_class("four-colour")
    assert not errors, errors
    context.close()
