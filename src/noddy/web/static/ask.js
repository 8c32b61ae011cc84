// The scorer's and the board keeper's questions (a count, house rules' facts): the server answers while
// there is a network, and noddy's own engine in the page (engine.js, Pyodide) when there is none. Both
// run the same Python function (noddy.offline's `name`), so the answer is the same; the server's only
// comes sooner (the page's engine takes seconds to start, tens on a slow phone).
import { ask as engine, start } from "/static/engine.js";

// The arguments of noddy.offline.Engine's calls, in their order.
const ARGS = { count: ["rules", "cards", "turnup", "crib", "lang", "house"], rule_set: ["rules", "house"] };

/** Whether the page's engine should start now: with no network it is the only one that counts. */
export function warmIfOffline() {
  if (navigator.onLine === false) start().catch(() => {});
}

/** ``{answer, where}``: noddy.offline's ``name`` (``count``, ``rule_set``) on ``args``, asked of
 * the server at ``/api/keeper/{path}`` (``where`` "server"), else of the page's engine ("device"),
 * ``starting()`` called first (its start takes a while). */
export async function ask(name, path, args, starting = () => {}) {
  if (navigator.onLine !== false) {
    try {
      const response = await fetch(`/api/keeper/${path}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(args),
      });
      if (response.ok) return { answer: await response.json(), where: "server" };
      // The API's refusal says why as every refusal of it does (``detail``); the engine's as ``error``.
      if (response.status === 422) return { answer: { error: (await response.json()).detail }, where: "server" };
    } catch {
      /* no network after all: the page's engine answers */
    }
  }
  starting();
  return { answer: await engine(name, ...ARGS[name].map((key) => args[key] ?? "")), where: "device" };
}
