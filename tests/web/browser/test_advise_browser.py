"""The advisor's page, the hints at a table, and the review panel of the replay page, in the browser
(Playwright with Debian's Chromium). Screenshots are saved in tests/web/artifacts/."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Route, expect
from test_browser import (
    ARTIFACTS,
    PHONE,
    LiveServer,
    browser,
    server,
    take_turn,
    wait_for_turn,
    watch_errors,
)

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)


def test_the_advise_page_at_desktop_and_phone_size(browser: Browser, server: LiveServer) -> None:
    for name, viewport in (("advise", {"width": 1280, "height": 860}), ("advise-phone", PHONE)):
        page = browser.new_page(viewport=viewport)
        errors = watch_errors(page)
        page.goto(server.address + "/")
        page.click("a[href='/advise']")
        expect(page.locator("#advise-rules option[value='cribbage']")).to_be_attached()
        page.select_option("#advise-rules", "cribbage")
        page.fill("#advise-hand", "5h 5d 5c Js Qh 2c")
        page.click("#advise-form button[type=submit]")
        expect(page.locator("table.advice tbody tr")).to_have_count(15)
        expect(page.locator("table.advice tbody tr").first).to_contain_text("20.25")
        page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)
        page.fill("#advise-hand", "5h 5d 5c Js Qh")
        page.click("#advise-form button[type=submit]")
        expect(page.locator("#advise-error")).to_contain_text("deals 6 cards")
        page.click("#lang-switch button[data-lang='fr']")
        expect(page.locator("#advise-title")).to_have_text("Que mettre au crib")
        page.fill("#advise-hand", "5h 5d 5c Js Qh 2c")
        page.click("#advise-form button[type=submit]")
        expect(page.locator("table.advice th").nth(1)).to_have_text("garder")
        page.click("#lang-switch button[data-lang='en']")
        assert not errors


def test_the_advise_page_speaks_french_all_the_way(browser: Browser, server: LiveServer) -> None:
    """Under French the whole page is French: the rule sets' titles, the models' words (no raw
    "uniform:"), cards typed and shown in French letters, and the refusal of a hand (issue 24,
    items 4 and 12); at phone and desktop size."""
    english_card = re.compile(r"(?<![\w])[AJQK][♣♦♥♠]")
    for viewport in ({"width": 1280, "height": 860}, PHONE):
        page = browser.new_page(viewport=viewport)
        errors = watch_errors(page)
        page.goto(server.address + "/advise")
        expect(page.locator("#advise-rules option[value='cribbage']")).to_be_attached()
        page.click("#lang-switch button[data-lang='fr']")
        expect(page.locator("#advise-title")).to_have_text("Que mettre au crib")
        expect(page.locator("#advise-rules option[value='cribbage']")).to_contain_text("le jeu moderne")
        uniform = page.locator("#advise-model option[value='uniform']")
        expect(uniform).to_have_text(re.compile("^la retournée"))
        page.select_option("#advise-rules", "cribbage")
        page.fill("#advise-hand", "5h 5d 5c Vs Dh 2c")
        page.click("#advise-form button[type=submit]")
        expect(page.locator("table.advice tbody tr")).to_have_count(15)
        first = page.locator("table.advice tbody tr").first
        expect(first).to_contain_text("D♥")
        expect(first).to_contain_text("V♠")
        text = page.locator("main").inner_text()
        assert "uniform" not in text and not english_card.search(text), text
        assert re.search(r"\d,\d\d", text) and not re.search(r"\d\.\d", text), text  # French numbers
        page.fill("#advise-hand", "5h 5d 5c Vs Dh")
        page.click("#advise-form button[type=submit]")
        expect(page.locator("#advise-error")).to_contain_text("donne 6 cartes, dont on écarte 2")
        page.fill("#advise-hand", "As♥ 5d 5c Vs Dh Rc")
        page.click("#advise-form button[type=submit]")
        expect(page.locator("table.advice tbody tr")).to_have_count(15)
        expect(page.locator("table.advice")).to_contain_text("As♥")
        page.click("#lang-switch button[data-lang='en']")
        expect(page.locator("#advise-rules option[value='cribbage']")).to_contain_text("modern")
        expect(page.locator("table.advice")).to_contain_text("A♥")
        assert not errors
        page.close()


def test_the_advise_page_ranks_by_the_chance_of_winning_at_a_score(
    browser: Browser, server: LiveServer
) -> None:
    """With a score the lay-aways are ranked by the chance of winning, a column of it beside the
    points, and the page says whether the game and the points agree; at desktop and phone size, in
    English and French."""
    for name, viewport in (("advise-score", {"width": 1280, "height": 800}), ("advise-score-phone", PHONE)):
        page = browser.new_page(viewport=viewport)
        errors = watch_errors(page)
        page.goto(server.address + "/advise")
        expect(page.locator("#advise-rules option[value='cribbage']")).to_be_attached()
        page.select_option("#advise-rules", "cribbage")
        page.fill("#advise-hand", "5h 5d 5c Js Qh 2c")
        page.uncheck("#advise-dealer")
        page.fill("#advise-score", "112-98")
        page.click("#advise-form button[type=submit]")
        expect(page.locator("table.advice tbody tr")).to_have_count(15)
        expect(page.locator("table.advice th").nth(3)).to_have_text("to win")
        now = "At 112–98 (they deal) your side's chance of winning is"
        expect(page.locator(".win-now")).to_contain_text(now)
        expect(page.locator(".win-note")).to_contain_text("112–98")
        first = page.locator("table.advice tbody tr").first.locator("td.win")
        expect(first).to_have_text(re.compile(r"^\d+%$"))
        wins = [int(w.rstrip("%")) for w in page.locator("table.advice td.win").all_inner_texts()]
        assert wins[1:] == sorted(wins[1:], reverse=True)  # the first may be the most points
        table = page.locator("table.advice").bounding_box()
        assert table is not None
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"] + 1, f"the page scrolls sideways: {width}"
        wrap = page.locator(".advice-wrap")
        assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the table is cut off"
        expect(page.locator("table.advice th").last).to_have_text("total")
        page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)
        page.click("#lang-switch button[data-lang='fr']")
        expect(page.locator("table.advice th").nth(3)).to_have_text("pour gagner")
        expect(page.locator(".win-now")).to_contain_text("À 112–98 (l’adversaire donne), votre camp a")
        expect(first).to_have_text(re.compile(r"^\d+\u00a0%$"))
        page.screenshot(path=ARTIFACTS / f"{name}-fr.png", full_page=True)
        page.fill("#advise-score", "130-2")
        page.click("#advise-form button[type=submit]")
        refused = "--score '130-2' : donnez les points de chaque camp"
        expect(page.locator("#advise-error")).to_contain_text(refused)
        assert not errors
        page.close()


def test_hints_at_a_table_against_the_computer(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.select_option("#rules", "cribbage")
    page.check("#hints")
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
    expect(page.locator("#hints-panel")).to_contain_text("Hints are on")
    expect(page.locator("#lay-away")).to_be_attached(timeout=15_000)
    page.click("#hint-button")
    expect(page.locator("#hints-panel table.advice tbody tr")).to_have_count(5)
    expect(page.locator("#hints-panel table.advice th").nth(3)).to_have_text("to win")
    expect(page.locator("#hints-panel .win-now")).to_contain_text("At 0–0")
    wrap = page.locator("#hints-panel .advice-wrap")
    assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the hint's table is cut off"
    page.screenshot(path=ARTIFACTS / "table-hints.png")
    page.click("#lang-switch button[data-lang='fr']")
    expect(page.locator("#hints-panel h2")).to_have_text("Conseils activés")
    page.click("#hint-button")
    expect(page.locator("#hints-panel table.advice th").nth(1)).to_have_text("garder")
    expect(page.locator("#hints-panel table.advice th").nth(3)).to_have_text("pour gagner")
    expect(page.locator("#hints-panel .win-now")).to_contain_text("À 0–0")
    page.screenshot(path=ARTIFACTS / "table-hints-fr.png")
    assert not errors


def as_a_crib_count(route: Route) -> None:
    """The server's review with its first decision made a count of a crib (the page names what
    was counted from the decision's ``counting``, which a short game may not happen to have)."""
    data = route.fetch().json()
    assert data["reviewed"], "the game left no decision to review"
    data["reviewed"][0]["counting"] = "crib"
    route.fulfill(json=data)


def test_the_review_panel_of_a_finished_game(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.select_option("#rules", "willughby")
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
    turns = 0
    while wait_for_turn(page):
        take_turn(page)
        turns += 1
        assert turns < 400
    page.click("#replay-link")
    expect(page.locator("#review-panel")).to_be_visible()
    page.route("**/review?*", as_a_crib_count)
    page.click("#review-button")
    expect(page.locator("#review-out")).to_contain_text("decisions", timeout=60_000)
    expect(page.locator(".review-item p").first).to_contain_text("crib counted")
    first = page.locator(".review-item").first
    if first.count():
        move = int((first.locator("h3").text_content() or "").split("move ")[1].split(":")[0])
        first.locator("button").click()
        expect(page.locator("#step")).to_contain_text(f"step {move - 1} of")
    page.screenshot(path=ARTIFACTS / "replay-review.png", full_page=True)
    page.click("#lang-switch button[data-lang='fr']")
    expect(page.locator("#review-title")).to_have_text("Revoir une place")
    page.click("#review-button")
    expect(page.locator("#review-out")).to_contain_text("décisions", timeout=60_000)
    expect(page.locator(".review-item p").first).to_contain_text("crib compté")
    page.screenshot(path=ARTIFACTS / "replay-review-fr.png", full_page=True)
    assert not errors
