// noddy's own Python engine for the page (issue 36 item 3), running in a Web Worker
// (engine-worker.js) so that the page stays responsive while Pyodide starts. Every count, rule and
// word comes from Python (noddy.offline.Engine); this module carries requests across as JSON.
let worker = null;
let started = null;
let asked = 0;
const waiting = new Map();

// On the first visit the service worker (sw.js) is still keeping the files for use with no network:
// the engine waits until it controls the page and starts from what it kept, so that Pyodide crosses
// the network once, not twice. Without a worker (an address that is not secure, as a laptop's on a
// hotspot over http) or if it fails, the engine starts from the network at once.
async function keptFirst() {
  const service = navigator.serviceWorker;
  if (!service || service.controller) return;
  const registration = await service.getRegistration();
  const installing = registration && (registration.installing ?? registration.waiting);
  if (!installing) return;
  await new Promise((done) => {
    service.addEventListener("controllerchange", done, { once: true });
    installing.addEventListener("statechange", () => { if (installing.state === "redundant") done(); });
  });
}

// The engine, started once: resolves when it is ready, rejects saying why it did not start.
export function start() {
  started ??= keptFirst().then(() => new Promise((resolve, reject) => {
    worker = new Worker("/static/engine-worker.js", { type: "module" });
    worker.onmessage = ({ data }) => {
      if ("ready" in data) {
        if (data.ready) resolve();
        else reject(new Error(data.error));
        return;
      }
      const { resolve: answered, reject: failed } = waiting.get(data.id);
      waiting.delete(data.id);
      if ("error" in data) failed(new Error(data.error));
      else answered(JSON.parse(data.answer));
    };
    worker.onerror = (event) => reject(new Error(event.message || "the engine's worker did not load"));
  }));
  return started;
}

// One call of noddy.offline.Engine (``call_<name>``), answered once the engine is ready.
export async function ask(call, ...args) {
  await start();
  asked += 1;
  const id = asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, request: JSON.stringify({ call, args }) });
  });
}

// The itemised count of a hand (or a crib) with its words: {total, items: [{name, words, points,
// ...}], announcement, jack} or {error} said in the page's language.
export function count(rules, cards, turnup, crib = false, lang = null) {
  return ask("count", rules, cards, turnup, crib, lang);
}

// The levels that play here, with the sentence saying which and why not hard: {levels, note}.
export function levels(lang = "en") {
  return ask("levels", lang);
}

// Every rule set's name and title.
export function ruleSets(lang = "en") {
  return ask("rule_sets", lang);
}

// The game against the computer named ``table`` (RULES-LEVEL-SEED), the person's ``actions`` so far
// played again: `receive(message)` answers one of the table page's messages and `step()` makes the
// computer's next move, each with the server's messages ({messages, waiting}: whether the computer or
// chance is still to move); `replayed`, how many of ``actions`` fitted; {error} if there is no such game.
export async function openTable(table, lang = null, actions = []) {
  const opened = await ask("open", table, lang, actions);
  if (opened.error) return opened;
  return {
    replayed: opened.replayed,
    receive: (message) => ask("receive", table, message),
    step: () => ask("step", table),
    close: () => ask("close", table),
  };
}
