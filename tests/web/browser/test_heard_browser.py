"""A whole deal followed from the announcements alone (issue 35, item 3): what the table's one live
region says, read as a screen reader is given it, checked against the engine's own events: each card
laid named in words, each count's points, the score when it changed, whose turn it is; no card symbol,
and nothing said twice over. Focus stays on the next thing to do after every action.

Read with Playwright's ARIA snapshots (`Locator.aria_snapshot`: the accessibility tree Chromium
builds, the text a screen reader is given, aria-label and aria-hidden applied), not a virtual screen
reader (@guidepup/virtual-screen-reader would be a new npm package run inside the page, and it models
one reader's speech, where the tree is what every reader starts from). A snapshot sees the region as
it is when taken, and the region keeps its last few lines while a computer's moves come in bursts, so
each paragraph added to it is copied, as it comes, to a test-only list outside the page's body
(unseen by the page's own observers), and the list is read by one ARIA snapshot at the end."""

from __future__ import annotations

import json
import re
from itertools import pairwise

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser import (
    PHONE,
    LiveServer,
    browser,
    server,
    start_table,
    take_turn,
    wait_for_turn,
    watch_errors,
)
from test_hotseat_browser import manager

from noddy.game import EventKind
from noddy.words import card_words, page_phrases

__all__ = ["browser", "server"]

from test_browser import pytestmark  # noqa: F401  (skipped without chromium; slow)

LISTEN = """
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("announce");
  if (!box) return;
  const heard = document.createElement("section");
  heard.id = "heard-by-test";
  heard.setAttribute("aria-label", "heard");
  document.documentElement.append(heard);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) heard.append(node.cloneNode(true));
  }).observe(box, { childList: true });
});
"""


def heard_lines(page: Page) -> list[str]:
    """Each paragraph the live region was given, as the accessibility tree reads it (one line of
    the snapshot each: ``- paragraph: text``, the text quoted as YAML quotes it when it must be)."""
    snapshot = page.locator("#heard-by-test").aria_snapshot()
    said = [line.strip().removeprefix("- paragraph:").strip() for line in snapshot.splitlines()]
    said = [text for line, text in zip(snapshot.splitlines(), said, strict=True) if "- paragraph:" in line]
    assert len(said) == page.locator("#heard-by-test p").count(), snapshot
    return [json.loads(text) if text.startswith('"') else text for text in said]


def contrast(one: tuple[int, ...], two: tuple[int, ...]) -> float:
    """WCAG's contrast ratio of two sRGB colours."""

    def luminance(rgb: tuple[int, ...]) -> float:
        linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def focus_is_on_a_control(page: Page) -> str:
    return str(page.evaluate("document.activeElement ? document.activeElement.tagName : 'none'"))


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("fr", "phone")])
def test_a_whole_deal_is_followed_from_the_announcements(
    browser: Browser, server: LiveServer, lang: str, size: str
) -> None:
    context = browser.new_context(viewport=PHONE if size == "phone" else {"width": 1280, "height": 860})
    context.add_init_script(LISTEN)
    page = context.new_page()
    errors = watch_errors(page)
    start_table(page, server, "cribbage")
    page.locator(f"#lang-switch button[data-lang='{lang}']").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    table = manager(server).get(page.url.split("/t/")[1].split("#")[0])
    assert table is not None
    turns = 0
    while page.locator("body").get_attribute("data-deal") in (None, "1"):
        assert wait_for_turn(page)
        if turns:
            tag = focus_is_on_a_control(page)
            assert tag == "BUTTON", f"turn {turns}: focus is on {tag}, not the next thing to do"
        take_turn(page)
        turns += 1
        assert turns < 30
    expect(page.locator("body")).to_have_attribute("data-deal", "2")
    page.wait_for_timeout(300)  # the last message's announcement is added after its drawing
    heard = heard_lines(page)
    said = " ".join(heard)
    assert not re.search("[♣♦♥♠]", said), f"a card said by its symbol: {said}"
    assert all(a != b for a, b in pairwise(heard)), "a line said twice over"
    assert all(re.search(r"\w", line) for line in heard), f"a line says nothing: {heard}"
    starts = [i for i, e in enumerate(table.state.events) if e.kind == EventKind.DEAL]
    deal = table.state.events[starts[0] : starts[1]]
    plays = [e for e in deal if e.kind == EventKind.PLAY]
    assert len(plays) == 8
    for event in plays:
        assert card_words(event.cards[0], lang) in said, f"{event.cards[0]} is not named in: {said}"
    for event in deal:
        if event.kind in (EventKind.SHOW, EventKind.COUNT) and event.points:
            assert str(event.points) in said
    # One live region tells the game; the others are the error (an alert) and the answer to a count the
    # person checks themself: the win chance, undo, the status and the callout are not live.
    live = page.evaluate("""() => [...document.querySelectorAll(
      '[aria-live]:not([aria-live=off]), [role=status], [role=alert]')].map((e) => e.id)""")
    assert sorted(live) == ["announce", "count-result", "error"], live
    # Every face-up card on the page, wherever it is (hand, pile, turn-up, crib, log, calls), is named in
    # words to a screen reader.
    names = page.evaluate("""() => [...document.querySelectorAll('.card:not(.back) svg, .cardtext')]
      .map((e) => e.getAttribute('aria-label') || '')""")
    assert len(names) > 10 and all(n and not re.search("[♣♦♥♠]", n) for n in names), names
    assert any(card_words(event.cards[0], lang) in names for event in plays)
    # The key hints under the cards (aria-hidden, so axe does not measure them; 1.7:1 before) stand out
    # from the lightest of the felt, its centre (#2a7550), at 4.5:1 or more.
    keys = page.locator("#hand .card-button .key")
    expect(keys.first).to_be_attached()
    ink = tuple(int(n) for n in re.findall(r"\d+", keys.first.evaluate("k => getComputedStyle(k).color"))[:3])
    assert contrast(ink, (0x2A, 0x75, 0x50)) >= 4.5, ink
    you = page_phrases(lang)["you"]
    score = page_phrases(lang)["announce.score"].split("{")[0]
    assert said.count(score) >= 2 and you in said
    assert not errors, errors
    context.close()
