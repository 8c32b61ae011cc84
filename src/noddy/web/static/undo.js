// Undo against the computer: the Undo button at a table of one person and computer players. The
// server decides whether this seat may take a move back (`game.undo`), words why not (nothing of the
// seat's own since the shuffle or the turn-up) and what was taken back; this only draws the button
// (keyboard: U) and sends {"type": "undo"}. Pressed while there is nothing to take back, the button
// says why where the page's errors are said, on a phone as on a desktop.

import { el } from "/static/common.js";
import { t } from "/static/words.js";

/** Whether the Undo button drawn now would take a move back (the keys line names U only then). */
export function undoReady() {
  const button = document.getElementById("undo");
  return Boolean(button) && button.getAttribute("aria-disabled") !== "true";
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
      if (!undo.ready) onError(undo.why || "");
      else if (!socket || socket.readyState !== WebSocket.OPEN) onError(t("error.not_connected"));
      else socket.send(JSON.stringify({ type: "undo" }));
    };
    // Greyed but pressable (aria-disabled, not disabled): pressed, it says why it takes nothing back.
    button.setAttribute("aria-disabled", String(!undo.ready));
    button.title = t("undo.title");
    button.textContent = t("undo.button");
    parts.push(button);
  }
  if (undo.undone) parts.push(el("span", { id: "undone", class: "undone" }, undo.undone));
  box.replaceChildren(...parts);
}
