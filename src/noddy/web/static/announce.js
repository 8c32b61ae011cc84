// The table's one live region: each event told in words as it happens (its cards by name, "eight of
// clubs", never "8♣"), then the score when it has changed and what happens next (whose turn) when that
// has changed. Nothing is told again that has not changed: the win chance, undo and the rest of the
// table are drawn without a live region of their own.

import { cardName } from "/static/cards.js";
import { el } from "/static/common.js";
import { t } from "/static/words.js";

const KEPT = 6;
let toldScore = null;
let toldNext = null;

/** An event's line in words alone: its words, and each of its cards by name. */
export function eventWords(event) {
  return event.parts.map((part) => (typeof part === "string" ? part : part.cards.map(cardName).join(", "))).join("");
}

/** Tell in ``box`` the ``events`` new since the last message (those with words), then ``score`` and
 * ``next`` if either has changed since they were last told. */
export function announce(box, { events, score, next }) {
  const said = events.filter((e) => e.parts).map(eventWords);
  // The score's phrase is empty until the page's words have come (the first message can come first):
  // it is told, and counted as told, once it has words.
  const scored = score && score !== toldScore ? t("announce.score", { score }) : "";
  if (scored) {
    said.push(scored);
    toldScore = score;
  }
  if (next && next !== toldNext) {
    said.push(next);
    toldNext = next;
  }
  const lines = said.filter((words) => words.trim());
  if (!lines.length) return;
  box.append(el("p", {}, lines.map((words) => (/[.!?…:”"]$/.test(words) ? words : `${words}.`)).join(" ")));
  while (box.childElementCount > KEPT) box.firstElementChild.remove();
}

/** Forget what was told (the table covered for another person here, whose table it will then be). */
export function hush(box) {
  box.replaceChildren();
  toldScore = null;
  toldNext = null;
}
