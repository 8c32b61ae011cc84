"""A cribbage table in French in the browser (issue 24, item 12): every card drawn, named and written
with the French letters (As, R, D, V), and no English card letter or Knave's name anywhere on the
page, at desktop size for a whole game and at phone size for its first turns."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from test_browser import PHONE, LiveServer, browser, server, take_turn, wait_for_turn, watch_errors

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

ENGLISH_CARD = re.compile(r"(?<![\w])[AJQK][♣♦♥♠]")
ENGLISH_WORDS = re.compile(r"\b(?:Ace|Jack|Queen|King|Knave|nobs?|heels)\b|\bNoddy\b(?!\s—)")
"""English card words and cribbage's Knaves as Noddy's (the app's own name, "Noddy — ...", aside)."""
FRENCH_CARD = re.compile(r"(?<![\w])(?:As|V|D|R|10|[2-9])[♣♦♥♠]")

PAGE_TEXT = """() => {
  const brand = document.querySelector('.brand');  // the app's own name, Noddy, in every language
  const words = [document.body.innerText.replace(brand ? brand.innerText : '', '')];
  for (const el of document.querySelectorAll('[title], [aria-label]')) {
    words.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '');
  }
  return words.join('\\n');
}"""
LETTERS = "() => [...document.querySelectorAll('svg.card-svg text')].map((t) => t.textContent)"


def french_only(page: Page) -> str:
    """The page's text, titles and labels, and the letters drawn on its cards: none English."""
    text, drawn = page.evaluate(f"() => [({PAGE_TEXT})(), ({LETTERS})()]")  # one call to the page a turn
    assert not ENGLISH_CARD.findall(text), ENGLISH_CARD.findall(text)[:5]
    found = [m.start() for m in ENGLISH_WORDS.finditer(text)]
    assert not found, [text[max(0, i - 80) : i + 40] for i in found][:3]
    letters = set(drawn)
    assert not letters & {"A", "J", "Q", "K"}, letters
    return str(text)


def french_table(browser: Browser, server: LiveServer, viewport: dict[str, int]) -> Page:
    page = browser.new_page(viewport=viewport)
    page.goto(server.address + "/")
    page.locator("#lang-switch button[data-lang='fr']").click()
    expect(page.locator("#new-title")).to_have_text("Ouvrir une table")
    page.select_option("#rules", "cribbage")
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connecté", timeout=10_000)
    return page


def test_a_french_cribbage_table_shows_every_card_in_french(browser: Browser, server: LiveServer) -> None:
    page = french_table(browser, server, {"width": 1280, "height": 860})
    errors = watch_errors(page)
    seen = ""
    while wait_for_turn(page):
        seen += french_only(page)
        take_turn(page)
    seen += french_only(page)
    assert FRENCH_CARD.search(seen) and "Vous" in seen
    assert not errors
    page.close()
    phone = french_table(browser, server, PHONE)
    for _ in range(4):
        if not wait_for_turn(phone):
            break
        french_only(phone)
        take_turn(phone)
    phone.close()
