// The review panel of the replay page: a seat's decisions against the strong player's, worst first,
// from GET /api/tables/{id}/review?seat=N (finished games only). This only draws what the server says.

import { prettyCard } from "/static/cards.js";
import { api, el } from "/static/common.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const cards = (list) => list.map(prettyCard).join(" ") || "(none)";
const pretty = (action) => action.replace(/\b(10|[2-9AJQKT])([cdhs])\b/gi, (m) => prettyCard(m));

function position(d) {
  const parts = [`hand ${cards(d.hand)}`];
  if (d.turnup) parts.push(`turn-up ${prettyCard(d.turnup)}`);
  if (d.phase === "play") parts.push(`pile ${cards(d.pile)}`, `count ${d.count}`);
  if (d.crib) parts.push(`the crib is ${d.crib}`);
  parts.push(`scores ${d.scores.join(", ")}`);
  return parts.join(" · ");
}

// Moves the replay to the position before the decision (replay.js follows its slider).
function showOnBoard(move) {
  const slider = document.getElementById("slider");
  slider.value = String(move - 1);
  slider.dispatchEvent(new Event("input"));
}

function decision(d, win) {
  // A game won counts +win and lost -win: moving a chance p of the game from lost to won is 2·win·p.
  const game = d.loss >= win / 10 ? ` (about ${Math.round((100 * d.loss) / (2 * win))}% of the game)` : "";
  const rows = d.values.slice(0, 6).map((v) =>
    el("tr", { class: v.action === d.chosen ? "chosen" : v.action === d.best ? "best" : null },
      el("td", {}, pretty(v.action) + (v.action === d.chosen ? " ← chosen" : "")),
      el("td", { class: "num" }, v.value.toFixed(2))));
  return el("li", { class: "review-item" },
    el("h3", {}, `Deal ${d.deal}, move ${d.move} (${d.phase}): lost ${d.loss.toFixed(2)}${game} `,
      el("button", { class: "quiet small", onclick: () => showOnBoard(d.move) }, "show")),
    el("p", {}, position(d)),
    el("p", {}, "Chosen ", el("strong", {}, pretty(d.chosen)), "; better ", el("strong", {}, pretty(d.best)), "."),
    el("table", { class: "advice" }, el("thead", {}, el("tr", {}, el("th", {}, "choice"), el("th", {}, d.measure))), el("tbody", {}, rows)));
}

async function review(seat, out, button) {
  button.disabled = true;
  out.replaceChildren(el("p", {}, "Reviewing every decision… (a few seconds)"));
  try {
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/review?seat=${seat}`);
    const mistakes = data.reviewed.filter((d) => d.loss > 0).slice(0, 8);
    out.replaceChildren(
      el("p", {}, `${data.name}: ${data.decisions} decisions, ${data.mistakes} could have been better, ${data.lost.toFixed(1)} points lost in all.`),
      el("p", { class: "keys" }, `Lay-aways in expected points; the play by a search of ${data.worlds} worlds (a game won or lost counts ${data.win}).`),
      mistakes.length ? el("ol", { class: "review-list" }, mistakes.map((d) => decision(d, data.win))) : el("p", {}, "No mistakes found."));
  } catch (error) {
    out.replaceChildren(el("p", { class: "error" }, error.message));
  } finally {
    button.disabled = false;
  }
}

async function start() {
  const summary = await api(`/api/tables/${encodeURIComponent(tableId)}`).catch(() => null);
  const panel = document.getElementById("review-panel");
  if (!summary || !panel || summary.status !== "over") return;
  const select = el("select", { id: "review-seat", "aria-label": "the seat to review" },
    summary.seats.map((s, i) => el("option", { value: i }, s.name)));
  const firstPerson = summary.seats.findIndex((s) => s.kind === "human");
  if (firstPerson >= 0) select.value = String(firstPerson);
  const out = el("div", { id: "review-out", "aria-live": "polite" });
  const button = el("button", { id: "review-button", onclick: () => review(select.value, out, button) }, "Review");
  panel.append(el("div", { class: "row" }, select, button), out);
  panel.hidden = false;
}

start();
