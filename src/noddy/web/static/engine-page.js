// The page that works with no network (/engine): starts noddy's engine in the page (engine.js, in a
// worker), offers a game against the computer at the levels that play here (saying why not hard),
// and links the trainer and each rule set's rules, all kept by the service worker (sw.js). Given a
// hand in its address (?rules=cribbage&cards=5h+5d+5c+Js&turnup=5s&crib=1&lang=fr) it shows its call
// as Python words it. body[data-engine] says where the engine is: starting, ready or failed.
import { el } from "/static/common.js";
import { count, levels, ruleSets, start } from "/static/engine.js";
import { chosenLang, fillPage, lang, langSwitch, loadWords, t } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const asked = new URLSearchParams(location.search);

// Kept for use with no network once this visit has cached the pages (sw.js); a browser without
// service workers (or an address that is not secure) still plays while online.
await navigator.serviceWorker?.register("/sw.js").catch(() => null);

// The choices and links, in the page's language, from the engine's own words.
async function fillChoices() {
  const [sets, offered] = await Promise.all([ruleSets(lang()), levels(lang())]);
  const rules = $("play-rules").value || "cribbage";
  const level = $("play-level").value || "medium";
  $("play-rules").replaceChildren(...sets.map((s) => el("option", { value: s.name, selected: s.name === rules }, s.title)));
  $("play-level").replaceChildren(...offered.levels.map((l) => el("option", { value: l.level, selected: l.level === level }, l.name)));
  $("levels-note").textContent = offered.note;
  $("rules-pages").replaceChildren(...sets.map((s) => el("li", {}, el("a", { href: `/rules/${s.name}?lang=${lang()}` }, s.title))));
  $("play-start").disabled = false;
}

async function speak(wanted) {
  await loadWords(wanted);
  langSwitch($("lang-switch"), speak);
  fillPage();
  $("engine-state").textContent = t(`offline.${document.body.dataset.engine}`);
  if (document.body.dataset.engine === "ready") await fillChoices();
}

$("play-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const seed = Math.floor(Math.random() * 1_000_000);
  location.href = `/play/${$("play-rules").value}-${$("play-level").value}-${seed}`;
});

await speak(asked.get("lang") || chosenLang() || "en");
try {
  await start();
  performance.mark("engine-ready"); // bench/engine_browser.py reads the start-up time from it
  document.body.dataset.engine = "ready";
  $("engine-state").textContent = t("offline.ready");
  await fillChoices();
  if (asked.has("cards")) {
    const answer = await count(
      asked.get("rules") ?? "cribbage",
      asked.get("cards"),
      asked.get("turnup") ?? "",
      asked.get("crib") === "1",
      asked.get("lang"),
    );
    $("count").textContent = answer.error ?? `${answer.announcement} (${answer.total})`;
  }
} catch (error) {
  document.body.dataset.engine = "failed";
  $("engine-state").textContent = t("offline.failed", { why: error.message });
  throw error;
}
