// The service worker (issue 36 item 3): after one visit with a network, the pages that work with none
// (the offline page, a game against the computer, the trainer, each rule set's rules) open and play
// with none, on noddy's engine in the page. The server puts before this file CACHE, the cache's name
// (a hash of what it keeps: a new Pyodide or a new noddy makes a new cache, and the old one is
// removed), and SHELL, what to keep (noddy.web.engine.shell). Pyodide's files are pinned: taken from
// the cache first; the rest is asked of the network first, the cache answering when there is none.

self.addEventListener("install", (event) => {
  // Asked of the server, not of the browser's HTTP cache, which may hold the last version's files.
  const fresh = SHELL.map((path) => new Request(path, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = caches.keys().then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))));
  event.waitUntil(old.then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  const pinned = url.pathname.startsWith("/pyodide/") && url.pathname !== "/pyodide/noddy.zip";
  event.respondWith(pinned ? fromCache(event.request) : fromNetwork(event.request));
});

async function fromCache(request) {
  return (await kept(request)) ?? fetch(request);
}

// What the cache keeps for ``request``: the same address, else the same path (a page's own query, as
// /engine?cards=...), and every game's page under /play/ is the one table page.
async function kept(request) {
  const cache = await caches.open(CACHE);
  const path = new URL(request.url).pathname;
  if (path.startsWith("/play/")) return cache.match("/play/");
  return (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
}

// With no network, a page that was not kept (the lobby, a table at the server) opens the offline page,
// which says what works here.
async function fromNetwork(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const found = (await kept(request)) ?? (request.mode === "navigate" ? await caches.match("/engine") : undefined);
    if (found) return found;
    throw error;
  }
}
