// Jetway's service worker, for the pages whose route is `availableOffline` (a kiosk): it keeps
// the last copy of such a page that jetway.js sends it (the page as it last showed, live) and
// the assets the page uses, and answers with that copy when the server cannot be reached — a
// refused connection, no answer within five seconds, a 5xx from a proxy or a 429 — even after the
// browser restarts. jetway.js marks such a copy as not live and loads the page afresh once the
// server answers. Every other request goes to the network untouched.
"use strict";
const PAGES = "jetway-pages-v1", ASSETS = "jetway-assets-v1", MAX_PAGES = 16, MAX_PAGE_BYTES = 4 * 1024 * 1024;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const pageKey = (url) => url.origin + url.pathname + url.search;
const sameOrigin = (url) => url.origin === self.location.origin;

self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.kind !== "jetway-page" || typeof data.html !== "string" || data.html.length > MAX_PAGE_BYTES) return;
  let url;
  try { url = new URL(data.url); } catch (e) { return; }
  if (!sameOrigin(url)) return;
  event.waitUntil(keep(url, data.html, Array.isArray(data.assets) ? data.assets.slice(0, 64) : []));
});

async function keep(url, html, assetURLs) {
  const pages = await caches.open(PAGES);
  await pages.put(pageKey(url), new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  const keys = await pages.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await pages.delete(old);
  // The assets of this build (their URLs carry a fingerprint): fetched once; older builds' go.
  const assets = await caches.open(ASSETS);
  const wanted = new Set();
  for (const href of assetURLs) {
    let asset;
    try { asset = new URL(href, url); } catch (e) { continue; }
    if (!sameOrigin(asset) || !asset.pathname.startsWith("/assets/")) continue;
    wanted.add(asset.href);
    if (await assets.match(asset.href)) continue;
    try {
      const response = await fetch(asset.href);
      if (response.ok) await assets.put(asset.href, response);
    } catch (e) { /* offline now: the next copy tries again */ }
  }
  if (wanted.size) for (const request of await assets.keys()) if (!wanted.has(request.url)) await assets.delete(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!sameOrigin(url)) return;
  if (request.mode === "navigate") event.respondWith(page(request, url));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(asset(request));
});

// A fetch that gives up after five seconds (a network that swallows packets answers nothing).
const answered = (request) => Promise.race([
  fetch(request),
  new Promise((_, reject) => setTimeout(() => reject(new Error("no answer")), 5000)),
]);

async function page(request, url) {
  const cached = await (await caches.open(PAGES)).match(pageKey(url));
  if (!cached) return fetch(request);
  try {
    const response = await answered(request);
    // A proxy's 5xx and a server's "too many" are the server not answering, for a kiosk.
    return response.status >= 500 || response.status === 429 ? cached : response;
  } catch (e) {
    return cached;
  }
}

// A fingerprinted file (`?v=`) never changes: the kept copy first. Others: the network first.
async function asset(request) {
  const kept = await (await caches.open(ASSETS)).match(request.url);
  if (kept && new URL(request.url).searchParams.has("v")) return kept;
  try {
    const response = await answered(request);
    return response.status >= 500 && kept ? kept : response;
  } catch (e) {
    if (kept) return kept;
    throw e;
  }
}
