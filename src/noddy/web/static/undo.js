// Undo against the computer: the Undo button at a table of one person and computer players. The
// server decides whether this seat may take a move back (`game.undo`) and words what was taken back;
// this only draws the button (keyboard: U) and sends {"type": "undo"}.

import { el } from "/static/common.js";
import { t } from "/static/words.js";

/** What the keys line adds for undo: " · U undo" where this seat is offered undo, else nothing. */
export function undoKeys(game) {
  return game && game.undo && game.undo.offered ? t("undo.keys") : "";
}

/** Draw into ``box`` the Undo button the server offers this view, and the last undo's line. */
export function renderUndo(box, game, socket, onError) {
  const undo = game && game.undo;
  if (!undo || (!undo.offered && !undo.undone)) {
    box.replaceChildren();
    return;
  }
  const parts = [];
  if (undo.offered) {
    // The same button is kept from one state to the next, so that it keeps the keyboard's focus.
    const button = box.querySelector("#undo") || el("button", { id: "undo", type: "button", "aria-keyshortcuts": "U" });
    button.onclick = () => {
      if (!socket || socket.readyState !== WebSocket.OPEN) onError(t("error.not_connected"));
      else socket.send(JSON.stringify({ type: "undo" }));
    };
    button.disabled = !undo.ready;
    button.title = t("undo.title");
    button.textContent = t("undo.button");
    parts.push(button);
  }
  if (undo.undone) parts.push(el("span", { id: "undone", class: "undone" }, undo.undone));
  box.replaceChildren(...parts);
}
