// The scorer (/score): a hand or crib tapped card by card, counted by noddy's engine (the server's, or
// the page's own with no network: ask.js) and laid out as the table's show lays a count (count.js),
// spoken on request. The hand is in the address (?rules=cribbage&cards=5h+5d+5c+Js&turnup=5s&crib=1
// &lang=fr), so a count can be shared. "Count it yourself first" asks the total before showing it.
// House rules are a rules file the person loads, kept on this device.

import { ask, warmIfOffline } from "/static/ask.js";
import { cardText, el } from "/static/common.js";
import { layCount } from "/static/count.js";
import { say } from "/static/speak.js";
import { loadTally, peg, saveTally, sideNames } from "/static/tally.js";
import { chosenLang, chooseLang, lang, langSwitch, loadWords, t } from "/static/words.js";
import { houseRules, keepHouse, ruleSets, ruleValue } from "/static/rulesets.js";

const $ = (id) => document.getElementById(id);
const RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split(" ");
const SUITS = ["s", "h", "c", "d"];
const asked = new URLSearchParams(location.search);
let sets = [];
let hand = [];
let turnup = null;
let answer = null;
let laid = null;
let guessed = null;

function facts() {
  return sets.find((f) => ruleValue(f) === $("rules").value) || sets[0];
}

/** The most cards a hand (or crib) of the rule set holds: the hand is full at that many. */
function handSize() {
  const sizes = Object.values($("crib").checked ? facts().crib : facts().hand).filter((n) => n > 0);
  return sizes.length ? Math.max(...sizes) : 4;
}

function mode() {
  return document.querySelector("input[name=mode]:checked").value;
}

function setMode(value) {
  document.querySelector(`input[name=mode][value=${value}]`).checked = true;
}

function drawDeck() {
  $("deck").replaceChildren(...SUITS.map((suit) => el("div", { class: "deck-row" }, ...RANKS.map((rank) => {
    const code = `${rank}${suit}`;
    const role = hand.includes(code) ? "in-hand" : turnup === code ? "is-turnup" : "";
    return el("button", {
      type: "button", class: `deck-card suit-${suit} ${role}`, "data-card": code,
      "aria-pressed": String(role !== ""), onclick: () => tap(code),
    }, cardText(code));
  }))));
  $("hand-cards").replaceChildren(...(hand.length ? hand.map(cardText) : [t("scorer.none")]));
  $("turnup-card").replaceChildren(turnup ? cardText(turnup) : t("scorer.none"));
}

function tap(code) {
  if (hand.includes(code)) hand = hand.filter((c) => c !== code);
  else if (turnup === code) turnup = null;
  else if (mode() === "hand" && hand.length < handSize()) hand.push(code);
  else turnup = code;
  if (mode() === "hand" && hand.length >= handSize()) setMode("turnup");
  changed();
  document.querySelector(`.deck-card[data-card="${code}"]`)?.focus();
}

function address() {
  const query = new URLSearchParams();
  query.set("rules", $("rules").value);
  if (hand.length) query.set("cards", hand.join(" "));
  if (turnup) query.set("turnup", turnup);
  if ($("crib").checked) query.set("crib", "1");
  if (asked.has("lang") || lang() !== "en") query.set("lang", lang());
  history.replaceState(null, "", `/score?${query.toString()}`);
}

function changed() {
  drawDeck();
  address();
  answer = null;
  guessed = null;
  $("result").hidden = true;
  $("error").textContent = "";
  const ready = hand.length >= handSize() && turnup;
  $("guess").hidden = !(ready && $("yourself").checked);
  if (ready && !$("yourself").checked) count();
  else if (ready) $("guess-total").focus();
}

async function count() {
  const chosen = facts();
  const args = { rules: chosen.house ? "" : chosen.name, house: chosen.house ? chosen.text : "", cards: hand.join(" "), turnup: turnup || "", crib: $("crib").checked, lang: lang() };
  const asking = JSON.stringify(args);
  document.body.dataset.engine = "asking";
  let reply;
  try {
    reply = await ask("count", "count", args, () => { $("engine-line").textContent = t("scorer.starting"); });
  } catch {
    document.body.dataset.engine = "failed";
    $("engine-line").textContent = t("scorer.no_engine");
    return;
  }
  if (asking !== JSON.stringify({ ...args, lang: lang() }) || hand.join(" ") !== args.cards) return;
  document.body.dataset.engine = reply.where;
  $("engine-line").textContent = "";
  if (reply.answer.error) {
    $("error").textContent = reply.answer.error;
    return;
  }
  answer = reply.answer;
  show(reply.where);
}

function items(counted) {
  if (counted.items.length) return counted.items;
  return [{ cards: [], said: counted.said[0], points: 0, total: 0 }];
}

function show(where) {
  $("result").hidden = false;
  laid = layCount($("count"), { cards: answer.cards, starter: answer.turnup, items: items(answer), total: answer.total, words: $("call") });
  const stepping = guessed !== null;
  if (!stepping) laid.finish();
  $("jack").textContent = answer.jack || "";
  $("verdict").textContent = guessed === null ? "" : guessed === answer.total
    ? t("scorer.right", { total: answer.total })
    : t(guessed < answer.total ? "scorer.missed" : "scorer.over", { guess: guessed, total: answer.total, diff: Math.abs(answer.total - guessed) });
  $("next-item").hidden = !stepping;
  $("all-items").hidden = !stepping;
  $("where").textContent = t(where === "server" ? "scorer.on_server" : "scorer.on_device");
  offerBoard();
  if (stepping) $("next-item").focus();
}

function nextItem() {
  if (!laid) return;
  const before = laid.shown;
  laid.step();
  const item = items(answer)[before];
  if (item) say(item.said, false);
  if (laid.done) finished();
}

function finished() {
  $("next-item").hidden = true;
  $("all-items").hidden = true;
}

/** "Add 29 to Ann": the count pegged to a side of the game the board keeper keeps on this device. */
function offerBoard() {
  const tally = loadTally();
  const game = tally.current;
  const box = $("to-board");
  if (!game || game.winner !== null || !answer) {
    box.replaceChildren();
    return;
  }
  const reason = $("crib").checked ? "crib" : "hand";
  box.replaceChildren(el("p", {}, t("scorer.to_board")), ...sideNames(game).map((name, side) =>
    el("button", {
      type: "button", class: "add-to", onclick: () => {
        peg(game, side, answer.total, reason);
        saveTally(tally);
        box.replaceChildren(el("p", { role: "status" }, t("scorer.added", { points: answer.total, name }), " ",
          el("a", { href: "/board" }, t("scorer.see_board"))));
      },
    }, t("scorer.add", { points: answer.total, name }))));
}

async function loadHouse(file) {
  const text = await file.text();
  const { answer: told } = await ask("rule_set", "rules", { house: text });
  if (told.error) {
    $("error").textContent = told.error[lang()] || told.error.en;
    return;
  }
  keepHouse(told, text);
  await fillRules(`house:${told.name}`);
  changed();
}

async function fillRules(choose) {
  sets = [...await ruleSets(), ...houseRules()];
  $("rules").replaceChildren(...sets.map((f) => el("option", { value: ruleValue(f) }, f.titles[lang()] || f.name)));
  if (choose && sets.some((f) => ruleValue(f) === choose)) $("rules").value = choose;
}

async function speak(code) {
  await loadWords(code);
  langSwitch($("lang-switch"), speak);
  await fillRules($("rules").value || asked.get("rules"));
  drawDeck();
  if (answer) {
    address();
    count();
  }
}

async function start() {
  navigator.serviceWorker?.register("/sw.js");
  warmIfOffline();
  const wanted = asked.get("lang") || chosenLang() || "en";
  if (asked.get("lang")) chooseLang(wanted);
  await loadWords(wanted);
  langSwitch($("lang-switch"), speak);
  await fillRules(asked.get("rules") || "cribbage");
  if (asked.get("rules") && $("rules").value !== asked.get("rules")) $("error").textContent = t("scorer.unknown_rules", { rules: asked.get("rules") });
  $("crib").checked = asked.get("crib") === "1";
  hand = (asked.get("cards") || "").split(/[\s,]+/).filter(Boolean);
  turnup = asked.get("turnup") || null;
  $("rules").addEventListener("change", changed);
  $("crib").addEventListener("change", changed);
  $("yourself").addEventListener("change", changed);
  $("clear").addEventListener("click", () => { hand = []; turnup = null; setMode("hand"); changed(); });
  $("house").addEventListener("change", () => { if ($("house").files[0]) loadHouse($("house").files[0]); });
  $("guess").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = Number.parseInt($("guess-total").value, 10);
    if (!Number.isInteger(typed) || typed < 0) {
      $("error").textContent = t("scorer.guess_number");
      return;
    }
    $("error").textContent = "";
    guessed = typed;
    count();
  });
  $("next-item").addEventListener("click", nextItem);
  $("all-items").addEventListener("click", () => { laid?.finish(); finished(); });
  $("say").addEventListener("click", () => { if (answer) say(answer.announcement, true); });
  if (hand.length >= handSize()) setMode("turnup");
  const typed = hand.length || turnup;
  drawDeck();
  if (typed && !$("yourself").checked) {
    address();
    await count();
  }
  document.body.dataset.ready = "yes";
}

start();
