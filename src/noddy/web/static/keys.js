// The keys line of the table: the keys that act for this seat now, read from the controls the page has
// drawn (which the server's legal actions and undo fields decide), so that it names nothing this
// table's rules or this seat cannot do: no muggins where the rules have none, no U while undo takes
// nothing back; a watcher, who has no keys, is shown none. The keyboard itself is table.js's.

import { undoReady } from "/static/undo.js";
import { t, tn } from "/static/words.js";

const $ = (id) => document.getElementById(id);

/** The keys that act now, each in words ("G Go"), in the order of the line. */
function keysNow() {
  const parts = [];
  const cards = document.querySelectorAll("#hand .card-button");
  const acting = document.querySelectorAll("#hand .card-button.choosable, #hand .card-button.selected, #hand .card-button.playable");
  if (acting.length) parts.push(tn("keys.cards", Math.min(9, cards.length)));
  if ($("count-answer")) parts.push(t("keys.enter_check"));
  else if ($("lay-away")) parts.push(t("keys.enter_lay_away"));
  else if ($("count-for-me")) parts.push(t("keys.enter_count"));
  else if ($("go")) parts.push(t("keys.enter_go"));
  if ($("go")) parts.push(t("keys.go"));
  if ($("declare-input")) parts.push(t("keys.declare"));
  if ($("muggins")) parts.push(t("keys.muggins"));
  if ($("pass")) parts.push(t("keys.pass"));
  if (undoReady()) parts.push(t("undo.keys"));
  return parts;
}

/** Draw the keys line into ``box`` (after the hand, the actions and undo are drawn); ``seated``: the
 * page plays a seat (a watcher's line stays empty and hidden). */
export function renderKeys(box, seated) {
  const parts = seated ? keysNow() : [];
  box.textContent = parts.length ? t("keys.lead") + parts.join(" · ") : "";
  box.hidden = !parts.length;
}
