"""noddy's own engine in the page (issue 36 item 3): Pyodide served by the app from its npm package,
noddy's Python from the app's zip, in a Web Worker. The offline page is loaded once with a network
(its service worker keeps what works with none); then the browser is offline, and a game against the
computer is played on the table page, on the engine in the page, whose counts and game are compared
with the same engine in this process; the rules pages and the trainer open from what was kept. One
page starts Pyodide online (the offline page) and one offline (the game), for the whole module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_axe_browser import AXE, violations
from test_browser import CHROMIUM, LiveServer, browser, take_turn, wait_for_turn, watch_errors

from noddy.offline import Table, count
from noddy.rules import load_rules, preset_names
from noddy.scoring import score_hand, total
from noddy.web.engine import pyodide_dir, shell_version
from noddy.words import announce, item_name, read_card, read_cards
from offline.test_offline import play_through

__all__ = ["browser"]

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless chromium (make chromium)"),
    pytest.mark.skipif(not (pyodide_dir() / "pyodide.mjs").is_file(), reason="needs Pyodide (make node)"),
    pytest.mark.slow,
]

GAME = "cribbage-medium-5"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path_factory.mktemp('engine') / 'noddy.db'}")
    live.start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def online(browser: Browser, server: LiveServer) -> Iterator[tuple[BrowserContext, Page]]:
    """The offline page, loaded with a network: its engine started and its hand counted, and the
    service worker's cache filled."""
    context = browser.new_context()
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.address + "/engine?rules=cribbage&cards=5h+5d+5c+Js&turnup=5s")
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=120_000)
    kept = "async () => { await navigator.serviceWorker.ready; return await caches.keys(); }"
    assert page.evaluate(kept) == [f"noddy-{shell_version()}"]
    yield context, page
    assert errors == []
    context.close()


@pytest.fixture(scope="module")
def game(online: tuple[BrowserContext, Page], server: LiveServer) -> Iterator[Page]:
    """With no network: the table page playing a game against the computer on the engine in the page."""
    context, _ = online
    context.set_offline(True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.address}/play/{GAME}?delay=0")
    expect(page.locator("#conn")).to_have_text("connected", timeout=120_000)
    yield page
    assert errors == []


def run(page: Page, body: str, args: Any = None) -> Any:
    """``body`` run in the page with the engine module as ``engine`` and ``args`` as ``args``."""
    script = f"async (args) => {{ const engine = await import('/static/engine.js'); {body} }}"
    return page.evaluate(script, args)


def test_the_address_hand_is_counted_on_the_offline_page(online: tuple[BrowserContext, Page]) -> None:
    rules = load_rules("cribbage")
    items = score_hand(read_cards("5h 5d 5c Js"), read_card("5s"), rules)
    _, page = online
    expect(page.locator("#count")).to_have_text(f"{announce(items, rules)} ({total(items)})")
    expect(page.locator("#levels-note")).to_contain_text("easy and medium")
    expect(page.locator("#play-level option")).to_have_count(2)


@pytest.mark.skipif(not AXE.exists(), reason="needs axe-core (make node)")
def test_the_offline_page_and_the_game_have_nothing_axe_finds(
    online: tuple[BrowserContext, Page], game: Page
) -> None:
    _, page = online
    expect(page.locator("#play-start")).to_be_enabled()
    assert violations(page) == []
    expect(game.locator("#hand .card-button").first).to_be_attached()
    assert violations(game) == []


def test_the_app_is_installable(online: tuple[BrowserContext, Page]) -> None:
    """Chromium's own installability check (DevTools' Page.getInstallabilityErrors: the manifest, its
    icons, the service worker): nothing but the test's private window, which no app installs from."""
    context, page = online
    found = context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert {error["errorId"] for error in found} <= {"in-incognito"}, found


def test_a_deal_against_the_computer_is_played_offline_on_the_table_page(game: Page) -> None:
    """The person lays away, plays and counts by the table page's own controls, on the page's engine,
    until the second deal is dealt; the table shows the computer by its level."""
    expect(game.locator("#opponents")).to_contain_text("Computer (medium)")
    expect(game.locator("#hand .card-button")).to_have_count(6)
    while game.locator("body").get_attribute("data-deal") == "1":
        if not wait_for_turn(game):
            break
        if game.locator("body").get_attribute("data-deal") != "1":
            break
        take_turn(game)
    expect(game.locator("body")).to_have_attribute("data-deal", "2", timeout=30_000)
    assert int(game.locator("#count").text_content() or "0") == 0
    assert game.locator("#log li").count() > 10
    # The table's glossary and counting it yourself come from the engine in the page too.
    expect(game.locator("#glossary-list dt").first).to_be_attached()
    expect(game.locator("#count-yourself-wrap")).to_be_visible()
    kept = game.evaluate(f"JSON.parse(localStorage.getItem('noddy.play.{GAME}'))")
    assert kept and kept[0].startswith("discard "), kept


@pytest.mark.parametrize(
    ("rules", "cards", "turnup", "crib", "lang"),
    [
        ("cribbage", "5h 5d 5c Js", "5s", False, "en"),
        ("cribbage", "5h 5d 5c Js", "5s", False, "fr"),
        ("cribbage", "4h 4d 6c 2s", "Jh", True, "en"),
        ("willughby", "Jh 4d 5d", "6h", False, "en"),
    ],
)
def test_a_count_offline_is_the_engines(
    game: Page, rules: str, cards: str, turnup: str, crib: bool, lang: str
) -> None:
    got = run(game, "return await engine.count(...args);", [rules, cards, turnup, crib, lang])
    ruled = load_rules(rules)
    items = score_hand(read_cards(cards), read_card(turnup), ruled, crib=crib)
    assert got.get("total") == total(items), got
    assert [(i["name"], i["cards"], i["points"]) for i in got["items"]] == [
        (item_name(i, ruled, lang), [str(c) for c in i.cards], i.points) for i in items
    ]
    assert got["announcement"] == announce(items, ruled, lang)


def test_twenty_nine_has_his_nobs(game: Page) -> None:
    got = run(game, "return await engine.count('cribbage', '5h 5d 5c Js', '5s');")
    assert got["total"] == 29
    assert "his nobs" in [i["name"] for i in got["items"]]


def test_a_bad_hand_is_refused_in_the_pages_language(game: Page) -> None:
    for args in (["cribbage", "5h 5h 5c Js", "5s", False, "fr"], ["cribbage", "5h 5c Js", "5s", False, "en"]):
        got = run(game, "return await engine.count(...args);", args)
        assert set(got) == {"error"} and got == count(*args)
    assert "5♥" in count("cribbage", "5h 5h 5c Js", "5s", False, "fr")["error"]


def test_a_whole_game_in_the_page_is_the_engines(game: Page) -> None:
    """A whole game at each offline level through the page's engine (the person always taking the
    first legal action) against the same game here with the same seed: the same last message."""
    for level in ("easy", "medium"):
        got = run(
            game,
            """
            const table = await engine.openTable(args);
            let answer = await table.receive({ type: "hello" });
            let last = answer.messages.at(-1);
            while (last.status !== "over") {
              while (answer.waiting) { answer = await table.step(); last = answer.messages.at(-1) ?? last; }
              if (last.status === "over") break;
              answer = await table.receive({ type: "act", action: last.view.legal[0], seq: last.seq });
              last = answer.messages.at(-1);
            }
            await table.close();
            const view = last.view;
            return { scores: view.scores, winner: view.winner, seq: last.seq, line: last.result_line };
            """,
            f"cribbage-{level}-7",
        )
        table = Table("cribbage", level, seed=7)
        last, _ = play_through(table)
        expected = {"scores": last["view"]["scores"], "winner": last["view"]["winner"], "seq": last["seq"]}
        assert got == {**expected, "line": last["result_line"]}
        assert max(got["scores"]) >= 121


def test_the_rules_pages_and_the_offline_page_open_offline(game: Page, server: LiveServer) -> None:
    """Every rule set's rules page in each language; and a page that was not kept (the lobby, a table
    at the server) opens the offline page, which says what works with no network."""
    context = game.context
    page = context.new_page()
    for kept in ("/", "/t/no-such-table"):
        page.goto(server.address + kept)
        expect(page.locator("#play-form")).to_be_attached()
    for name in preset_names():
        for lang in ("en", "fr"):
            page.goto(f"{server.address}/rules/{name}?lang={lang}")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.locator("main h1")).not_to_be_empty()
    page.close()


def test_the_trainer_asks_and_judges_offline(game: Page, server: LiveServer) -> None:
    """The trainer's page, with no network: its questions come from the engine in the page, which
    judges the answer and says the count step by step; the progress is kept in the browser."""
    page = game.context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.address}/train")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=120_000)
    expect(page.locator("#prompt")).not_to_be_empty()
    expect(page.locator("#cards > *").first).to_be_attached()
    page.fill("#answer", "0")
    page.click("#check")
    expect(page.locator("#verdict")).not_to_be_empty(timeout=30_000)
    expect(page.locator("#call")).not_to_be_empty()
    assert page.evaluate("localStorage.getItem('noddy.train.offline')")
    assert errors == []
    page.close()


def test_the_engine_files_come_from_the_app(game: Page, server: LiveServer) -> None:
    """Nothing was fetched from elsewhere: every resource the page loaded is the app's."""
    loaded = game.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert any(name.endswith("/static/engine-worker.js") for name in loaded), loaded
    assert all(name.startswith(server.address) for name in loaded), loaded
