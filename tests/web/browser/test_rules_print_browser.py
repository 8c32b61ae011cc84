"""A rules page printed from the browser (issue 36, item 5): its print stylesheet makes the handout
(no navigation, no control, no reference; nothing wider than the paper), one or two pages, the same
pages as ``noddy rules sheet --pdf`` makes of the same page; on screen the page offers to print."""

from __future__ import annotations

from io import BytesIO

from playwright.sync_api import Browser, expect
from pypdf import PdfReader
from test_browser import LiveServer, browser, server, watch_errors

from noddy.rules import load_rules
from noddy.sheet import rules_document

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

A4_TEXT_WIDTH = round((210 - 2 * 14) / 25.4 * 96)
"""The width A4 leaves between the print stylesheet's margins (14 mm a side), in CSS pixels."""

WIDER = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll("main *")]
    .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > width + 0.5)
    .map((el) => el.tagName + " " + el.textContent.slice(0, 40));
}"""


def _pages(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(BytesIO(pdf))
    return len(reader.pages), " ".join(" ".join(p.extract_text() for p in reader.pages).split())


def test_the_rules_page_prints_as_the_handout(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors = watch_errors(page)
    page.goto(server.address + "/rules/willughby?lang=fr")
    printing = page.get_by_role("button", name="Imprimer ces règles")
    expect(printing).to_be_visible()
    expect(page.get_by_role("heading", name="Chaque règle, une à une")).to_be_visible()
    page.emulate_media(media="print")
    page.set_viewport_size({"width": A4_TEXT_WIDTH, "height": 1000})
    expect(printing).to_be_hidden()
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.get_by_role("heading", name="Chaque règle, une à une")).to_be_hidden()
    for heading in ("Le jeu en mots simples", "Ce qui marque", "Une main comptée", "Sources"):
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
    assert page.evaluate(WIDER) == [], "nothing wider than the paper's text"
    assert page.evaluate("document.documentElement.scrollWidth") <= A4_TEXT_WIDTH
    assert errors == []


def test_the_browser_s_print_and_the_command_s_page_are_the_same_pages(
    browser: Browser, server: LiveServer
) -> None:
    """The page served and the standalone page `noddy rules sheet --pdf` prints (`Printer.pdf`), each
    on A4 and Letter: as many pages, one or two, with the same words; the screen's controls and
    reference left off both."""
    page, alone = browser.new_page(), browser.new_page()
    for name, lang in (("cribbage", "en"), ("strawberry", "fr")):
        page.goto(f"{server.address}/rules/{name}?lang={lang}")
        alone.set_content(rules_document((load_rules(name),), lang, standalone=True))
        for paper in ("A4", "Letter"):
            served, served_text = _pages(page.pdf(format=paper))
            made, made_text = _pages(alone.pdf(format=paper, prefer_css_page_size=False))
            assert 1 <= served <= 2 and served == made, (name, paper)
            assert served_text == made_text
            for left_off in ("Every rule, one by one", "Chaque règle, une à une", "Print these rules"):
                assert left_off not in served_text
