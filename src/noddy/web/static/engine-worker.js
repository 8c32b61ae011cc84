// noddy's own Python engine in a Web Worker (issue 36 item 3): Pyodide from the app's /pyodide/ (its
// pinned npm package, never a CDN) and noddy's pure Python from /pyodide/noddy.zip, started here so
// that the page stays responsive while it starts. Every answer is noddy.offline.Engine's, as JSON
// text; this only carries requests in and answers out.
import { loadPyodide } from "/pyodide/pyodide.mjs";

async function boot() {
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  const zip = await fetch("/pyodide/noddy.zip");
  if (!zip.ok) throw new Error(`noddy's Python was not served: ${zip.status}`);
  py.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/noddy" });
  return py.runPython(`
import sys
sys.path.insert(0, "/noddy")
from noddy.offline import Engine
Engine().answer
`);
}

const answer = boot();
answer.then(() => postMessage({ ready: true }), (error) => postMessage({ ready: false, error: String(error) }));

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    postMessage({ id, answer: (await answer)(request) });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
};
