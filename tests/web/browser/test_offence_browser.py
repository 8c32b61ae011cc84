"""The drill "offence or defence?" on the trainer page, at 1280×800 in English (by keyboard) and on
a phone in French (by touch): the board, the hand, the two ways, the verdict and its reason."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    PHONE,
    LiveServer,
    browser,
    server,
    watch_errors,
)

pytestmark = [pytest.mark.slow, pytest.mark.requires_kernel]


def _open(page: Page, server: LiveServer, lang: str) -> None:  # noqa: F811
    page.add_init_script(f"localStorage.setItem('noddy.lang', '{lang}')")
    page.goto(server.address + "/train")
    expect(page.locator("body[data-ready]")).to_be_attached()
    page.select_option("#rules", "cribbage")
    page.wait_for_load_state("networkidle")
    page.select_option("#kind", "offence")


def test_the_drill_by_keyboard_at_desktop_size(browser: Browser, server: LiveServer) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = watch_errors(page)
    _open(page, server, "en")
    expect(page.locator("#kind-name")).to_have_text("offence or defence?", timeout=30_000)
    expect(page.locator("#ways .way")).to_have_count(2)
    expect(page.locator("#ways .way").first).to_contain_text("Offence: lay away")
    expect(page.locator("#board-line")).to_contain_text("(game 121)")
    expect(page.locator("#answer-form")).to_be_hidden()
    assert page.locator("#cards .card-group").first.locator(".card").count() == 6
    page.screenshot(path=str(ARTIFACTS / "offence-desktop-question.png"))
    page.keyboard.press("2")
    said = re.compile(r"^(Right: defence|Not here: offence) wins more games")
    expect(page.locator("#verdict")).to_have_text(said, timeout=15_000)
    expect(page.locator("#steps li.reason")).to_have_count(4)
    expect(page.locator("#steps")).to_contain_text("games in a hundred")
    expect(page.locator("#ways .way.best")).to_have_count(1)
    expect(page.locator("#stats")).to_contain_text("offence or defence?")
    page.screenshot(path=str(ARTIFACTS / "offence-desktop-answer.png"))
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#ways .way").first).to_be_enabled()
    assert not errors


def test_the_drill_on_a_phone_in_french(browser: Browser, server: LiveServer) -> None:  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    _open(page, server, "fr")
    expect(page.locator("#kind-name")).to_have_text("attaque ou défense ?", timeout=30_000)
    expect(page.locator("#ways .way").nth(1)).to_contain_text("Défense : écarter")
    page.locator("#ways .way").first.tap()
    said = re.compile(r"^(Juste : l’attaque|Pas ici : la défense) gagne plus")
    expect(page.locator("#verdict")).to_have_text(said, timeout=15_000)
    expect(page.locator("#steps")).to_contain_text("parties de plus sur cent")
    box = page.locator("#verdict").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / "offence-phone-fr.png"), full_page=True)
    assert not errors
    context.close()
