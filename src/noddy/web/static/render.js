// Drawing a game position: seats, the turn-up, the pile and count, the board, the deal summaries.
// Used by the live table and by the replay of a finished game.

import { backSVG, boardSVG, cardName, cardSVG, pegColour } from "/static/cards.js";
import { cardText, el } from "/static/common.js";
import { t } from "/static/words.js";

// Who sits on which side comes from the view: `side_seats` (the seats of each side) and `side_of`.
export const sideOfSeat = (view) => (seat) => view.side_of[seat];

export function sideNames(names, view) {
  return view.side_seats.map((seats) => seats.map((seat) => names[seat]).join(" & "));
}

/** The score, which everyone may see: "Ann 12 · Bob 8" (partners "Ann & Cy 12 · ..."), as the board
 * shows it (the server's ``pegged``: a peg going out past the game hole stops there). */
export function scoreLine(names, view) {
  return sideNames(names, view).map((name, side) => `${name} ${view.pegged[side]}`).join(" · ");
}

export function cardFace(code, extra = "") {
  return el("div", { class: `card ${extra}`, "data-card": code, title: cardName(code) }, cardSVG(code));
}

export function cardBack(extra = "") {
  return el("div", { class: `card back ${extra}` }, backSVG());
}

const RANK_ORDER = "A 2 3 4 5 6 7 8 9 10 J Q K".split(" ");
const SUIT_ORDER = "cdhs";

export function sortCards(cards) {
  const key = (c) => RANK_ORDER.indexOf(c.slice(0, -1)) * 4 + SUIT_ORDER.indexOf(c.slice(-1));
  return cards.slice().sort((a, b) => key(a) - key(b));
}

/** The other seats round the table: name, dealer and turn marks, cards in hand (face down or up). */
export function renderSeats(box, { view, names, seats, me, hands }) {
  box.replaceChildren();
  const order = [];
  for (let i = 1; i <= view.players; i++) {
    const seat = me === null ? i - 1 : (me + i) % view.players;
    if (seat !== me) order.push(seat);
  }
  for (const seat of order) {
    const tags = [];
    if (seat === view.dealer) tags.push(el("span", { class: "tag dealer", title: t("tag.dealer_title") }, t("tag.dealer")));
    if (me !== null && view.side_of[seat] === view.side_of[me]) tags.push(el("span", { class: "tag partner" }, t("tag.partner")));
    const info = seats && seats[seat];
    if (info && info.kind === "human" && !info.claimed) tags.push(el("span", { class: "tag away" }, t("tag.invited")));
    else if (info && info.kind === "human" && !info.connected) tags.push(el("span", { class: "tag away" }, t("tag.away")));
    const faceUp = hands && hands[seat];
    const cards = el("div", { class: "mini-hand", style: `--n:${faceUp ? faceUp.length : view.hand_sizes[seat]}` });
    if (faceUp) for (const code of sortCards(faceUp)) cards.append(cardFace(code, "small"));
    else for (let i = 0; i < view.hand_sizes[seat]; i++) cards.append(cardBack("small"));
    const side = view.side_of[seat];
    box.append(el("div", {
      class: `seat ${view.to_act === seat ? "to-act" : ""}`, "data-seat": seat,
      style: `--side:${pegColour(side)}`,
    }, el("div", { class: "seat-head" }, el("span", { class: "seat-name" }, names[seat]), ...tags), cards));
  }
}

/** A name short enough to stand under a card in the pile, whole rather than cut: a short name as it
 * is, a longer one by its initials ("Computer 2 (medium)" is "C2"); the full name is the title. */
export function initials(name) {
  if (name.length <= 5) return name;
  const words = name.replace(/\(.*?\)/g, " ").split(/\s+/).filter(Boolean);
  return words.map((w) => (/^\d+$/.test(w) ? w : w[0].toUpperCase())).join("") || name[0];
}

/** The turn-up, the cards of the current series with who laid them, and the running count. */
export function renderMiddle({ turnup, pile, count, crib }, view, names) {
  turnup.replaceChildren(view.turnup ? cardFace(view.turnup) : cardBack("faint"));
  pile.replaceChildren();
  for (const [seat, code] of view.pile) {
    const who = el("span", { class: "who", title: names[seat], style: `--side:${pegColour(view.side_of[seat])}` }, initials(names[seat]));
    pile.append(el("div", { class: "pile-card" }, cardFace(code), who));
  }
  // At the show the play's count is over: the box stays, empty (nothing moves).
  count.textContent = view.phase === "count" || view.phase === "muggins" ? "\u00a0" : String(view.count);
  if (crib) crib.box.replaceChildren(...crib.cards);
}

export function renderScores(box, boardBox, { view, names, pegs, target, end }) {
  const sides = sideNames(names, view);
  const goal = view.board_holes;
  box.replaceChildren(...sides.map((name, side) => el("div", { class: "score", style: `--side:${pegColour(side)}` },
    el("span", { class: "dot" }), el("span", { class: "score-name" }, name),
    el("span", { class: "score-points" }, String(view.pegged[side])),
    end === "target" ? el("span", { class: "score-goal" }, `/${target}`) : null)));
  boardBox.replaceChildren(boardSVG(goal, pegs));
}

/** An event's line as the server worded it: its words, and its cards drawn as cards. */
export function lineParts(event) {
  if (!event.parts) return [event.kind];
  return event.parts.map((part) => (typeof part === "string" ? part
    : el("span", { class: "cards" }, ...part.cards.flatMap((code, i) => (i ? [" ", cardText(code)] : [cardText(code)])))));
}

/** One line of the game's log: the words, each scoring item with its cards, and the points pegged. */
export function logEntry(event, sideNames, sideOf) {
  const row = el("li", { class: `log-${event.kind}` });
  if (event.style === "heading") row.classList.add("log-rule");
  row.append(el("span", { class: "log-text" }, ...lineParts(event)));
  if (event.points) {
    const side = event.seat === null ? null : sideOf(event.seat);
    row.append(el("span", { class: `pts side-${side}`, title: t("log.pegged_by", { who: sideNames[side] || "" }) }, `+${event.points}`));
  }
  if (event.items && event.items.length && (event.subject || event.items.length > 1)) {
    const list = el("ul", { class: "items" });
    for (const item of event.items) {
      list.append(el("li", {}, el("span", { class: "item-name" }, item.name),
        " ", ...item.cards.map(cardText), el("span", { class: "item-pts" }, String(item.points))));
    }
    row.append(list);
  }
  return row;
}

/** A table of each deal's points per side, by where they came from (``reasons``: keys and words, in order). */
export function dealsTable(deals, names, view, reasons) {
  const sides = sideNames(names, view);
  const table = el("table", { class: "deals" });
  table.append(el("thead", {}, el("tr", {}, el("th", {}, t("deal.deal")), ...sides.map((n) => el("th", {}, n)))));
  const body = el("tbody");
  const totals = sides.map(() => 0);
  for (const deal of deals) {
    const cells = deal.sides.map((parts, side) => {
      const sum = Object.values(parts).reduce((a, b) => a + b, 0);
      totals[side] += sum;
      const detail = reasons.filter(([key]) => parts[key]).map(([key, words]) => `${words} ${parts[key]}`).join(", ");
      const past = deal.uncounted && deal.uncounted[side];
      const lost = past ? el("small", { class: "uncounted" }, ` (${t("deal.uncounted", { points: past })})`) : null;
      return el("td", { title: detail }, el("strong", {}, String(sum)), detail ? el("small", {}, ` ${detail}`) : null, lost);
    });
    body.append(el("tr", {}, el("td", {}, deal.deal ? String(deal.deal) : t("deal.start")), ...cells));
  }
  body.append(el("tr", { class: "total" }, el("td", {}, t("deal.total")), ...totals.map((t) => el("td", {}, el("strong", {}, String(t))))));
  table.append(body);
  return table;
}

/** The events with words to the log (an event the words leave unsaid, such as a deal's end, is not listed). */
export function appendLog(list, events, names, view) {
  const sides = sideNames(names, view);
  const sideOf = sideOfSeat(view);
  for (const event of events) if (event.parts) list.append(logEntry(event, sides, sideOf));
}

/** The latest deal's summary as a call ("Deal 2: Ann +5 (hand 3, play 2) · Bob +2"), for the seat
 * whose table message is ``seen``; the deal's end event itself until the summary is known. */
export function dealSummary(msg, ended, seen) {
  const after = msg.events.slice(msg.events.indexOf(ended)).some((e) => e.kind === "deal");
  const deal = msg.deals[msg.deals.length - 1 - (after ? 1 : 0)];
  if (!deal || !seen) return ended;
  const parts = sideNames(seen.names, msg.view).map((name, side) => {
    const got = deal.sides[side];
    const sum = Object.values(got).reduce((a, b) => a + b, 0);
    const detail = msg.reasons.filter(([key]) => got[key]).map(([key, words]) => `${words} ${got[key]}`).join(", ");
    return `${name} +${sum}${detail ? ` (${detail})` : ""}`;
  });
  return { kind: "deal_end", seat: null, points: 0, deal: deal.deal, parts: [t("deal.end", { deal: deal.deal, sides: parts.join(" · ") })] };
}

/** Whose hand or crib, in the reader's language: "your hand", "Ann's crib", "le crib d'Ann". */
export function whoseWhat(info, what, seat) {
  const form = seat === info.you ? "you" : "one";
  return t(`whose_what.${what}.${form}`, { name: info.names[seat], of: info.of[seat] });
}

/** The crib's slot for `renderMiddle` (its label drawn), or null where the rules have no crib
 * (or each player's own, for a watcher). A crib being counted (``showing``, from the server) lies
 * face up. */
export function cribSlot(info, view, { wrap, label, box }, showing = null) {
  wrap.hidden = info.crib === "none" || (info.crib === "own" && info.you === null);
  if (wrap.hidden) return null;
  if (info.crib === "own") {
    label.textContent = t("table.your_crib");
    return { box, cards: view.own_crib.length ? sortCards(view.own_crib).map((c) => cardFace(c, "small")) : [cardBack("faint")] };
  }
  label.textContent = view.dealer === info.you ? t("table.your_crib") : t("table.crib");
  label.title = t("table.crib_title", { whose: whoseWhat(info, "crib", view.dealer) });
  if (showing && showing.what === "crib") {
    return { box, cards: sortCards(showing.cards).map((c) => cardFace(c, "small")) };
  }
  return { box, cards: [cardBack(view.phase === "discard" ? "faint" : "")] };
}

/** The latest call, popped up on the felt with its points in its side's colour. */
export function renderCallout(box, last, view) {
  const side = last.seat === null ? 0 : view.side_of[last.seat];
  box.replaceChildren(el("span", { class: "callout-text" }, ...lineParts(last)));
  if (last.points) box.append(el("span", { class: "pts", style: `background:${pegColour(side)}` }, `+${last.points}`));
  box.classList.remove("pop");
  void box.offsetWidth;
  box.classList.add("pop");
}
