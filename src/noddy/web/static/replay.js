// The replay of a finished game: every step, every hand face up (only finished games are replayed).

import { appendLog, renderMiddle, renderScores, renderSeats } from "/static/render.js";
import { api } from "/static/common.js";
import "/static/options.js"; // the reader's options, chosen at a table or in the lobby
import { chosenLang, langSwitch, loadWords, t } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let data = null;
let at = 0;

function show(index) {
  at = Math.max(0, Math.min(index, data.frames.length - 1));
  const frame = data.frames[at];
  const v = frame.view;
  renderSeats($("seats"), { view: v, names: data.names, seats: null, me: null, hands: v.hands });
  renderMiddle({ turnup: $("turnup"), pile: $("pile"), count: $("count"), crib: null }, v, data.names);
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
  $("next").addEventListener("click", () => show(at + 1));
  $("prev-deal").addEventListener("click", () => dealStart(-1));
  $("next-deal").addEventListener("click", () => dealStart(1));
  document.addEventListener("keydown", (e) => {
    const keys = { ArrowLeft: () => show(at - 1), ArrowRight: () => show(at + 1), Home: () => show(0),
      End: () => show(data.frames.length - 1), PageUp: () => dealStart(-1), PageDown: () => dealStart(1) };
    if (keys[e.key] && !(e.target instanceof HTMLInputElement)) { keys[e.key](); e.preventDefault(); }
  });
  show(data.frames.length - 1);
}

start();
