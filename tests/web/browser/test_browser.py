"""The browser, driven by Playwright with Debian's Chromium: whole games, two people, reloads, restarts,
a phone. Screenshots of the lobby and the table are saved in tests/web/artifacts/."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect, sync_playwright

from noddy.web import create_app
from noddy.web.lan import Lan

# Debian's headless build of its Chromium (the same Blink and V8, without the browser's own window and
# interface), as Playwright itself runs headless: files of these tests took 18-40% less CPU in it than
# in /usr/bin/chromium, whose wrapper also adds Debian's flags (GPU rasterization, extensions).
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).parents[1] / "artifacts"
PHONE = {"width": 390, "height": 844}
CHOSE_ENGLISH = "localStorage.setItem('noddy.lang', 'en')"

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless chromium (make chromium)"),
    pytest.mark.slow,
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """The app served by uvicorn in a daemon thread; stop and start again on the same port and database."""

    def __init__(self, url: str, host: str = "127.0.0.1", lan: Callable[[int], Lan] | None = None) -> None:
        """``lan``: a server on the local network (``noddy serve --lan``), given its port."""
        self.url = url
        self.host = host
        self.lan = lan
        self.port = free_port()
        self.address = f"http://127.0.0.1:{self.port}"
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        config = uvicorn.Config(
            create_app(self.url, bot_delay=0, lan=None if self.lan is None else self.lan(self.port)),
            host=self.host,
            port=self.port,
            log_level="warning",
            timeout_graceful_shutdown=2,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        end = time.monotonic() + 15
        while not self.server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        assert self.server is not None and self.thread is not None
        self.server.should_exit = True
        self.thread.join(15)
        assert not self.thread.is_alive(), "the server did not stop"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path / 'noddy.db'}")
    live.start()
    yield live
    if live.thread is not None and live.thread.is_alive():
        live.stop()


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def wait_until_over(page: Page, table: str, seconds: float = 60) -> None:
    """Wait until the computers' game at ``table`` is over, asking the server every 0.2 s (Playwright's
    ``wait_for_function`` takes an async predicate's promise for true at once: it did not wait)."""
    deadline = time.monotonic() + seconds
    status = "async (id) => (await (await fetch(`/api/tables/${id}`)).json()).status"
    while page.evaluate(status, table) != "over":
        assert time.monotonic() < deadline, f"the game at {table} did not end in {seconds} s"
        page.wait_for_timeout(200)


def start_table(page: Page, server: LiveServer, rules: str, seats: list[str] | None = None) -> None:
    """Make a table in the lobby: me against the computer, or the given seat kinds."""
    page.goto(server.address + "/")
    page.select_option("#rules", rules)
    if seats is not None:
        page.locator(f"#players input[value='{len(seats)}']").check(force=True)
        for i, kind in enumerate(seats):
            page.locator(".seat-kind").nth(i).select_option(kind)
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)


SHOWING = "body[data-show='count'], body[data-show='summary']"
"""The table is showing a count or a deal's summary (`show.js`), and waits for Go on or its pace."""


GO_ON = f"""() => {{
  if (!document.querySelector("{SHOWING}")) return false;
  const button = document.getElementById("go-on");
  if (button) button.click();
  return true;
}}"""
"""While the table shows something: Go on pressed (true); else false. One call to the page a press."""


def go_on(page: Page) -> None:
    """Go on through the show on the table (each count, the deal's summary) until it is over."""
    while page.evaluate(GO_ON):
        pass


def wait_for(page: Page, predicate: str, arg: object = None, timeout: float = 15_000) -> Any:
    """The first true value of the page's ``predicate`` (a function of ``arg``), tried at each of the
    page's frames: a wait on the server's answer ends with it (an `expect` on a locator tries again
    after 20, 50, 100, 100 ms, then each 500 ms: up to half a second more a wait)."""
    return page.wait_for_function(predicate, arg=arg, timeout=timeout).json_value()


TURN = """(showing) => {
  const body = document.body;
  const shown = document.querySelector(showing) !== null;
  return (shown || body.dataset.myTurn === "true" || body.dataset.status === "over")
    && [shown, body.dataset.status ?? null];
}"""
"""Once it is the seat's turn, the game is over or the table shows a count or summary: whether it
shows one, and the game's status."""


def wait_for_turn(page: Page) -> bool:
    """Wait until it is this seat's turn (True) or the game is over (False), going on through the show."""
    while True:
        showing, status = wait_for(page, TURN, SHOWING)
        if not showing:
            return status != "over"
        go_on(page)


OFFERED = """(showing) => {
  const found = (selector) => document.querySelector(selector) !== null;
  const layAway = document.getElementById("lay-away");
  return {
    showing: found(showing), seq: document.body.dataset.seq ?? null,
    lay_away: layAway ? layAway.textContent : null, playable: found("#hand .card-button.playable"),
    go: found("#go"), count_for_me: found("#count-for-me"), pass: found("#pass"),
  };
}"""
"""What the table offers now, read in one call to the page (`take_turn`)."""


def take_turn(page: Page, *, declare: bool = False) -> None:
    """Do what a player would: lay away, play the first playable card, Go, count, or answer muggins;
    or, while the table shows a count, go on."""
    offered = page.evaluate(OFFERED, SHOWING)
    if offered["showing"]:
        go_on(page)
        return
    seq = offered["seq"]
    if offered["lay_away"] is not None:
        need = int((offered["lay_away"] or "0/1").split("/")[1])
        for i in range(need):
            page.locator("#hand .card-button").nth(i).click()
        page.click("#lay-away")
    elif offered["playable"]:
        page.locator("#hand .card-button.playable").first.click()
    elif offered["go"]:
        page.keyboard.press("g")
    elif offered["count_for_me"] and declare:
        page.keyboard.press("d")
        page.keyboard.type("5")
        page.keyboard.press("Enter")
    elif offered["count_for_me"]:
        page.click("#count-for-me")
    elif offered["pass"]:
        page.click("#pass")
    else:
        raise AssertionError("no action offered on the player's turn")
    # The game moves on, or (a discard laid away before this seat's turn) the seat waits for it.
    moved = "seq => document.body.dataset.seq !== seq || document.body.dataset.myTurn !== 'true'"
    page.wait_for_function(moved, arg=seq or "", timeout=10_000)


def play_turns(page: Page, turns: int) -> bool:
    """Take up to ``turns`` turns; False once the game is over."""
    for _ in range(turns):
        if not wait_for_turn(page):
            return False
        take_turn(page)
    return True


def hand(page: Page) -> list[str]:
    return sorted(page.locator("#hand .card-button").evaluate_all("els => els.map(e => e.dataset.card)"))


def test_a_whole_game_against_the_computer(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.select_option("#rules", "cribbage")
    expect(page.locator("#rules-about")).to_contain_text("American Cribbage Congress")
    expect(page.locator("#full-rules")).to_have_attribute("href", "/rules/cribbage?lang=en")
    page.screenshot(path=ARTIFACTS / "lobby.png", full_page=True)
    start_table(page, server, "willughby")
    expect(page.locator("#hand .card-button")).to_have_count(3)
    wait_for_turn(page)
    page.screenshot(path=ARTIFACTS / "table.png")
    turns = 0
    while wait_for_turn(page):
        take_turn(page, declare=True)
        turns += 1
        assert turns < 400
    expect(page.locator("#overlay")).to_be_visible()
    expect(page.locator("#log")).to_contain_text("declared 5")
    expect(page.locator("#result")).to_contain_text("the game")
    expect(page.locator("#final-deals table")).to_be_visible()
    page.screenshot(path=ARTIFACTS / "game-over.png")
    page.click("#replay-link")
    expect(page.locator("#step")).to_contain_text("step")
    page.keyboard.press("Home")
    expect(page.locator("#step")).to_contain_text("step 0 of")
    page.keyboard.press("PageDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.screenshot(path=ARTIFACTS / "replay.png")
    # A step that counts a hand lays the count out on its cards as the table's show does (count.js):
    # stepped on, each item is said before the game's next step.
    page.keyboard.press("Home")
    counted = page.locator("#replay-count .count-view")
    for _ in range(80):
        if counted.count():
            break
        page.keyboard.press("ArrowRight")
    expect(counted).to_have_count(1)
    step = int(re.findall(r"\d+", page.locator("#step").inner_text())[0])
    replay = "async (id) => (await (await fetch(`/api/tables/${id}/replay`)).json()).frames"
    frames = page.evaluate(replay, page.url.split("/")[-1])
    count = [e for e in frames[step]["events"] if e["kind"] in ("count", "declare") and e.get("subject")][-1]
    assert counted.get_attribute("data-seat") == str(count["seat"])
    faces = counted.locator(".card:not(.starter)").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(faces) == sorted(count.get("cards") or frames[step]["view"]["hands"][count["seat"]])
    pieces = count.get("said") or []
    expect(counted).to_have_attribute("data-items", str(len(pieces)))
    for k in range(len(pieces)):
        expect(counted).to_have_attribute("data-shown", str(k))
        page.keyboard.press("ArrowRight")
        expect(counted.locator(".count-words")).to_have_text("".join(pieces[: k + 1]), use_inner_text=True)
    expect(page.locator("#step")).to_contain_text(f"step {step} of")
    page.screenshot(path=ARTIFACTS / "replay-count.png")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step")).to_contain_text(f"step {step + 1} of")
    assert not errors


def test_two_people_at_one_table(browser: Browser, server: LiveServer) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 860})
    friend_context = browser.new_context(viewport={"width": 1100, "height": 800})
    for context in (host_context, friend_context):  # both chose English (the french set speaks French)
        context.add_init_script(CHOSE_ENGLISH)
    host = host_context.new_page()
    friend = friend_context.new_page()
    errors = watch_errors(host) + watch_errors(friend)
    start_table(host, server, "french", ["me", "friend"])
    link = host.locator("#invite-list input").input_value()
    assert "#" in link
    friend.goto(link)
    expect(friend.locator("#conn")).to_have_text("connected")
    expect(host.locator("#invites")).to_be_hidden()
    expect(friend.locator("#myname")).to_contain_text("Friend")
    someone = "body[data-my-turn='true'], body[data-status='over'], #opponents .seat.to-act"
    for _ in range(200):
        go_on(host)
        go_on(friend)
        expect(host.locator(someone).first).to_be_attached(timeout=15_000)
        if host.locator("body[data-status='over']").count():
            break
        page = host if host.locator("body[data-my-turn='true']").count() else friend
        if not wait_for_turn(page):
            continue  # the game ended on this page before the host's heard of it: the loop sees it over
        if page.locator("body[data-phase='discard'], body[data-phase='play']").count():
            assert page.locator("#opponents .card:not(.back)").count() == 0
        take_turn(page)
    for page in (host, friend):
        expect(page.locator("#overlay")).to_be_visible()
    before = {page: page.url for page in (host, friend)}
    host.click("#rematch")
    for page in (host, friend):
        expect(page).not_to_have_url(before[page])
        expect(page.locator("#conn")).to_have_text("connected")
        expect(page.locator("body")).to_have_attribute("data-status", "playing")
    assert host.url.split("#")[0] == friend.url.split("#")[0] != before[host].split("#")[0]
    assert not errors
    host_context.close()
    friend_context.close()


def test_a_reload_and_a_server_restart_mid_game_lose_nothing(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    start_table(page, server, "cribbage")
    assert play_turns(page, 3)
    wait_for_turn(page)
    before = hand(page)
    seq = page.locator("body").get_attribute("data-seq")
    page.reload()
    expect(page.locator("#conn")).to_have_text("connected")
    expect(page.locator("body")).to_have_attribute("data-seq", seq or "")
    assert hand(page) == before
    server.stop()
    expect(page.locator("#conn")).to_have_attribute("data-state", "reconnecting", timeout=10_000)
    server.start()
    expect(page.locator("#conn")).to_have_text("connected", timeout=15_000)
    expect(page.locator("body")).to_have_attribute("data-seq", seq or "")
    assert hand(page) == before
    assert play_turns(page, 2)


def test_a_phone_sized_screen(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.address + "/")
    expect(page.locator("#seats li")).to_have_count(2)
    page.screenshot(path=ARTIFACTS / "lobby-phone.png", full_page=True)
    start_table(page, server, "five-card-cribbage")
    assert play_turns(page, 3)
    wait_for_turn(page)
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the phone"
    for button in page.locator("#hand .card-button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / "table-phone.png")
    assert not errors
    context.close()


def test_two_people_lay_away_at_once_and_each_sees_only_their_own_discard(
    browser: Browser, server: LiveServer
) -> None:
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in range(2)]
    host, friend = (context.new_page() for context in contexts)
    errors = watch_errors(host) + watch_errors(friend)
    start_table(host, server, "cribbage", ["me", "friend"])
    friend.goto(host.locator("#invite-list input").input_value())
    expect(friend.locator("#conn")).to_have_text("connected")
    for page in (host, friend):
        expect(page.locator("#lay-away")).to_be_visible()
    seq = host.locator("body").get_attribute("data-seq")
    waiting = host if host.locator("#opponents .seat.to-act").count() else friend
    other = friend if waiting is host else host
    laid = hand(waiting)[:2]
    for card in laid:
        waiting.locator(f"#hand .card-button[data-card='{card}']").click()
    waiting.click("#lay-away")
    expect(waiting.locator("#status")).to_contain_text("You have laid away: waiting for")
    expect(waiting.locator("#hand .card-button")).to_have_count(4)
    expect(waiting.locator("body")).to_have_attribute("data-seq", seq or "")
    waiting.screenshot(path=ARTIFACTS / "laid-away-early.png")
    for card in laid:
        assert other.locator(f"[data-card='{card}']").count() == 0
    take_turn(other)
    for page in (host, friend):
        expect(page.locator("body")).to_have_attribute("data-phase", "play")
    assert not errors
    for context in contexts:
        context.close()


def test_an_invite_link_seats_one_person_and_the_maker_can_give_the_seat_a_new_one(
    browser: Browser, server: LiveServer
) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}) for _ in range(4)]
    host, bob, stranger, carol = (context.new_page() for context in contexts)
    errors = [error for page in (host, bob, stranger, carol) for error in watch_errors(page)]
    start_table(host, server, "cribbage", ["me", "friend"])
    link = host.locator("#invite-list input").input_value()
    bob.goto(link)
    expect(bob.locator("#conn")).to_have_text("connected")
    expect(bob.locator("#myname")).to_contain_text("Friend")
    expect(bob.locator("#hand .card-button")).to_have_count(6)
    cards = hand(bob)
    assert "#" not in bob.url, "the spent link leaves the address bar"
    stranger.goto(link)
    expect(stranger.locator("#conn")).to_have_text("connected · watching")
    expect(stranger.locator("#watching")).to_contain_text("This seat (Friend) is taken: you are watching.")
    expect(stranger.locator("#myname")).to_have_text("Watching")
    expect(stranger.locator("#hand .card-button")).to_have_count(0)
    for card in cards:
        assert stranger.locator(f"[data-card='{card}']").count() == 0
    bob.reload()
    expect(bob.locator("#conn")).to_have_text("connected")
    expect(bob.locator("#myname")).to_contain_text("Friend")
    expect(bob.locator("#hand .card-button")).to_have_count(6)
    assert hand(bob) == cards
    expect(host.locator("#invites")).to_be_hidden()
    bob.close()
    new_link = host.locator("#invite-list .new-link[data-seat='1']")
    expect(new_link).to_be_visible()
    expect(host.locator("#invite-list")).to_contain_text("has left the table")
    new_link.click()
    expect(host.locator("#invite-list input")).not_to_have_value(link)
    fresh = host.locator("#invite-list input").input_value()
    assert fresh.split("#")[0] == link.split("#")[0] and fresh != link
    host.screenshot(path=ARTIFACTS / "new-link.png")
    carol.goto(fresh)
    expect(carol.locator("#conn")).to_have_text("connected")
    expect(carol.locator("#hand .card-button")).to_have_count(6)
    assert hand(carol) == cards
    back = contexts[1].new_page()
    errors += watch_errors(back)
    back.goto(link.split("#")[0])
    expect(back.locator("#conn")).to_have_text("connected · watching")
    given_away = "The table's maker gave your seat a new invite link: you are watching."
    expect(back.locator("#watching")).to_contain_text(given_away)
    expect(back.locator("#hand .card-button")).to_have_count(0)
    back.screenshot(path=ARTIFACTS / "seat-given-away.png")
    stranger.screenshot(path=ARTIFACTS / "seat-taken.png")
    assert not errors
    for context in contexts:
        context.close()


ACTING = "#lay-away, #hand .card-button.playable, #go, #count-for-me, #declare-input, #muggins, #pass"


BOX = """(e) => {
  if (!e || !e.getClientRects().length) return null;  // not drawn (as Playwright's bounding_box)
  const r = e.getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: r.height};
}"""
ON_SCREEN = f"""(acting) => {{
  const box = {BOX};
  window.scrollTo(0, 0);
  return {{
    "the count": [box(document.getElementById("count"))],
    "a card in hand": [...document.querySelectorAll("#hand .card-button")].map(box),
    "an acting control": [...document.querySelectorAll(acting)].map(box),
  }};
}}"""
"""At the top of the page, the boxes in the viewport of the count, the hand's cards and the controls
that act: read in one call to the page (a call a box took a third of a phone game's time)."""


def assert_on_one_screen(page: Page, where: str) -> None:
    """At the top of the page, the hand's cards, the count and every button that acts lie inside the
    viewport: a player on a phone sees all of them at once without scrolling."""
    viewport = page.viewport_size
    assert viewport is not None
    boxes: dict[str, list[dict[str, float] | None]] = page.evaluate(ON_SCREEN, ACTING)
    assert boxes["an acting control"], f"{where}: no acting control on the player's turn"
    for what, found in boxes.items():
        for box in found:
            assert box is not None, f"{where}: {what} is not drawn"
            inside = (
                box["x"] >= 0
                and box["y"] >= 0
                and box["x"] + box["width"] <= viewport["width"] + 0.5
                and box["y"] + box["height"] <= viewport["height"] + 0.5
            )
            assert inside, f"{where}: {what} lies outside the {viewport} screen: {box}"
    tops = {round(b["y"]) for b in boxes["a card in hand"] if b is not None}
    assert max(tops) - min(tops) <= 20, f"{where}: the hand is not in one row: {sorted(tops)}"


WORDED = f"""() => ({{
  cut: [...document.querySelectorAll('.topbar *, .felt *')].filter((e) =>
    getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1)
    .map((e) => e.textContent),
  refused: [...document.querySelectorAll('#hand .card-button.refused')].map((e) => e.title),
  peg: ({BOX})(document.querySelector('#board .front-peg')),
}})"""
"""The labels cut short, the refused cards' titles and the first front peg's box: one call to the page."""
NOTATION = r"(?<![0-9A-Za-z])(10|[A2-9JQK])[cdhs](?![0-9A-Za-z])"
STATUSES = """() => { window.statuses = []; new MutationObserver(() => window.statuses.push(
  document.getElementById('status').textContent)).observe(document.getElementById('status'),
  { childList: true, characterData: true, subtree: true }); }"""


def assert_worded_plainly(page: Page, where: str) -> None:
    """No label cut short, a refused card's reason in the page's card notation only, pegs big enough."""
    seen = page.evaluate(WORDED)
    assert seen["cut"] == [], f"{where}: labels cut short"
    for title in seen["refused"]:
        assert not re.search(NOTATION, title), f"{where}: two card notations in {title!r}"
    peg = seen["peg"]
    assert peg is not None and peg["width"] >= 8, f"{where}: a peg {peg} is too small to see"


@pytest.mark.parametrize(
    ("rules", "seats"),
    [("cribbage", None), ("willughby", None), ("cribbage", ["me", "computer", "computer", "computer"])],
    ids=["cribbage", "willughby", "cribbage-4"],
)
def test_whole_games_on_a_phone_keep_the_hand_the_count_and_the_button_on_one_screen(
    browser: Browser, server: LiveServer, rules: str, seats: list[str] | None
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    errors = watch_errors(page)
    start_table(page, server, rules, seats)
    name = rules if seats is None else f"{rules}-{len(seats)}"
    page.evaluate(STATUSES)
    shots: set[str] = set()
    turns = 0
    while wait_for_turn(page):
        phase = page.locator("body").get_attribute("data-phase") or ""
        if phase not in shots:
            shots.add(phase)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=ARTIFACTS / f"phone-{name}-{phase}.png")
        assert_on_one_screen(page, f"{name}, turn {turns} ({phase})")
        assert_worded_plainly(page, f"{name}, turn {turns} ({phase})")
        take_turn(page)
        turns += 1
        assert turns < 600
    expect(page.locator("#overlay")).to_be_visible()
    statuses = page.evaluate("window.statuses")
    assert any(" counts " in text for text in statuses)
    for text in statuses:
        assert not re.match(r"(.+) counts \1's ", text), f"the owner named twice: {text!r}"
    assert not errors
    context.close()


def test_a_french_table_in_french_and_a_switch_to_english(browser: Browser, server: LiveServer) -> None:
    """The lobby switched to French, a table of the french preset in French (and in French for a
    watcher who chose nothing: the rule set's language), then switched to English at the table."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.address + "/")
    expect(page.locator("#new-title")).to_have_text("Start a table")
    page.locator("#lang-switch button[data-lang='fr']").click()
    expect(page.locator("#new-title")).to_have_text("Ouvrir une table")
    expect(page.locator("#start")).to_have_text("Commencer la partie")
    page.select_option("#rules", "french")
    expect(page.locator("#rules-about")).to_contain_text("page française")
    expect(page.locator("#counting option").nth(1)).to_contain_text("Chacun annonce son compte")
    expect(page.locator(".seat-kind").nth(1).locator("option[value='computer']")).to_have_text("L’ordinateur")
    page.screenshot(path=ARTIFACTS / "lobby-fr.png", full_page=True)
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connecté", timeout=10_000)
    assert wait_for_turn(page)
    expect(page.locator("#log")).to_contain_text("Coupe pour la donne")
    expect(page.locator("#status")).to_contain_text("Comptez votre main")
    expect(page.locator("#count-for-me")).to_have_text("Comptez pour moi")
    titles = page.locator("#hand .card-button").evaluate_all("els => els.map(e => e.title)")
    assert titles and all(re.search(r" de (cœur|carreau|pique|trèfle)$", t) for t in titles), titles
    page.screenshot(path=ARTIFACTS / "table-fr.png")
    watcher_context = browser.new_context(viewport=PHONE, is_mobile=True, device_scale_factor=2)
    watcher = watcher_context.new_page()
    watcher.goto(page.url)
    expect(watcher.locator("#watching")).to_contain_text("Vous regardez")
    expect(watcher.locator("#log")).to_contain_text("Coupe pour la donne")
    watcher.screenshot(path=ARTIFACTS / "table-fr-phone-watching.png")
    while wait_for_turn(page):
        take_turn(page)
    expect(page.locator("#overlay")).to_be_visible()
    expect(page.locator("#rematch")).to_have_text("Revanche")
    expect(page.locator("#result")).to_contain_text("la partie", ignore_case=True)  # won or drawn
    page.screenshot(path=ARTIFACTS / "game-over-fr.png")
    page.click("#close-overlay")
    page.locator("#lang-switch button[data-lang='en']").click()
    expect(page.locator("#log")).to_contain_text("Cut for the deal")
    expect(page.locator("#log")).not_to_contain_text("Coupe pour la donne")
    expect(page.locator(".label").first).to_have_text("Turn-up")
    page.screenshot(path=ARTIFACTS / "table-en.png")
    page.locator("#actions button.primary").click()
    expect(page.locator("#result")).to_contain_text("the game", ignore_case=True)
    expect(page.locator("#rematch")).to_have_text("Rematch")
    page.screenshot(path=ARTIFACTS / "game-over-en.png")
    expect(watcher.locator("#log")).to_contain_text("Coupe pour la donne")
    page.goto(server.address + "/")
    expect(page.locator("#new-title")).to_have_text("Start a table")
    assert not errors
    context.close()
    watcher_context.close()


def test_the_lobby_offers_hints_only_where_the_server_allows_them(
    browser: Browser, server: LiveServer
) -> None:
    """Hints need one person's seat and computers in the others: elsewhere the box is unticked and
    cannot be ticked, and the person's choice comes back with seats that allow it."""
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.add_init_script(CHOSE_ENGLISH)
    errors = watch_errors(page)
    page.goto(server.address + "/")
    page.select_option("#rules", "cribbage")
    expect(page.locator("#hints")).to_be_enabled()
    page.check("#hints")
    page.locator(".seat-kind").nth(1).select_option("friend")
    expect(page.locator("#hints")).to_be_disabled()
    expect(page.locator("#hints")).not_to_be_checked()
    page.locator(".seat-kind").nth(0).select_option("computer")
    expect(page.locator("#hints")).to_be_enabled()
    expect(page.locator("#hints")).to_be_checked()
    page.locator("#players input[value='4']").check(force=True)
    page.locator(".seat-kind").nth(2).select_option("friend")
    expect(page.locator("#hints")).not_to_be_checked()
    page.click("#start")
    expect(page.locator("#created")).to_be_visible()
    expect(page.locator("#create-error")).to_have_text("")
    assert not errors
    page.close()


def test_on_a_phone_the_lobby_bar_is_compact_and_each_face_down_hand_shows_every_card(
    browser: Browser, server: LiveServer
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.add_init_script(CHOSE_ENGLISH)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.address + "/")
    expect(page.locator("#seats li")).to_have_count(2)
    bar = page.locator(".topbar").bounding_box()
    assert bar is not None and bar["height"] <= 64, f"the lobby's top bar is {bar} on a phone"
    page.select_option("#rules", "cribbage")
    page.locator("#players input[value='4']").check(force=True)
    page.locator(".seat-name-input").first.fill("Bo")
    page.click("#start")
    expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
    watching = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    watching.add_init_script(CHOSE_ENGLISH)
    watcher = watching.new_page()
    watcher_errors = watch_errors(watcher)
    watcher.goto(page.url.split("#")[0])
    expect(watcher.locator("#opponents .seat")).to_have_count(4)
    seats = "[...document.querySelectorAll('#opponents .seat')]"
    dealt = f"() => {seats}.every(seat => seat.querySelectorAll('.card').length >= 4)"
    watcher.wait_for_function(dealt, timeout=10_000)
    watcher.screenshot(path=ARTIFACTS / "phone-watching-partners.png")
    for seat in watcher.locator("#opponents .seat").all():
        box = seat.bounding_box()
        cards = [c.bounding_box() for c in seat.locator(".mini-hand .card").all()]
        assert box is not None and all(cards)
        for a, b in pairwise(cards):
            assert a and b and b["x"] - a["x"] >= 0.3 * a["width"], f"a hand's cards hide each other: {cards}"
        last = cards[-1]
        assert last and last["x"] + last["width"] <= box["x"] + box["width"], "a hand's cards leave its seat"
    assert not errors and not watcher_errors
    watching.close()
    context.close()
