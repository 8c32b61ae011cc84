"""Draw docs/table.png, the README's picture of a web table: a cribbage game against the computer a
few cards into the play, in Debian's Chromium (Playwright, as the browser tests drive it); and the
show, docs/show-desktop.png and docs/show-phone.png: a count laid face up in the counter's place, its
call built on the cards to its second item.

    .venv/bin/python docs/screenshot.py            # writes docs/table.png
    .venv/bin/python docs/screenshot.py show       # writes docs/show-desktop.png and docs/show-phone.png
"""

from __future__ import annotations

import io
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from PIL import Image
from playwright.sync_api import Page, expect, sync_playwright

from noddy.web import create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUT = Path(__file__).parent / "table.png"
SIZE = {"width": 1100, "height": 720}
SHOW_SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def my_turn(page: Page) -> None:
    expect(page.locator("body[data-my-turn='true']")).to_be_attached(timeout=20_000)


def play_into_the_play(page: Page, cards: int) -> None:
    """Lay away two cards, then play until ``cards`` cards are on the pile (or the deal's play ends)."""
    my_turn(page)
    for i in range(2):
        page.locator("#hand .card-button").nth(i).click()
    page.click("#lay-away")
    for _ in range(cards):
        my_turn(page)
        playable = page.locator("#hand .card-button.playable")
        if not playable.count():
            return
        playable.first.click()
    my_turn(page)
    expect(page.locator("#hand .card-button.playable").first).to_be_visible(timeout=20_000)


def to_the_show(page: Page) -> None:
    """Play (step by step, so the show waits) until a count of three items or more is shown, its
    second item lifted."""
    for _ in range(400):
        ready = "body[data-my-turn='true'], body[data-show='count'], body[data-show='summary']"
        expect(page.locator(ready).first).to_be_attached(timeout=20_000)
        view = page.locator(".count-view")
        if view.count() and int(view.get_attribute("data-items") or 0) >= 3:
            page.click("#go-on")
            page.click("#go-on")
            expect(view).to_have_attribute("data-shown", "2")
            return
        if page.locator("#go-on").count():
            page.click("#go-on")
        elif page.locator("#lay-away").count():
            for i in range(2):
                page.locator("#hand .card-button").nth(i).click()
            page.click("#lay-away")
        elif page.locator("#hand .card-button.playable").count():
            page.locator("#hand .card-button.playable").first.click()
        elif page.locator("#go").count():
            page.click("#go")
        elif page.locator("#count-for-me").count():
            page.click("#count-for-me")
        page.wait_for_timeout(50)
    raise RuntimeError("no count of three items came")


def save(shot: bytes, out: Path) -> None:
    picture = Image.open(io.BytesIO(shot)).convert("RGB").quantize(colors=128)
    picture.save(out, optimize=True)
    print(f"{out}: {out.stat().st_size // 1024} KB", file=sys.stderr)


def main() -> None:
    show = sys.argv[1:] == ["show"]
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{folder}/noddy.db", bot_delay=0.1)
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        threading.Thread(target=server.run, daemon=True).start()
        while not server.started:
            time.sleep(0.05)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                if show:
                    for size, viewport in SHOW_SIZES.items():
                        page = browser.new_page(viewport=viewport)
                        page.add_init_script(
                            "localStorage.setItem('noddy.lang', 'en'); localStorage.setItem('noddy.pace', 'hand')"
                        )
                        page.goto(f"http://127.0.0.1:{port}/")
                        page.select_option("#rules", "cribbage")
                        page.click("#start")
                        to_the_show(page)
                        save(page.screenshot(), OUT.with_name(f"show-{size}.png"))
                    browser.close()
                    return
                page = browser.new_page(viewport=SIZE)
                page.add_init_script("localStorage.setItem('noddy.lang', 'en')")
                page.goto(f"http://127.0.0.1:{port}/")
                page.select_option("#rules", "cribbage")
                page.click("#start")
                expect(page.locator("#conn")).to_have_text("connected", timeout=10_000)
                play_into_the_play(page, 2)
                shot = page.screenshot()
                browser.close()
        finally:
            server.should_exit = True
    save(shot, OUT)


if __name__ == "__main__":
    main()
