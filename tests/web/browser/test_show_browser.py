"""The show on the table, seen and heard: at every count of the deals played (against the computer,
at phone and desktop size, in English and French), the cards face up in the counter's place are the
engine's counted cards and the turn-up, each item's cards are lifted as its words appear, the words
are the server's call, and with "Say the counts aloud" on the voice (a stub of speechSynthesis) says
that call piece by piece. A hand counted without showing (Willughby counts before the play) lies
face down, and the table says the rules keep it hidden. Screenshots of the show are saved in
tests/web/artifacts/ (docs/screenshot.py makes the ones in docs/)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser import ARTIFACTS, PHONE, LiveServer, browser, server, take_turn, wait_for
from test_hotseat_browser import manager

from noddy.cards import Card
from noddy.game import Event, EventKind, side_pegs
from noddy.web.live import LiveTable
from noddy.words import call, declared_words, play_said, said_items, unshown_note
from noddy.words.show import SHOW_PAGE

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

SIZES = {"phone": PHONE, "desktop": {"width": 1280, "height": 800}}

# The voice is a stub that writes down what it is asked to say and finishes at once.
HEARD = """
window.__spoken = [];
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(u) { window.__spoken.push(u.text); setTimeout(() => u.onend && u.onend(), 0); },
  cancel() {},
} });
"""

READY = """() => {
  const body = document.body;
  const ready = body.dataset.myTurn === "true" || body.dataset.status === "over"
    || body.dataset.show === "count" || body.dataset.show === "summary";
  return ready && [body.dataset.show ?? null];
}"""
"""Once it is the seat's turn, the game is over or the table shows a count or summary: what it shows."""


def show_context(browser: Browser, size: str, lang: str, pace: str = "hand") -> Page:
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script(
        HEARD + f"localStorage.setItem('noddy.lang', '{lang}'); localStorage.setItem('noddy.pace', '{pace}');"
        " localStorage.setItem('noddy.speak', '1');"
    )
    return context.new_page()


def start_table(
    page: Page, server: LiveServer, rules: str, counting: str = "", players: int = 2
) -> LiveTable:
    """Me against the computer at a new table of ``rules`` (and a reading of a short count, if
    ``counting``; with ``players`` 4, me and three computers, partners); the table as the server
    holds it."""
    page.goto(server.address + "/")
    page.select_option("#rules", rules)
    if players != 2:
        page.locator(f"#players input[value='{players}']").check(force=True)
        for seat in range(1, players):
            page.locator(".seat-kind").nth(seat).select_option("computer")
    if counting:
        page.select_option("#counting", counting)
    page.click("#start")
    expect(page.locator("#conn")).to_have_attribute("data-state", "connected", timeout=10_000)
    table = manager(server).get(page.url.split("/t/")[1])
    assert table is not None
    return table


def engine_counts(table: LiveTable) -> list[Event]:
    return [e for e in table.state.events if e.kind in (EventKind.COUNT, EventKind.DECLARE) and e.subject]


def at_count(table: LiveTable, count: Event) -> tuple[str, tuple[Card, ...]]:
    """The turn-up counted with ``count`` and the hand its seat held, from the engine's states (the
    same count in two deals is the same event: found by identity)."""
    events = table.state.events
    position = next(i for i, e in enumerate(events) if e is count)
    turned = next(e for e in reversed(events[:position]) if e.kind in (EventKind.TURNUP, EventKind.DEAL))
    assert turned.kind == EventKind.TURNUP
    state = next(s for s in table.record().states() if len(s.events) > position)
    assert count.seat is not None
    return str(turned.cards[0]), state.held[count.seat]


def cards_of(page: Page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


# Where the felt's parts lie on the page (not in the window: a click may scroll it).
PLACED = """() => ["#turnup", "#count", "#crib-wrap", ".me", "#actions"].map((selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height];
})"""


def check_count(
    page: Page, table: LiveTable, count: Event, lang: str, where: str, claim: Event | None = None
) -> list[str]:
    """Step through the count shown now, checking its place, its cards and each item; the words said.
    ``claim``: the muggins claim made on ``count``, which the table shows as ``count`` again."""
    view = page.locator(".count-view")
    expect(view).to_have_count(1)
    assert view.get_attribute("data-seat") == str(count.seat), where
    assert view.get_attribute("data-what") == str(count.subject), where
    # One's own hand and a crib (face up in its slot meanwhile) are counted where the hand is; another
    # seat's hand in its place round the table, but on a phone (its seats' cards too small to read a
    # count on) where the hand is, named above it.
    phone = where.startswith("phone")
    mine = count.seat == 0 or count.subject == "crib" or phone
    place = "#hand" if mine else f"#opponents .seat[data-seat='{count.seat}']"
    expect(page.locator(f"{place} .count-view")).to_have_count(1)
    if phone and count.seat != 0:
        whose = page.locator(f"#showing .showing-what[data-seat='{count.seat}']")
        expect(whose).to_have_attribute("data-what", str(count.subject))
    # The crib's slot shows the crib counted (where each has a crib of their own, the slot is one's own).
    own_cribs = table.state.rules.crib.kind == "own"
    if count.subject == "crib" and count.cards and (count.seat == 0 or not own_cribs):
        crib = sorted(cards_of(page, "#crib .card"))
        assert crib == sorted(str(c) for c in count.cards), f"{where}: the crib's slot shows {crib}"
    turnup, held = at_count(table, count)
    shown_cards = count.cards or (held if count.seat == 0 and count.subject == "hand" else ())
    if shown_cards:
        faces = cards_of(page, ".count-view .count-cards .card:not(.starter)")
        assert sorted(faces) == sorted(str(c) for c in shown_cards), f"{where}: {faces} for {count.cards}"
        starter = cards_of(page, ".count-view .card.starter")
        assert starter == [turnup], f"{where}: the turn-up shown is {starter}"
        if count.hidden and claim is None:
            # One's own hand counted unseen: face up to its holder, who is told the others do not see it.
            yours = unshown_note(table.state.rules, "", True, count.kind == EventKind.DECLARE, lang)
            expect(page.locator(".count-view .count-note")).to_contain_text(yours)
    else:
        # Counted without showing: backs only, and the table says why, in the rules' words.
        assert not cards_of(page, ".count-view .card[data-card]"), where
        declared = count.kind == EventKind.DECLARE
        why = unshown_note(table.state.rules, "", False, declared, lang).strip()
        expect(page.locator(".count-view .count-note")).to_contain_text(why)
    parts = call(count.items, table.state.rules, lang)
    said = list(said_items(parts, lang)) if (count.kind == EventKind.COUNT or count.items) else []
    if count.kind == EventKind.DECLARE and not said:
        # A number declared without its call: what is said is the number and its correction.
        said = ["".join(declared_words(count, lang)).lstrip(" —,")]
    assert int(view.get_attribute("data-items") or -1) == len(said), f"{where}: items {said}"
    # The play's count box is cleared at the show, and nothing on the felt moves as the call is built.
    expect(page.locator("#count")).to_have_text("\u00a0")
    before = page.evaluate(PLACED)
    for k in range(len(said)):
        page.click("#go-on")
        expect(view).to_have_attribute("data-shown", str(k + 1))
        lifted = sorted(cards_of(page, ".count-view .card.lifted"))
        if shown_cards and parts:
            assert lifted == sorted(str(c) for c in parts[k].cards), f"{where}, item {k}: lifted {lifted}"
        words = page.locator("#callout .count-words")
        expect(words).to_have_text("".join(said[: k + 1]), use_inner_text=True)
        # The running total, ending at the call's total (a short declaration pegs less: its note says).
        running = parts[k].running if parts else count.points
        expect(page.locator("#callout .count-total")).to_have_text(str(running))
    moved = page.evaluate(PLACED)
    assert moved == before, f"{where}: the felt moved as the call was built: {before} -> {moved}"
    # The call made, the counter's side is pegged: the scores and the board stand as after this count
    # (the table holds the game as it stood before the message's counts until they have been shown).
    events = table.state.events
    pegged = claim or count
    state = table.state
    upto = events[: next(i for i, e in enumerate(events) if e is pegged) + 1]
    after = side_pegs(upto, len(state.scores), state.partners)
    side = state.side_of(pegged.seat or 0)
    target = table.state.rules.game.target
    expect(page.locator("#scores .score-points").nth(side)).to_have_text(str(min(after[side].front, target)))
    page.click("#go-on")
    return said


def play_deals(
    page: Page,
    table: LiveTable,
    lang: str,
    size: str,
    deals: int,
    declare: str | None = None,
    until_claim: bool = False,
) -> dict[str, Any]:
    """Play the seat until ``deals`` deals have been shown (and, ``until_claim``, a muggins claim with
    them: the deals are random, and a person's every count may be 0), or the game is over; at each
    count check it (`check_count`). ``declare``: the number the person declares at each of their
    counts (else the engine counts)."""
    seen = {"counts": 0, "summaries": 0, "said": [], "hidden": 0, "claims": 0}
    next_count = 0
    while True:
        (showing,) = wait_for(page, READY)
        if showing == "count":
            # The page shows each count from the one it joined at (a computer's count made before
            # the page connected is in the log only).
            view = page.locator(".count-view")
            whose = (view.get_attribute("data-seat"), view.get_attribute("data-what"))
            if view.get_attribute("data-claim") == "muggins":
                # A muggins claim: the claimed declaration shown again, with the claim and the truth.
                events = table.state.events
                counted = engine_counts(table)[:next_count]
                count = next(e for e in reversed(counted) if e.kind == EventKind.DECLARE)
                start = next(i for i, e in enumerate(events) if e is count)
                claim = next(e for e in events[start:] if e.kind == EventKind.MUGGINS)
                truth = sum(item.points for item in count.items)
                said = SHOW_PAGE[lang]["show.muggins"].split("{who}")[1].format(true=truth)
                expect(view.locator(".count-note")).to_contain_text(said)
                seen["said"] += check_count(page, table, count, lang, f"{size} {lang}, a claim", claim)
                seen["claims"] += 1
                continue
            index, count = next(
                (i, e)
                for i, e in enumerate(engine_counts(table))
                if i >= next_count and (str(e.seat), str(e.subject)) == whose
            )
            next_count = index + 1
            where = f"{size} {lang}, count {seen['counts']} ({count.subject} of seat {count.seat})"
            if seen["counts"] < 3:
                page.screenshot(path=ARTIFACTS / f"show-{size}-{lang}-{seen['counts']}.png")
            seen["said"] += check_count(page, table, count, lang, where)
            seen["hidden"] += bool(count.hidden)
            seen["counts"] += 1
        elif showing == "summary":
            expect(page.locator("#show-summary")).to_be_visible()
            rows = page.locator("#show-summary .summary-counts li")
            assert rows.count() >= 2, f"{size} {lang}: the summary lists {rows.count()} counts"
            if not seen["summaries"]:
                page.screenshot(path=ARTIFACTS / f"show-{size}-{lang}-summary.png")
            seen["summaries"] += 1
            page.keyboard.press("Enter")
            if seen["summaries"] >= deals and (seen["claims"] or not until_claim):
                return seen
        elif page.locator("body[data-status='over']").count():
            return seen
        elif declare is not None and page.locator("#count-for-me").count():
            seq = page.locator("body").get_attribute("data-seq") or ""
            page.keyboard.press("d")
            page.keyboard.type(declare)
            page.keyboard.press("Enter")
            moved = "seq => document.body.dataset.seq !== seq || document.body.dataset.show"
            page.wait_for_function(moved, arg=seq)
        else:
            take_turn(page)


@pytest.mark.parametrize(
    ("size", "lang", "rules", "players"),
    [
        ("desktop", "en", "cribbage", 2),
        ("phone", "fr", "cribbage", 2),
        ("phone", "en", "willughby", 2),
        ("desktop", "fr", "willughby", 2),
        ("desktop", "fr", "cribbage", 4),
        ("phone", "en", "crib-noddy-old", 2),
    ],
)
def test_each_count_is_shown_on_the_table_and_heard(
    browser: Browser, server: LiveServer, size: str, lang: str, rules: str, players: int
) -> None:
    """Cribbage, Willughby (hands counted before the play, unseen), four players in partners (each
    partner's hand in its place), Crib Noddy (the hands declared before the play, the crib after)."""
    page = show_context(browser, size, lang)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table = start_table(page, server, rules, players=players)
    seen = play_deals(page, table, lang, size, deals=2 if players == 2 else 1)
    assert seen["counts"] >= 3 and seen["summaries"] >= 1, seen
    if rules == "willughby":
        assert seen["hidden"], "no hand was counted unseen"
    spoken = page.evaluate("window.__spoken")
    for piece in seen["said"]:
        assert piece in spoken, f"{piece!r} was not said aloud: {spoken}"
    plays = [e for e in table.state.events if e.kind == EventKind.PLAY and e.count is not None]
    said = {play_said(e.count or 0, call(e.items, table.state.rules, lang), lang) for e in plays}
    heard = [words for words in spoken if words not in seen["said"]]
    assert heard and set(heard) <= said, f"the plays said {heard}, the engine's {said}"
    assert not errors
    page.context.close()


def test_between_people_the_summary_goes_on_by_itself(browser: Browser, server: LiveServer) -> None:
    """Between people at two devices the deal's summary counts down and the table goes on without a
    press (against the computer it waits: `test_each_count_is_shown_on_the_table_and_heard`). The
    pages' clocks are Playwright's: the shows' timers are run on rather than waited."""
    host = show_context(browser, "desktop", "en", pace="fast")
    friend = show_context(browser, "phone", "en", pace="fast")
    for page in (host, friend):
        page.clock.install()
    host.goto(server.address + "/")
    host.select_option("#rules", "cribbage")
    host.locator("#players input[value='2']").check(force=True)
    host.locator(".seat-kind").nth(1).select_option("friend")
    host.click("#start")
    expect(host.locator("#conn")).to_have_attribute("data-state", "connected", timeout=10_000)
    friend.goto(host.locator("#invite-list input").input_value())
    expect(friend.locator("#conn")).to_have_attribute("data-state", "connected", timeout=10_000)
    for _ in range(200):
        if host.locator("body[data-show='summary']").count():
            break
        for page in (host, friend):
            if page.locator("body[data-my-turn='true']").count():
                take_turn(page)
            page.clock.run_for(300)
    expect(host.locator("#show-summary .summary-next")).to_contain_text("The next deal in")
    host.clock.run_for(4000)  # the summary's time between people at the fast pace
    expect(host.locator("body")).not_to_have_attribute("data-show", "summary", timeout=15_000)
    host.context.close()
    friend.context.close()


def test_a_muggins_claim_is_shown_on_the_claimed_cards(browser: Browser, server: LiveServer) -> None:
    """Willughby under muggins, the person declaring 0 at each count: their declaration is shown on
    their own cards with the true call and what was pegged; the computer's claim shows the same count
    again, with the claim and the true count, and the claimer's score after it."""
    page = show_context(browser, "desktop", "en")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table = start_table(page, server, "willughby", counting="muggins")
    seen = play_deals(page, table, "en", "desktop", deals=2, declare="0", until_claim=True)
    missed = [e for e in table.state.events if e.kind == EventKind.MUGGINS]
    assert missed and seen["claims"] == len(missed), (seen, missed)
    assert not errors
    page.context.close()
