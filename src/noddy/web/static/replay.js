// The replay of a finished game: every step, every hand face up (only finished games are replayed).

import { appendLog, renderMiddle, renderScores, renderSeats } from "/static/render.js";
import { api } from "/static/common.js";

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
  $("step").textContent = `step ${at} of ${data.frames.length - 1}`;
  const who = frame.actor === null || frame.actor === undefined ? "" : `${data.names[frame.actor]}: `;
  $("status").textContent = frame.action ? `${who}${frame.action}` : "Before the first deal.";
}

function dealStart(direction) {
  let i = at + direction;
  while (i > 0 && i < data.frames.length - 1 && !data.frames[i].events.some((e) => e.kind === "deal")) i += direction;
  show(i);
}

async function start() {
  try {
    data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  } catch (error) {
    $("status").textContent = `This game cannot be replayed: ${error.message}`;
    return;
  }
  $("title").textContent = data.title;
  document.title = `Noddy — replay of ${data.title}`;
  for (const frame of data.frames) {
    frame.view.target = data.target;
    frame.view.end = data.end;
  }
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
