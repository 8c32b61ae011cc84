// The board keeper (/board): the board of a game played with real cards, kept on this device (tally.js)
// across reloads, a closed browser and no network. The rule set's facts (its game hole, how many play,
// partners, who deals next, the reasons points are pegged for, in the words layer's words) come from
// noddy.offline.rule_set, by the server or, for house rules with no network, the page's own engine.
// The chance of winning is the board table's (noddy.analysis), fetched once and kept in the cache.

import { boardSVG, pegColour } from "/static/cards.js";
import { el } from "/static/common.js";
import { houseRules, ruleSets, ruleValue } from "/static/rulesets.js";
import {
  chanceKey, endGame, loadTally, newGame, nextDeal, nextDealer, peg, saveTally, scores, sideNames, sideOf, starts, undo,
} from "/static/tally.js";
import { chooseLang, chosenLang, lang, langSwitch, loadWords, t } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const CHANCE = "noddy.board.chance";
const AWAKE = "noddy.awake";
const QUICK = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 20, 24];
let sets = [];
let tally = loadTally();
let chosen = { side: 0, reason: null, points: null };
let chances = null;
let lock = null;

function facts() {
  return sets.find((f) => ruleValue(f) === $("rules").value) || sets[0];
}

function words(reason) {
  return reason.words[lang()] || reason.words.en;
}

function playersChosen() {
  const checked = document.querySelector("input[name=players]:checked");
  return checked ? Number(checked.value) : facts().players[0];
}

function drawForm() {
  const rules = facts();
  if (!rules) return;
  const was = playersChosen();
  $("players").replaceChildren(...rules.players.map((n) => el("label", { class: "pill" },
    el("input", { type: "radio", name: "players", value: n, checked: n === (rules.players.includes(was) ? was : rules.players[0]), onchange: drawSeats }),
    el("span", {}, String(n)))));
  drawSeats();
}

function drawSeats() {
  const rules = facts();
  const n = playersChosen();
  $("partners-field").hidden = n !== 4;
  $("partners").disabled = rules.partners !== "optional";
  if (rules.partners !== "optional") $("partners").checked = rules.partners === "always";
  const old = [...$("names").querySelectorAll("input")].map((input) => input.value);
  $("names").replaceChildren(...Array.from({ length: n }, (_, i) => el("li", {},
    el("label", { for: `name-${i}`, class: "sr-only" }, t("tally.player", { n: i + 1 })),
    el("input", { type: "text", id: `name-${i}`, maxlength: "24", value: old[i] || "", placeholder: t("tally.player", { n: i + 1 }) }))));
  drawFirst();
  const tabled = Boolean((rules.chance || {})[`${n}${n === 4 && $("partners").checked ? "p" : ""}`]);
  $("chance").disabled = !tabled;
  if (!tabled) $("chance").checked = false;
  $("chance-note").textContent = tabled ? "" : t("tally.no_chance");
}

function names() {
  return [...$("names").querySelectorAll("input")].map((input, i) => input.value.trim() || t("tally.player", { n: i + 1 }));
}

function drawFirst() {
  const was = $("first").value;
  $("first").replaceChildren(...names().map((name, i) => el("option", { value: String(i) }, name)));
  if (was && Number(was) < names().length) $("first").value = was;
}

/** The board table of ``game``'s rules as data, fetched once and kept on this device for use with no
 * network (one table, the current game's: a 121-hole game's is about 100 kB). */
async function tableData(game) {
  if (!game.chance) return null;
  const key = `${game.facts.name}/${game.players}/${game.partners}`;
  try {
    const kept = JSON.parse(localStorage.getItem(CHANCE) || "null");
    if (kept && kept.key === key) return kept.data;
  } catch {
    /* nothing readable kept: fetch it */
  }
  try {
    const response = await fetch(`/api/keeper/chance/${encodeURIComponent(game.facts.name)}/${game.players}/${game.partners}`);
    if (!response.ok) return null;
    const data = await response.json();
    try {
      localStorage.setItem(CHANCE, JSON.stringify({ key, data }));
    } catch {
      /* no room: shown while the page is open */
    }
    return data;
  } catch {
    return null;
  }
}

async function startGame(event) {
  event.preventDefault();
  const rules = facts();
  const n = playersChosen();
  const partners = n === 4 && $("partners").checked;
  tally.current = newGame({
    facts: rules, house: rules.house ? rules.text : "", players: n, partners, names: names(),
    dealer: Number($("first").value || 0), chance: $("chance").checked,
  });
  saveTally(tally);
  chosen = { side: 0, reason: null, points: null };
  chances = await tableData(tally.current);
  draw();
}

function choiceButton(label, pressed, onclick, extra = {}) {
  return el("button", { type: "button", class: "choice", "aria-pressed": String(pressed), onclick, ...extra }, label);
}

function chanceLine(game) {
  if (!game.chance || !chances || game.sides !== 2) return "";
  const start = starts(game).at(-1);
  const [s0, s1] = start.scores;
  const target = chances.target;
  if (s0 >= target || s1 >= target) return "";
  const first = chances.chance[start.dealer][s1 * target + s0] / 10;
  const each = [first, 100 - first];
  return t("tally.chance_line", { deal: start.deal, chances: sideNames(game).map((name, side) => t("tally.chance_side", { name, chance: each[side].toFixed(0) })).join(", ") });
}

function draw() {
  const game = tally.current;
  $("new-game").hidden = Boolean(game);
  $("game").hidden = !game;
  drawFinished();
  if (!game) {
    drawForm();
    return;
  }
  const sides = sideNames(game);
  const { scores: now, pegs } = scores(game);
  $("game-title").textContent = game.facts.titles[lang()] || game.facts.name;
  $("board").replaceChildren(boardSVG(game.facts.target, pegs));
  $("scores").replaceChildren(...sides.map((name, side) => el("li", { style: `--side:${pegColour(side)}`, "data-side": String(side) },
    el("span", { class: "dot", "aria-hidden": "true" }), el("span", { class: "name" }, name), " ", el("strong", { class: "score" }, String(now[side])))));
  const dealerName = game.names[game.dealer];
  $("dealer").textContent = t("tally.deals", { deal: game.deal, name: dealerName });
  $("chance-line").textContent = chanceLine(game);
  const over = game.winner !== null;
  $("won").textContent = !over ? "" : game.winner < 0 ? t("tally.drawn") : `${t("tally.won", { name: sides[game.winner], score: now[game.winner] })} ${stake(game, now)}`.trim();
  $("peg-panel").hidden = over;
  $("next-deal").hidden = over;
  $("next-deal").textContent = t("tally.next_deal", { name: game.names[nextDealer(game)] });
  $("undo").disabled = game.moves.length === 0;
  $("end").textContent = t(over ? "tally.new" : "tally.end");
  const reasons = game.facts.reasons;
  const reason = reasons.find((r) => r.key === chosen.reason) || null;
  if (reason && reason.to === "dealer") chosen.side = sideOf(game, game.dealer);
  if (reason && reason.to === "pone" && chosen.side === sideOf(game, game.dealer)) chosen.side = sideOf(game, nextDealer(game));
  const points = reason && reason.points ? reason.points : chosen.points;
  $("sides").replaceChildren(...sides.map((name, side) => choiceButton(name, side === chosen.side, () => { chosen.side = side; draw(); },
    { style: `--side:${pegColour(side)}`, "data-side": String(side) })));
  $("reasons").replaceChildren(...reasons.map((r) => choiceButton(r.points ? `${words(r)} (${r.points})` : words(r), r.key === chosen.reason,
    () => { chosen.reason = r.key; if (r.points) chosen.points = r.points; draw(); }, { "data-reason": r.key })));
  $("points").replaceChildren(...QUICK.map((n) => choiceButton(String(n), n === points, () => { chosen.points = n; draw(); }, { "data-points": String(n) })),
    el("label", { class: "sr-only", for: "points-typed" }, t("tally.points_typed")),
    el("input", { type: "text", id: "points-typed", inputmode: "numeric", maxlength: "3", value: points && !QUICK.includes(points) ? String(points) : "", placeholder: t("tally.other"),
      oninput: (e) => { const n = Number.parseInt(e.target.value, 10); chosen.points = Number.isInteger(n) && n > 0 ? n : null; drawPegButton(); } }));
  drawPegButton();
  $("log").replaceChildren(...[...game.moves].reverse().map((move) => el("li", {}, move.kind === "deal"
    ? t("tally.log_deal", { name: game.names[move.to] })
    : t("tally.log_peg", { name: sides[move.side], points: move.points, reason: words(reasons.find((r) => r.key === move.reason) || { words: { en: move.reason } }) }))));
}

/** What the win counts when more than a game (a skunk), as the rules' facts say it for the best
 * loser's score. */
function stake(game, now) {
  const losers = now.filter((_, side) => side !== game.winner);
  const said = (game.facts.stakes || {})[String(Math.max(...losers))];
  return said ? said[lang()] || said.en : "";
}

function drawPegButton() {
  const game = tally.current;
  const reason = game.facts.reasons.find((r) => r.key === chosen.reason);
  const points = reason && reason.points ? reason.points : chosen.points;
  const ready = reason && points;
  $("peg").disabled = !ready;
  $("peg").textContent = ready ? t("tally.peg", { points, name: sideNames(game)[chosen.side], reason: words(reason) }) : t("tally.peg_choose");
}

function pegNow() {
  const game = tally.current;
  const reason = game.facts.reasons.find((r) => r.key === chosen.reason);
  const points = reason && reason.points ? reason.points : chosen.points;
  if (!reason || !points) return;
  peg(game, chosen.side, points, reason.key);
  saveTally(tally);
  chosen = { side: chosen.side, reason: null, points: null };
  draw();
}

function drawFinished() {
  const games = tally.finished;
  $("finished").replaceChildren(...(games.length ? games.map((game) => {
    const sides = sideNames(game);
    const now = scores(game).scores;
    const result = sides.map((name, side) => `${name} ${now[side]}`).join(" · ");
    const when = new Date(game.ended).toLocaleString(lang());
    const winner = game.winner >= 0 ? `${t("tally.won", { name: sides[game.winner], score: now[game.winner] })} ${stake(game, now)}`.trim() : t("tally.drawn");
    return el("li", {}, el("strong", {}, game.facts.titles[lang()] || game.facts.name), ` — ${when}: ${result}. ${winner}`);
  }) : [el("li", { class: "empty" }, t("tally.none_finished"))]));
}

function finish() {
  const game = tally.current;
  if (game.winner === null) {
    if (!confirm(t("tally.end_sure"))) return;
    endGame(game);
  }
  tally.finished.unshift(game);
  tally.current = null;
  saveTally(tally);
  chances = null;
  draw();
}

async function keepAwake() {
  try {
    localStorage.setItem(AWAKE, $("awake").checked ? "1" : "0");
  } catch {
    /* private mode: the choice holds while the page is open */
  }
  if (!("wakeLock" in navigator)) return;
  if ($("awake").checked && tally.current && document.visibilityState === "visible" && !lock) {
    lock = await navigator.wakeLock.request("screen").catch(() => null);
    lock?.addEventListener("release", () => { lock = null; });
  } else if (!$("awake").checked && lock) {
    await lock.release();
    lock = null;
  }
}

async function loadRules() {
  let presets = [];
  try {
    presets = await ruleSets();
  } catch {
    $("error").textContent = t("tally.offline_rules");
  }
  sets = [...presets, ...houseRules()];
  const was = $("rules").value;
  $("rules").replaceChildren(...sets.map((f) => el("option", { value: ruleValue(f) }, f.titles[lang()] || f.name)));
  if (was) $("rules").value = was;
}

async function speak(code) {
  await loadWords(code);
  langSwitch($("lang-switch"), speak);
  await loadRules();
  draw();
}

async function start() {
  navigator.serviceWorker?.register("/sw.js");
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked) chooseLang(asked);
  await loadWords(asked || chosenLang() || "en");
  langSwitch($("lang-switch"), speak);
  await loadRules();
  $("rules").addEventListener("change", drawForm);
  $("partners").addEventListener("change", drawSeats);
  $("names").addEventListener("input", drawFirst);
  $("new-game").addEventListener("submit", startGame);
  $("peg").addEventListener("click", pegNow);
  $("next-deal").addEventListener("click", () => { nextDeal(tally.current); saveTally(tally); draw(); });
  $("undo").addEventListener("click", () => { undo(tally.current); saveTally(tally); draw(); });
  $("end").addEventListener("click", finish);
  try {
    $("awake").checked = localStorage.getItem(AWAKE) !== "0";
  } catch {
    /* private mode: on by default */
  }
  $("awake").addEventListener("change", keepAwake);
  document.addEventListener("visibilitychange", keepAwake);
  window.addEventListener("storage", () => { tally = loadTally(); draw(); });
  if (tally.current) chances = await tableData(tally.current);
  draw();
  keepAwake();
  document.body.dataset.ready = "yes";
}

start();
