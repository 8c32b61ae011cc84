// Small helpers shared by the pages: building elements, the API, and the seats you hold.

import { cardName, isRed, prettyCard } from "/static/cards.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export async function api(path, options = {}) {
  const response = await fetch(path, {
    headers: { "Content-Type": "application/json" },
    ...options,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    let detail = data.detail || response.statusText;
    if (Array.isArray(detail)) detail = detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
    throw new Error(detail);
  }
  return data;
}

const SECRETS = "noddy.secrets";
const MAKERS = "noddy.makers";
const OLD_TOKENS = "noddy.tokens";
const INVITES = "noddy.invites";
const HERE = "noddy.here";

function readStore(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    return {};
  }
}

function writeStore(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: the seat is held for as long as the page is open */
  }
}

function remember(key, tableId, value) {
  const all = readStore(key);
  if (value === null) delete all[tableId];
  else all[tableId] = value;
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - 100))) delete all[old];
  writeStore(key, all);
}

/** The secret of your seat at a table: the server gave it when you took the seat. */
export function savedSecret(tableId) {
  return readStore(SECRETS)[tableId] || null;
}

export function saveSecret(tableId, secret) {
  remember(SECRETS, tableId, secret);
  remember(OLD_TOKENS, tableId, null);
}

export function forgetSecret(tableId) {
  remember(SECRETS, tableId, null);
}

/** The secrets of the other seats at a table played at this device (hot-seat), in seat order. */
export function savedHere(tableId) {
  return readStore(HERE)[tableId] || [];
}

export function saveHere(tableId, secrets) {
  remember(HERE, tableId, secrets.length ? secrets : null);
}

/** An invite token kept by an earlier version of these pages: it takes the seat once more. */
export function oldToken(tableId) {
  return readStore(OLD_TOKENS)[tableId] || null;
}

/** The key that shows you made a table: it gives a seat nobody holds a new invite link. */
export function savedMaker(tableId) {
  return readStore(MAKERS)[tableId] || null;
}

export function saveMaker(tableId, key) {
  remember(MAKERS, tableId, key);
}

/** The tables where you have a seat, or that you made. */
export function myTables() {
  const stores = [SECRETS, MAKERS, OLD_TOKENS, HERE];
  return [...new Set(stores.flatMap((key) => Object.keys(readStore(key))))];
}

export function savedInvites(tableId) {
  return readStore(INVITES)[tableId] || [];
}

export function saveInvites(tableId, invites) {
  remember(INVITES, tableId, invites);
}

/** A card written with its suit sign, red for hearts and diamonds, named in words for a screen reader
 * ("8♣" is read "8 of clubs"). */
export function cardText(code) {
  return el("span", { class: `cardtext ${isRed(code) ? "red" : ""} suit-${code.slice(-1)}`, role: "img", "aria-label": cardName(code) }, prettyCard(code));
}
