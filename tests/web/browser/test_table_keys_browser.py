"""The table as a new person finds it, in the browser: a keys line that names only the keys that act
for this seat now (none for a watcher) and lies on the screen; an undo that says why it takes nothing
back; one question when a count is asked of the player; no practice toggle or empty panel where there
is nothing to practise."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser import (
    ARTIFACTS,
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

__all__ = ["browser", "pytestmark", "server"]

DESKTOP = {"width": 1280, "height": 800}
ENGLISH = "localStorage.setItem('noddy.lang', 'en')"
KEYS = {"G Go": "#go", "D declare": "#declare-input", "M muggins": "#muggins", "P pass": "#pass"}
"""Each key the line may name, and the control it acts on."""


def inside(page: Page, selector: str) -> None:
    """Every element ``selector`` finds lies wholly within the viewport (the page scrolled to its top)."""
    page.evaluate("window.scrollTo(0, 0)")
    viewport = page.viewport_size
    assert viewport is not None
    for found in page.locator(selector).all():
        box = found.bounding_box()
        assert box is not None, f"{selector} is not drawn"
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5, (selector, box)


def check_keys_line(page: Page, where: str) -> int:
    """The keys line names a key exactly where its control is drawn, and U exactly where undo acts, and
    the card keys as many as there are cards ("1 choose the card" for one, never "1–1"); the number of
    cards whose keys it names (0 where none acts)."""
    text = page.locator("#keys").text_content() or ""
    cards = page.locator("#hand .card-button").count()
    named = 0
    if "choose" in text:
        named = min(cards, 9)
        wanted = "1 choose the card" if named == 1 else f"1–{named} choose a card"
        assert wanted in text, f"{where}: the keys line {text!r} with {cards} cards"
    for words, control in KEYS.items():
        drawn = page.locator(control).count() > 0
        assert (words in text) == drawn, f"{where}: the keys line {text!r}, {control} drawn: {drawn}"
    undo = page.locator("#undo")
    ready = undo.count() > 0 and undo.get_attribute("aria-disabled") != "true" and undo.is_enabled()
    assert ("U undo" in text) == ready, f"{where}: the keys line {text!r}, undo ready: {ready}"
    return named


def test_the_keys_line_names_only_what_the_seat_can_do_and_fits_a_desktop(
    browser: Browser, server: LiveServer
) -> None:
    """Against the computer at cribbage (no muggins), through a deal to its first count: every key
    named acts, none that acts is missing, and the whole table (the keys line too) is on a 1280×800
    screen; a watcher of the same table is shown no keys and no practice toggle."""
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(ENGLISH)
    page = context.new_page()
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    watcher = browser.new_context(viewport=DESKTOP)
    watcher.add_init_script(ENGLISH)
    watching = watcher.new_page()
    errors += watch_errors(watching)
    watching.goto(page.url.split("#")[0])
    expect(watching.locator("#conn")).to_have_text("connected · watching")
    expect(watching.locator("#watching")).to_be_visible()
    expect(watching.locator("#keys")).to_be_hidden()
    expect(watching.locator("#keys")).to_have_text("")
    expect(watching.locator("#count-yourself-wrap")).to_be_hidden()
    counted = False
    named = set()
    for turn in range(40):
        assert wait_for_turn(page)
        where = f"turn {turn}, {page.locator('body').get_attribute('data-phase')}"
        expect(page.locator("#keys")).to_be_visible()
        named.add(check_keys_line(page, where))
        inside(page, ".topbar, #keys, #undo, #actions button, #hand .card-button, #status, #count")
        if page.locator("#count-for-me").count():
            page.screenshot(path=ARTIFACTS / "keys-desktop-count.png")
            counted = True
            break
        take_turn(page)
    assert counted
    assert 1 in named, f"never a single card's key: {named}"
    assert not errors, errors
    context.close()
    watcher.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_undo_says_why_it_takes_nothing_back_after_the_turn_up(
    browser: Browser, server: LiveServer, size: str
) -> None:
    """At the first play after the turn-up, the person's lay-away stands: the keys line offers no U, and
    pressing U or the greyed button says why, on the screen."""
    context = browser.new_context(viewport=PHONE if size == "phone" else DESKTOP)
    context.add_init_script(ENGLISH)
    page = context.new_page()
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    assert wait_for_turn(page)
    take_turn(page)
    assert wait_for_turn(page)
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    expect(page.locator("#undo")).to_be_visible()
    expect(page.locator("#keys")).not_to_contain_text("U undo")
    expect(page.locator("#error")).to_be_empty()
    page.keyboard.press("u")
    expect(page.locator("#error")).to_contain_text("since the turn-up was seen")
    inside(page, "#error, #undo")
    page.screenshot(path=ARTIFACTS / f"undo-why-{size}.png")
    page.evaluate("document.getElementById('error').textContent = ''")
    page.locator("#undo").click(force=True)  # greyed (aria-disabled), as a person may still press it
    expect(page.locator("#error")).to_contain_text("nothing of yours to take back")
    expect(page.locator("#log")).not_to_contain_text("took back")
    assert not errors, errors
    context.close()


def test_count_it_yourself_asks_one_question(browser: Browser, server: LiveServer) -> None:
    """With "Count it yourself" ticked, the status asks what the controls ask (type it, Check or Skip),
    not to let the engine count or declare."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(ENGLISH)
    page = context.new_page()
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    page.check("#count-yourself")
    for _ in range(40):
        assert wait_for_turn(page)
        if page.locator("#count-answer").count():
            break
        take_turn(page)
    expect(page.locator("#count-check")).to_be_visible()
    status = page.locator("#status")
    expect(status).to_contain_text("yourself")
    expect(status).to_contain_text("Check")
    expect(status).not_to_contain_text("declare")
    expect(status).not_to_contain_text("let the engine count")
    page.screenshot(path=ARTIFACTS / "count-yourself-status-phone.png")
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_muggins_table_has_no_empty_panel(browser: Browser, server: LiveServer, size: str) -> None:
    """Under muggins there is no practice question: no toggle, and nothing empty in the panel that
    holds the glossary (its summary starts where the panel's padding ends)."""
    context = browser.new_context(viewport=PHONE if size == "phone" else DESKTOP)
    context.add_init_script(ENGLISH)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.select_option("#rules", "cribbage")
    page.select_option("#counting", "muggins")
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
    expect(page.locator("#glossary summary")).to_have_text("Words at this table")
    expect(page.locator("#count-yourself-wrap")).to_be_hidden()
    panel = page.locator(".countplay-panel")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"muggins-panel-{size}.png")
    shown = panel.evaluate(
        """(p) => [...p.children].filter((c) => c.getBoundingClientRect().height > 0
             && getComputedStyle(c).display !== 'none').map((c) => c.id || c.tagName)"""
    )
    assert shown == ["glossary"], shown
    outer = panel.bounding_box()
    summary = page.locator("#glossary summary").bounding_box()
    assert outer is not None and summary is not None
    assert summary["y"] - outer["y"] < 24, (outer, summary)
    assert not errors, errors
    context.close()
