"""Hot-seat in the browser: two people at one phone play a whole game; between their turns a hand-over
screen covers the table, showing no card of either hand, and after pressing each sees only their own
hand; a reload covers the table again. Screenshots are saved in tests/web/artifacts/."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from playwright.sync_api import Browser, Page, expect
from test_browser import (
    ARTIFACTS,
    PHONE,
    SHOWING,
    LiveServer,
    browser,
    hand,
    server,
    take_turn,
    wait_for,
    watch_errors,
)

from noddy.web.live import LiveTable
from noddy.web.tables import TableManager

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

SUITS = re.compile("[♣♦♥♠]")
READY = f"body[data-covered='true'], body[data-my-turn='true'], body[data-status='over'], {SHOWING}"
AT = """(showing) => {
  const body = document.body;
  if (body.dataset.status === "over") return "over";
  if (body.dataset.covered === "true") return "covered";
  if (document.querySelector(showing) !== null) return "showing";
  return body.dataset.myTurn === "true" && "turn";
}"""


def ready(page: Page) -> str:
    """Wait until the table is `READY`; where it is: "over", "covered" (the hand-over screen),
    "showing" (a count or summary) or "turn"."""
    at: str = wait_for(page, AT, SHOWING)
    return at


def manager(server: LiveServer) -> TableManager:
    assert server.server is not None
    app: Any = server.server.config.app
    return app.state.manager  # type: ignore[no-any-return]


def assert_covered(page: Page) -> str:
    """The hand-over screen is up, with no card of any hand in the page; the name it passes to."""
    # In the page's main, as the table is (issue 35): a landmark's reader finds it there.
    expect(page.locator("main #handover")).to_be_visible()
    expect(page.locator("main #table-main")).to_be_hidden()
    text = page.inner_text("body")
    assert not SUITS.search(text), f"a card shows behind the hand-over screen: {text}"
    assert page.locator("#hand *, #log *, #crib *, #callout *, #actions *").count() == 0
    title = page.locator("#handover-title").inner_text()
    assert title.startswith("Pass to ")
    return title.removeprefix("Pass to ")


def start_hot_seat(
    page: Page, server: LiveServer, rules: str, seats: list[tuple[str, str]], counting: str = ""
) -> LiveTable:
    """Make a table in the lobby with these (kind, name) seats (and a reading of a short count, if
    ``counting``); the table, as the server holds it. The page's clock is Playwright's (`hand_over`)."""
    page.clock.install()
    page.goto(server.address + "/")
    page.select_option("#rules", rules)
    if counting:
        page.select_option("#counting", counting)
    page.locator(f"#players input[value='{len(seats)}']").check(force=True)
    for i, (kind, name) in enumerate(seats):
        page.locator(".seat-kind").nth(i).select_option(kind)
        if kind != "computer":
            page.locator(".seat-name-input").nth(i).fill(name)
    expect(page.locator("#hints")).to_be_disabled()
    page.click("#start")
    expect(page.locator("#conn")).to_have_attribute("data-state", "connected", timeout=10_000)
    table = manager(server).get(page.url.split("/t/")[1])
    assert table is not None
    return table


def hand_over(page: Page) -> None:
    """Press the hand-over button without waiting the 600 ms it stays disabled (against a tap meant
    for the screen before): the page's clock, installed by `start_hot_seat`, jumps them."""
    page.clock.fast_forward(600)
    page.click("#handover-ready")


def held_enter_does_not_pass(page: Page) -> None:
    """An Enter still held by the person who just played (its key repeating) reaches the hand-over
    button once it answers, and must not show the next hand: only a fresh press does."""
    expect(page.locator("#handover-ready")).to_be_enabled()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.down("Enter")
    page.focus("#handover-ready")
    page.keyboard.down("Enter")  # a repeat: the key was already down
    page.keyboard.up("Enter")
    expect(page.locator("body")).to_have_attribute("data-covered", "true")


def pass_and_play(page: Page, table: LiveTable, passes: int, shot: str | None = None) -> list[str]:
    """Play the seats here until the game is over or the page has been passed ``passes`` times; at
    each hand-over check that no card shows, and after it that only that person's own hand does.
    A reload after the third hand-over covers the table again. The names passed to, in order."""
    seat_of = {seat.name: i for i, seat in enumerate(table.seats)}
    passed: list[str] = []
    while len(passed) < passes:
        at = ready(page)
        if at == "over":
            break
        if at != "covered":
            take_turn(page)
            continue
        name = assert_covered(page)
        if shot and not passed:
            expect(page.locator("#handover-ready")).to_be_enabled()
            page.screenshot(path=ARTIFACTS / f"{shot}-handover.png")
        if not passed:
            held_enter_does_not_pass(page)
        passed.append(name)
        hand_over(page)
        expect(page.locator("body")).to_have_attribute("data-covered", "false")
        expect(page.locator("#myname")).to_have_text(f"You ({name})")
        hands = enumerate(table.state.hands)
        others = {str(card) for seat, cards in hands if seat != seat_of[name] for card in cards}
        assert not set(hand(page)) & others, "another person's card shows"
        if shot and len(passed) == 1:
            page.screenshot(path=ARTIFACTS / f"{shot}-table.png")
        if len(passed) == 3:
            page.reload()
            expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
            assert_covered(page)
    return passed


def test_two_people_at_one_phone_pass_it_between_their_turns(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.add_init_script("localStorage.setItem('noddy.lang', 'en')")
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.locator(".seat-kind").nth(1).select_option("here")
    page.screenshot(path=ARTIFACTS / "hotseat-lobby-phone.png", full_page=True)
    table = start_hot_seat(page, server, "willughby", [("me", "Ann"), ("here", "Bob")])
    passed = pass_and_play(page, table, 400, shot="hotseat-phone")
    expect(page.locator("main #overlay")).to_be_visible()
    assert table.state.is_over and len(passed) > 6
    assert all(a != b for i, (a, b) in enumerate(pairwise(passed)) if i != 2), passed
    before = page.url
    page.click("#rematch")
    expect(page).not_to_have_url(before)
    expect(page.locator("body[data-covered='true']")).to_be_attached(timeout=15_000)
    assert assert_covered(page) in {"Ann", "Bob"}
    expect(page.locator("#handover-score")).to_have_text(re.compile(r"^Ann \d+ · Bob \d+$"))
    assert not errors
    context.close()


def test_three_people_here_and_a_computer_with_partners(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.add_init_script("localStorage.setItem('noddy.lang', 'en')")
    errors = watch_errors(page)
    seats = [("me", "Ann"), ("here", "Bob"), ("here", "Cat"), ("computer", "")]
    table = start_hot_seat(page, server, "cribbage", seats)
    assert table.state.partners
    passed = pass_and_play(page, table, 12)
    assert {"Ann", "Bob", "Cat"} <= set(passed)
    # Each hand-over passes to another person, but the reload's, which covers the same one again.
    assert all(a != b for i, (a, b) in enumerate(pairwise(passed)) if i != 2)
    assert not errors


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
