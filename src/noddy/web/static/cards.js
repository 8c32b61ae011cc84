// Playing cards and the Noddy board, drawn as SVG by our own code (no artwork to license).

import { has, t } from "/static/words.js";

const NS = "http://www.w3.org/2000/svg";

const SUIT_PATHS = {
  h: "M50 92 C22 68 4 50 12 30 C19 12 42 10 50 30 C58 10 81 12 88 30 C96 50 78 68 50 92 Z",
  d: "M50 4 L86 50 L50 96 L14 50 Z",
  s: "M50 6 C62 30 92 42 90 64 C88 82 64 86 55 72 C57 84 61 90 68 96 L32 96 C39 90 43 84 45 72 "
    + "C36 86 12 82 10 64 C8 42 38 30 50 6 Z",
  c: "M50 10 a18 18 0 1 1 -0.1 0 Z M28 40 a18 18 0 1 1 -0.1 0 Z M72 40 a18 18 0 1 1 -0.1 0 Z "
    + "M45 60 C45 78 40 88 32 96 L68 96 C60 88 55 78 55 60 Z",
};
export const SUIT_SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };

// Pip positions (x, y in a 100 x 140 card) for the number cards.
const L = 32, C = 50, R = 68;
const PIPS = {
  2: [[C, 30], [C, 110]],
  3: [[C, 30], [C, 70], [C, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [C, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [C, 90], [L, 110], [R, 110]],
  9: [[L, 30], [R, 30], [L, 57], [R, 57], [C, 70], [L, 83], [R, 83], [L, 110], [R, 110]],
  10: [[L, 30], [R, 30], [C, 44], [L, 57], [R, 57], [L, 83], [R, 83], [C, 96], [L, 110], [R, 110]],
};

export function parseCard(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

export function isRed(code) {
  const suit = code.slice(-1);
  return suit === "h" || suit === "d";
}

/** A rank as the reader's language writes it on a card: "J", or "V" for a valet. */
export function rankLetter(rank) {
  return has(`rank_letter.${rank}`) ? t(`rank_letter.${rank}`) : rank;
}

export function prettyCard(code) {
  const { rank, suit } = parseCard(code);
  return rankLetter(rank) + SUIT_SYMBOLS[suit];
}

/** A card in words in the reader's language: "Jack of hearts", "valet de cœur". */
export function cardName(code) {
  const { rank, suit } = parseCard(code);
  return t("card.name", { rank: has(`rank.${rank}`) ? t(`rank.${rank}`) : rank, suit: t(`suit.${suit}`) });
}

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function suitShape(suit, x, y, size, flip = false) {
  const scale = size / 100;
  const turn = flip ? ` rotate(180 50 50)` : "";
  return svgEl("path", {
    d: SUIT_PATHS[suit],
    transform: `translate(${x - size / 2} ${y - size / 2}) scale(${scale})${turn}`,
  });
}

function corner(rank, suit, flip) {
  const group = svgEl("g", flip ? { transform: "rotate(180 50 70)" } : {});
  // Two letters ("10", or the French "As") are set smaller and closer, to fit the corner.
  const letters = rankLetter(rank);
  const two = letters.length > 1;
  const text = svgEl("text", {
    x: 11, y: 25, "text-anchor": "middle", "font-size": two ? 19 : 22,
    "font-weight": "700", "font-family": "Georgia, 'DejaVu Serif', serif",
    "letter-spacing": two ? -2 : 0,
  });
  text.textContent = letters;
  group.append(text, suitShape(suit, 11, 37, 13));
  return group;
}

function courtFace(rank, suit) {
  const group = svgEl("g");
  group.append(
    svgEl("rect", { x: 22, y: 22, width: 56, height: 96, rx: 5, class: "court-frame" }),
    suitShape(suit, 36, 36, 14),
    suitShape(suit, 64, 104, 14, true),
  );
  const letter = svgEl("text", {
    x: 50, y: 84, "text-anchor": "middle", "font-size": 46, "font-weight": "700",
    "font-family": "Georgia, 'DejaVu Serif', serif", class: "court-letter",
  });
  letter.textContent = rankLetter(rank);
  group.append(letter);
  return group;
}

/** An SVG picture of a card such as "Jh" or "10d". */
export function cardSVG(code) {
  const { rank, suit } = parseCard(code);
  const svg = svgEl("svg", {
    viewBox: "0 0 100 140", class: `card-svg ${isRed(code) ? "red" : "black"} suit-${suit}`, role: "img",
    "aria-label": cardName(code),
  });
  svg.append(svgEl("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, class: "card-face" }));
  const ink = svgEl("g", { class: "ink" });
  ink.append(corner(rank, suit, false), corner(rank, suit, true));
  if (rank === "A") {
    ink.append(suitShape(suit, 50, 70, 44));
  } else if (PIPS[rank]) {
    for (const [x, y] of PIPS[rank]) ink.append(suitShape(suit, x, y, 19, y > 70));
  } else {
    ink.append(courtFace(rank, suit));
  }
  svg.append(ink);
  return svg;
}

/** The back of a card. */
export function backSVG() {
  const svg = svgEl("svg", { viewBox: "0 0 100 140", class: "card-svg back", role: "img", "aria-label": t("card.back") });
  const defs = svgEl("defs");
  const pattern = svgEl("pattern", { id: "lattice", width: 10, height: 10, patternUnits: "userSpaceOnUse" });
  pattern.append(svgEl("path", { d: "M0 5 L5 0 L10 5 L5 10 Z", class: "lattice" }));
  defs.append(pattern);
  svg.append(
    defs,
    svgEl("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, class: "back-face" }),
    svgEl("rect", { x: 9, y: 9, width: 82, height: 122, rx: 5, fill: "url(#lattice)", class: "back-inner" }),
  );
  return svg;
}

// Dark enough for white words on them (the points in the log and the callout): at least 5.7:1.
const PEG_COLOURS = ["#b03025", "#1f5fa8", "#23704a", "#8a5d00"];

export function pegColour(side) {
  return PEG_COLOURS[side % PEG_COLOURS.length];
}

/**
 * A Noddy board: one track of holes per side in streets of 30 (31 for a game of 31), groups of five,
 * each side with a front and a back peg; the back peg leaps the front one at each score. Each peg
 * stands in the hole the server gives (``pegs``, as the board shows them: the rules stop a peg at the
 * game hole); one past the track's last hole is drawn in it.
 */
export function boardSVG(target, pegs) {
  const sides = pegs.length;
  const street = target <= 31 ? 31 : 30;
  const streets = Math.max(1, Math.floor(target / street));
  const gameHole = target > streets * street;
  const dx = 13, gap = 6, lane = 14, streetGap = 9, left = 30, top = 11;
  const streetHeight = sides * lane;
  const width = left + street * dx + Math.floor((street - 1) / 5) * gap + (gameHole ? 30 : 14);
  const height = top * 2 + streets * streetHeight + (streets - 1) * streetGap;
  const svg = svgEl("svg", {
    viewBox: `0 0 ${width} ${height}`, class: "board-svg", role: "img",
    "aria-label": t("board.label", { target, sides: pegs.map((p, s) => t("board.side", { side: s + 1, hole: p[0] })).join(", ") }),
  });
  svg.append(svgEl("rect", { x: 0, y: 0, width, height, rx: 10, class: "board-wood" }));
  const place = (hole, side) => {
    if (hole <= 0) return [9 + (side % 2) * 10, top + lane / 2 + side * lane];
    if (hole >= target && gameHole) return [width - 15, height / 2];
    const k = Math.min(hole, streets * street) - 1;
    const row = Math.floor(k / street);
    let col = k % street;
    if (row % 2 === 1) col = street - 1 - col;
    const x = left + col * dx + Math.floor(col / 5) * gap;
    const y = top + row * (streetHeight + streetGap) + side * lane + lane / 2;
    return [x, y];
  };
  for (let row = 0; row < streets; row++) {
    const y = top + row * (streetHeight + streetGap) - 3;
    svg.append(svgEl("rect", {
      x: left - 8, y, width: street * dx + Math.floor((street - 1) / 5) * gap + 3, height: streetHeight + 6,
      rx: 4, class: "board-street",
    }));
  }
  for (let side = 0; side < sides; side++) {
    for (let hole = 1; hole <= streets * street; hole++) {
      const [x, y] = place(hole, side);
      svg.append(svgEl("circle", { cx: x, cy: y, r: 2.2, class: "hole" }));
    }
  }
  if (gameHole) {
    svg.append(svgEl("circle", { cx: width - 15, cy: height / 2, r: 5, class: "game-hole" }));
  }
  pegs.forEach(([front, back], side) => {
    for (const [hole, cls] of [[back, "peg back-peg"], [front, "peg front-peg"]]) {
      const [x, y] = place(hole, side);
      const peg = svgEl("circle", { cx: x, cy: y, r: cls.includes("front") ? 6.2 : 5, class: cls, fill: pegColour(side) });
      const title = svgEl("title");
      title.textContent = t(cls.includes("front") ? "board.front" : "board.back", { hole });
      peg.append(title);
      svg.append(peg);
    }
  });
  return svg;
}
