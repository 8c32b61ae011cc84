"""What is counted is what the table shows: at every count of whole games (a hand, the crib, a short
count an opponent may claim under muggins) the cards face up where the hand is are the count's own
cards, on a phone and on a desktop, and the crib's slot shows the crib face up while it is counted.
Screenshots are saved in tests/web/artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser import (
    ARTIFACTS,
    PHONE,
    LiveServer,
    assert_on_one_screen,
    browser,
    go_on,
    server,
    take_turn,
)
from test_hotseat_browser import hand_over, ready, start_hot_seat

from noddy.game import EventKind, GameState
from noddy.web.live import LiveTable

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

SIZES = {"phone": PHONE, "desktop": {"width": 1280, "height": 800}}


def counted_now(state: GameState) -> tuple[str, list[str]] | None:
    """What the engine counts now, or whose short count may be claimed, and its cards, from the state."""
    if state.phase.value == "count" and state.tasks:
        task = state.tasks[0]
        cards = state.cribs[task.seat] if task.what == "crib" else state.held[task.seat]
        return task.what, sorted(str(c) for c in cards)
    if state.phase.value == "muggins" and state.muggins is not None:
        declarer = state.muggins[0]
        # The claim is on the count just declared, or (a hand counted unseen before the play) on the
        # hand shown after the play.
        opened = (EventKind.DECLARE, EventKind.SHOW)
        claimed = next(
            e for e in reversed(state.events) if e.seat == declarer and e.kind in opened and not e.hidden
        )
        cards = state.cribs[declarer] if claimed.subject == "crib" else state.held[declarer]
        return claimed.subject, sorted(str(c) for c in cards)
    return None


SHOWN = """() => ({
  hand: [...document.querySelectorAll("#hand .card-button")].map((e) => e.dataset.card),
  crib: [...document.querySelectorAll("#crib .card")].map((e) => e.dataset.card),
  muggins: document.getElementById("muggins") !== null,
  seq: document.body.dataset.seq ?? null,
})"""
"""At a count: the cards in hand and in the crib's slot, whether a muggins claim is offered, the
table's move; read in one call to the page."""


def play_and_check(page: Page, table: LiveTable, size: str) -> dict[str, int]:
    """Play the seats here to the end of the game, checking the cards in view at every count and claim;
    how many of each were checked."""
    checked = {"hand": 0, "crib": 0, "muggins": 0}
    # Every count is declared short (0), so that the opponent may claim it under muggins.
    while True:
        at = ready(page)
        if at == "over":
            return checked
        if at == "covered":
            hand_over(page)
            expect(page.locator("body")).to_have_attribute("data-covered", "false")
            continue
        if at == "showing":
            go_on(page)
            continue
        count = counted_now(table.state)
        if count is None:
            take_turn(page)
            continue
        what, cards = count
        expect(page.locator("body")).to_have_attribute("data-seq", str(len(table.state.history)))
        where = f"{size}, move {len(table.state.history)}, {table.state.phase.value} of the {what}"
        shown = page.evaluate(SHOWN)
        assert sorted(shown["hand"]) == cards, (
            f"{where}: the table shows {shown['hand']}, the count is of {cards}"
        )
        expect(page.locator("#showing .showing-what")).to_have_attribute("data-what", what)
        assert_on_one_screen(page, where)
        if what == "crib":
            assert sorted(shown["crib"]) == cards, f"{where}: the crib's slot shows {shown['crib']}"
        kind = "muggins" if shown["muggins"] else what
        if not checked[kind]:
            page.screenshot(path=ARTIFACTS / f"counted-{size}-{kind}.png")
        checked[kind] += 1
        seq = shown["seq"]
        if kind == "muggins":
            page.click("#muggins")
        else:
            page.keyboard.press("d")
            page.keyboard.type("0")
            page.keyboard.press("Enter")
        # The game moves on, or the table first shows the count just made.
        moved = "seq => document.body.dataset.seq !== seq || document.body.dataset.show"
        page.wait_for_function(moved, arg=seq or "", timeout=10_000)


@pytest.mark.parametrize(
    ("size", "rules", "lang"),
    [("phone", "early-cribbage", "fr"), ("desktop", "five-card-cribbage", "en")],
)
def test_the_cards_counted_are_the_cards_shown(
    browser: Browser, server: LiveServer, size: str, rules: str, lang: str
) -> None:
    """Two people at one device, each declaring every count short (0), each claiming the other's:
    early cribbage counts the hands before the play (shown after it, for the claims), five-card
    cribbage after it; one game in each language."""
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script(f"localStorage.setItem('noddy.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table = start_hot_seat(page, server, rules, [("me", "Ann"), ("here", "Bob")], "muggins")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    checked = play_and_check(page, table, size)
    assert table.state.is_over
    assert checked["hand"] >= 4 and checked["crib"] >= 2 and checked["muggins"] >= 2, checked
    assert not errors
    context.close()
