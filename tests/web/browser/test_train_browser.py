"""The trainer's page in the browser (Playwright, Debian's Chromium): drills at desktop and phone size,
answered by keyboard, right and wrong, step by step, and a timed round. Screenshots are saved in
tests/web/artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from test_browser import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    PHONE,
    LiveServer,
    browser,
    server,
    watch_errors,
)

from noddy.cards import parse_card, parse_cards
from noddy.rules import load_rules
from noddy.train import Question

pytestmark = pytest.mark.slow


def shown_answer(page: Page, rules: str) -> int:
    """The count of the question on the page, by the scorer, from the cards the page shows."""
    what = page.locator("#cards").get_attribute("data-what") or ""
    groups = page.locator("#cards .card-group")
    codes = [
        [c.get_attribute("data-card") or "" for c in groups.nth(i).locator(".card").all()]
        for i in range(groups.count())
    ]
    if what == "play":
        pile, (card,), (turnup,) = codes
        question = Question(
            load_rules(rules), "play", "", (), parse_card(turnup), parse_cards(pile), parse_card(card)
        )
    else:
        held, (turnup,) = codes
        question = Question(load_rules(rules), what, "", parse_cards(held), parse_card(turnup))  # type: ignore[arg-type]
    return question.total


def drill(page: Page, server: LiveServer, name: str) -> None:  # noqa: F811
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.click("a.train-link[href='/train']")
    expect(page).to_have_url(server.address + "/train")
    expect(page.locator("body[data-ready]")).to_be_attached()
    page.select_option("#rules", "cribbage")
    page.select_option("#kind", "fifteen")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#kind-name")).to_have_text("fifteens")
    expect(page.locator("#answer")).to_be_focused()
    page.screenshot(path=str(ARTIFACTS / f"train-{name}-question.png"), full_page=True)

    page.keyboard.type("abc")
    page.keyboard.press("Enter")
    expect(page.locator("#error")).to_contain_text("not a number")

    page.fill("#answer", str(shown_answer(page, "cribbage")))
    page.keyboard.press("Enter")
    expect(page.locator("#verdict")).to_have_class("verdict right")
    expect(page.locator("#steps .step").first).to_be_visible()
    expect(page.locator("#steps .step[data-kind='fifteen']").first).to_be_visible()
    expect(page.locator("#stats tbody tr")).to_have_count(1)
    page.screenshot(path=str(ARTIFACTS / f"train-{name}-right.png"), full_page=True)

    page.check("#step")
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#answer")).to_be_enabled()
    expect(page.locator("#answer")).to_be_focused()
    page.keyboard.type("99")
    page.keyboard.press("Enter")
    expect(page.locator("#verdict")).to_have_class("verdict wrong")
    steps = page.locator("#steps .step")
    expect(steps.nth(0)).to_be_visible()
    if steps.count() > 1:
        expect(steps.nth(1)).to_be_hidden()
        page.keyboard.press(" ")
        expect(steps.nth(1)).to_be_visible()
    page.click("#all-steps") if page.locator("#all-steps").is_visible() else None
    expect(page.locator("#call")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / f"train-{name}-wrong.png"), full_page=True)

    page.click("#timed")
    expect(page.locator("#round")).to_contain_text("s left")
    expect(page.locator("#answer")).to_be_enabled()
    page.screenshot(path=str(ARTIFACTS / f"train-{name}-timed.png"), full_page=True)
    assert errors == []


def test_a_drill_at_desktop_size(browser: Browser, server: LiveServer) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    drill(page, server, "desktop")
    page.close()


def test_a_drill_on_a_phone(browser: Browser, server: LiveServer) -> None:  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    drill(context.new_page(), server, "phone")
    context.close()


def test_the_play_and_french(browser: Browser, server: LiveServer) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server.address + "/train")
    expect(page.locator("body[data-ready]")).to_be_attached()
    page.click("#lang-switch button[data-lang='fr']")
    expect(page.locator("#check")).to_have_text("Vérifier")
    page.select_option("#rules", "french")
    expect(page.locator("#kind option[value='run']")).to_have_text("les suites")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#rules")).to_have_value("french")
    for _ in range(8):
        if page.locator("#cards").get_attribute("data-what") == "play":
            break
        page.locator("#answer").fill("0")
        page.keyboard.press("Enter")
        expect(page.locator("#result")).to_be_visible()
        page.keyboard.press("Enter")
        expect(page.locator("#result")).to_be_hidden()
        expect(page.locator("#answer")).to_be_enabled()
    page.fill("#answer", str(shown_answer(page, "french")))
    page.keyboard.press("Enter")
    expect(page.locator("#verdict")).to_have_class("verdict right")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(".title")).to_have_text("S’exercer à compter")
    page.screenshot(path=str(ARTIFACTS / "train-french.png"), full_page=True)
    page.goto(server.address + "/")
    # The choice is kept.
    expect(page.locator("a.train-link[href='/train']")).to_have_text("S’exercer à compter")


def test_a_rule_set_chosen_while_the_page_changes_language_is_kept(
    browser: Browser,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    """The rule sets' titles in the new language arrive after the person chose French rules: the choice
    stays (it was put back to the rule set chosen before the switch)."""
    page = browser.new_page()
    page.goto(server.address + "/train")
    expect(page.locator("body[data-ready]")).to_be_attached()
    page.select_option("#rules", "cribbage")
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/rules?*", hold)
    page.click("#lang-switch button[data-lang='fr']")
    expect(page.locator("#check")).to_have_text("Vérifier")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page did not ask for the rule sets' titles"
    page.select_option("#rules", "french")
    held[0].continue_()
    page.unroute("**/api/rules?*", hold)
    expect(page.locator("#rules option[value='french']")).not_to_have_text("french")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#rules")).to_have_value("french")
    expect(page.locator("#kind option[value='run']")).to_have_text("les suites")
