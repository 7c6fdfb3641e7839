/* The captain's page keeps working without a connection: a reload then shows the page as it was
 * last loaded (with the deals waiting in localStorage), instead of the browser's offline error.
 *
 * At install it keeps the page and every static file the page loads (their addresses and a
 * version come first in this script, from scoring/views.py), in a cache named by that version;
 * on activate the caches of older versions are dropped. The page and its files are fetched from
 * the network first and the copy kept current; the cache answers only when the network does
 * not. Network first, not cache first: the page and its scripts then always come from the
 * same deploy (a page from the network with a script from the cache may not fit together),
 * while online the browser's HTTP cache still spares the round trip. API calls are never
 * answered from here: the page must see that they failed, to keep its deals queued. */
"use strict";

const PRECACHE = self.KARLCHEN_PRECACHE || { version: "dev", urls: [] };
const PREFIX = "karlchen-captain-";
const CACHE = PREFIX + PRECACHE.version;

self.addEventListener("install", (event) => {
  // The page that registered this is the one to have at hand offline, with all it loads;
  // from the server, not the HTTP cache, which may still hold the files of the last deploy.
  const fresh = ["./", ...PRECACHE.urls].map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(fresh))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name))
        )
      )
      .then(() => self.clients.claim())
  );
});

// The page says when its table changed (a deal saved): keep the copy for offline current.
self.addEventListener("message", (event) => {
  if (event.data === "table-changed") {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.add("./")));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const isPage = request.mode === "navigate" && url.pathname.endsWith("/captain/");
  if (isPage || PRECACHE.urls.includes(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // The page varies by cookie and language; offline, the last one loaded is the one.
    const cached = await cache.match(request, { ignoreVary: true, ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}
