// Focus after an action: the table is drawn again at every message, and a control that had focus is
// replaced. Focus then goes to the same card or control if it is still there (a card chosen to lay
// away, the win chance's toggle), else to the next thing to do, never back to the page's top.

const DRAWN = "#hand, #actions, #undo-box, #handover, #winchance, #invites";
const NEXT = [
  "#count-answer", "#muggins", "#lay-away:not([disabled])", "#count-for-me",
  "#hand .card-button.playable", "#hand .card-button.choosable", "#go", "#handover-ready", "#hand .card-button",
];

/** What has focus now, if it is a control the next drawing replaces. */
export function heldFocus() {
  const now = document.activeElement;
  return now && now !== document.body && now.closest(DRAWN) ? now : null;
}

// Focus that found nothing to go to (the last card played, the next action not yet offered) is owed:
// it goes to the next thing to do once there is one, unless the person has put it somewhere meanwhile.
let owed = false;

/** After drawing: if ``held`` (from `heldFocus`) is gone or hidden, or focus is owed, focus its card
 * again or the next thing to do. */
export function moveFocus(held) {
  const lost = held && (!held.isConnected || held.offsetParent === null);
  if (!lost && !(owed && document.activeElement === document.body)) {
    if (document.activeElement !== document.body) owed = false;
    return;
  }
  const card = lost && held.dataset && held.dataset.card;
  const again = lost && held.id && document.getElementById(held.id);
  const same = (card && document.querySelector(`#hand .card-button[data-card="${card}"]`)) || (again && again.offsetParent !== null && again);
  const next = same || NEXT.map((s) => document.querySelector(s)).find((n) => n && n.offsetParent !== null);
  owed = !next;
  if (next) next.focus();
}
