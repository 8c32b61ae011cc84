"""noddy's own engine in the page (issue 36 item 3): Pyodide served by the app from its npm package,
noddy's Python from the app's zip; after the first load the browser is offline, and the page counts
and plays on the engine in it, compared with the same engine in this process. One page starts
Pyodide once for the module (a few seconds)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser import CHROMIUM, LiveServer, browser, watch_errors

from noddy.game import new_game
from noddy.offline import count
from noddy.players import make_player, next_action
from noddy.rules import load_rules
from noddy.scoring import score_hand, total
from noddy.web.engine import pyodide_dir
from noddy.words import announce, item_name, read_card, read_cards

__all__ = ["browser"]

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (make chromium)"),
    pytest.mark.skipif(not (pyodide_dir() / "pyodide.mjs").is_file(), reason="needs Pyodide (make node)"),
    pytest.mark.slow,
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path_factory.mktemp('engine') / 'noddy.db'}")
    live.start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def offline(browser: Browser, server: LiveServer) -> Iterator[Page]:
    """The engine's page, loaded once with a network, then offline and loaded again from what its
    service worker kept, with its engine started."""
    context = browser.new_context()
    page = context.new_page()
    errors = watch_errors(page)
    address = server.address + "/engine?rules=cribbage&cards=5h+5d+5c+Js&turnup=5s"
    page.goto(address)
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=120_000)
    kept = "async () => { await navigator.serviceWorker.ready; return (await caches.keys()).length; }"
    assert page.evaluate(kept) == 1
    context.set_offline(True)
    page.goto(address)
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=120_000)
    yield page
    assert errors == []
    context.close()


def run(page: Page, body: str, args: Any = None) -> Any:
    """``body`` run in the page with the engine module as ``engine`` and ``args`` as ``args``."""
    script = f"async (args) => {{ const engine = await import('/static/engine.js'); {body} }}"
    return page.evaluate(script, args)


def test_the_address_hand_is_counted_in_the_page(offline: Page) -> None:
    rules = load_rules("cribbage")
    items = score_hand(read_cards("5h 5d 5c Js"), read_card("5s"), rules)
    expect(offline.locator("#count")).to_have_text(f"{announce(items, rules)} ({total(items)})")


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
    offline: Page, rules: str, cards: str, turnup: str, crib: bool, lang: str
) -> None:
    got = run(offline, "return await engine.count(...args);", [rules, cards, turnup, crib, lang])
    ruled = load_rules(rules)
    items = score_hand(read_cards(cards), read_card(turnup), ruled, crib=crib)
    assert got.get("total") == total(items), got
    assert [(i["name"], i["cards"], i["points"]) for i in got["items"]] == [
        (item_name(i, ruled, lang), [str(c) for c in i.cards], i.points) for i in items
    ]
    assert got["announcement"] == announce(items, ruled, lang)


def test_twenty_nine_has_his_nobs(offline: Page) -> None:
    got = run(offline, "return await engine.count('cribbage', '5h 5d 5c Js', '5s');")
    assert got["total"] == 29
    assert "his nobs" in [i["name"] for i in got["items"]]


def test_a_bad_hand_is_refused_in_the_pages_language(offline: Page) -> None:
    for args in (["cribbage", "5h 5h 5c Js", "5s", False, "fr"], ["cribbage", "5h 5c Js", "5s", False, "en"]):
        got = run(offline, "return await engine.count(...args);", args)
        assert set(got) == {"error"} and got == count(*args)
    assert "5♥" in count("cribbage", "5h 5h 5c Js", "5s", False, "fr")["error"]


def test_a_game_against_the_computer_offline_is_the_engines(offline: Page) -> None:
    """A whole game, the person always taking the first legal action, against the same game played
    here with the same seed: the same moves, scores and winner."""
    got = run(
        offline,
        """
        const table = await engine.newTable('cribbage', 'random', 7);
        let moves = 0;
        while (!table.view.over) { table.act(0); moves += 1; }
        table.close();
        return { moves, scores: table.view.scores, winner: table.view.winner };
        """,
    )
    rules = load_rules("cribbage")
    rng = random.Random(7)
    players = {1: make_player("random")}
    state = new_game(rules, 2)
    moves = 0
    while not state.is_over:
        if state.chance() is None and state.to_act == 0:
            state = state.apply(state.legal_actions()[0])
            moves += 1
        else:
            state = state.apply(next_action(state, players, rng))
    assert got == {"moves": moves, "scores": list(state.scores), "winner": state.winner}
    assert max(state.scores) >= rules.game.target


def test_the_engine_files_come_from_the_app(offline: Page, server: LiveServer) -> None:
    """Nothing was fetched from elsewhere: every resource the page loaded is the app's."""
    loaded = offline.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert any(name.endswith("/pyodide/pyodide.asm.wasm") for name in loaded)
    assert all(name.startswith(server.address) for name in loaded), loaded
