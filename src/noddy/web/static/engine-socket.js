// The table's websocket, stood in for when the page plays a game against the computer in the browser
// (/play/RULES-LEVEL-SEED, with no network): what the table page sends goes to noddy's own engine in
// the page (engine.js), which answers with the server's own messages; the computer's moves come one at
// a time, after the pause the server's driver makes (?delay=SECONDS, 0.8 as NODDY_BOT_DELAY's).
import { openTable } from "/static/engine.js";

const PAUSE = Number(new URLSearchParams(location.search).get("delay") ?? "0.8") * 1000;

// The person's moves in each game, kept in this browser: a reload, or the browser closed and opened
// again, finds the game where it was (the engine plays them again: the same seed deals the same).
const KEPT = "noddy.play.";

function keptMoves(tableId) {
  try {
    return JSON.parse(localStorage.getItem(KEPT + tableId)) || [];
  } catch {
    return [];
  }
}

function keepMoves(tableId, moves) {
  try {
    localStorage.setItem(KEPT + tableId, JSON.stringify(moves));
  } catch {
    /* private mode: the game holds while the page is open */
  }
}

/** A WebSocket-like object (readyState, send, close, open/message/close events) for the game ``tableId``. */
export function engineSocket(tableId) {
  const listeners = { open: [], message: [], close: [] };
  const fire = (type, event) => listeners[type].forEach((listener) => listener(event));
  const deliver = (messages) => messages.forEach((message) => fire("message", { data: JSON.stringify(message) }));
  let table = null;
  let moving = null;

  // The computer's (and chance's) moves, each after a pause, until the person is to act.
  async function move(waiting) {
    while (waiting && socket.readyState === WebSocket.OPEN) {
      await new Promise((done) => setTimeout(done, PAUSE));
      const stepped = await table.step();
      deliver(stepped.messages);
      waiting = stepped.waiting;
    }
    moving = null;
  }

  const socket = {
    readyState: WebSocket.CONNECTING,
    addEventListener(type, listener) {
      listeners[type].push(listener);
    },
    async send(text) {
      const message = JSON.parse(text);
      const answered = await table.receive(message);
      if (message.type === "act" && answered.messages[0]?.type === "state") keepMoves(tableId, [...keptMoves(tableId), message.action]);
      deliver(answered.messages);
      if (answered.waiting && !moving) moving = move(true);
    },
    close() {
      socket.readyState = WebSocket.CLOSED;
      if (table) table.close();
    },
  };
  const moves = keptMoves(tableId);
  openTable(tableId, null, moves).then((opened) => {
    if (!opened.error && opened.replayed < moves.length) keepMoves(tableId, moves.slice(0, opened.replayed));
    if (opened.error) {
      fire("message", { data: JSON.stringify({ type: "error", error: opened.error }) });
      socket.readyState = WebSocket.CLOSED;
      fire("close", { code: 4404 });
      return;
    }
    table = opened;
    socket.readyState = WebSocket.OPEN;
    fire("open", {});
  }, (error) => {
    fire("message", { data: JSON.stringify({ type: "error", error: String(error.message || error) }) });
    socket.readyState = WebSocket.CLOSED;
    fire("close", { code: 4404 });
  });
  return socket;
}
