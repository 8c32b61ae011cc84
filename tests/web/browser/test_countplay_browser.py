"""Counting it yourself and the glossary at a web table, in the browser (Playwright with Debian's
Chromium). Screenshots are saved in tests/web/artifacts/."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from test_browser import (
    ARTIFACTS,
    PHONE,
    LiveServer,
    browser,
    server,
    start_table,
    take_turn,
    wait_for_turn,
    watch_errors,
)
from test_hotseat_browser import manager

from noddy.game import EventKind

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)


def test_a_count_answered_at_the_show_is_checked_and_the_glossary_opens(
    browser: Browser, server: LiveServer
) -> None:
    page = browser.new_page(viewport=PHONE)
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    expect(page.locator("#count-yourself-wrap")).to_be_visible()
    page.locator("#glossary summary").click()
    expect(page.locator("#glossary-list dt", has_text="his nobs")).to_be_visible()
    while wait_for_turn(page) and not page.locator("#count-for-me").count():
        take_turn(page)
    page.check("#count-yourself")
    expect(page.locator("#count-answer")).to_be_focused()
    answered = 0
    while wait_for_turn(page):
        if page.locator("#count-answer").count():
            expect(page.locator("#count-for-me")).to_have_count(0)
            seq = page.locator("body").get_attribute("data-seq") or ""
            page.locator("#count-answer").fill("99" if answered == 0 else "")
            page.locator("#count-answer").press("Enter")
            if answered == 0:
                expect(page.locator("#count-result")).to_contain_text("Not quite: you said 99")
                expect(page.locator("#count-result")).to_contain_text("too many")
                # The items are shown once: on the cards by the show (count.js), as every count is,
                # and not listed again under the verdict (they were, before the show).
                counted = page.locator("#hand .count-view[data-seat='0'][data-what='hand']")
                expect(counted).to_be_attached(timeout=10_000)
                table = manager(server).get(page.url.split("/t/")[1])
                assert table is not None
                mine = [e for e in table.state.events if e.kind == EventKind.COUNT and e.seat == 0]
                hand = [e for e in mine if e.subject == "hand"][-1]
                expect(counted).to_have_attribute("data-items", str(len(hand.items)))
                expect(page.locator("#count-result li, #count-result ol")).to_have_count(0)
                page.screenshot(path=str(ARTIFACTS / "count-yourself-phone.png"))
                expect(page.locator("#count-tally")).to_have_text("You counted 0 of 1 counts right.")
            else:
                expect(page.locator("#count-result")).to_be_empty()
            answered += 1
            # The game moves on, or the table first shows the count (`show.js`).
            moved = "seq => document.body.dataset.seq !== seq || document.body.dataset.show"
            page.wait_for_function(moved, arg=seq, timeout=10_000)
            continue
        take_turn(page)
    assert answered >= 2
    tally = f"You counted 0 of {answered} counts right ({answered - 1} skipped)."
    expect(page.locator("#final-tally")).to_have_text(tally)
    assert not errors, errors
    page.close()


def test_the_open_glossary_follows_a_switch_of_language(browser: Browser, server: LiveServer) -> None:
    """Switched to French at the table, an open glossary speaks French at once (not when reopened)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    page.locator("#glossary summary").click()
    expect(page.locator("#glossary-list dt", has_text="fifteen")).to_be_visible()
    page.locator("#lang-switch button[data-lang='fr']").click()
    expect(page.locator("#glossary-list dt", has_text="quinze")).to_be_visible()
    expect(page.locator("#glossary-list dt", has_text="fifteen")).to_have_count(0)
    assert not errors, errors
    context.close()
