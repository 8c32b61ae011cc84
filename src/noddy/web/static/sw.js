// The service worker of the offline engine (issue 36 item 3): it keeps the engine's page, its scripts,
// Pyodide's files and noddy's zip, so that after one visit with a network the page starts and counts
// with none. Pyodide's files are pinned (package-lock.json): taken from the cache first; the rest is
// asked of the network first, the cache answering when there is none.
const CACHE = "noddy-engine-1";
const SHELL = [
  "/engine",
  "/static/engine.js",
  "/static/engine-page.js",
  "/static/style.css",
  "/static/favicon.svg",
  "/static/manifest.webmanifest",
  "/pyodide/pyodide.mjs",
  "/pyodide/pyodide.asm.mjs",
  "/pyodide/pyodide.asm.wasm",
  "/pyodide/python_stdlib.zip",
  "/pyodide/pyodide-lock.json",
  "/pyodide/noddy.zip",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  const pinned = url.pathname.startsWith("/pyodide/") && url.pathname !== "/pyodide/noddy.zip";
  event.respondWith(pinned ? fromCache(event.request) : fromNetwork(event.request));
});

async function fromCache(request) {
  return (await caches.match(request, { ignoreSearch: true })) ?? fetch(request);
}

async function fromNetwork(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request, { ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}
