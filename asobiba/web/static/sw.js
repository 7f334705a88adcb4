// The web table's service worker (docs/play.md, "On the home screen"), served at /sw.js with the
// list of the page's own static files and their version written in by the server (page.py). It
// keeps those files in a cache of that version (a new version replaces the old cache) and answers
// them from it; a page asked for while the network is down gets the bilingual "no connection" page.
// Nothing else passes through it: never the API, a game's state, its WebSocket or another site.

const VERSION = "unversioned";
const FILES = [/* the static files */];
const OFFLINE = "/static/offline.html";
const PREFIX = "asobiba-static-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (FILES.includes(url.pathname) && !url.search) {
    event.respondWith(caches.match(url.pathname).then((kept) => kept ?? fetch(request)));
  }
});
