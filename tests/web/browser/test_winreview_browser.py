"""The review page's chance of winning in the browser: the game's curve as a picture, what the
decisions cost in percent of the game, the ones that mattered most marked; at 1280×800 in English
(a real review of a short game) and on a phone in French."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, expect
from test_browser import ARTIFACTS, PHONE, LiveServer, browser, server, wait_until_over, watch_errors

from noddy.analysis import board
from noddy.rules import load_rules

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

RULES = "five-card-cribbage"


def test_the_review_draws_the_curve_and_the_costs(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('noddy.lang', 'en')")
    errors = watch_errors(page)
    page.goto(server.address + "/")
    seats = [{"kind": "computer", "level": "greedy"}] * 2
    made = page.evaluate(
        """([rules, seats]) => fetch("/api/tables", {method: "POST",
             headers: {"content-type": "application/json"},
             body: JSON.stringify({rules, players: 2, seats})}).then((r) => r.json())""",
        [RULES, seats],
    )
    table = made["id"]
    wait_until_over(page, table)
    page.goto(f"{server.address}/replay/{table}")
    # the review's seat choice is made once the page has the finished game's summary (a busy
    # machine, with the other worker's tests beside it, has taken over 30 s)
    expect(page.locator("#review-seat")).to_be_attached(timeout=90_000)
    page.select_option("#review-seat", "0")
    with page.expect_response(re.compile(r"/review\?"), timeout=120_000) as answered:
        page.click("#review-button")
    data: dict[str, Any] = answered.value.json()
    expect(page.locator("#win-curve svg")).to_be_visible(timeout=30_000)
    curve = data["curve"]
    expect(page.locator("#win-curve circle")).to_have_count(len(curve))
    first = curve[0]
    table_chance = board(load_rules(RULES), players=2, partners=False).chance
    expected = table_chance(tuple(first["scores"]), first["dealer"])[data["side"]]
    label = page.locator("#win-curve svg").get_attribute("aria-label") or ""
    assert label.split(": ", 2)[-1].startswith(f"{round(100 * expected)}%"), label
    lost = "In the chance of winning the game, these decisions cost "
    expect(page.locator("#win-lost")).to_contain_text(lost)
    marked = data["marked"]
    expect(page.locator(".review-item.marked")).to_have_count(min(len(marked), 8))
    if marked:
        top = page.locator(f".review-item[data-move='{marked[0]}']")
        expect(top.locator(".win-mark")).to_have_text("★ ")
        expect(top.locator(".win-cost")).to_contain_text("of the game (a ")
        expect(page.locator("#win-curve line.marked")).to_have_count(len(marked))
    page.screenshot(path=ARTIFACTS / "review-curve-desktop.png", full_page=True)

    page.set_viewport_size(PHONE)
    page.route("**/review?*", lambda route: route.fulfill(json=data))
    page.goto(f"{server.address}/replay/{table}")
    page.click("#lang-switch button[data-lang='fr']")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.select_option("#review-seat", "0")
    page.click("#review-button")
    lost = "En chance de gagner la partie, ces décisions ont coûté "
    expect(page.locator("#win-lost")).to_contain_text(lost)
    expect(page.locator("#win-curve svg")).to_be_visible()
    box = page.locator("#win-curve svg").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    if marked:
        expect(page.locator(".review-item.marked .win-cost").first).to_contain_text("Coût : ")
    page.screenshot(path=ARTIFACTS / "review-curve-phone-fr.png", full_page=True)
    assert not errors
