// A count laid out on its cards and called item by item: each item's cards lifted as its words
// appear, the running total beside. Built once for the table's show and the scorer page (issue 36).
// The words are the server's (each item's ``said``: "fifteen 2", ", fifteen 4", ", and a pair 6");
// this module only lays them out.
//
//   const view = layCount(box, { cards, starter, items, total, caption, note, words });
//   view.step();   // shows the next item; false once every item is shown
//   view.finish(); // shows them all
//
// ``cards``: the card codes counted (a hand or a crib), face up, or ``null`` for a count made
// without showing (``hidden``: so many backs); ``starter``: the turn-up counted with them, set apart,
// or null; ``items``: [{ cards: [codes], said, points, total }] in the call's order; ``total``: the
// points pegged; ``caption``: whose count ("Ann's crib"); ``note``: a line under the call (a
// declaration, a rule that keeps the cards hidden); ``words``: where the call is written (an element
// outside the box, such as the table's callout), else inside it. ``small``: the cards drawn small.

import { cardBack, cardFace } from "/static/render.js";
import { el } from "/static/common.js";

/** For each item, the indices of its cards among ``laid`` (an item's card not laid is left out). */
export function itemIndices(laid, items) {
  return items.map((item) => item.cards.map((code) => laid.indexOf(code)).filter((i) => i >= 0));
}

export function layCount(box, { cards, hidden = 0, starter = null, items, total, caption = "", note = "", words = null, small = false }) {
  const size = small ? "small" : "";
  const laid = cards ? [...cards, ...(starter ? [starter] : [])] : [];
  const faces = cards
    ? laid.map((code, i) => cardFace(code, `${size} ${starter && i === laid.length - 1 ? "starter" : ""}`))
    : Array.from({ length: hidden }, () => cardBack(size));
  faces.forEach((face, i) => { face.dataset.i = String(i); });
  const indices = itemIndices(laid, items);
  const said = el("span", { class: "count-words" });
  const running = el("span", { class: "count-total", "aria-hidden": "true" }, "0");
  const line = el("p", { class: "count-line" }, said, running);
  const root = el("div", { class: `count-view ${small ? "small" : ""}`, "data-shown": "0", "data-items": String(items.length) },
    caption ? el("p", { class: "count-caption" }, caption) : null,
    el("div", { class: "count-cards" }, ...faces),
    words ? null : line,
    note ? el("p", { class: "count-note" }, note) : null);
  box.replaceChildren(root);
  if (words) words.replaceChildren(line);
  let shown = 0;

  function show(upTo) {
    shown = upTo;
    root.dataset.shown = String(shown);
    const now = shown > 0 ? indices[shown - 1] : [];
    faces.forEach((face, i) => {
      face.classList.toggle("lifted", now.includes(i));
      face.classList.toggle("counted", shown > 0 && !now.includes(i) && indices.slice(0, shown).some((ix) => ix.includes(i)));
    });
    // Every item's words are laid out from the start, those not yet said hidden (from the eye and from
    // screen readers): the line has its full height at once, and nothing under it moves as it grows.
    said.replaceChildren(...items.map((item, i) => el("span", { class: i === shown - 1 ? "now" : i >= shown ? "later" : "" }, item.said)));
    line.dataset.shown = String(shown);
    const sum = shown ? items[shown - 1].total : 0;
    running.textContent = String(shown === items.length ? total : sum);
    root.classList.toggle("done", shown === items.length);
  }

  show(0);
  return {
    root,
    /** The next item's words and its lifted cards; false once every item is shown. */
    step() {
      if (shown >= items.length) return false;
      show(shown + 1);
      return true;
    },
    finish() {
      show(items.length);
    },
    get shown() {
      return shown;
    },
    get done() {
      return shown >= items.length;
    },
  };
}
