"""Hot-seat in the browser: two people at one phone play a whole game; between their turns a hand-over
screen covers the table, showing no card of either hand, and after pressing each sees only their own
hand; a reload covers the table again. Screenshots are saved in tests/web/artifacts/."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect
from test_browser import ARTIFACTS, PHONE, LiveServer, browser, hand, server, take_turn, watch_errors

from noddy.web.tables import TableManager

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

SUITS = re.compile("[♣♦♥♠]")
READY = "body[data-covered='true'], body[data-my-turn='true'], body[data-status='over']"


def manager(server: LiveServer) -> TableManager:
    assert server.server is not None
    app: Any = server.server.config.app
    return app.state.manager  # type: ignore[no-any-return]


def assert_covered(page: Page) -> str:
    """The hand-over screen is up, with no card of any hand in the page; the name it passes to."""
    expect(page.locator("#handover")).to_be_visible()
    expect(page.locator("#table-main")).to_be_hidden()
    text = page.inner_text("body")
    assert not SUITS.search(text), f"a card shows behind the hand-over screen: {text}"
    assert page.locator("#hand *, #log *, #crib *, #callout *, #actions *").count() == 0
    title = page.locator("#handover-title").inner_text()
    assert title.startswith("Pass to ")
    return title.removeprefix("Pass to ")


def test_two_people_at_one_phone_pass_it_between_their_turns(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.add_init_script("localStorage.setItem('noddy.lang', 'en')")
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.select_option("#rules", "willughby")
    page.locator("#players input[value='2']").check(force=True)
    page.locator(".seat-kind").nth(1).select_option("here")
    expect(page.locator("#hints")).to_be_disabled()
    for i, name in enumerate(("Ann", "Bob")):
        page.locator(".seat-name-input").nth(i).fill(name)
    page.screenshot(path=ARTIFACTS / "hotseat-lobby-phone.png", full_page=True)
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
    table = manager(server).get(page.url.split("/t/")[1])
    assert table is not None
    seat_of = {"Ann": 0, "Bob": 1}
    passed: list[str] = []
    for _ in range(400):
        expect(page.locator(READY).first).to_be_attached(timeout=15_000)
        if page.locator("body[data-status='over']").count():
            break
        if page.locator("body[data-covered='true']").count():
            name = assert_covered(page)
            if not passed:
                page.screenshot(path=ARTIFACTS / "hotseat-handover-phone.png")
            passed.append(name)
            page.click("#handover-ready")
            expect(page.locator("body")).to_have_attribute("data-covered", "false")
            expect(page.locator("#myname")).to_have_text(f"You ({name})")
            other = table.state.hands[1 - seat_of[name]]
            assert not set(hand(page)) & {str(card) for card in other}, "the other person's card shows"
            if len(passed) == 1:
                page.screenshot(path=ARTIFACTS / "hotseat-table-phone.png")
            if len(passed) == 3:
                page.reload()
                expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
                assert_covered(page)
            continue
        take_turn(page)
    else:
        raise AssertionError("the game did not end in 400 turns")
    expect(page.locator("#overlay")).to_be_visible()
    assert table.state.is_over and len(passed) > 6
    assert {"Ann", "Bob"} <= set(passed)
    before = page.url
    page.click("#rematch")
    expect(page).not_to_have_url(before)
    expect(page.locator("body[data-covered='true']")).to_be_attached(timeout=15_000)
    assert assert_covered(page) in {"Ann", "Bob"}
    expect(page.locator("#handover-score")).to_have_text("Ann 0 · Bob 0")
    assert not errors
    context.close()


def test_under_lay_away_each_person_here_lays_away_in_turn_behind_the_hand_over_screen(
    browser: Browser, server: LiveServer
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.add_init_script("localStorage.setItem('noddy.lang', 'en')")
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.select_option("#rules", "cribbage")
    page.locator("#players input[value='2']").check(force=True)
    page.locator(".seat-kind").nth(1).select_option("here")
    for i, name in enumerate(("Ann", "Bob")):
        page.locator(".seat-name-input").nth(i).fill(name)
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
    seen = []
    for _ in range(2):
        expect(page.locator("body[data-covered='true']")).to_be_attached(timeout=15_000)
        name = assert_covered(page)
        page.click("#handover-ready")
        expect(page.locator("#lay-away")).to_be_visible()
        cards = hand(page)
        assert len(cards) == 6
        seen.append((name, cards))
        take_turn(page)
    assert {name for name, _ in seen} == {"Ann", "Bob"}
    assert not set(seen[0][1]) & set(seen[1][1])
    expect(page.locator(READY).first).to_be_attached(timeout=15_000)
    if page.locator("body[data-covered='true']").count():
        assert_covered(page)
        page.click("#handover-ready")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    assert not errors
