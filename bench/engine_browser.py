"""noddy's engine in the browser (issue 36 item 3): what a phone would wait for, on this machine's
Debian Chromium with the CPU throttled 4x (DevTools' ``Emulation.setCPUThrottlingRate``, a phone's
stand-in).

Measured on the app's ``/engine`` page, served here by uvicorn on 127.0.0.1 (no network delay: the
download is given in bytes, its time depends on the link):

- **download**: the first visit's bytes (every resource's body, as served: uvicorn compresses nothing);
- **cold start**: a new browser context (empty cache), from the navigation to the engine ready
  (Pyodide started, noddy unpacked and imported: the page's ``engine-ready`` mark);
- **warm start**: the same page reloaded in that context (the HTTP cache and the compiled wasm kept);
- **count**: ``engine.count('cribbage', '5h 5d 5c Js', '5s')`` in the page, each call;
- **move**: one move of the computer at the ``medium`` level (``table.step()``: chance's moves and
  the computer's one, told as the table page's message), each over a whole game.

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
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Browser, sync_playwright

from noddy.web import create_app

RESULTS = Path(__file__).resolve().parent / "results" / "engine_browser.json"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
READY = "performance.getEntriesByName('engine-ready')[0].startTime"
BYTES = """[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  .reduce((sum, e) => sum + e.encodedBodySize, 0)"""
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


def serve(database: Path) -> tuple[uvicorn.Server, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = uvicorn.Server(
        uvicorn.Config(create_app(f"sqlite:///{database}"), host="127.0.0.1", port=port, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    end = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > end:
            raise SystemExit("the server did not start in 30 s")
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}"


def one_round(browser: Browser, address: str, rate: float, seed: int) -> dict[str, Any]:
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(address + "/engine")
    page.wait_for_selector("body[data-engine='ready']", timeout=600_000)
    cold, download = page.evaluate(READY), page.evaluate(BYTES)
    page.reload()
    page.wait_for_selector("body[data-engine='ready']", timeout=600_000)
    warm = page.evaluate(READY)
    counts = page.evaluate(COUNTS, 20)
    moves = page.evaluate(MOVES, f"cribbage-medium-{seed}")
    context.close()
    return {"download": download, "cold": cold, "warm": warm, "counts": counts, "moves": moves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rate", type=float, default=4.0, help="the CPU throttling rate (1: none)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server, address = serve(Path(folder) / "noddy.db")
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        rounds = []
        for seed in range(options.rounds):
            rounds.append(one_round(browser, address, options.rate, seed))
            print(f"round {seed + 1}: load {os.getloadavg()[0]:.1f}", flush=True)
        browser.close()
        server.should_exit = True
    median = statistics.median
    summary = {
        "rate": options.rate,
        "rounds": options.rounds,
        "load": os.getloadavg()[0],
        "download_bytes": rounds[0]["download"],
        "cold_ms": [r["cold"] for r in rounds],
        "warm_ms": [r["warm"] for r in rounds],
        "count_ms_median": median(t for r in rounds for t in r["counts"]),
        "count_ms_first": [r["counts"][0] for r in rounds],
        "move_ms_median": median(t for r in rounds for t in r["moves"]),
        "move_ms_max": max(t for r in rounds for t in r["moves"]),
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"summary": summary, "rounds": rounds}, indent=1))
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
