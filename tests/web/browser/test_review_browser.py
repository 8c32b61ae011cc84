"""The review panel says whose score is whose and shows the move chosen even below the best six
(issue 24, item 14), in the browser at desktop and phone size, in English and French, its actions
said in the page's language ("annoncer 1", not "declare 1")."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Route, expect
from test_browser import ARTIFACTS, PHONE, LiveServer, browser, server, wait_until_over, watch_errors

from noddy.cards import parse_cards
from noddy.game import Action, Phase, TaskKind
from noddy.review import Decision, Review

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)


def reviewed(sides: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """The server's review (`Review.to_json`) of seat 1: a count whose choice made was the ninth
    best of ten (the strong player's review of a whole game takes minutes on a busy machine)."""
    values = tuple((Action.declare(1, n), float(n - 9)) for n in range(9, -1, -1))
    decision = Decision(
        move=40,
        deal=3,
        phase=Phase.COUNT,
        hand=parse_cards("5h 5d 5c Js"),
        turnup=parse_cards("5s")[0],
        pile=(),
        count=0,
        scores=(28, 31),
        crib="theirs",
        chosen=Action.declare(1, 1),
        best=Action.declare(1, 9),
        values=values,
        measure="count",
        counting=TaskKind.HAND,
    )
    return Review(1, "Computer 2", (decision,), side=1, sides=sides).to_json()


def test_the_review_names_each_score_and_shows_the_move_chosen(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(server.address + "/")
    seats = [{"kind": "computer", "level": "greedy"}] * 2
    made = page.evaluate(
        """(seats) => fetch("/api/tables", {method: "POST", headers: {"content-type": "application/json"},
             body: JSON.stringify({rules: "willughby", players: 2, seats})}).then((r) => r.json())""",
        seats,
    )
    table = made["id"]
    wait_until_over(page, table)
    other = "Computer 1 (greedy)"
    for viewport, lang in (({"width": 1280, "height": 900}, "en"), (PHONE, "fr")):
        page.set_viewport_size(viewport)
        page.route("**/review?*", lambda route: route.fulfill(json=reviewed(((other,), ()))))
        page.goto(f"{server.address}/replay/{table}")
        page.click(f"#lang-switch button[data-lang='{lang}']")
        page.select_option("#review-seat", "1")
        page.click("#review-button")
        item = page.locator(".review-item").first
        expect(item).to_be_visible()
        you, score = ("you", "score:") if lang == "en" else ("vous", "score :")
        expect(item.locator("p").first).to_contain_text(f"{score} {you} 31, {other} 28")
        rows = item.locator("table.advice tbody tr")
        expect(rows).to_have_count(8)
        expect(rows.nth(6)).to_have_text("…")
        mark = "← chosen" if lang == "en" else "← choisi"
        expect(rows.nth(7)).to_contain_text(mark)
        expect(rows.nth(7).locator("td").first).to_have_text("9.")
        declare = "declare" if lang == "en" else "annoncer"  # the actions in the page's language
        expect(rows.nth(7)).to_contain_text(f"{declare} 1")
        expect(rows.first).to_contain_text(f"{declare} 9")
        point = "." if lang == "en" else ","  # numbers as the page's language writes them
        expect(rows.nth(7).locator("td").last).to_have_text(f"-8{point}00")
        expect(item.locator("h3")).to_contain_text(f"8{point}00")
        if lang == "fr":
            expect(item).not_to_contain_text("declare")
        page.screenshot(path=ARTIFACTS / f"review-scores-{lang}.png", full_page=True)
    assert not errors


def test_a_review_asked_for_while_the_page_changes_language_is_said_in_the_new_one(
    browser: Browser, server: LiveServer
) -> None:
    """The person clicks French, then Review before the French words arrive: once they arrive the review
    is said in French (it stayed in English: it was drawn with the words of the moment)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(server.address + "/")
    made = page.evaluate(
        """(seats) => fetch("/api/tables", {method: "POST", headers: {"content-type": "application/json"},
             body: JSON.stringify({rules: "willughby", players: 2, seats})}).then((r) => r.json())""",
        [{"kind": "computer", "level": "greedy"}] * 2,
    )
    wait_until_over(page, made["id"])
    other = "Computer 1 (greedy)"
    page.route("**/review?*", lambda route: route.fulfill(json=reviewed(((other,), ()))))
    page.goto(f"{server.address}/replay/{made['id']}")
    expect(page.locator("#review-button")).to_have_text("Review")
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/words/fr", hold)
    page.click("#lang-switch button[data-lang='fr']")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page did not ask for the French words"
    page.select_option("#review-seat", "1")
    page.click("#review-button")
    item = page.locator(".review-item").first
    expect(item.locator("p").first).to_contain_text(f"score: you 31, {other} 28")
    held[0].continue_()
    expect(page.locator("#review-button")).not_to_have_text("Review")
    expect(page.locator(".review-item").first.locator("p").first).to_contain_text(
        f"score : vous 31, {other} 28"
    )
    assert not errors


def reviewed_lay_away(sides: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """A review of seat 1's lay-away at cribbage, its ten best with their chances of winning: the
    widest of the review's choice tables."""
    hand = parse_cards("5h 5d Jc Qs 9h 10d")
    pairs = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]][:10]
    values = tuple((Action.discard(1, pair), 9.5 - n) for n, pair in enumerate(pairs))
    chances = tuple((action, 0.61 - n / 100) for n, (action, _) in enumerate(values))
    decision = Decision(
        move=3,
        deal=1,
        phase=Phase.DISCARD,
        hand=hand,
        turnup=None,
        pile=(),
        count=0,
        scores=(0, 0),
        crib="theirs",
        chosen=values[9][0],
        best=values[0][0],
        values=values,
        measure="expected",
        chances=chances,
    )
    return Review(1, "Computer 2", (decision,), side=1, sides=sides).to_json()


def test_the_reviews_choice_tables_are_whole_in_the_side_column(browser: Browser, server: LiveServer) -> None:
    """Every column of a lay-away's choices, with the chance of winning, lies within the side column at
    desktop and phone size (issue 35, item 4: they were cut off, to be scrolled sideways)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(server.address + "/")
    made = page.evaluate(
        """(seats) => fetch("/api/tables", {method: "POST", headers: {"content-type": "application/json"},
             body: JSON.stringify({rules: "cribbage", players: 2, seats})}).then((r) => r.json())""",
        [{"kind": "computer", "level": "greedy"}] * 2,
    )
    wait_until_over(page, made["id"])
    review = reviewed_lay_away((("Computer 1 (greedy)",), ()))
    page.route("**/review?*", lambda route: route.fulfill(json=review))
    for viewport in ({"width": 1280, "height": 900}, PHONE):
        page.set_viewport_size(viewport)
        page.goto(f"{server.address}/replay/{made['id']}")
        page.select_option("#review-seat", "1")
        page.click("#review-button")
        table = page.locator(".review-item table.advice").first
        expect(table).to_be_visible()
        expect(table.locator("tbody tr")).to_have_count(8)  # the best six, "…", the chosen
        widths = table.evaluate("t => [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right]")
        panel = page.locator("#review-panel").bounding_box()
        assert panel is not None
        assert widths[0] <= widths[1] + 1, f"{viewport}: the table is cut off: {widths}"
        right = panel["x"] + panel["width"]
        assert widths[2] <= right + 1, f"{viewport}: the table passes the column: {widths}"
    assert not errors
