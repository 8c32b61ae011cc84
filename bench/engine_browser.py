"""noddy's engine in the browser (issue 36 item 3): what a phone would wait for, on this machine's
Debian Chromium with the CPU throttled 4x (DevTools' ``Emulation.setCPUThrottlingRate``, a phone's
stand-in), the page's and the engine's worker's (attached paused, throttled, then let run).

Measured on the app's ``/engine`` page, served here by uvicorn on 127.0.0.1 (no network delay: the
download is given in bytes, its time depends on the link):

- **download**: the first visit's bytes, counted by the server as it sends them (every response's
  body: the page's, the worker's and the service worker's, until the service worker has kept
  everything), against the same files as they are (no gzip: ``uncompressed_bytes``);
- **cold start**: a new browser context (empty cache), from the navigation to the engine ready
  (the service worker's files kept, Pyodide started from them, noddy unpacked and imported: the
  page's ``engine-ready`` mark);
- **warm start**: the same page reloaded in that context (from the service worker's cache);
- **count**: ``engine.count('cribbage', '5h 5d 5c Js', '5s')`` in the page, each call;
- **move**: one move of the computer at the ``medium`` level (``table.step()``: chance's moves and
  the computer's one, told as the table page's message), each over a whole game;
- **longest block**: the longest the page's thread was busy while the engine started (a beat
  every 50 ms from the document's start, ``HEARTBEAT``): how long a tap could wait;
- **on the page's thread**: the same engine started, counting and playing on the page's own thread
  (``ON_PAGE``), which the throttle reaches; Chromium does not throttle a worker.

Wall-clock times in the page (``performance.now``): there is no baseline in the same run, these are
the figures the issue asks for; the machine's load (``os.getloadavg``) is printed with them.

    .venv/bin/python bench/engine_browser.py [--rounds 3] [--rate 4]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from noddy.web import create_app

RESULTS = Path(__file__).resolve().parent / "results" / "engine_browser.json"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
READY = "performance.getEntriesByName('engine-ready')[0].startTime"
KEPT = """async () => { await navigator.serviceWorker.ready; return (await caches.keys()).length; }"""
COUNTS = """async (n) => {
  const engine = await import('/static/engine.js');
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const got = await engine.count('cribbage', '5h 5d 5c Js', '5s');
    times.push(performance.now() - t);
    if (got.total !== 29) throw new Error(`counted ${got.total}`);
  }
  return times;
}"""
MOVES = """async (table) => {
  const engine = await import('/static/engine.js');
  const game = await engine.openTable(table);
  const times = [];
  let answer = await game.receive({ type: 'hello' });
  let last = answer.messages.at(-1);
  while (last.status !== 'over') {
    while (answer.waiting) {
      const t = performance.now();
      answer = await game.step();
      times.push(performance.now() - t);
      last = answer.messages.at(-1) ?? last;
    }
    if (last.status === 'over') break;
    answer = await game.receive({ type: 'act', action: last.view.legal[0], seq: last.seq });
    last = answer.messages.at(-1);
  }
  await game.close();
  return times;
}"""


class Counted:
    """The app, counting the bytes of every response body it sends (what crosses the network)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.sent = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def counting(message: Any) -> None:
            if message["type"] == "http.response.body":
                self.sent += len(message.get("body", b""))
            await send(message)

        await self.app(scope, receive, counting if scope["type"] == "http" else send)


HEARTBEAT = """window.heartbeat = { last: performance.now(), longest: 0 };
setInterval(() => {
  const now = performance.now();
  heartbeat.longest = Math.max(heartbeat.longest, now - heartbeat.last);
  heartbeat.last = now;
}, 50);"""
"""A beat every 50 ms on the page's thread from the document's start: the longest gap between beats
is the longest the page could not answer a tap."""
LONGEST = "() => { const longest = heartbeat.longest; heartbeat.longest = 0; return longest; }"

ON_PAGE = """async (table) => {
  heartbeat.longest = 0;
  const t0 = performance.now();
  const { loadPyodide } = await import('/pyodide/pyodide.mjs');
  const py = await loadPyodide({ indexURL: '/pyodide/' });
  const zip = await (await fetch('/pyodide/noddy.zip')).arrayBuffer();
  py.unpackArchive(zip, 'zip', { extractDir: '/noddy' });
  py.runPython('import sys; sys.path.insert(0, "/noddy")');
  const answer = py.runPython('from noddy.offline import Engine; Engine().answer');
  const ask = (call, ...args) => JSON.parse(answer(JSON.stringify({ call, args })));
  const start = performance.now() - t0;
  const blocked = heartbeat.longest;
  const counts = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    if (ask('count', 'cribbage', '5h 5d 5c Js', '5s').total !== 29) throw new Error('not 29');
    counts.push(performance.now() - t);
  }
  ask('open', table);
  const moves = [];
  let reply = ask('receive', table, { type: 'hello' });
  let last = reply.messages.at(-1);
  while (last.status !== 'over') {
    while (reply.waiting) {
      const t = performance.now();
      reply = ask('step', table);
      moves.push(performance.now() - t);
      last = reply.messages.at(-1) ?? last;
    }
    if (last.status === 'over') break;
    reply = ask('receive', table, { type: 'act', action: last.view.legal[0], seq: last.seq });
    last = reply.messages.at(-1);
  }
  return { start, blocked, counts, moves };
}"""


def serve(database: Path) -> tuple[uvicorn.Server, Counted, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    counted = Counted(create_app(f"sqlite:///{database}"))
    server = uvicorn.Server(uvicorn.Config(counted, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    end = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > end:
            raise SystemExit("the server did not start in 30 s")
        time.sleep(0.05)
    return server, counted, f"http://127.0.0.1:{port}"


def throttle(context: BrowserContext, page: Page, rate: float) -> None:
    """Throttle the page's CPU by ``rate``. Chromium refuses it for a worker ("Operation is only
    supported for pages, not workers", asked of the engine's worker attached paused): the engine's
    worker runs at full speed, so `ON_PAGE` starts the same engine on the page's thread, which the
    throttle reaches."""
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def one_round(browser: Browser, address: str, counted: Counted, rate: float, seed: int) -> dict[str, Any]:
    context = browser.new_context()
    context.add_init_script(HEARTBEAT)
    page = context.new_page()
    throttle(context, page, rate)
    counted.sent = 0
    page.goto(address + "/engine")
    page.wait_for_selector("body[data-engine='ready']", timeout=600_000)
    cold = page.evaluate(READY)
    blocked = page.evaluate(LONGEST)
    page.evaluate(KEPT)
    download = counted.sent
    page.reload()
    page.wait_for_selector("body[data-engine='ready']", timeout=600_000)
    warm = page.evaluate(READY)
    counts = page.evaluate(COUNTS, 20)
    moves = page.evaluate(MOVES, f"cribbage-medium-{seed}")
    on_page = page.evaluate(ON_PAGE, f"cribbage-medium-{seed}")
    context.close()
    return {
        "blocked": blocked,
        "download": download,
        "cold": cold,
        "warm": warm,
        "counts": counts,
        "moves": moves,
        "on_page": on_page,
    }


def uncompressed(address: str) -> int:
    """The bytes of what the service worker keeps, as files (no gzip): the first visit's baseline."""
    shell = client_get(address + "/sw.js").decode()
    paths = json.loads(shell.split("const SHELL = ", 1)[1].split(";\n", 1)[0])
    return sum(len(client_get(address + path, {"Accept-Encoding": "identity"})) for path in paths)


def client_get(url: str, headers: dict[str, str] | None = None) -> bytes:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as answer:
        body: bytes = answer.read()
    return body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rate", type=float, default=4.0, help="the CPU throttling rate (1: none)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server, counted, address = serve(Path(folder) / "noddy.db")
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        rounds = []
        for seed in range(options.rounds):
            rounds.append(one_round(browser, address, counted, options.rate, seed))
            print(f"round {seed + 1}: load {os.getloadavg()[0]:.1f}", flush=True)
        browser.close()
        plain = uncompressed(address)
        server.should_exit = True
    median = statistics.median
    summary = {
        "rate": options.rate,
        "rounds": options.rounds,
        "load": os.getloadavg()[0],
        "download_bytes": [r["download"] for r in rounds],
        "uncompressed_bytes": plain,
        "cold_ms": [r["cold"] for r in rounds],
        "cold_longest_block_ms": [r["blocked"] for r in rounds],
        "warm_ms": [r["warm"] for r in rounds],
        "count_ms_median": median(t for r in rounds for t in r["counts"]),
        "count_ms_first": [r["counts"][0] for r in rounds],
        "move_ms_median": median(t for r in rounds for t in r["moves"]),
        "move_ms_max": max(t for r in rounds for t in r["moves"]),
        "game_s": [round(sum(r["moves"]) / 1000, 2) for r in rounds],
        "page_thread_start_ms": [r["on_page"]["start"] for r in rounds],
        "page_thread_longest_block_ms": [r["on_page"]["blocked"] for r in rounds],
        "page_thread_count_ms_median": median(t for r in rounds for t in r["on_page"]["counts"]),
        "page_thread_move_ms_median": median(t for r in rounds for t in r["on_page"]["moves"]),
        "page_thread_move_ms_max": max(t for r in rounds for t in r["on_page"]["moves"]),
        "page_thread_game_s": [round(sum(r["on_page"]["moves"]) / 1000, 2) for r in rounds],
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"summary": summary, "rounds": rounds}, indent=1))
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
