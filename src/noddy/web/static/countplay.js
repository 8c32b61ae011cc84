// Count it yourself at a table, and the table's glossary. When the toggle is on and the count of this
// seat's own hand or crib is being made, the page asks for the total first; the server judges it from
// the seat's own view (POST /api/tables/{id}/count-check), the page shows the verdict, then sends
// "count" (practice only, the true count is pegged), whose show lays the items out on the cards. The words are the server's (words.js).

import { el } from "/static/common.js";
import { ask } from "/static/engine.js";
import { lang, t } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
// A game in the browser's own engine (/play/...) asks it, not the server (engine.js).
const inPage = location.pathname.startsWith("/play/");
const TOGGLE_KEY = "noddy_count_yourself";
const tallyKey = `noddy_count_tally_${tableId}`;
let table = null;
let redraw = null;
let seated = false;

async function loadGlossary() {
  if (inPage) table = await ask("glossary", tableId, lang() || "en");
  else {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/glossary?lang=${lang() || "en"}`).catch(() => null);
    if (!response || !response.ok) return;
    table = await response.json();
  }
  if (table.detail) return;
  $("glossary-list").replaceChildren(...table.terms.flatMap((x) => [el("dt", {}, x.term), el("dd", {}, x.text)]));
  showToggle();
  showTally();
  if (redraw) redraw();
}

// The practice toggle, only where the rules offer the question and to a seat (a watcher counts nothing).
// The server's judgement of the seat's own count: the answer, or {detail} saying why not.
async function checked(points, secret) {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/count-check`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ secret, points, lang: lang() || "en" }),
  });
  const data = await response.json().catch(() => ({}));
  return response.ok ? data : { detail: data.detail || String(response.status) };
}

function showToggle() {
  $("count-yourself-wrap").hidden = !(table && table.offered && seated);
}

/** Whether this page plays a seat (``true``) or watches: a watcher is not offered the toggle. */
export function offerPractice(playing) {
  seated = playing;
  showToggle();
}

/** Whether the count being made now is one this seat is asked to make itself (the toggle on, the
 * rules offering it, the count its own): the status and the controls then ask the same question. */
export function asking(view) {
  const counting = view.counting;
  return Boolean($("count-yourself").checked && table && table.offered && seated && counting && counting.seat === view.seat);
}

function tally() {
  try {
    return JSON.parse(sessionStorage.getItem(tallyKey)) || { asked: 0, right: 0, skipped: 0 };
  } catch {
    return { asked: 0, right: 0, skipped: 0 };
  }
}

function addToTally(right, skipped) {
  const now = tally();
  now.asked += 1;
  now.right += right ? 1 : 0;
  now.skipped += skipped ? 1 : 0;
  sessionStorage.setItem(tallyKey, JSON.stringify(now));
  showTally();
}

/** The tally of this table's counts ("You counted 2 of 3 counts right"), or "" before the first. */
export function tallyText() {
  const now = tally();
  if (!now.asked) return "";
  return t(now.skipped ? "countplay.tally_skipped" : "countplay.tally", now);
}

function showTally() {
  $("count-tally").textContent = tallyText();
  $("count-tally").hidden = !tallyText();
}

// The verdict alone: the count itself is then shown on the cards, item by item, by the table's show
// (`show.js`), as every count is; listing its items here as well said them twice.
function showResult(result) {
  const close = el("button", { class: "quiet small count-close", "aria-label": t("countplay.close"), onclick: () => $("count-result").replaceChildren() }, "×");
  $("count-result").replaceChildren(
    close,
    el("p", { class: result.correct ? "count-right" : "count-wrong" }, `${result.correct ? "✔" : "✘"} ${result.verdict}`),
    ...(result.miss ? [el("p", {}, result.miss)] : []),
    ...(result.nothing ? [el("p", {}, result.nothing)] : []),
  );
}

/**
 * At a count of the seat's own, with the toggle on: draw the question in ``box`` and return true
 * (the caller draws nothing else); otherwise return false. ``ctx``: { view, secret, send, showError,
 * redraw }, ``redraw`` drawing the table again (when the box is ticked or unticked).
 */
export function askCount(box, ctx) {
  const { view } = ctx;
  redraw = ctx.redraw;
  const counting = view.counting;
  if (!asking(view)) return false;
  const what = counting.what === "crib" ? "crib" : table.hand;
  const input = el("input", { id: "count-answer", type: "number", min: 0, max: 999, inputmode: "numeric", "aria-describedby": "count-ask" });
  const check = async () => {
    const text = input.value.trim();
    if (!/^\d{1,3}$/.test(text)) {
      ctx.showError(t("countplay.not_number", { text }));
      return;
    }
    const result = inPage ? await ask("count_check", tableId, Number(text), lang() || "en") : await checked(Number(text), ctx.secret);
    if (result.detail) {
      ctx.showError(result.detail);
      return;
    }
    showResult(result);
    addToTally(result.correct, false);
    ctx.send("count");
  };
  const skip = () => {
    $("count-result").replaceChildren();
    addToTally(false, true);
    ctx.send("count");
  };
  input.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.stopPropagation();
    e.preventDefault();
    if (input.value.trim() === "") skip();
    else check();
  });
  box.append(
    el("label", { id: "count-ask", for: "count-answer" }, t(`countplay.ask.${what}`)),
    input,
    el("button", { class: "primary", id: "count-check", onclick: check }, t("countplay.check")),
    el("button", { id: "count-skip", onclick: skip }, t("countplay.skip")),
  );
  setTimeout(() => input.focus(), 0);
  return true;
}

function init() {
  const toggle = $("count-yourself");
  toggle.checked = localStorage.getItem(TOGGLE_KEY) === "1";
  toggle.addEventListener("change", () => {
    localStorage.setItem(TOGGLE_KEY, toggle.checked ? "1" : "0");
    if (redraw) redraw();
  });
  $("glossary").addEventListener("toggle", () => { if ($("glossary").open) loadGlossary(); });
  document.addEventListener("noddy:words", () => loadGlossary());
  loadGlossary();
  showTally();
}

init();
