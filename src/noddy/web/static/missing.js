// The page a link to no table (or an address that is no page) gets: the server words it in the language it was asked for (or the
// browser's); a language this browser chose in the lobby is spoken instead, the quoted id kept.
import { chosenLang, loadWords, t } from "/static/words.js";

const chosen = chosenLang();
if (chosen && chosen !== document.documentElement.lang) {
  await loadWords(chosen);
  document.getElementById("missing-line").textContent = t(document.body.dataset.line, { id: document.body.dataset.id });
}
