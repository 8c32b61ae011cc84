"""The scorer (/score) and the board keeper (/board) in Debian's chromium, on a phone's screen, in
English and French: a hand in the address or tapped is counted by noddy's engine and laid out on its
cards as `noddy.offline.count` (the same function in this process) says it; bad hands are refused in
the page's language; "count it yourself first" goes through what was missed item by item; a board is
kept across a reload and a closed browser, and takes a count from the scorer. Offline after one visit,
the scorer counts on the engine in the page (Pyodide) and the board is still there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_browser import CHROMIUM, PHONE, LiveServer, browser, watch_errors

from noddy.analysis import board_if_built
from noddy.offline import count, rule_set
from noddy.rules import load_rules
from noddy.web.engine import pyodide_dir
from noddy.words.keeper import KEEPER_PAGE

__all__ = ["browser"]

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless chromium (make chromium)"),
    pytest.mark.slow,
]
TWENTY_NINE = "/score?rules=cribbage&cards=5h+5d+5c+Js&turnup=5s"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path_factory.mktemp('keeper') / 'noddy.db'}")
    live.start()
    yield live
    live.stop()


@pytest.fixture(autouse=True)
def patient() -> Iterator[None]:
    """Each expectation waits up to 20 s: beside another worker starting Pyodide, a page of this
    loaded machine takes seconds to fetch its words and count (Playwright's default is 5 s)."""
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)


def phone(browser: Browser, *, offline_later: bool = False, storage_state: Any = None) -> BrowserContext:
    """A phone's browser; its service worker blocked unless the test goes ``offline_later``: the
    worker's install fetches the whole shell (Pyodide, every rules page) from the server in this
    process, seconds of work that only the offline test uses."""
    return browser.new_context(
        viewport=PHONE,
        has_touch=True,
        storage_state=storage_state,
        service_workers="allow" if offline_later else "block",
    )


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = phone(browser)
    yield made
    made.close()


def ready(page: Page) -> None:
    """The page has its words, its rule sets and the count of its address (a loaded machine takes seconds)."""
    expect(page.locator("body[data-ready=yes]")).to_be_attached(timeout=30_000)


def opened(context: BrowserContext, address: str) -> tuple[Page, list[str]]:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(address)
    ready(page)
    return page, errors


def said(page: Page) -> str:
    return page.locator("#call .count-words").inner_text()


def phrase(key: str, lang: str, **values: object) -> str:
    return KEEPER_PAGE[lang][key].format(**values)


def expect_count(page: Page, rules: str, cards: str, turnup: str, crib: bool, lang: str) -> None:
    """The page shows ``noddy.offline.count``'s answer: every item said, on its cards, the total."""
    answer = count(rules, cards, turnup, crib, lang)
    view = page.locator("#count .count-view")
    laid_items = str(len(answer["items"]) or 1)
    expect(view).to_have_attribute("data-items", laid_items)
    expect(view).to_have_attribute("data-shown", laid_items)
    assert said(page) == "".join(answer["said"])
    assert page.locator("#call .count-total").inner_text() == str(answer["total"])
    laid = [c.get_attribute("data-card") for c in page.locator("#count .count-cards .card").all()]
    assert laid == [*answer["cards"], answer["turnup"]]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hand_in_the_address_is_counted_with_his_nobs(
    context: BrowserContext, server: LiveServer, lang: str
) -> None:
    page, errors = opened(context, f"{server.address}{TWENTY_NINE}&lang={lang}")
    expect(page.locator("#count .count-view.done")).to_be_visible()
    expect_count(page, "cribbage", "5h 5d 5c Js", "5s", False, lang)
    answer = count("cribbage", "5h 5d 5c Js", "5s", False, lang)
    assert answer["total"] == 29 and answer["items"][-1]["name"] in said(page)  # his nobs, sa caboche
    assert page.locator("body").get_attribute("data-engine") == "server"
    expect(page.locator("#where")).to_have_text(phrase("scorer.on_server", lang))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert not errors


def test_tapped_cards_are_counted_and_the_crib_and_the_address_follows(
    context: BrowserContext, server: LiveServer
) -> None:
    page, errors = opened(context, f"{server.address}/score?rules=cribbage&lang=en")
    for card in ("4h", "4d", "6c", "2s"):
        page.click(f".deck-card[data-card='{card}']")
    expect(page.locator("input[name=mode][value=turnup]")).to_be_checked()
    page.click(".deck-card[data-card='Jh']")
    expect(page.locator("#count .count-view.done")).to_be_visible()
    expect_count(page, "cribbage", "4h 4d 6c 2s", "Jh", False, "en")
    page.check("#crib")
    expect(page.locator("#count .count-view.done")).to_be_visible()
    expect_count(page, "cribbage", "4h 4d 6c 2s", "Jh", True, "en")
    assert page.url.endswith("/score?rules=cribbage&cards=4h+4d+6c+2s&turnup=Jh&crib=1&lang=en")
    page.click(".deck-card[data-card='2s']")  # taken back: three cards, nothing counted
    expect(page.locator("#result")).to_be_hidden()
    page.select_option("#rules", "willughby")
    page.click(".deck-card[data-card='Jc']")
    page.click(".deck-card[data-card='Jc']")  # twice: in, then out again
    expect(page.locator(".deck-card[data-card='Jc']")).to_have_attribute("aria-pressed", "false")
    assert not errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bad_hands_are_refused_in_the_pages_language(
    context: BrowserContext, server: LiveServer, lang: str
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    for cards, turnup in (
        ("5h 5h 5c Js", "5s"),
        ("5h 5d 5c Js", "5h"),
        ("5h 5d 5c Js 4c", "5s"),
        ("1x 5d 5c Js", "5s"),
    ):
        hand = cards.replace(" ", "+")
        page.goto(f"{server.address}/score?rules=cribbage&cards={hand}&turnup={turnup}&lang={lang}")
        ready(page)
        expect(page.locator("#error")).to_have_text(count("cribbage", cards, turnup, False, lang)["error"])
        expect(page.locator("#result")).to_be_hidden()
    assert not errors


def test_counting_it_yourself_shows_what_was_missed_item_by_item(
    context: BrowserContext, server: LiveServer
) -> None:
    page, errors = opened(context, f"{server.address}/score?lang=en")
    page.check("#yourself")
    page.goto(f"{server.address}{TWENTY_NINE}&lang=en")
    ready(page)
    page.check("#yourself")
    expect(page.locator("#guess")).to_be_visible()
    expect(page.locator("#result")).to_be_hidden()
    page.fill("#guess-total", "20")
    page.press("#guess-total", "Enter")
    expect(page.locator("#verdict")).to_have_text(phrase("scorer.missed", "en", guess=20, total=29, diff=9))
    answer = count("cribbage", "5h 5d 5c Js", "5s")
    view = page.locator("#count .count-view")
    expect(view).to_have_attribute("data-shown", "0")
    for shown, item in enumerate(answer["items"], 1):
        page.click("#next-item")
        expect(view).to_have_attribute("data-shown", str(shown))
        lifted = [c.get_attribute("data-card") for c in page.locator("#count .card.lifted").all()]
        assert sorted(lifted) == sorted(item["cards"])
        assert page.locator("#call .count-words .now").inner_text() == item["said"]
    expect(page.locator("#next-item")).to_be_hidden()
    assert said(page) == "".join(answer["said"])
    assert not errors


def start_game(page: Page, names: list[str], chance: bool = False) -> None:
    expect(page.locator("#new-game")).to_be_visible()
    page.check(f"input[name=players][value='{len(names)}']")
    for i, name in enumerate(names):
        page.fill(f"#name-{i}", name)
    if chance:
        page.check("#chance")
    page.click("#start")
    expect(page.locator("#game")).to_be_visible()


def scores_shown(page: Page) -> list[str]:
    return [li.inner_text().split()[-1] for li in page.locator("#scores li").all()]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_board_is_kept_across_a_reload_and_a_closed_browser(
    browser: Browser, server: LiveServer, lang: str
) -> None:
    first = phone(browser)
    page, errors = opened(first, f"{server.address}/board?lang={lang}")
    start_game(page, ["Ann", "Bob"], chance=True)
    reasons = {r["key"]: r["words"][lang] for r in rule_set("cribbage")["reasons"]}
    assert [b.inner_text() for b in page.locator("#reasons button").all()][:2] == [
        f"{reasons['turned_jack']} (2)",
        reasons["play"],
    ]
    page.click("[data-reason=turned_jack]")
    page.click("#peg")
    page.click("#sides [data-side='1']")
    page.click("[data-reason=hand]")
    page.click("[data-points='12']")
    expect(page.locator("#peg")).to_have_text(
        phrase("tally.peg", lang, points=12, name="Bob", reason=reasons["hand"])
    )
    page.click("#peg")
    page.click("#next-deal")
    assert scores_shown(page) == ["2", "12"]
    expect(page.locator("#dealer")).to_have_text(phrase("tally.deals", lang, deal=2, name="Bob"))
    table = board_if_built(load_rules("cribbage"), 2, False)
    assert table is not None
    ann = round(1000 * table.chance((2, 12), 1)[0]) / 10
    line = phrase("tally.chance_side", lang, name="Ann", chance=f"{ann:.0f}")
    expect(page.locator("#chance-line")).to_contain_text(line)
    page.reload()
    ready(page)
    assert scores_shown(page) == ["2", "12"]
    kept = first.storage_state()
    first.close()
    again = phone(browser, storage_state=kept)
    page, errors_again = opened(again, f"{server.address}/board")
    assert scores_shown(page) == ["2", "12"]
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#dealer")).to_have_text(phrase("tally.deals", lang, deal=2, name="Bob"))
    expect(page.locator("#chance-line")).to_contain_text(line)
    expect(page.locator("#log li")).to_have_count(3)
    page.click("#undo")  # the new deal taken back
    expect(page.locator("#dealer")).to_have_text(phrase("tally.deals", lang, deal=1, name="Ann"))
    page.click("#undo")  # and Bob's 12
    assert scores_shown(page) == ["2", "0"]
    page.click("[data-reason=play]")
    page.fill("#points-typed", "119")
    page.click("#peg")
    skunk = rule_set("cribbage")["stakes"]["0"][lang]  # Bob at 0: a double skunk
    expect(page.locator("#won")).to_have_text(f"{phrase('tally.won', lang, name='Ann', score=121)} {skunk}")
    page.click("#end")
    expect(page.locator("#new-game")).to_be_visible()
    expect(page.locator("#finished li")).to_have_count(1)
    expect(page.locator("#finished li")).to_contain_text("Ann 121 · Bob 0")
    again.close()
    assert not errors and not errors_again


def test_a_count_is_added_to_the_board_from_the_scorer(context: BrowserContext, server: LiveServer) -> None:
    page, errors = opened(context, f"{server.address}/board?lang=en")
    start_game(page, ["Ann", "Bob", "Cy", "Di"])
    assert page.locator("#scores li").count() == 2, "four of cribbage play as partners"
    page.goto(f"{server.address}{TWENTY_NINE}&crib=1")
    ready(page)
    expect(page.locator("#count .count-view.done")).to_be_visible()
    page.click("#to-board button >> nth=1")
    expect(page.locator("#to-board")).to_contain_text(
        phrase("scorer.added", "en", points=29, name="Bob & Di")
    )
    page.goto(f"{server.address}/board")
    ready(page)
    assert scores_shown(page) == ["0", "29"]
    expect(page.locator("#log li")).to_have_text(
        [phrase("tally.log_peg", "en", name="Bob & Di", points=29, reason="Crib")]
    )
    assert not errors


@pytest.mark.skipif(not (pyodide_dir() / "pyodide.mjs").is_file(), reason="needs Pyodide (make node)")
def test_offline_after_one_visit_the_scorer_counts_on_the_page_and_the_board_stays(
    browser: Browser, server: LiveServer
) -> None:
    context = phone(browser, offline_later=True)
    page, errors = opened(context, f"{server.address}/board?lang=fr")
    start_game(page, ["Ann", "Bob"], chance=True)
    page.click("[data-reason=turned_jack]")
    page.click("#peg")
    line = page.locator("#chance-line").inner_text()
    page.goto(f"{server.address}{TWENTY_NINE}")
    ready(page)
    expect(page.locator("#count .count-view.done")).to_be_visible()
    kept = (
        "async () => { await navigator.serviceWorker.ready;"
        " return !!(await caches.match('/pyodide/pyodide.asm.wasm')); }"
    )
    assert page.evaluate(kept)
    context.set_offline(True)
    page.goto(f"{server.address}{TWENTY_NINE}&crib=1")
    expect(page.locator("#engine-line")).to_have_text(phrase("scorer.starting", "fr"))
    expect(page.locator("#count .count-view.done")).to_be_visible(timeout=240_000)
    expect(page.locator("#engine-line")).to_be_empty()
    assert page.locator("body").get_attribute("data-engine") == "device"
    expect_count(page, "cribbage", "5h 5d 5c Js", "5s", True, "fr")
    expect(page.locator("#where")).to_have_text(phrase("scorer.on_device", "fr"))
    page.click(".deck-card[data-card='Js']")  # taken back: the turn-up is tapped next
    page.click(".deck-card[data-card='Qs']")
    page.click("input[name=mode][value=hand]")
    page.click(".deck-card[data-card='Jh']")
    expect(page.locator("#call .count-total")).to_have_text(
        str(count("cribbage", "5h 5d 5c Jh", "Qs", True)["total"])
    )
    expect_count(page, "cribbage", "5h 5d 5c Jh", "Qs", True, "fr")
    page.goto(f"{server.address}/board")
    ready(page)
    assert scores_shown(page) == ["2", "0"]
    expect(page.locator("#chance-line")).to_have_text(line)
    page.click("#sides [data-side='1']")
    page.click("[data-reason=last_card]")
    page.click("#peg")
    assert scores_shown(page) == ["2", "1"]
    assert not errors
    context.close()
