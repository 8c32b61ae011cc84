// The table: one websocket to the server for each seat this page plays, sent that seat's view only;
// every choice is sent back as an action ("play 5h", "go", "discard 5h 6d", "count", "declare 12",
// "muggins", "pass"). Several seats are several people at this device (hot-seat: `hotseat.js`).

import { appendLog, cribSlot, dealSummary, dealsTable, renderCallout, renderMiddle, renderScores, renderSeats, sideNames, whoseWhat }
  from "/static/render.js";
import { el, forgetSecret, oldToken, saveHere, saveInvites, saveMaker, saveSecret, savedHere, savedInvites, savedMaker, savedSecret }
  from "/static/common.js";
import { hello, hereSecrets, localLinks, nextSeat, openSocket, renderHandOver } from "/static/hotseat.js";
import { renderInvites } from "/static/invites.js";
import { renderHand as drawHand } from "/static/hand.js";
import { renderUndo } from "/static/undo.js";
import { renderWinChance } from "/static/winchance.js";
import { renderKeys } from "/static/keys.js";
import { announce, hush } from "/static/announce.js";
import { keepFocus } from "/static/focus.js";
import { renderOptions } from "/static/options.js";
import { askCount, asking, offerPractice, tallyText } from "/static/countplay.js";
import { pegColour, prettyCard } from "/static/cards.js";
import { PACES, choosePace, makeShow, pace, showSteps } from "/static/show.js";
import { chooseSpeaking, say, speaking } from "/static/speak.js";
import { chosenLang, fillPage, lang, langSwitch, loadWords, t, tn } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const hashToken = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
// An invite link's token seats only its first bringer, who is given the seat's secret for reconnecting.
let token = hashToken || oldToken(tableId);
let secret = savedSecret(tableId);
const makerKey = savedMaker(tableId);
let taken = null;
let watchingWhy = "";

const links = localLinks(secret, token, savedHere(tableId));
// The seat whose hand the page shows, and whether the hand-over screen covers it until its person presses.
let shown = links[0];
let covered = links.length > 1;

// The shown seat's socket, table and state.
let socket = null;
let info = null;
let game = null;
function sync() {
  ({ socket, info, game, events } = shown);
}
let selected = new Set();
let overlayShownFor = null;
let leaving = false;
let lastCallShown = null;
let conn = ["connecting", "conn.connecting"];
let events = [];
// The counts a message brings are shown before the table draws it (`show.js`).
const show = makeShow((pegs) => drawScores(pegs), () => render());

// Seat names as this seat reads them (its own is "You", "Vous"), as the server words them.
function names() {
  return info ? info.names : [];
}

// Speak ``wanted`` (fetching its phrases), then draw the page again in it.
async function speak(wanted) {
  await loadWords(wanted);
  langSwitch($("lang-switch"), (code) => {
    for (const link of links) {
      if (link.socket && link.socket.readyState === WebSocket.OPEN) link.socket.send(JSON.stringify({ type: "lang", lang: code }));
    }
  });
  fillPage();
  setConn(...conn);
  if (info && game && !covered) {
    $("log").replaceChildren();
    appendLog($("log"), events, names(), game.view);
  }
  lastCallShown = null;
  if (!$("overlay").hidden) overlayShownFor = null;
  render();
}

function connect(link) {
  const first = link === links[0];
  openSocket(tableId, link, onMessage, (e) => {
    if (leaving || !links.includes(link)) return;
    if (e.code === 4404) {
      if (first) setConn("gone", "conn.gone");
      return;
    }
    if (first) setConn("reconnecting", "conn.reconnecting");
    setTimeout(() => connect(link), link.retry);
    link.retry = Math.min(link.retry * 2, 4000);
  });
  if (link === shown) sync();
  if (first) setConn("connecting", "conn.connecting");
}

function setConn(stateName, key) {
  conn = [stateName, key];
  const node = $("conn");
  node.dataset.state = stateName;
  node.textContent = t(key) || "…";
}

function onMessage(link, msg) {
  if (msg.type === "welcome") {
    link.seat = msg.seat;
    if (msg.secret) {
      link.secret = secret = msg.secret;
      saveSecret(tableId, secret);
      link.token = token = null;
      if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    }
    if (link !== links[0]) return;
    taken = msg.taken ?? null;
    setConn("connected", msg.seat === null ? "conn.watching" : "conn.connected");
  } else if (msg.type === "table") {
    link.info = msg;
    if (link !== shown) return;
    sync();
    if (msg.lang !== lang()) speak(msg.lang);
    else render();
  } else if (msg.type === "state") {
    link.inbox = link.inbox || [];
    link.inbox.push(msg);
    pump(link);
  } else if (msg.type === "error" && !link.primary) {
    if (msg.about === "hello" && msg.error.includes("seat key")) drop(link);
    else if (link === shown) showError(msg.error);
  } else if (msg.type === "error") {
    if (link === shown) showError(msg.error);
    if (msg.about !== "hello") return;
    if (secret && msg.error.includes("seat key")) {
      forgetSecret(tableId);
      link.secret = secret = null;
      watchingWhy = "watch.new_link";
      hello(link);
    } else if (token && msg.error.includes("invite link")) {
      setConn("refused", "conn.refused");
      link.token = token = null;
      watchingWhy = "watch.bad_link";
      hello(link);
    }
  } else if (msg.type === "rematch") {
    if (leaving) return;
    leaving = true;
    if (secret) saveSecret(msg.table, secret);
    saveHere(msg.table, hereSecrets(links));
    if (makerKey) {
      saveMaker(msg.table, makerKey);
      const moved = (inv) => ({ ...inv, link: inv.link.replace(`/t/${tableId}#`, `/t/${msg.table}#`) });
      saveInvites(msg.table, savedInvites(tableId).map(moved));
    }
    // The rematch's page beside this one: /t/ID at the server, /play/ID in the browser's own engine.
    const here = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
    location.href = `${here}${msg.table}${!secret && token ? "#" + encodeURIComponent(token) : ""}`;
  }
}

// Take a link's messages in order; one that brings counts to the shown seat's table is shown first
// (the table held as it stood before them), then taken.
function pump(link) {
  while (link.inbox.length && !(link === shown && show.busy)) {
    const msg = link.inbox.shift();
    const showing = link === shown && !covered && link.game && link.info && msg.events_from !== 0;
    const steps = showing ? showSteps(msg, link.events, link.info, link.game.view.held) : [];
    if (steps.length) {
      show.present(steps, { waits: waitsForMe() }).then(() => {
        take(link, msg);
        pump(link);
        handOver();
      });
      render();
      return;
    }
    take(link, msg);
  }
}

// A state message taken: the seat's events and game, its latest call, each play said aloud if chosen.
function take(link, msg) {
  if (msg.events_from === 0) link.events = [];
  link.events.push(...msg.events);
  const previous = link.game;
  link.game = msg;
  const called = msg.events.filter((e) => e.points || e.called || e.kind === "deal_end").pop();
  if (called) link.lastCall = called.kind === "deal_end" ? dealSummary(msg, called, link.info) : called;
  if (link === shown && previous && !covered) {
    for (const e of msg.events) if (e.kind === "play" && e.said) say(e.said[0]);
  }
  if (link === shown) showState(previous, msg);
  handOver();
}

// Whether the end of a deal waits for this page's person to go on: nobody else at the table plays
// from another device (the computers, and the people here, wait).
function waitsForMe() {
  return info.seats.every((seat, i) => i === info.you || seat.kind !== "human" || links.some((link) => link.seat === i));
}

// The shown seat's new state: the log, the selection, the latest call, the table drawn again.
function showState(previous, msg) {
  sync();
  if (msg.events_from === 0) $("log").replaceChildren();
  if (!previous || previous.seq !== msg.seq) {
    showError("");
    if (msg.view.phase !== "discard") selected.clear();
    for (const code of [...selected]) if (!handNow().includes(code)) selected.delete(code);
  }
  if (info && !covered) appendLog($("log"), msg.events, names(), msg.view);
  const log = $("log");
  log.scrollTop = log.scrollHeight;
  render();
  if (info && !covered) {
    const score = sideNames(names(), msg.view).map((name, side) => `${name} ${msg.view.pegged[side]}`).join(", ");
    announce($("announce"), { events: msg.events_from === 0 ? [] : msg.events, score, next: statusText() });
  }
}

// The hands laid face up this deal (counted after the play, or shown for a claim): they stay face up
// in their places until the deal ends, as at a table.
function handsShown(list) {
  let hands = [];
  for (const e of list) {
    if (e.kind === "deal") hands = [];
    else if (["count", "declare", "show"].includes(e.kind) && e.subject === "hand" && e.cards && e.cards.length) hands[e.seat] = e.cards;
  }
  return hands;
}

// Hot-seat: when the turn passes to another person here, cover the table until they press.
function handOver() {
  if (links.length < 2 || show.busy) return;
  const next = nextSeat(links, shown);
  if (!next || next === shown) return;
  shown = next;
  covered = true;
  selected.clear();
  sync();
  render();
}

// The next person pressed: their hand, their log (as their seat reads it), their table.
function reveal() {
  covered = false;
  $("log").replaceChildren();
  if (info && game) appendLog($("log"), events, names(), game.view);
  $("log").scrollTop = $("log").scrollHeight;
  lastCallShown = null;
  render();
}

// A seat here whose secret no longer holds (the maker gave it a new link): the page stops playing it.
function drop(link) {
  links.splice(links.indexOf(link), 1);
  if (link.socket) link.socket.close();
  saveHere(tableId, hereSecrets(links));
  if (link === shown) {
    shown = links[0];
    covered = links.length > 1;
    sync();
    render();
  }
}

function showError(text) {
  $("error").textContent = text;
}

function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError(t("error.not_connected"));
    return;
  }
  socket.send(JSON.stringify({ type: "act", action, seq: game.seq }));
}

// The cards in hand, less any laid away early that wait for this seat's turn to be applied.
function handNow() {
  const laid = game.laid_away || [];
  return game.view.hand.filter((code) => !laid.includes(code));
}

// Every seat that still has to lay away may do it at once, as at a table; the server keeps the
// discard until the engine asks that seat, and shows it to nobody else.
function layingEarly() {
  return !show.busy && Boolean(info && game && info.you !== null && game.lay_away_now && !myTurn());
}

function legalKinds() {
  if (layingEarly()) return new Set(["discard"]);
  const kinds = new Set(game.view.legal.map((a) => a.split(" ")[0]));
  if (game.view.declare) kinds.add("declare");
  return kinds;
}

function myTurn() {
  return !show.busy && info && game && info.you !== null && game.view.to_act === info.you && game.view.legal.length > 0;
}

function onCard(code) {
  if (!myTurn() && !layingEarly()) {
    const who = game && game.view.to_act !== null ? names()[game.view.to_act] : null;
    showError(who ? t("error.not_turn", { who }) : t("error.not_turn_plain"));
    return;
  }
  const kinds = legalKinds();
  if (kinds.has("discard")) {
    if (selected.has(code)) selected.delete(code);
    else if (selected.size < game.discard) selected.add(code);
    else showError(tn("error.lay_away_full", game.discard));
    render();
  } else if (kinds.has("play") || kinds.has("go")) {
    if (game.view.legal.includes(`play ${code}`)) send(`play ${code}`);
    else showError(`${refusalText(code)}.`);
  } else {
    showError(t("error.not_now", { status: statusText() }));
  }
}

// Why a card may not be played, as the server words it in the reader's language with the cards
// written as the page shows them: "8♣ would make the count 34, over 31", or "8♣: you may not play it now".
function refusalText(code) {
  const reason = game.view.refusals[code] || t("error.may_not");
  return reason.startsWith(prettyCard(code)) ? reason : `${prettyCard(code)}: ${reason}`;
}

function layAway() {
  if (selected.size !== game.discard) {
    showError(tn("error.choose", game.discard));
    return;
  }
  send(`discard ${[...selected].join(" ")}`);
}

function declare() {
  const input = $("declare-input");
  const value = input ? input.value.trim() : "";
  const range = game.view.declare;
  if (!range || !/^\d+$/.test(value) || Number(value) < range.min || Number(value) > range.max) {
    showError(t("error.declare", { min: range ? range.min : 0, max: range ? range.max : 0 }));
    if (input) input.focus();
    return;
  }
  send(`declare ${Number(value)}`);
}

function statusText() {
  const v = game.view;
  const all = names();
  if (game.status === "over" || v.phase === "over") return game.result_line || "";
  if (v.to_act === null) return t("status.dealing");
  if ((game.laid_away || []).length) return t("status.laid_wait", { who: all[v.to_act], that: info.that[v.to_act] });
  if (!myTurn() && !layingEarly()) {
    const counting = game.view.counting;
    if (v.phase === "count" && counting) {
      const who = all[v.to_act];
      if (counting.seat === v.to_act) {
        const mine = v.to_act === info.you;
        const whose = mine ? whoseWhat(info, counting.what, v.to_act) : t(`their.${counting.what}`);
        return t(`status.counts_own.${mine ? "you" : "one"}`, { who, whose });
      }
      return t("status.counts_other", { who, whose: whoseWhat(info, counting.what, counting.seat) });
    }
    const waiting = ["discard", "play", "count", "muggins"].includes(v.phase) ? v.phase : "other";
    return t(`status.waiting.${waiting}`, { who: all[v.to_act], that: info.that[v.to_act] });
  }
  const kinds = legalKinds();
  if (kinds.has("discard")) {
    const crib = info.crib === "own" ? t("status.own_crib") : whoseWhat(info, "crib", v.dealer);
    return tn("status.lay_away", game.discard, { crib });
  }
  if (kinds.has("muggins")) {
    const m = game.view.muggins;
    return tn("status.missed", m.missed, { who: all[m.declarer] });
  }
  if (kinds.has("count")) {
    const whose = whoseWhat(info, game.view.counting.what, game.view.counting.seat);
    return t(asking(game.view) ? "status.count_yourself" : "status.count_yours", { whose });
  }
  if (kinds.has("play")) return t("status.play", { count: v.count });
  if (kinds.has("go")) return t("status.go", { cannot: game.cannot_play });
  return t("status.your_turn");
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (!myTurn() && !layingEarly()) {
    if (game.status === "over") box.append(el("button", { class: "primary", onclick: () => showOverlay(true) }, t("table.see_result")));
    return;
  }
  const kinds = legalKinds();
  if (kinds.has("discard")) {
    box.append(el("button", {
      class: "primary", id: "lay-away", disabled: selected.size !== game.discard, onclick: layAway,
    }, t("button.lay_away", { chosen: selected.size, n: game.discard })));
  }
  if (kinds.has("go")) box.append(el("button", { class: kinds.has("play") ? "" : "primary", id: "go", onclick: () => send("go") }, t("button.go")));
  if (kinds.has("count") && !askCount(box, { view: game.view, secret: shown.secret, send, showError, redraw: render })) {
    const range = game.view.declare;
    box.append(
      el("button", { class: "primary", id: "count-for-me", onclick: () => send("count") }, t("button.count")),
      el("span", { class: "declare" },
        el("label", { for: "declare-input" }, t("button.or_declare")),
        el("input", { id: "declare-input", type: "number", min: range.min, max: range.max, inputmode: "numeric", placeholder: t("button.points"),
          onkeydown: (e) => { if (e.key === "Enter") { e.stopPropagation(); declare(); } } }),
        el("button", { id: "declare", onclick: declare }, t("button.declare"))),
    );
  }
  if (kinds.has("muggins")) {
    box.append(
      el("button", { class: "primary", id: "muggins", onclick: () => send("muggins") }, t("button.muggins")),
      el("button", { id: "pass", onclick: () => send("pass") }, t("button.pass")),
    );
  }
}

function renderHand() {
  let watching = "";
  if (info.you === null) {
    const seat = taken === null ? null : info.seats[taken];
    const why = seat ? t("watch.taken", { name: seat.name }) : watchingWhy && t(watchingWhy);
    watching = why ? t("watch.hidden", { why }) : t("watch.plain");
  }
  const kinds = myTurn() || layingEarly() ? legalKinds() : new Set();
  drawHand($("hand"), $("showing"), {
    game, info, hand: info.you === null ? [] : handNow(), kinds, selected, refusal: refusalText, onCard, watching,
  });
}

function showOverlay(force = false) {
  if (!force && overlayShownFor === game.table) return;
  overlayShownFor = game.table;
  const v = game.view;
  $("result").textContent = statusText();
  $("stake").textContent = v.winner === null ? "" : game.stake_line || "";
  $("final-deals").replaceChildren(dealsTable(game.deals, names(), v, game.reasons), el("p", { id: "final-tally" }, tallyText()));
  $("replay-link").href = `/replay/${tableId}`;
  $("rematch").hidden = info.you === null;
  $("overlay").hidden = false;
  (info.you === null ? $("replay-link") : $("rematch")).focus();
}

// The hand-over screen, and no card of any hand left in the page behind it.
function coverTable() {
  for (const id of ["hand", "showing", "log", "callout", "actions", "crib", "error"]) $(id).replaceChildren();
  hush($("announce"));
  $("status").textContent = "";
  renderHandOver($("handover"), shown, reveal);
}

// The scores and the board at ``pegs`` (each side's front and back peg, as the board shows them: the
// server's): the game's, or during the show those after the counts called so far.
function drawScores(pegs) {
  const v = { ...game.view, pegged: pegs.map((peg) => peg[0]) };
  const all = names();
  renderScores($("scores"), $("board"), { view: v, names: all, pegs, target: info.target, end: info.end });
  $("mini-scores").replaceChildren(...sideNames(all, v).map((name, side) => el("span", {
    class: "mini-score", style: `--side:${pegColour(side)}`,
  }, el("span", { class: "dot" }), el("span", {}, name), el("strong", {}, String(v.pegged[side])))),
  el("span", { class: "mini-goal" }, info.end === "target" ? t("table.to", { target: info.target }) : t("table.one_deal")));
}

function render() {
  if (covered && game && game.status === "over") covered = false;
  document.body.dataset.covered = String(covered);
  $("table-main").hidden = covered;
  if (!covered) $("handover").hidden = true;
  if (!info) return;
  $("title").textContent = info.title;
  $("rules-link").href = `/rules/${info.rules}?lang=${lang() || info.lang}`;
  document.title = `Noddy — ${info.title}`;
  if (!lang()) return;
  renderInvites({ tableId, info, makerKey, onError: showError, onChange: render });
  if (covered) {
    coverTable();
    return;
  }
  if (!game) return;
  const v = game.view;
  const all = names();
  document.body.dataset.phase = v.phase;
  document.body.dataset.deal = String(v.deal);
  document.body.dataset.seq = String(game.seq);
  document.body.dataset.status = game.status;
  document.body.dataset.myTurn = String(myTurn() || layingEarly());
  renderSeats($("opponents"), { view: v, names: all, seats: info.seats, me: info.you, hands: handsShown(events) });
  const counted = show.crib ? { what: "crib", cards: show.crib } : game.showing;
  const crib = cribSlot(info, v, { wrap: $("crib-wrap"), label: $("crib-label"), box: $("crib") }, counted);
  renderMiddle({ turnup: $("turnup"), pile: $("pile"), count: $("count"), crib }, v, all);
  drawScores(game.pegs);
  $("myname").textContent = info.you === null ? t("table.watching_as") : t("table.you_are", { name: info.seats[info.you].name });
  $("rename").hidden = info.you === null || !$("rename-form").hidden;
  const tags = [];
  if (info.you !== null && v.dealer === info.you) tags.push(el("span", { class: "tag dealer" }, t("tag.dealer")));
  $("mytags").replaceChildren(...tags);
  document.querySelector(".me").classList.toggle("to-act", myTurn() || layingEarly());
  $("status").textContent = statusText();
  renderHand();
  renderActions();
  offerPractice(info.you !== null);
  renderUndo($("undo-box"), game, socket, showError);
  renderWinChance($("winchance"), {
    tableId, game, seat: info.you, secret: shown.secret, names: all, sides: sideNames(all, v), redraw: render, onError: showError,
  });
  renderKeys($("keys"), info.you !== null);
  if (shown.lastCall && shown.lastCall !== lastCallShown) renderCallout($("callout"), shown.lastCall, v);
  lastCallShown = shown.lastCall;
  $("deals-panel").hidden = game.deals.filter((d) => d.deal).length < 2 && game.status !== "over";
  $("deals").replaceChildren(dealsTable(game.deals, all, v, game.reasons));
  show.draw({ info });
  if (game.status === "over" && !show.busy) showOverlay();
}

document.addEventListener("keydown", (e) => {
  if (!game || covered || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target instanceof HTMLInputElement) return;
  if (!$("overlay").hidden) {
    if (e.key === "Escape") $("overlay").hidden = true;
    return;
  }
  const key = e.key.toLowerCase();
  if (show.busy) {
    if (key === "enter" || key === " ") {
      show.goOn();
      e.preventDefault();
    }
    return;
  }
  const buttons = [...document.querySelectorAll("#hand .card-button")];
  if (/^[1-9]$/.test(key) && buttons[Number(key) - 1]) {
    buttons[Number(key) - 1].click();
    e.preventDefault();
  } else if (key === "enter" && !(e.target instanceof HTMLButtonElement)) {
    const button = $("lay-away") || $("count-for-me") || $("go");
    if (button) { button.click(); e.preventDefault(); }
  } else if (key === "g" && $("go")) $("go").click();
  else if (key === "m" && $("muggins")) $("muggins").click();
  else if (key === "p" && $("pass")) $("pass").click();
  else if (key === "u" && $("undo")) $("undo").click();
  else if (key === "d" && $("declare-input")) { $("declare-input").focus(); e.preventDefault(); }
});

$("rematch").addEventListener("click", () => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "rematch" }));
});
$("close-overlay").addEventListener("click", () => { $("overlay").hidden = true; });
$("rename").addEventListener("click", () => {
  $("rename-form").hidden = false;
  $("rename").hidden = true;
  $("rename-input").value = info.seats[info.you].name;
  $("rename-input").focus();
});
$("rename-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const name = $("rename-input").value.trim();
  if (name && socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "name", name }));
  $("rename-form").hidden = true;
});
window.addEventListener("beforeunload", () => { leaving = true; });

// The show's options, remembered in this browser: the pace of the counts, and hearing them.
function showOptions() {
  $("pace").replaceChildren(...PACES.map((p) => el("option", { value: p, selected: p === pace() }, t(`show.pace.${p}`))));
  $("speak").checked = speaking();
}
$("pace").addEventListener("change", () => choosePace($("pace").value));
$("speak").addEventListener("change", () => chooseSpeaking($("speak").checked));
document.addEventListener("noddy:words", showOptions);

// A language chosen in this browser is spoken at once; otherwise the table's (its rule set's) when
// the table tells it.
const connectAll = () => links.forEach(connect);
renderOptions($("options"));
keepFocus(document.body);
if (chosenLang()) speak(chosenLang()).then(connectAll);
else connectAll();
