// The discard advisor: its own page (/advise), and the hint panel at a table that allows hints.
// The numbers come from the server (GET /api/advise, POST /api/tables/{id}/hint); this only draws them.

import { prettyCard } from "/static/cards.js";
import { api, el, savedSecret } from "/static/common.js";
import "/static/options.js"; // the reader's options, chosen at a table or in the lobby
import { chosenLang, fillPage, langSwitch, loadWords, t } from "/static/words.js";

const $ = (id) => document.getElementById(id);
// Points with two decimals as the page's language writes them ("7,83" in French: decimal, as
// noddy.words.number_text writes them).
const points = (x) => x.toFixed(2).replace(".", t("decimal") || ".");
const cards = (list) => list.map(prettyCard).join(" ");
// A chance as a whole percentage, as the page's language writes it (advise.win.percent).
const percent = (x) => t("advise.win.percent", { n: String(Math.round(100 * x)) });

// A table of every lay-away, best first: kept cards, laid cards, the chance of winning where the
// server weighed it at a score (then the ranking is by it), hand, crib (+ yours, − theirs), total,
// headed in the page's language (words.js). With chances, the lay-away with the most points is
// marked when another comes first.
// `compact` (the hint panel, beside the table) leaves out the hand and the crib where the chance is
// shown, so that the row fits; a phone's width does the same (style.css, .with-win .part).
export function adviceTable(data, compact = false) {
  const own = data.dealer;
  const win = data.board != null;
  const parts = !(compact && win);
  const headings = ["advise.keep", "advise.lay", ...(win ? ["advise.win.column"] : [])];
  const head = el("tr", {}, el("th", {}, el("span", { class: "sr-only" }, t("table.rank"))), ...headings.map((h) => el("th", {}, t(h))),
    ...(parts ? ["advise.hand", "advise.crib"].map((h) => el("th", { class: "part" }, t(h))) : []),
    el("th", {}, t("advise.total")));
  const rows = data.options.map((o, i) =>
    el("tr", { class: [i === 0 ? "best" : null, win && i === data.by_points && i !== 0 ? "most-points" : null].filter(Boolean).join(" ") || null },
      el("td", {}, String(i + 1)),
      el("td", {}, cards(o.keep)),
      el("td", {}, cards(o.discard)),
      ...(win ? [el("td", { class: "num win" }, el("strong", {}, percent(o.win)))] : []),
      ...(parts ? [el("td", { class: "num part" }, points(o.hand)), el("td", { class: "num part" }, (own ? "+" : "−") + points(o.crib))] : []),
      el("td", { class: "num" }, win ? points(o.total) : el("strong", {}, points(o.total)))));
  const table = el("table", { class: win ? "advice with-win" : "advice" }, el("thead", {}, head), el("tbody", {}, rows));
  return el("div", { class: "advice-wrap" }, table);
}

// What the server says of a ranking by the chance of winning (in the language asked): the chance
// now and the ranking above the table, whether the game and the points agree below it.
function winLines(data) {
  const lines = data.lines || [];
  return {
    before: lines.length ? [el("p", { class: "win-now" }, lines.slice(0, 2).join(" "))] : [],
    after: lines.length > 2 ? [el("p", { class: "win-note" }, el("strong", {}, lines[2]))] : [],
  };
}

// The answer last shown, drawn again in a new language.
let shown = null;

function showAdvice(advice) {
  shown = advice;
  const whose = t(advice.dealer ? "advise.crib_yours_note" : "advise.crib_theirs_note");
  const model = t("advise.model_page", { words: t(`advise.model.${advice.model}`) });
  const lines = winLines(advice);
  $("advice").replaceChildren(el("p", {}, `${whose} ${model}`), ...lines.before, adviceTable(advice), ...lines.after);
}

// The rule sets (titled in the page's language) and the models of the others' cards (in its words),
// asked of the server again at each switch of language; the choices made are kept.
async function fillChoices(lang) {
  const data = await api(`/api/advise/rules?lang=${encodeURIComponent(lang)}`);
  const keep = { rules: $("advise-rules").value, model: $("advise-model").value };
  $("advise-rules").replaceChildren(...data.rules.map((r) => el("option", { value: r.name }, r.title)));
  $("advise-model").replaceChildren(
    ...Object.entries(data.models).map(([name, words]) => el("option", { value: name }, words)));
  const has = (select, value) => [...$(select).options].some((o) => o.value === value);
  $("advise-rules").value = has("advise-rules", keep.rules) ? keep.rules : has("advise-rules", "cribbage") ? "cribbage" : data.rules[0].name;
  if (has("advise-model", keep.model)) $("advise-model").value = keep.model;
  return data;
}

async function advisePage() {
  let lang = chosenLang() || "en";
  await loadWords(lang);
  let data = await fillChoices(lang);
  const fillPlayers = () => {
    const rules = data.rules.find((r) => r.name === $("advise-rules").value);
    const counts = rules ? rules.players : [2];
    const kept = $("advise-players").value;
    $("advise-players").replaceChildren(...counts.map((n) => el("option", { value: n }, String(n))));
    if (counts.map(String).includes(kept)) $("advise-players").value = kept;
  };
  const ask = async () => {
    $("advise-error").textContent = "";
    const query = new URLSearchParams({
      rules: $("advise-rules").value,
      hand: $("advise-hand").value,
      dealer: $("advise-dealer").checked,
      players: $("advise-players").value,
      model: $("advise-model").value,
      score: $("advise-score").value,
      lang,
    });
    try {
      showAdvice(await api(`/api/advise?${query}`));
    } catch (error) {
      $("advice").replaceChildren();
      $("advise-error").textContent = error.message;
    }
  };
  langSwitch($("lang-switch"), async (code) => {
    lang = code;
    await loadWords(code);
    data = await fillChoices(code);
    fillPlayers();
    if (shown) await ask();
  });
  $("advise-rules").addEventListener("change", fillPlayers);
  fillPlayers();
  $("advise-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    await ask();
  });
}

// At a table whose maker switched hints on (one person, the rest computers): a panel that says so,
// and a button asking the server for this seat's advice from its own view.
async function tableHints() {
  const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
  const summary = await api(`/api/tables/${encodeURIComponent(tableId)}`).catch(() => null);
  if (!summary || !summary.hints) return;
  const result = el("div", { class: "hint-result", "aria-live": "polite" });
  const ask = async () => {
    try {
      const advice = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, {
        method: "POST",
        body: JSON.stringify({ secret: savedSecret(tableId) || "", lang: chosenLang() || "en" }),
      });
      const whose = t(advice.dealer ? "advise.crib_yours_note" : "advise.crib_theirs_note");
      const best = { ...advice, options: advice.options.slice(0, 5) };
      const lines = winLines(advice);
      result.replaceChildren(...lines.before, adviceTable(best, true), ...lines.after, el("p", { class: "note" }, whose));
    } catch (error) {
      result.replaceChildren(el("p", { class: "error" }, error.message));
    }
  };
  const panel = el("section", { class: "panel hints-panel", id: "hints-panel", "data-w-label": "advise.hints_title" },
    el("h2", { "data-w": "advise.hints_title" }),
    el("p", { "data-w": "advise.hints_about" }),
    el("button", { id: "hint-button", onclick: ask, "data-w": "advise.hints_ask" }),
    result);
  document.querySelector("aside.side").prepend(panel);
  fillPage(panel);
}

if (document.body.classList.contains("advise-page")) advisePage();
else if (document.body.classList.contains("table-page")) tableHints();
