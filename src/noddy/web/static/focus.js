// Focus after an action: the table is drawn again at every message and at every step of the show, and
// a control that had focus is replaced or hidden. Focus then goes to the same card or control if it is
// still there (a card chosen to lay away, Go on, the win chance's toggle), else to the next thing to do,
// never back to the page's top. With nothing to do yet, it is owed until there is, unless the person
// puts it somewhere meanwhile.

const DRAWN = "#hand, #actions, #undo-box, #handover, #winchance, #invites";
const NEXT = [
  "#go-on", "#count-answer", "#muggins", "#lay-away:not([disabled])", "#count-for-me",
  "#hand .card-button.playable", "#hand .card-button.choosable", "#go", "#handover-ready", "#hand .card-button",
];

let last = null;
let owed = false;

const shownNow = (node) => node && node.isConnected && node.offsetParent !== null;

function place() {
  const card = last && last.dataset && last.dataset.card;
  const same = (card && document.querySelector(`#hand .card-button[data-card="${card}"]`))
    || (last && last.id && document.getElementById(last.id));
  const next = [same, ...NEXT.map((s) => document.querySelector(s))].find(shownNow);
  owed = !next;
  if (next) next.focus();
}

/** Keep focus on the next thing to do as the page under ``root`` is drawn again. */
export function keepFocus(root) {
  document.addEventListener("focusin", (e) => {
    last = e.target instanceof Element && e.target.closest(DRAWN) ? e.target : null;
    owed = false;
  });
  new MutationObserver(() => {
    const now = document.activeElement;
    if (now && now !== document.body && shownNow(now)) return;
    if (owed || (last && !shownNow(last))) place();
  }).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "disabled"] });
}
