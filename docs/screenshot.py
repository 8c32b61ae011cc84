"""Draw docs/table.png, the README's picture of a web table: a cribbage game against the computer a
few cards into the play, in Debian's Chromium (Playwright, as the browser tests drive it).

    .venv/bin/python docs/screenshot.py            # writes docs/table.png
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


def main() -> None:
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
    picture = Image.open(io.BytesIO(shot)).convert("RGB").quantize(colors=128)
    picture.save(OUT, optimize=True)
    print(f"{OUT}: {OUT.stat().st_size // 1024} KB", file=sys.stderr)


if __name__ == "__main__":
    main()
