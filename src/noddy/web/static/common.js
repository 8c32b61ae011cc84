// Small helpers shared by the pages: building elements, the API, and the seats you hold.

import { isRed, prettyCard } from "/static/cards.js";

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

const TOKENS = "noddy.tokens";
const INVITES = "noddy.invites";

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
    /* private mode: the invite link in the address still works */
  }
}

export function savedToken(tableId) {
  return readStore(TOKENS)[tableId] || null;
}

export function saveToken(tableId, token) {
  const tokens = readStore(TOKENS);
  tokens[tableId] = token;
  const ids = Object.keys(tokens);
  for (const old of ids.slice(0, Math.max(0, ids.length - 100))) delete tokens[old];
  writeStore(TOKENS, tokens);
}

export function myTables() {
  return Object.keys(readStore(TOKENS));
}

export function savedInvites(tableId) {
  return readStore(INVITES)[tableId] || [];
}

export function saveInvites(tableId, invites) {
  const all = readStore(INVITES);
  all[tableId] = invites;
  writeStore(INVITES, all);
}

/** A card written in words with its suit sign, red for hearts and diamonds. */
export function cardText(code) {
  return el("span", { class: `cardtext ${isRed(code) ? "red" : ""}` }, prettyCard(code));
}
