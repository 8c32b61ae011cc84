// The win-chance bar under the board: each side's chance of winning from the start of the next deal
// (the scores and the dealer only), and this person's own toggle. The server decides whether the bar
// is shown (against the computer unless hidden; between people only once every person has it on)
// and sends the points only then; this draws what it sends, in the words of the words table.

import { el } from "/static/common.js";
import { pegColour } from "/static/cards.js";
import { t } from "/static/words.js";

const pending = new Set();

function storageKey(tableId, seat) {
  return `noddy.winchance.${tableId}.${seat}`;
}

/** This browser's choice for ``seat`` at ``tableId`` (true, false), or null if none was made here. */
function savedChoice(tableId, seat) {
  try {
    const value = localStorage.getItem(storageKey(tableId, seat));
    return value === null ? null : value === "on";
  } catch {
    return null;
  }
}

function saveChoice(tableId, seat, on) {
  try {
    localStorage.setItem(storageKey(tableId, seat), on ? "on" : "off");
  } catch {
    /* private mode: the choice holds while the page is open */
  }
}

async function sendChoice(tableId, seat, secret, on, game, redraw, onError) {
  const key = `${tableId}.${seat}`;
  pending.add(key);
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/winchance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ secret, on }),
    });
    if (!response.ok) throw new Error((await response.json()).detail || response.statusText);
    game.winchance = await response.json();
  } catch (error) {
    onError(String(error.message || error));
  } finally {
    pending.delete(key);
    redraw();
  }
}

/** Draw into ``box`` the bar the server sends this seat (``game.winchance``) and the seat's toggle. */
export function renderWinChance(box, { tableId, game, seat, secret, names, sides, redraw, onError }) {
  const wc = game && game.winchance;
  if (!wc) {
    box.replaceChildren();
    return;
  }
  const person = wc.on !== null && seat !== null && Boolean(secret);
  const saved = person ? savedChoice(tableId, seat) : null;
  if (person && wc.offered && saved !== null && saved !== wc.on && !pending.has(`${tableId}.${seat}`)) {
    sendChoice(tableId, seat, secret, saved, game, redraw, onError);
  }
  const parts = [];
  if (!wc.offered) {
    if (person) parts.push(el("p", { class: "note winchance-note" }, t(`winchance.${wc.ready === "unbuilt" ? "unbuilt" : "unserved"}`)));
    box.replaceChildren(...parts);
    return;
  }
  const point = wc.shown && wc.points.length ? wc.points[wc.points.length - 1] : null;
  if (point) {
    const said = point.chances.map((chance, side) => t("winchance.side", {
      name: sides[side], percent: t("winchance.percent", { n: Math.round(100 * chance) }),
    }));
    parts.push(el("div", { class: "winchance-head" },
      el("span", { class: "winchance-title" }, t("winchance.title")),
      el("span", { class: "winchance-when" }, point.dealer === null ? t("winchance.end") : t("winchance.deal", { deal: point.deal, dealer: names[point.dealer] }))));
    parts.push(el("div", { id: "winbar", class: "winbar", role: "img", "aria-label": `${t("winchance.title")}: ${said.join(", ")}` },
      ...point.chances.map((chance, side) => el("span", {
        class: "winbar-side", style: `width:${(100 * chance).toFixed(1)}%;background:${pegColour(side)}`,
      }))));
    parts.push(el("div", { id: "winchance-sides", class: "winchance-sides" },
      ...said.map((text, side) => el("span", { style: `--side:${pegColour(side)}` }, el("span", { class: "dot" }), text))));
  }
  if (person) {
    const box2 = el("input", { type: "checkbox", id: "winchance-toggle" });
    box2.checked = wc.on;
    box2.addEventListener("change", () => {
      saveChoice(tableId, seat, box2.checked);
      sendChoice(tableId, seat, secret, box2.checked, game, redraw, onError);
    });
    parts.push(el("label", { class: "winchance-toggle" }, box2, " ", t("winchance.toggle")));
    if (wc.on && !wc.shown) parts.push(el("p", { class: "note winchance-note" }, t("winchance.waiting", { on: wc.agreed, people: wc.people })));
    else if (wc.shown) parts.push(el("p", { class: "note winchance-note" }, t("winchance.note")));
  }
  box.replaceChildren(...parts);
}
