// The counting trainer: a deal to count, your count, the verdict, then the count step by step.
// Every word of a question, a verdict and a step comes from the server (with no network, from the
// engine in the page: train-offline.js); cards are drawn by cards.js.

import { cardFace } from "/static/render.js";
import { el } from "/static/common.js";
import { trainApi as api } from "/static/train-offline.js";
import "/static/options.js"; // the reader's options, chosen at a table or in the lobby
import { chosenLang, lang, langSwitch, loadWords, t } from "/static/words.js";

const SAVED = "noddy.train";
const ROUND_SECONDS = 60;
const $ = (id) => document.getElementById(id);

let question = null;
let shown = 0;
let steps = [];
let roundTimer = null;
let asking = 0;
let loadingKinds = 0;

function saved() {
  try {
    return JSON.parse(localStorage.getItem(SAVED)) || {};
  } catch {
    return {};
  }
}

function save() {
  const choices = { rules: $("rules").value, kind: $("kind").value, step: $("step").checked };
  try {
    localStorage.setItem(SAVED, JSON.stringify(choices));
  } catch {
    // private browsing: the choices are simply not kept
  }
}

function group(label, cards, extra = "") {
  return el("div", { class: `card-group ${extra}` },
    el("div", { class: "group-label" }, label),
    el("div", { class: "group-cards" }, cards.map((code) => cardFace(code, "big"))));
}

function renderQuestion(q) {
  $("kind-name").textContent = q.kind_name;
  $("prompt").textContent = q.prompt;
  $("note").textContent = q.note || "";
  const choosing = q.what === "offence";
  $("board-line").textContent = choosing ? q.board : "";
  $("answer-form").hidden = choosing;
  $("ways").hidden = !choosing;
  if (choosing) {
    $("cards").replaceChildren(group(q.labels.hand, q.hand), ...(q.turnup ? [group(q.labels.turnup, [q.turnup], "turnup")] : []));
    $("cards").dataset.what = q.what;
    $("ways").replaceChildren(...q.choices.map((c) => el("button", {
      type: "button", class: "way big", "data-side": c.side, onclick: () => choose(c.side),
    }, el("kbd", {}, c.key), " ", c.label)));
    return;
  }
  const groups = q.what === "play"
    ? [group(q.labels.pile, q.pile), group(q.labels.card, [q.card], "laid"), group(q.labels.turnup, [q.turnup], "turnup")]
    : [group(q.labels.held, q.held), group(q.labels.turnup, [q.turnup], "turnup")];
  $("cards").replaceChildren(...groups);
  $("cards").dataset.what = q.what;
}

async function ask() {
  $("error").textContent = "";
  $("result").hidden = true;
  const params = new URLSearchParams({ rules: $("rules").value, lang: lang() });
  if ($("kind").value) params.set("kind", $("kind").value);
  const mine = ++asking;
  const offence = $("kind").value === "offence";
  let asked;
  try {
    asked = await api(offence ? `/api/train/offence?${params}` : `/api/train/question?${params}`);
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  if (mine !== asking) return; // a later question was asked meanwhile (the choices changed)
  question = asked;
  renderQuestion(question);
  if (offence) {
    $("ways").querySelector("button").focus();
    return;
  }
  const input = $("answer");
  input.value = "";
  input.disabled = false;
  $("check").disabled = false;
  input.focus();
}

function stepItem(step) {
  const cards = el("span", { class: "step-cards" });
  step.cards.forEach((code, i) => {
    if (i && step.sum !== null) cards.append(el("span", { class: "op" }, "+"));
    cards.append(cardFace(code, "step-card"));
  });
  const said = step.sum !== null ? `= ${step.sum}` : "";
  return el("li", { class: "step", "data-kind": step.kind },
    el("span", { class: "step-name" }, step.name),
    cards,
    el("span", { class: "step-sum" }, said),
    el("span", { class: "step-points" }, `→ ${step.points}`),
    el("span", { class: "step-total", title: "running total" }, String(step.total)));
}

function reveal(all = false) {
  const items = [...$("steps").children];
  if (all) shown = items.length;
  else shown = Math.min(items.length, shown + 1);
  items.forEach((item, i) => { item.hidden = i >= shown; });
  const done = shown >= items.length;
  $("call").hidden = !done;
  $("next-step").hidden = done;
  $("all-steps").hidden = done;
  (done ? $("next") : $("next-step")).focus();
}

async function check(event) {
  event.preventDefault();
  if (!question || $("answer").disabled) return;
  const text = $("answer").value.trim();
  if (!/^[0-9]{1,3}$/.test(text)) {
    $("error").textContent = t("train.not_number", { text });
    $("answer").select();
    return;
  }
  $("error").textContent = "";
  let judged;
  try {
    judged = await api("/api/train/answer", {
      method: "POST", body: JSON.stringify({ id: question.id, points: Number(text), lang: lang() }),
    });
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  $("answer").disabled = true;
  $("check").disabled = true;
  // The verdict, what the count leaves out (a Knave pegged before the announcement) and, for an
  // answer after a timed round's end, that it counts nowhere: all in the server's words.
  $("verdict").textContent = [judged.verdict, judged.aside, judged.late_note].filter(Boolean).join(" ");
  $("verdict").className = `verdict ${judged.correct ? "right" : "wrong"}`;
  steps = judged.items;
  $("steps").replaceChildren(...steps.map(stepItem));
  $("call").textContent = judged.items.length ? `“${judged.call}”` : judged.call;
  $("result").hidden = false;
  shown = 0;
  reveal(!$("step").checked);
  renderStats(judged.kinds);
}

// A way chosen in the drill "offence or defence?": the verdict, each way's figures and the reason,
// all in the server's words.
async function choose(side) {
  if (!question || question.what !== "offence" || !$("result").hidden) return;
  let judged;
  try {
    judged = await api("/api/train/offence/answer", {
      method: "POST", body: JSON.stringify({ id: question.id, choice: side, lang: lang() }),
    });
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  for (const button of $("ways").querySelectorAll("button")) {
    button.disabled = true;
    button.classList.toggle("best", button.dataset.side === judged.answer);
  }
  $("verdict").textContent = judged.verdict;
  $("verdict").className = `verdict ${judged.correct ? "right" : "wrong"}`;
  $("steps").replaceChildren(...judged.lines.map((line) => el("li", { class: "reason" }, line)));
  $("call").textContent = "";
  $("next-step").hidden = true;
  $("all-steps").hidden = true;
  $("result").hidden = false;
  $("next").focus();
  renderStats(judged.kinds);
}

function renderStats(kinds) {
  const rows = Object.values(kinds).map((s) => el("tr", {},
    el("td", {}, s.name),
    el("td", {}, String(s.asked)),
    el("td", {}, `${s.right} (${Math.round((100 * s.right) / s.asked)}%)`),
    el("td", {}, `${(s.seconds / s.asked).toFixed(1)} s`)));
  const body = $("stats").tBodies[0];
  if (rows.length) body.replaceChildren(...rows);
}

// The drills of the chosen rule set and the page's words in the chosen language; false when a later
// choice has already asked again.
async function loadKinds() {
  const mine = ++loadingKinds;
  const data = await api(`/api/train/kinds?rules=${encodeURIComponent($("rules").value)}&lang=${lang()}`);
  if (mine !== loadingKinds) return false;
  const before = $("kind").value || saved().kind || "";
  $("timed").textContent = t("train.timed", { seconds: ROUND_SECONDS });
  const options = [el("option", { value: "" }, t("train.chosen"))];
  for (const k of data.kinds) options.push(el("option", { value: k.kind }, k.name));
  $("kind").replaceChildren(...options);
  $("kind").value = data.kinds.some((k) => k.kind === before) ? before : "";
  return true;
}

async function loadProgress() {
  const rules = encodeURIComponent($("rules").value || "willughby");
  const data = await api(`/api/train/progress?rules=${rules}&lang=${lang()}`);
  renderStats(data.kinds);
  if (data.round && data.round.left > 0) runRound(data.round);
}

function runRound(round) {
  const ends = Date.now() + round.left * 1000;
  $("round").hidden = false;
  $("timed").disabled = true;
  clearInterval(roundTimer);
  const tick = async () => {
    const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
    $("round").textContent = t("train.left", { left });
    $("round").classList.toggle("hurry", left <= 10);
    if (left > 0) return;
    clearInterval(roundTimer);
    const done = await api(`/api/train/round/end?lang=${lang()}`, { method: "POST" });
    $("round").textContent = done.line;
    $("round").classList.remove("hurry");
    $("timed").disabled = false;
  };
  tick();
  roundTimer = setInterval(tick, 250);
}

async function startRound() {
  const data = await api("/api/train/round", {
    method: "POST", body: JSON.stringify({ rules: $("rules").value, seconds: ROUND_SECONDS }),
  });
  runRound(data.round);
  ask();
}

function keys(event) {
  if (event.target.tagName === "SELECT") return;
  if (!$("ways").hidden && $("result").hidden && question && (event.key === "1" || event.key === "2")) {
    event.preventDefault();
    choose(question.choices[Number(event.key) - 1].side);
    return;
  }
  if ($("result").hidden) return;
  if (event.key === "Enter" && document.activeElement?.id !== "next-step") {
    event.preventDefault();
    ask();
  } else if (event.key === " " && !$("next-step").hidden) {
    event.preventDefault();
    reveal();
  }
}

// The page's words and the rule sets' titles in ``wanted``, then the drills (keeping the choices).
// The rule set kept is the one chosen when the titles arrive (a choice made meanwhile is not lost).
async function speak(wanted, rules = null) {
  await loadWords(wanted);
  langSwitch($("lang-switch"), async (code) => {
    await speak(code);
    save();
    ask();
    loadProgress();
  });
  const data = await api(`/api/rules?lang=${encodeURIComponent(lang())}`);
  const kept = rules || $("rules").value;
  $("rules").replaceChildren(...data.rules.map((r) => el("option", { value: r.name }, r.title || r.name)));
  if (kept && data.rules.some((r) => r.name === kept)) $("rules").value = kept;
  await loadKinds();
}

async function changed() {
  if (!$("rules").value || !(await loadKinds())) return;
  save();
  ask();
  loadProgress();
}

async function start() {
  const choices = saved();
  $("step").checked = Boolean(choices.step);
  $("rules").addEventListener("change", changed);
  $("kind").addEventListener("change", () => { save(); ask(); });
  $("step").addEventListener("change", save);
  $("answer-form").addEventListener("submit", check);
  $("next").addEventListener("click", ask);
  $("next-step").addEventListener("click", () => reveal());
  $("all-steps").addEventListener("click", () => reveal(true));
  $("timed").addEventListener("click", startRound);
  document.addEventListener("keydown", keys);
  await speak(chosenLang() || "en", choices.rules);
  await loadProgress();
  await ask();
  document.body.dataset.ready = "true";
}

start().catch((error) => { $("error").textContent = error.message; });
