// The review's chance of winning on the replay page: the game's curve as a picture (the reviewed
// side's chance at the start of every deal, and the result), what the decisions cost, and which
// mattered most. This draws what the server's review says (Review.to_json), in the page's words.

import { el } from "/static/common.js";
import { t } from "/static/words.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320;
const H = 170;
const PAD = { left: 38, right: 10, top: 10, bottom: 26 };

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

/** A chance (0 to 1) as the page's language writes a percent with ``digits`` decimals. */
export function percent(chance, digits = 1) {
  const n = (100 * chance).toFixed(digits).replace(".", t("decimal") || ".");
  return t("winchance.percent", { n });
}

/** The curve as an SVG picture, its points said in its label for a screen reader. */
function curvePicture(data) {
  const points = data.curve;
  const side = data.side;
  const x = (i) => PAD.left + (points.length > 1 ? (i * (W - PAD.left - PAD.right)) / (points.length - 1) : 0);
  const y = (chance) => PAD.top + (1 - chance) * (H - PAD.top - PAD.bottom);
  const said = points.map((p) => percent(p.chances[side], 0)).join(" → ");
  const picture = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "win-curve", role: "img" });
  picture.setAttribute("aria-label", t("winchance.review.curve", { name: data.name, points: said }));
  for (const level of [0, 0.5, 1]) {
    picture.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(level), y2: y(level), class: level === 0.5 ? "even" : "grid" }));
    picture.append(svg("text", { x: PAD.left - 6, y: y(level) + 4, "text-anchor": "end", class: "tick" }, percent(level, 0)));
  }
  points.forEach((p, i) => {
    const label = p.dealer === null ? t("winchance.review.end") : String(p.deal);
    picture.append(svg("text", { x: x(i), y: H - 10, "text-anchor": "middle", class: "tick" }, label));
  });
  const byMove = new Map(data.reviewed.map((d) => [d.move, d]));
  for (const move of data.marked) {
    const d = byMove.get(move);
    if (!d) continue;
    const at = x(d.deal - 0.5);
    const mark = svg("line", { x1: at, x2: at, y1: PAD.top, y2: H - PAD.bottom, class: "marked" });
    mark.append(svg("title", {}, t("winchance.review.marked_at", { move, lost: percent(d.chance_loss) })));
    picture.append(mark);
  }
  picture.append(svg("polyline", { points: points.map((p, i) => `${x(i)},${y(p.chances[side])}`).join(" "), class: "line" }));
  points.forEach((p, i) => picture.append(svg("circle", { cx: x(i), cy: y(p.chances[side]), r: 4, class: "dot" })));
  return picture;
}

/** What the review says of the chance of winning: the curve, the cost, the marks (or why none). */
export function chanceSummary(data) {
  if (!data.curve || !data.curve.length || data.chance_lost === null) {
    return [el("p", { class: "note", id: "win-unserved" }, t("winchance.review.unserved"))];
  }
  const mark = t("winchance.review.mark");
  const n = data.marked.length;
  const marked = n
    ? t(`winchance.review.marked.${n === 1 ? "one" : "many"}`, { n, mark })
    : t("winchance.review.marked.none", { matters: percent(0.01) });
  return [
    el("figure", { class: "win-curve-box", id: "win-curve" }, curvePicture(data)),
    el("p", { id: "win-lost" }, `${t("winchance.review.lost", { lost: percent(data.chance_lost) })} ${marked}`),
  ];
}

/** The cost of one decision in the chance of winning, or null where it is not known. */
export function chanceCost(d) {
  if (d.chance_loss === null || !d.chances.length) return null;
  const chosen = d.chances.find((c) => c.action === d.chosen);
  return el("p", { class: "win-cost" }, t("winchance.review.cost", {
    lost: percent(d.chance_loss), chosen: percent(chosen ? chosen.chance : 0), best: percent(d.chances[0].chance),
  }));
}

/** The chance of winning after ``action``, as a table cell ("—" where not weighed). */
export function chanceCell(d, action) {
  const found = d.chances.find((c) => c.action === action);
  return el("td", { class: "num" }, found ? percent(found.chance) : "—");
}
