// Hot-seat: several people at one device. The page holds one websocket a local seat (each is sent
// only its own seat's view), shows one seat's hand at a time, and between two people's turns covers
// the table with a hand-over screen: the next person's cards show only after they press.

import { el } from "/static/common.js";
import { engineSocket } from "/static/engine-socket.js";
import { scoreLine } from "/static/render.js";
import { chosenLang, t } from "/static/words.js";

// A link is one seat's websocket and what it was sent: the seat of the page's own person (by its
// secret, or the invite link that takes it, or nobody: watching) and the seats of the others here.
function newLink(secret, token, primary) {
  return { secret, token, primary, socket: null, info: null, game: null, events: [], seat: null, retry: 400, lastCall: null };
}

/** The links of a page holding ``secret`` (or an invite ``token``) and the secrets of the seats here. */
export function localLinks(secret, token, here) {
  const own = secret || token || !here.length ? [newLink(secret, token, true)] : [];
  return [...own, ...here.map((key) => newLink(key, null, false))];
}

/** The secrets of the seats here, to keep in the browser (for a reload, or a rematch). */
export function hereSecrets(links) {
  return links.filter((link) => !link.primary).map((link) => link.secret);
}

/** Open ``link``'s websocket to the table (a game against the computer in the browser, /play/...,
 * has the engine's stand-in for one); it says hello when open. */
export function openSocket(tableId, link, onMessage, onClose) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = location.pathname.startsWith("/play/")
    ? engineSocket(tableId)
    : new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  link.socket = ws;
  ws.addEventListener("open", () => {
    link.retry = 400;
    hello(link);
  });
  ws.addEventListener("message", (e) => onMessage(link, JSON.parse(e.data)));
  ws.addEventListener("close", onClose);
}

/** The first message: the seat's secret or invite token, and the language chosen, if any. */
export function hello(link) {
  const message = { type: "hello" };
  if (link.secret) message.secret = link.secret;
  if (link.token) message.token = link.token;
  if (chosenLang()) message.lang = chosenLang();
  link.socket.send(JSON.stringify(message));
}

/** Whether a local seat may act now: its turn, or laying away before its turn. */
export function mayAct(link) {
  const game = link.game;
  if (!link.info || !game || link.seat === null || game.status === "over") return false;
  return (game.view.to_act === link.seat && game.view.legal.length > 0) || Boolean(game.lay_away_now);
}

/** The local seat whose hand the page shows next: the one shown while it may act, else one whose
 * turn it is, else one that may lay away now; null to keep showing the same. */
export function nextSeat(links, shown) {
  if (mayAct(shown)) return shown;
  const due = links.filter(mayAct);
  return due.find((link) => link.game.view.to_act === link.seat) || due[0] || null;
}

/** The seat's own name (the server calls it "You" in that seat's own table message). */
export function seatName(link) {
  return link.info && link.seat !== null ? link.info.seats[link.seat].name : "…";
}

/** The score, which everyone may see, from ``link``'s seat. */
function linkScore(link) {
  return link.info && link.game ? scoreLine(link.info.seats.map((seat) => seat.name), link.game.view) : "";
}

/** The hand-over screen for ``link``'s person: no card of any hand, only whom to pass to (and the
 * score). Its button answers only after a moment, so that a key still held down by the person who
 * just played cannot show the next person's cards. */
export function renderHandOver(box, link, onReady) {
  const name = seatName(link);
  const title = t("handover.title", { name });
  if (!box.hidden && box.dataset.title === title) {
    box.querySelector("#handover-score").textContent = linkScore(link);
    return;
  }
  // A key still held by the person who just played repeats: only a fresh press shows the hand.
  const fresh = (event) => { if (event.repeat) event.preventDefault(); };
  const ready = el("button", { class: "primary big", id: "handover-ready", disabled: true, onclick: onReady, onkeydown: fresh }, t("handover.ready", { name }));
  box.replaceChildren(el("div", { class: "dialog handover-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "handover-title" },
    el("h2", { id: "handover-title" }, title),
    el("p", {}, t("handover.text", { name })),
    el("p", { class: "handover-score", id: "handover-score" }, linkScore(link)),
    el("div", { class: "dialog-buttons" }, ready)));
  box.dataset.title = title;
  box.hidden = false;
  setTimeout(() => {
    ready.disabled = false;
    ready.focus();
  }, 600);
}
