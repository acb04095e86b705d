// Tenbou's service worker: the game screen opens with the network off (issue: the table keeps
// recording). Served by Django at /sw.js (so that it covers every page), never cached itself.
// Its version changes with the static files' names: a new Tenbou replaces the old caches.
"use strict";

const VERSION = "{{ version }}";
const ASSETS = "tenbou-assets-" + VERSION;
const PAGES = "{{ pages_cache }}";  // the game pages a scorekeeper opened, kept across versions
const PRECACHE = {{ precache|safe }};
// A game's screen: the pages a tablet must open offline (its hands, its list of games).
const GAME_PAGE = /^\/c\/[^/]+\/games\/(\d+\/)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(ASSETS).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("tenbou-assets-") && name !== ASSETS)
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;  // a change goes to the server or fails, never a copy
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("{{ static_url }}")) {
    event.respondWith(fromCacheFirst(request));
  } else if (request.mode === "navigate" && GAME_PAGE.test(url.pathname)) {
    event.respondWith(fromNetworkFirst(request));
  }
});

// The page asks to be kept (offline.js), as its first visit came before this worker was there.
self.addEventListener("message", (event) => {
  const path = event.data && event.data.keep;
  if (!path || !GAME_PAGE.test(path)) return;
  event.waitUntil(keep(path).then((kept) => {
    if (event.ports[0]) event.ports[0].postMessage({ kept: kept });
  }));
});

async function keep(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok || response.redirected) return false;
  await (await caches.open(PAGES)).put(new URL(path, self.location.origin).href, response);
  return true;
}

// Static files carry their content's hash in their names: a cached one is always right.
async function fromCacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

// A game page: the server's when it answers (kept for later), else the copy kept.
async function fromNetworkFirst(request) {
  const pages = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) pages.put(request.url, response.clone());
    return response;
  } catch (error) {
    const kept = await pages.match(request.url);
    if (kept) return kept;
    return new Response(
      "<!doctype html><meta charset=utf-8><title>{{ offline_title|safe }}</title><p>{{ offline_text|safe }}</p>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
    );
  }
}
