// noddy's own Python engine in the page (issue 36 item 3): Pyodide from the app's /pyodide/ (its pinned
// npm package, never a CDN) and noddy's pure Python from /pyodide/noddy.zip, started once. Every count,
// rule and word comes from Python (noddy.offline); this module only carries JSON across.
let started = null;

// The Pyodide instance with noddy loaded, started on the first call.
export function start() {
  started ??= boot();
  return started;
}

async function boot() {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  const zip = await fetch("/pyodide/noddy.zip");
  if (!zip.ok) throw new Error(`noddy's Python was not served: ${zip.status}`);
  py.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/noddy" });
  // The answers cross as JSON text: plain data, and no Python object left to free.
  const calls = py.runPython(`
import json, sys
sys.path.insert(0, "/noddy")
import noddy.offline as offline
tables = {}
def count(rules, cards, turnup, crib, lang):
    return json.dumps(offline.count(rules, cards, turnup, crib, lang))
def new_table(rules, level, seed, lang):
    table = offline.Table(rules, level, seed, lang)
    tables[id(table)] = table
    return json.dumps({"id": id(table), "view": table.view()})
def act(table, index):
    return json.dumps(tables[table].act(index))
def drop(table):
    tables.pop(table, None)
{"count": count, "new_table": new_table, "act": act, "drop": drop, "levels": json.dumps(offline.LEVELS)}
`);
  return { py, calls: calls.toJs({ dict_converter: Object.fromEntries }) };
}

// The itemised count of a hand (or a crib) with its words: {total, items: [{name, words, points,
// ...}], announcement, jack} or {error} said in the page's language.
export async function count(rules, cards, turnup, crib = false, lang = null) {
  const { calls } = await start();
  return JSON.parse(calls.count(rules, cards, turnup, crib, lang));
}

// The computer levels that play in the page.
export async function levels() {
  const { calls } = await start();
  return JSON.parse(calls.levels);
}

// A game of two against the computer `level`: the person's view, and `act(i)` playing the view's
// legal action i and then the computer's turns, returning the next view.
export async function newTable(rules, level, seed = 0, lang = null) {
  const { calls } = await start();
  const { id, view } = JSON.parse(calls.new_table(rules, level, seed, lang));
  return {
    view,
    act(index) {
      this.view = JSON.parse(calls.act(id, index));
      return this.view;
    },
    close() {
      calls.drop(id);
    },
  };
}
