"""WCAG 2.2 AA, checked by axe-core (issue 35, item 3): no violation of any impact, of any of axe's
rules, on every page and every state of a table, at desktop and phone size, in English and French.
axe-core is the npm package pinned by package-lock.json (`make test` installs it); it is injected
into each page as it stands, never served by the app. The states are reached quickly: computers'
games to their end, and one hot-seat game of two people here (five-card cribbage with muggins) taken
through its hand-over, lay-away, play, show, a muggins claim and the end of its first deal."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser import (
    PHONE,
    SHOWING,
    LiveServer,
    browser,
    go_on,
    server,
    take_turn,
    wait_until_over,
    watch_errors,
)
from test_hotseat_browser import hand_over, ready, start_hot_seat
from test_review_browser import reviewed

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

AXE = Path(__file__).parents[3] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"desktop": {"width": 1280, "height": 860}, "phone": PHONE}
VARIANTS = [("desktop", "en"), ("phone", "en"), ("desktop", "fr"), ("phone", "fr")]
RUN = """async () => {
  if (typeof window.axe === "undefined") return null;
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const found = await axe.run(document, {resultTypes: ["violations"]});
  return found.violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
}"""
"""axe's findings once the page's animations have finished; null where axe is not in the page yet."""


@pytest.fixture(autouse=True)
def axe_installed() -> None:
    """axe-core is installed by `make test` (npm ci); without it the tests skip, except under CI."""
    if not AXE.exists():
        why = f"axe-core is not installed at {AXE} (make node)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)


def violations(page: Page) -> list[str]:
    """What axe-core finds wrong in the page as it stands, each rule with its impact and first nodes."""
    # Colours are measured at rest: a call popping up fades in for a third of a second (and pops again
    # when the server words it anew, after a change of language), unless motion is reduced.
    page.emulate_media(reduced_motion="reduce")
    found: list[str] | None = page.evaluate(RUN)
    if found is None:
        page.evaluate(AXE.read_text())  # as a script tag, the pages' Content-Security-Policy refuses it
        found = page.evaluate(RUN)
    assert found is not None
    return found


def switch_by_button(page: Page, lang: str) -> None:
    """The page's own language switch, pressed: nothing reloads (a hot-seat table stays uncovered)."""
    page.locator(f"#lang-switch button[data-lang='{lang}']").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def switch_by_reload(page: Page, lang: str) -> None:
    """The language chosen in this browser, and the page loaded again (a game's end: its result is over
    the language switch)."""
    page.evaluate(f"localStorage.setItem('noddy.lang', '{lang}')")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def check_everywhere(
    page: Page, where: str, switch: Callable[[Page, str], None] = switch_by_button
) -> list[str]:
    """axe's findings on the page at each size in each language, each said with where it was."""
    found = []
    for size, lang in VARIANTS:
        page.set_viewport_size(SIZES[size])
        switch(page, lang)
        found += [f"{where}, {size}, {lang}: {v}" for v in violations(page)]
    return found


def computers(page: Page, players: int) -> str:
    """A table of computers only (partners at four), played to its end; its id."""
    seats = [{"kind": "computer", "level": "greedy"}] * players
    made: dict[str, Any] = page.evaluate(
        """([seats, players]) => fetch("/api/tables", {method: "POST",
             headers: {"content-type": "application/json"},
             body: JSON.stringify({rules: "willughby", players, partners: players === 4, seats})})
           .then((r) => r.json())""",
        [seats, players],
    )
    table = str(made["id"])
    wait_until_over(page, table)
    return table


def test_the_pages_have_nothing_axe_finds(browser: Browser, server: LiveServer) -> None:
    """The lobby, the trainer, the advisor, the rules, a link to no table and an unknown address."""
    page = browser.new_page(viewport=SIZES["desktop"])
    errors = watch_errors(page)
    found = []
    page.goto(server.address + "/")
    expect(page.locator("#rules option").first).to_be_attached()
    found += check_everywhere(page, "lobby")
    page.goto(server.address + "/train")
    expect(page.locator("#cards .card").first).to_be_visible()
    found += check_everywhere(page, "trainer")
    page.fill("#answer", "0")
    page.press("#answer", "Enter")  # the verdict and the count's steps
    expect(page.locator("#verdict")).to_be_visible()
    found += check_everywhere(page, "trainer, answered")
    page.goto(server.address + "/advise")
    expect(page.locator("#advise-rules option[value='cribbage']")).to_be_attached()
    found += check_everywhere(page, "advisor")
    page.select_option("#advise-rules", "cribbage")
    page.click("#advise-form button[type=submit]")
    expect(page.locator("table.advice tbody tr").first).to_be_visible()
    found += check_everywhere(page, "advisor, advising")

    def rules_in(page: Page, lang: str) -> None:
        page.goto(f"{server.address}/rules/cribbage?lang={lang}")

    found += check_everywhere(page, "rules", rules_in)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"the rules are {wide} px wide on a phone"  # 847 px, issue 35
    for where, path in (("no table", "/t/nosuchtable"), ("unknown address", "/no/such/page")):
        page.goto(server.address + path)
        found += check_everywhere(page, where, switch_by_reload)
    assert not found, "\n".join(found)
    assert not errors
    page.close()


def test_the_scorer_and_the_board_keeper_have_nothing_axe_finds(browser: Browser, server: LiveServer) -> None:
    """The scorer with a hand counted and while counting it yourself, a bad hand's message, and the board
    keeper before a game and with one under way (points pegged, the chance of winning shown). Their
    service worker is blocked: its install fetches the whole offline shell, which nothing here uses."""
    page = browser.new_page(viewport=SIZES["desktop"], service_workers="block")
    errors = watch_errors(page)
    page.goto(server.address + "/score?rules=cribbage&cards=5h+5d+5c+Js&turnup=5s")
    expect(page.locator("#count .count-view.done")).to_be_visible()
    found = check_everywhere(page, "scorer, counted")
    page.check("#yourself")
    page.fill("#guess-total", "20")
    page.press("#guess-total", "Enter")
    expect(page.locator("#verdict")).not_to_be_empty()
    page.click("#next-item")
    found += check_everywhere(page, "scorer, counted yourself")
    page.goto(server.address + "/score?rules=cribbage&cards=5h+5h+5c+Js&turnup=5s")
    expect(page.locator("#error")).not_to_be_empty()
    found += check_everywhere(page, "scorer, a bad hand")
    page.goto(server.address + "/board")
    expect(page.locator("#new-game")).to_be_visible()
    found += check_everywhere(page, "board keeper, a new game")
    page.check("#chance")
    page.click("#start")
    page.click("[data-reason=turned_jack]")
    page.click("#peg")
    page.click("#next-deal")
    expect(page.locator("#chance-line")).not_to_be_empty()
    found += check_everywhere(page, "board keeper, a game")
    assert not found, "\n".join(found)
    assert not errors
    page.close()


@pytest.mark.parametrize("players", [2, 4])
def test_the_end_of_a_game_and_its_replay_have_nothing_axe_finds(
    browser: Browser, server: LiveServer, players: int
) -> None:
    """A game's end as a watcher sees it (the result over the table), and its replay with a review."""
    page = browser.new_page(viewport=SIZES["desktop"])
    errors = watch_errors(page)
    page.goto(server.address + "/")
    table = computers(page, players)
    page.goto(f"{server.address}/t/{table}")
    expect(page.locator("#overlay")).to_be_visible(timeout=10_000)
    found = check_everywhere(page, f"end of a game of {players}", switch_by_reload)
    page.route("**/review?*", lambda route: route.fulfill(json=reviewed((("Computer 1 (greedy)",), ()))))
    page.goto(f"{server.address}/replay/{table}")
    expect(page.locator("#step")).not_to_be_empty()
    page.keyboard.press("PageDown")
    page.select_option("#review-seat", "1")
    page.click("#review-button")
    expect(page.locator(".review-item").first).to_be_visible()
    found += check_everywhere(page, f"replay of a game of {players}")
    assert not found, "\n".join(found)
    assert not errors
    page.close()


def state_of(page: Page) -> str:
    """The state of the hot-seat table now, as this test names them."""
    if page.locator("body[data-covered='true']").count():
        return "hand-over"
    if page.locator(SHOWING).count():
        return "count shown"
    if page.locator("#muggins").count():
        return "muggins"
    if page.locator("#count-for-me, #count-answer").count():
        return "show"
    if page.locator("#lay-away").count():
        return "lay-away" if page.locator("body").get_attribute("data-deal") in (None, "1") else "end of deal"
    return "play"


def test_a_table_in_each_state_has_nothing_axe_finds(browser: Browser, server: LiveServer) -> None:
    """Two people here at five-card cribbage with muggins, each count declared short (0) and claimed."""
    page = browser.new_page(viewport=SIZES["desktop"])
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.evaluate("localStorage.setItem('noddy.lang', 'en')")
    start_hot_seat(page, server, "five-card-cribbage", [("me", "Ann"), ("here", "Bob")], "muggins")
    wanted = {"hand-over", "lay-away", "play", "show", "count shown", "muggins", "end of deal"}
    found: list[str] = []
    seen: set[str] = set()
    for _ in range(200):
        assert ready(page) != "over", f"the game ended before {wanted - seen}"
        state = state_of(page)
        if state not in seen:
            seen.add(state)
            found += check_everywhere(page, state)
            switch_by_button(page, "en")
        if seen >= wanted:
            break
        seq = page.locator("body").get_attribute("data-seq")
        if state == "count shown":
            go_on(page)
            continue
        if state == "hand-over":
            hand_over(page)
            expect(page.locator("body")).to_have_attribute("data-covered", "false")
            continue
        if state == "muggins":
            page.click("#muggins")
        elif state == "show":
            page.keyboard.press("d")
            page.keyboard.type("0")
            page.keyboard.press("Enter")
        else:
            take_turn(page)
            continue
        # The game moves on, or the table first shows the count just made (`show.js`).
        moved = "seq => document.body.dataset.seq !== seq || document.body.dataset.show"
        page.wait_for_function(moved, arg=seq or "", timeout=10_000)
    assert seen >= wanted, f"never reached {wanted - seen}"
    assert not found, "\n".join(found)
    assert not errors
    page.close()
