/* The captain's page keeps working without a connection: a reload then shows the page as it was
 * last loaded (with the deals waiting in localStorage), instead of the browser's offline error.
 * The page itself is fetched from the network first, so a fresh state always wins; its scripts
 * and styles come from the cache and are refreshed behind. API calls are never answered from
 * here: the page must see that they failed, to keep its deals queued. */
"use strict";

const CACHE = "karlchen-captain-v2";
// Where the page's scripts and styles are: its own, and karlchen/texts.js that it shares.
const STATIC = ["/static/captain/", "/static/karlchen/"];

self.addEventListener("install", (event) => {
  // The page that registered this is the one to have at hand offline.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add("./"))
      .then(() => self.skipWaiting())
  );
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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
  if (request.mode === "navigate" && url.pathname.endsWith("/captain/")) {
    event.respondWith(networkFirst(request));
  } else if (STATIC.some((folder) => url.pathname.startsWith(folder))) {
    event.respondWith(cacheFirst(request));
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
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  const fresh = fetch(request)
    .then((response) => {
      if (response.ok) cache.put(request, response.clone());
      return response;
    })
    .catch(() => cached);
  return cached || fresh;
}
