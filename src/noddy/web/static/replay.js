// The replay of a finished game: every step, every hand face up (only finished games are replayed).
// A step that counts a hand or crib lays the count out on its cards as the table's show does
// (`count.js`); stepped on (▶, →), its items are said one by one before the next step of the game.

import { appendLog, renderMiddle, renderScores, renderSeats } from "/static/render.js";
import { api } from "/static/common.js";
import { layCount } from "/static/count.js";
import "/static/options.js"; // the reader's options, chosen at a table or in the lobby
import { chosenLang, langSwitch, loadWords, t } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let data = null;
let at = 0;
let laid = null;

// The count this step makes (its last), laid out on its cards: item by item when ``stepping`` (the
// reader goes on to each), else whole.
function layFrameCount(frame, stepping) {
  const box = $("replay-count");
  const e = frame.events.filter((x) => (x.kind === "count" || x.kind === "declare") && x.subject).pop();
  laid = null;
  box.hidden = !e;
  if (!e) {
    box.replaceChildren();
    return;
  }
  const hand = e.subject === "hand" && frame.view.hands ? frame.view.hands[e.seat] : null;
  const cards = e.cards && e.cards.length ? e.cards : hand;
  const said = e.said || [];
  const items = said.length && !(e.items || []).length
    ? [{ cards: [], said: said[0], points: 0, total: 0 }]
    : (e.items || []).map((item) => ({ ...item, said: item.said || `${item.name} ${item.total}` }));
  laid = layCount(box, {
    cards, hidden: 4, starter: cards ? frame.view.turnup : null, items, total: items.length ? items[items.length - 1].total : e.points,
    caption: typeof e.parts[0] === "string" ? e.parts[0] : "", note: e.declared_words || "",
  });
  laid.root.dataset.seat = String(e.seat);
  laid.root.dataset.what = e.subject;
  if (!stepping) laid.finish();
}

function show(index, stepping = false) {
  at = Math.max(0, Math.min(index, data.frames.length - 1));
  const frame = data.frames[at];
  const v = frame.view;
  renderSeats($("seats"), { view: v, names: data.names, seats: null, me: null, hands: v.hands });
  renderMiddle({ turnup: $("turnup"), pile: $("pile"), count: $("count"), crib: null }, v, data.names);
  layFrameCount(frame, stepping);
  renderScores($("scores"), $("board"), { view: v, names: data.names, pegs: frame.pegs, target: v.target, end: v.end });
  const log = $("log");
  log.replaceChildren();
  for (let i = 0; i <= at; i++) appendLog(log, data.frames[i].events, data.names, v);
  log.scrollTop = log.scrollHeight;
  $("slider").value = String(at);
  $("step").textContent = t("replay.step", { at, last: data.frames.length - 1 });
  // What this step did, in the words of its last line (the server's, in the reader's language).
  const said = frame.events.filter((e) => e.text).pop();
  const who = frame.actor === null || frame.actor === undefined ? "" : `${data.names[frame.actor]}: `;
  $("status").textContent = said ? said.text : frame.action ? `${who}${frame.action}` : t("replay.before");
}

// The next item of the count laid out, or the next step of the game.
function next() {
  if (laid && laid.step()) return;
  show(at + 1, true);
}

function dealStart(direction) {
  let i = at + direction;
  while (i > 0 && i < data.frames.length - 1 && !data.frames[i].events.some((e) => e.kind === "deal")) i += direction;
  show(i);
}

// The game worded in ``wanted`` (a language chosen in this browser, else the table's).
async function load(wanted) {
  const asked = wanted ? `?lang=${encodeURIComponent(wanted)}` : "";
  try {
    data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay${asked}`);
  } catch (error) {
    await loadWords(wanted || "en");
    $("status").textContent = t("replay.cannot", { error: error.message });
    return false;
  }
  await loadWords(data.lang);
  langSwitch($("lang-switch"), async (code) => { if (await load(code)) show(at); });
  $("title").textContent = data.title;
  document.title = t("replay.doc", { title: data.title });
  for (const frame of data.frames) {
    frame.view.target = data.target;
    frame.view.end = data.end;
  }
  return true;
}

async function start() {
  if (!(await load(chosenLang()))) return;
  $("slider").max = String(data.frames.length - 1);
  $("slider").addEventListener("input", () => show(Number($("slider").value)));
  $("first").addEventListener("click", () => show(0));
  $("last").addEventListener("click", () => show(data.frames.length - 1));
  $("prev").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", next);
  $("prev-deal").addEventListener("click", () => dealStart(-1));
  $("next-deal").addEventListener("click", () => dealStart(1));
  document.addEventListener("keydown", (e) => {
    const keys = { ArrowLeft: () => show(at - 1), ArrowRight: next, Home: () => show(0),
      End: () => show(data.frames.length - 1), PageUp: () => dealStart(-1), PageDown: () => dealStart(1) };
    if (keys[e.key] && !(e.target instanceof HTMLInputElement)) { keys[e.key](); e.preventDefault(); }
  });
  show(data.frames.length - 1);
}

start();
