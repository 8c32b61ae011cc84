// The engine's page: starts noddy's engine in the page (engine.js) and, given a hand in its address
// (?rules=cribbage&cards=5h+5d+5c+Js&turnup=5s&crib=1&lang=fr), shows its call as Python words it.
// body[data-engine] says where the engine is: starting, ready or failed.
import { count, start } from "/static/engine.js";

// Kept for offline use once this visit has cached the engine (sw.js); a browser without service
// workers still counts while online.
navigator.serviceWorker?.register("/sw.js");

try {
  await start();
  performance.mark("engine-ready"); // bench/engine_browser.py reads the start-up time from it
  document.body.dataset.engine = "ready";
  const asked = new URLSearchParams(location.search);
  if (asked.has("cards")) {
    const answer = await count(
      asked.get("rules") ?? "cribbage",
      asked.get("cards"),
      asked.get("turnup") ?? "",
      asked.get("crib") === "1",
      asked.get("lang"),
    );
    document.getElementById("count").textContent = answer.error ?? `${answer.announcement} (${answer.total})`;
  }
} catch (error) {
  document.body.dataset.engine = "failed";
  throw error;
}
