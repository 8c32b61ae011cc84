// The show on the table: each count made face up, another seat's hand in its place round the table,
// one's own hand and the crib (face up in its slot meanwhile) where the hand is, its call built item
// by item on the cards (`count.js`) at the pace the person chose, spoken if they chose to hear it
// (`speak.js`); at the end of a deal a summary that stays until the person goes on (against
// computers) or for a shown time (between people). The table holds the game as it stood before the
// counts while they are shown, then draws the message that brought them.

import { el } from "/static/common.js";
import { layCount } from "/static/count.js";
import { dealSummary, lineParts, whoseWhat } from "/static/render.js";
import { say } from "/static/speak.js";
import { lang, t } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const PACE_KEY = "noddy.pace";
export const PACES = ["slow", "normal", "fast", "hand"];
// Milliseconds: before the first item, between items, after the call, and the summary's time
// between people. Step by step ("hand") waits for the person at each.
const TIMES = {
  slow: { first: 1400, item: 2200, end: 2600, summary: 12000 },
  normal: { first: 800, item: 1300, end: 1600, summary: 8000 },
  fast: { first: 300, item: 450, end: 600, summary: 4000 },
};

/** A phrase that opens a sentence or a row ("your hand" leads "Your hand is counted ..."). */
const opening = (text) => (text ? text.charAt(0).toLocaleUpperCase(lang() || "en") + text.slice(1) : text);

export function pace() {
  try {
    const chosen = localStorage.getItem(PACE_KEY);
    return PACES.includes(chosen) ? chosen : "normal";
  } catch {
    return "normal";
  }
}

export function choosePace(chosen) {
  try {
    localStorage.setItem(PACE_KEY, chosen);
  } catch {
    /* private mode: the choice holds while the page is open */
  }
}

/** What a message brings to show, from its events: each count or declaration of a hand or crib, each
 * muggins claim (the claimed count again), and the end of a deal (its summary). ``seen``: all events
 * the page had before; ``info``: the table message (names, the seat); ``held``: the seat's own cards
 * held for counting (its own count made unseen carries no cards). */
export function showSteps(msg, seen, info, held) {
  const steps = [];
  const before = [...seen];
  const counts = [];
  for (const e of msg.events) {
    if ((e.kind === "count" || e.kind === "declare") && e.subject) {
      const step = countStep(e, before, info, held);
      steps.push(step);
      counts.push(step);
    } else if (e.kind === "muggins") {
      const step = mugginsStep(e, before, info, held);
      if (step) steps.push(step);
    } else if (e.kind === "deal_end") {
      const summary = dealSummary(msg, e, info);
      const deal = [...before].reverse().find((x) => x.kind === "deal");
      const dealt = before.slice(deal ? before.lastIndexOf(deal) : 0);
      const all = dealt.filter((x) => (x.kind === "count" || x.kind === "declare") && x.subject).map((x) => countStep(x, before, info, held));
      steps.push({ type: "summary", counts: all, line: summary, pegs: e.pegs });
    }
    before.push(e);
  }
  return steps;
}

function turnupOf(events) {
  const turned = [...events].reverse().find((e) => e.kind === "turnup" || e.kind === "deal");
  return turned && turned.kind === "turnup" ? turned.cards[0] : null;
}

function countStep(e, before, info, held) {
  const mine = e.seat === info.you;
  let cards = e.cards && e.cards.length ? e.cards : null;
  if (!cards && mine && e.subject === "hand" && held.length) cards = held;
  const hiddenCount = cards ? 0 : held.length || 4;
  const whose = whoseWhat(info, e.subject, e.seat);
  const said = e.said || [];
  const declared = e.declared_words || t("show.declared", { count: e.count });
  let items = said.length && !(e.items || []).length
    ? [{ cards: [], said: said[0], points: 0, total: 0 }]
    : (e.items || []).map((item) => ({ ...item, said: item.said || `${item.name} ${item.total}` }));
  // A number declared without its call (the hand not shown) is what is said: "declared 5, corrected to 0".
  if (!said.length) items = e.kind === "declare" ? [{ cards: [], said: declared, points: e.points, total: e.points }] : [];
  // Why the cards are not laid out, from the rules (the server's words), and what was declared.
  const notes = [e.unshown || "", e.kind === "declare" && said.length ? opening(declared) : ""].filter(Boolean);
  return {
    type: "count", seat: e.seat, what: e.subject, cards, hiddenCount, starter: cards ? turnupOf(before) : null,
    // The running total ends at the call's own total (a short declaration pegs less: the note says so).
    items, total: items.length ? items[items.length - 1].total : e.points, caption: whose, note: notes.join(" "), said: items.map((item) => item.said).join(""), points: e.points, pegs: e.pegs,
  };
}

function mugginsStep(e, before, info, held) {
  const claimed = [...before].reverse().find((x) => x.kind === "declare");
  if (!claimed) return null;
  const shown = [...before].reverse().find((x) => x.kind === "show" && x.seat === claimed.seat && x.subject === claimed.subject);
  const withCards = { ...claimed, cards: claimed.cards && claimed.cards.length ? claimed.cards : (shown ? shown.cards : []) };
  const step = countStep({ ...withCards, kind: "count" }, before, info, held);
  const truth = (claimed.items || []).reduce((sum, item) => sum + item.points, 0);
  step.note = t("show.muggins", { who: info.names[e.seat], true: truth });
  step.pegs = e.pegs;
  step.claim = true;
  return step;
}

/** The show of one table page: ``present(steps, ctx)`` shows them in turn and resolves when done;
 * ``draw()`` lays the step being shown into the table drawn under it; ``goOn()`` is the person's
 * Go on (Enter). ``ctx.waits``: the summary stays until the person goes on (no other person waits).
 * ``onPegs(pegs)`` draws the board as it stands once a count has been called (each side's front and
 * back peg, the server's), ahead of the state the table holds. ``redraw()`` draws the table held
 * (and then this show's step in it, by ``draw``), so that a count shown in one place is taken away
 * when the next of the same message is shown in another (a computer's count made at once after a
 * person's, say). */
export function makeShow(onPegs = null, redraw = null) {
  let current = null;
  let pegged = null;
  let wake = null;
  let rushing = false;
  let view = null;

  function pause(ms) {
    return new Promise((resolve) => {
      const timer = ms === null ? null : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  function byHand() {
    return pace() === "hand";
  }

  async function showCount(step) {
    const times = TIMES[pace()] || TIMES.normal;
    const first = current === null;
    current = { step, shown: 0 };
    rushing = false;
    if (redraw && !first) redraw();
    else draw();
    if (!byHand()) await pause(times.first);
    for (let i = 0; i < step.items.length; i++) {
      if (byHand() && !rushing) await pause(null);
      current.shown = i + 1;
      draw();
      if (rushing) continue;
      const spoken = say(step.items[i].said);
      if (!byHand()) await Promise.all([spoken, pause(times.item)]);
      else await spoken;
    }
    moved(step);
    if (!rushing) await pause(byHand() ? null : times.end);
  }

  // The pegs move once a count is called (the whole call heard), as a player pegs after the call.
  function moved(step) {
    if (!step.pegs) return;
    pegged = step.pegs;
    draw();
  }

  async function showSummary(step, ctx) {
    current = { step, shown: step.counts.length, left: null };
    moved(step);
    draw();
    const times = TIMES[pace()] || TIMES.normal;
    if (ctx.waits || byHand()) {
      await pause(null);
      return;
    }
    for (let left = Math.round(times.summary / 1000); left > 0 && current; left--) {
      current.left = left;
      draw();
      const before = rushing;
      rushing = false;
      await pause(1000);
      if (rushing || before) break;
    }
  }

  async function present(steps, ctx) {
    for (const step of steps) {
      if (step.type === "count") await showCount(step);
      else await showSummary(step, ctx);
    }
    current = null;
    pegged = null;
    rushing = false;
    draw();
  }

  function goOn() {
    if (!current) return false;
    if (!byHand()) rushing = true;
    if (rushing && window.speechSynthesis) window.speechSynthesis.cancel();
    if (wake) wake();
    return true;
  }

  /** Lay the step shown now into the table drawn under it (``ctx``: the table message ``info``). */
  function draw(ctx = null) {
    if (ctx) view = ctx;
    document.body.dataset.show = current ? current.step.type : "";
    const summary = $("show-summary");
    if (!current || !view) {
      if (summary) summary.hidden = true;
      return;
    }
    if (pegged && onPegs) onPegs(pegged);
    const { step } = current;
    $("count").textContent = "\u00a0";
    const box = $("actions");
    box.replaceChildren(el("button", {
      class: "primary", id: "go-on", title: t("show.go_on_title"), onclick: () => goOn(),
    }, t("show.go_on")));
    if (step.type === "summary") {
      drawSummary(summary, step, current.left);
      return;
    }
    summary.hidden = true;
    const place = placeOf(step, view.info);
    const laid = layCount(place.box, {
      cards: step.cards, hidden: step.hiddenCount, starter: step.starter, items: step.items, total: step.total,
      caption: place.caption ? step.caption : "", note: step.note, words: $("callout"), small: place.small,
    });
    for (let i = 0; i < current.shown; i++) laid.step();
    laid.root.dataset.seat = String(step.seat);
    laid.root.dataset.what = step.what;
    if (step.claim) laid.root.dataset.claim = "muggins";
    if (place.own) {
      $("showing").replaceChildren(el("span", { class: "showing-what", "data-what": step.what, "data-seat": step.seat }, opening(step.caption)));
    }
  }

  return {
    present, draw, goOn,
    get busy() { return current !== null; },
    /** The cards of the crib being counted now, face up in its slot meanwhile (the table held may
     * not show it: the count came in one message with those before it); else null. */
    get crib() {
      const step = current && current.step;
      return step && step.type === "count" && step.what === "crib" && step.cards ? step.cards : null;
    },
  };
}

// A phone's width (style.css's narrowest layout), where a seat round the table has cards too small to
// read a count on (27 px).
const NARROW = "(max-width: 520px)";

/** Where a count is built: one's own hand, and a crib (face up in its slot meanwhile), where the hand
 * is, in cards large enough to read; another seat's hand in its place round the table, but on a phone
 * where the hand is too, named above it. */
function placeOf(step, info) {
  const own = { box: $("hand"), small: false, caption: false, own: true };
  if (step.seat === info.you || step.what === "crib" || window.matchMedia(NARROW).matches) return own;
  const seat = document.querySelector(`#opponents .seat[data-seat="${step.seat}"] .mini-hand`);
  if (seat) return { box: seat, small: true, caption: step.what !== "hand" };
  return own;
}

function drawSummary(box, step, left) {
  const rows = step.counts.map((count) => el("li", {},
    el("span", { class: "summary-whose" }, opening(count.caption)), " ",
    el("span", { class: "summary-call" }, count.said ? `“${count.said}”` : count.note),
    el("strong", { class: "summary-points" }, `+${count.points}`)));
  const line = step.line && step.line.parts ? el("p", { class: "summary-deal" }, ...lineParts(step.line)) : null;
  const deal = step.line && step.line.deal;
  box.replaceChildren(
    el("h2", {}, deal !== undefined ? t("show.summary", { deal }) : t("show.options")),
    el("ul", { class: "summary-counts" }, rows),
    line,
    el("p", { class: "summary-next" }, left ? t("show.next_in", { n: left }) : t("show.press")),
  );
  box.hidden = false;
}
