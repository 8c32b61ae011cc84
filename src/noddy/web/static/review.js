// The review panel of the replay page: a seat's decisions against the strong player's, worst first,
// from GET /api/tables/{id}/review?seat=N (finished games only). This only draws what the server says,
// in the page's language (words.js, which replay.js loads).

import { prettyCard } from "/static/cards.js";
import { api, el } from "/static/common.js";
import { fillPage, has, lang, t } from "/static/words.js";
import { chanceCell, chanceCost, chanceSummary } from "/static/winreview.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const cards = (list) => list.map(prettyCard).join(" ") || "—";

// A number with ``digits`` decimals as the page's language writes it ("169,2" in French), the
// decimal mark the server's words give (decimal, as noddy.words.number_text writes it).
const num = (value, digits) => value.toFixed(digits).replace(".", t("decimal") || ".");

// An action as the record writes it ("declare 1", "play Jh") said in the page's language, its cards
// as the reader sees them: "annoncer 1", "jouer V♥" (the server's review.action.* words, as
// noddy.words.action_words says them in the terminal's review).
function pretty(action) {
  const [kind, ...rest] = action.trim().split(/\s+/);
  const key = `review.action.${kind}`;
  if (!has(key)) return action;
  return t(key, { cards: cards(rest), number: rest.join(" ") });
}

// The score said as whose it is, the reviewed seat's side first, as "you" (noddy.words.review_scores).
function scores(d, side, sides) {
  const and = t("review.and");
  const partners = sides[side] || [];
  const own = partners.length
    ? t("review.score.you_with", { names: partners.join(and), points: d.scores[side] })
    : t("review.score.you", { points: d.scores[side] });
  const others = sides.flatMap((names, i) =>
    i === side ? [] : [t("review.score.side", { names: names.join(and), points: d.scores[i] })]);
  return t("review.scores", { scores: [own, ...others].join(", ") });
}

function position(d, side, sides) {
  // A count names what was counted (a hand as held, a crib, a short count): the server says which.
  const label = d.counting ? `review.position_counted.${d.counting}` : "review.position_hand";
  const parts = [t(label, { cards: cards(d.hand) })];
  if (d.turnup) parts.push(t("review.position_turnup", { card: prettyCard(d.turnup) }));
  if (d.phase === "play") parts.push(t("review.position_pile", { cards: cards(d.pile), count: d.count }));
  if (d.crib) parts.push(t(d.crib === "yours" ? "review.crib_is_yours" : "review.crib_is_theirs"));
  parts.push(scores(d, side, sides));
  return parts.join(" · ");
}

// Moves the replay to the position before the decision (replay.js follows its slider).
function showOnBoard(move) {
  const slider = document.getElementById("slider");
  slider.value = String(move - 1);
  slider.dispatchEvent(new Event("input"));
}

// The best six choices, and the one chosen wherever it stands (after a row "…" when below them).
function choiceRows(d) {
  const shown = d.values.slice(0, 6).map((v, i) => [i + 1, v]);
  if (d.chosen_place > shown.length) shown.push([d.chosen_place, d.values[d.chosen_place - 1]]);
  let previous = 0;
  return shown.flatMap(([place, v]) => {
    const chances = d.chances && d.chances.length;
    const gap = place > previous + 1 ? [el("tr", { class: "gap" }, el("td", { class: "num" }, "…"), el("td", {}), el("td", {}), chances ? el("td", {}) : null)] : [];
    previous = place;
    return [...gap,
      el("tr", { class: v.action === d.chosen ? "chosen" : v.action === d.best ? "best" : null },
        el("td", { class: "num" }, `${place}.`),
        el("td", {}, pretty(v.action) + (v.action === d.chosen ? ` ${t("review.chosen_mark")}` : "")),
        el("td", { class: "num" }, num(v.value, 2)),
        chances ? chanceCell(d, v.action) : null)];
  });
}

function decision(d, win, side, sides, marked) {
  // A game won counts +win and lost -win: moving a chance p of the game from lost to won is 2·win·p.
  const game = d.loss >= win / 10 ? t("review.of_game", { percent: Math.round((100 * d.loss) / (2 * win)) }) : "";
  const rows = choiceRows(d);
  const mark = marked.includes(d.move) ? el("span", { class: "win-mark" }, `${t("winchance.review.mark")} `) : null;
  const chances = d.chances && d.chances.length;
  return el("li", { class: marked.includes(d.move) ? "review-item marked" : "review-item", "data-move": d.move },
    el("h3", {}, mark, t("review.mistake", { deal: d.deal, move: d.move, loss: num(d.loss, 2) }) + game, " ",
      el("button", { class: "quiet small", onclick: () => showOnBoard(d.move) }, t("review.show"))),
    el("p", {}, position(d, side, sides)),
    el("p", {}, t("review.chosen", { chosen: pretty(d.chosen), best: pretty(d.best) })),
    chanceCost(d),
    el("table", { class: "advice" },
      el("thead", {}, el("tr", {}, el("th", {}, el("span", { class: "sr-only" }, t("table.rank"))), el("th", {}, t("review.choice")), el("th", {}, t(`review.measure.${d.measure}`)),
        chances ? el("th", {}, t("winchance.review.chance_col")) : null)),
      el("tbody", {}, rows)));
}

// The seat whose review is shown or on its way, and which request is the latest: a review asked for
// again (the language changed while it was on its way or shown) draws only the latest answer.
let shown = null;
let asked = 0;

async function review(seat, out, button) {
  shown = seat;
  const mine = ++asked;
  button.disabled = true;
  out.replaceChildren(el("p", {}, t("review.working")));
  try {
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/review?seat=${seat}&lang=${encodeURIComponent(lang() || "en")}`);
    if (mine !== asked) return;
    const marked = data.marked || [];
    const mistakes = data.reviewed.filter((d) => d.loss > 0 || marked.includes(d.move)).slice(0, 8);
    const summary = { name: data.name, decisions: data.decisions, mistakes: data.mistakes, lost: num(data.lost, 1) };
    out.replaceChildren(
      el("p", {}, t("review.summary", summary)),
      el("p", { class: "note" }, t("review.how", { worlds: data.worlds, win: data.win })),
      ...chanceSummary(data),
      mistakes.length ? el("ol", { class: "review-list" }, mistakes.map((d) => decision(d, data.win, data.side, data.sides, marked))) : el("p", {}, t("review.no_mistakes")));
  } catch (error) {
    if (mine === asked) out.replaceChildren(el("p", { class: "error" }, error.message));
  } finally {
    if (mine === asked) button.disabled = false;
  }
}

async function start() {
  const summary = await api(`/api/tables/${encodeURIComponent(tableId)}?lang=${encodeURIComponent(lang() || "en")}`).catch(() => null);
  const panel = document.getElementById("review-panel");
  if (!summary || !panel || summary.status !== "over") return;
  const select = el("select", { id: "review-seat", "data-w-label": "review.seat_label" },
    summary.seats.map((s, i) => el("option", { value: i }, s.name)));
  const firstPerson = summary.seats.findIndex((s) => s.kind === "human");
  if (firstPerson >= 0) select.value = String(firstPerson);
  const out = el("div", { id: "review-out", "aria-live": "polite" });
  const button = el("button", { id: "review-button", "data-w": "review.start", onclick: () => review(select.value, out, button) });
  panel.append(el("div", { class: "row" }, select, button), out);
  // The review's names and sentences are the page language's: a switch asks for them again.
  document.addEventListener("noddy:words", () => { if (shown !== null) review(shown, out, button); });
  fillPage(panel);
  panel.hidden = false;
}

start();
