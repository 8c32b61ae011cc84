// The board keeper's game, kept on this device (localStorage): the rule set's facts as the server or the
// page's engine gave them (noddy.offline.rule_set), the names, who deals, and every peg with its reason,
// so that a reload, a closed browser or no network loses nothing. The scores are the pegs' sums; the
// scorer (score.js) adds a count to a side of the same game.

const KEY = "noddy.board";

/** {current, finished}: the game being kept (or null) and the games finished, newest first. */
export function loadTally() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "null");
    if (kept && typeof kept === "object") return { current: kept.current || null, finished: kept.finished || [] };
  } catch {
    /* nothing readable kept: start afresh */
  }
  return { current: null, finished: [] };
}

export function saveTally(tally) {
  localStorage.setItem(KEY, JSON.stringify(tally));
}

/** A new game: ``facts`` (a rule set's), ``players``, ``partners``, each seat's ``names``, the first
 * ``dealer`` seat, and whether the chance of winning is shown. */
export function newGame({ facts, house = "", players, partners, names, dealer, chance }) {
  const sides = partners ? 2 : players;
  const game = {
    id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    started: new Date().toISOString(),
    facts, house, players, partners, names, sides, chance,
    first: dealer, dealer, deal: 1, moves: [], winner: null, ended: null,
  };
  return game;
}

export function sideOf(game, seat) {
  return game.partners ? seat % 2 : seat;
}

/** Each side's name: its players' names, partners joined ("Ann & Cy"). */
export function sideNames(game) {
  return Array.from({ length: game.sides }, (_, side) =>
    game.names.filter((_, seat) => sideOf(game, seat) === side).join(" & "));
}

/** Each side's score, and its front and back pegs (the back peg where the front one was before its
 * last peg), a side stopped at the game hole where the game is played to one. */
export function scores(game) {
  const hole = game.facts.end === "target" ? game.facts.target : Infinity;
  const front = Array(game.sides).fill(0);
  const back = Array(game.sides).fill(0);
  for (const peg of game.moves.filter((m) => m.kind === "peg")) {
    back[peg.side] = front[peg.side];
    front[peg.side] = Math.min(hole, front[peg.side] + peg.points);
  }
  return { scores: front, pegs: front.map((f, side) => [f, back[side]]) };
}

/** Peg ``points`` to ``side`` for ``reason`` (a rule set's reason key); the game is won when a side
 * reaches the game hole. */
export function peg(game, side, points, reason) {
  if (game.winner !== null) return;
  game.moves.push({ kind: "peg", side, points, reason, deal: game.deal });
  const now = scores(game).scores;
  if (game.facts.end === "target" && now[side] >= game.facts.target) {
    game.winner = side;
    game.ended = new Date().toISOString();
  }
}

/** Take back the last move, a peg or a new deal (a won game is open again). */
export function undo(game) {
  const last = game.moves.pop();
  if (!last) return null;
  game.winner = null;
  game.ended = null;
  if (last.kind === "deal") {
    game.deal -= 1;
    game.dealer = last.from;
  }
  return last;
}

/** Where each deal started: its dealer and the scores then (the board table's position). */
export function starts(game) {
  const found = [{ deal: 1, dealer: game.first, scores: Array(game.sides).fill(0) }];
  const played = { ...game, moves: [] };
  for (const move of game.moves) {
    played.moves.push(move);
    if (move.kind === "deal") found.push({ deal: found.length + 1, dealer: move.to, scores: scores(played).scores });
  }
  return found;
}

/** The next seat to deal, as the rule set passes the deal. */
export function nextDealer(game) {
  if (game.facts.rotation_per === "game") return game.dealer;
  const step = game.facts.rotation === "right" ? -1 : 1;
  return (game.dealer + step + game.players) % game.players;
}

export function nextDeal(game) {
  const to = nextDealer(game);
  game.moves.push({ kind: "deal", from: game.dealer, to });
  game.dealer = to;
  game.deal += 1;
}

/** The game ended by the players (a game of one deal, or stopped): the leading side wins, or none. */
export function endGame(game) {
  const now = scores(game).scores;
  const best = Math.max(...now);
  const leaders = now.map((s, i) => (s === best ? i : -1)).filter((i) => i >= 0);
  game.winner = leaders.length === 1 ? leaders[0] : -1;
  game.ended = new Date().toISOString();
}

/** The chance key of the board table for this game ("2", "4p"), as the rules facts list them. */
export function chanceKey(game) {
  return `${game.players}${game.partners ? "p" : ""}`;
}
