// The hand area of the table: the seat's own cards to choose, play or lay away; or, while a hand or
// a crib is counted (or a short count may be claimed), the cards of that count, face up where the
// hand is, so that whoever counts or judges it has them in view (the server says which: `showing`).

import { cardName } from "/static/cards.js";
import { el } from "/static/common.js";
import { cardFace, sortCards, whoseWhat } from "/static/render.js";
import { t } from "/static/words.js";

/** Draw into ``box`` what the hand area shows. ``hand``: the cards in hand now (less any laid away
 * early); ``kinds``: the kinds of action this seat may take now; ``selected``: the cards chosen to
 * lay away; ``refusal(code)``: why a card may not be played; ``onCard(code)``: a card pressed. */
export function renderHand(box, caption, { game, info, hand, kinds, selected, refusal, onCard, watching }) {
  box.replaceChildren();
  caption.replaceChildren();
  if (info.you === null) {
    box.append(el("p", { class: "watching", id: "watching" }, watching));
    return;
  }
  const v = game.view;
  const count = game.showing;
  let showing = hand;
  if (count) {
    showing = count.cards;
    caption.append(el("span", { class: "showing-what", "data-what": count.what, "data-seat": count.seat },
      t("table.showing", { whose: whoseWhat(info, count.what, count.seat) })));
  } else if (v.hand.length === 0 && (v.phase === "count" || v.phase === "muggins")) {
    showing = v.held;
  }
  box.dataset.showing = count ? count.what : "hand";
  const cards = sortCards(showing);
  box.style.setProperty("--n", String(Math.max(1, cards.length)));
  cards.forEach((code, i) => {
    let state = "";
    let title = cardName(code);
    if (showing !== hand) state = "shown";
    else if (kinds.has("discard")) state = selected.has(code) ? "selected" : "choosable";
    else if (kinds.has("play") || kinds.has("go")) {
      if (v.legal.includes(`play ${code}`)) state = "playable";
      else {
        state = "refused";
        title = refusal(code);
      }
    }
    const button = el("button", {
      // Named by its card's picture ("4 of diamonds"); why it may not be played is its description.
      class: `card-button ${state}`, "data-card": code, title,
      "aria-pressed": kinds.has("discard") ? String(selected.has(code)) : null,
      onclick: () => onCard(code),
    }, cardFace(code, state), el("span", { class: "key", "aria-hidden": "true" }, String(i + 1)));
    box.append(button);
  });
}
