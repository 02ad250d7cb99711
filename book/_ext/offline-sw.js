/* The site's service worker: once visited, the book and its apps open without a network.
 *
 * book/_ext/offline.py writes it at the site's root as sw.js, with the build's VERSION; the
 * static apps' lite/service-worker.js (the one JupyterLite's pages register) imports it, so one
 * worker serves both and keeps one cache. What it keeps is what the reader opened: each page
 * when it is opened (the network first, so a page online is always the newest), each file a
 * page loads the first time it is asked for (then from the cache: a new build gets a new
 * cache), and, for the first visit, before the worker was there, the files the page had
 * already loaded (the page lists them: book/_static/offline.js). Nothing is fetched ahead.
 * It also carries JupyterLite's two duties: the heartbeat and the kernel's file requests,
 * relayed to the page over a BroadcastChannel.
 */
"use strict";
var VERSION = "__VERSION__";
var CACHE = "rulebook-" + VERSION;
var MOST_KEPT = 400;
var relayChannel = typeof BroadcastChannel === "function" ? new BroadcastChannel("/sw-api.v1") : null;

var OFFLINE_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  "<title>Offline · Нет сети</title></head><body style=\"font:18px/1.5 system-ui,sans-serif;max-width:36em;margin:2em auto;padding:0 1em\">" +
  "<h1>Offline · <span lang=\"ru\">Нет сети</span></h1>" +
  "<p>This page has not been opened on this device yet, so it was not kept for reading offline. It opens once the network is back; the pages you have opened before open now.</p>" +
  '<p lang="ru">Эта страница на этом устройстве ещё не открывалась, поэтому без сети её нет. Она откроется, когда сеть вернётся; страницы, которые вы уже открывали, открываются и сейчас.</p>' +
  "</body></html>";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        var old = names.filter(function (name) {
          return name.indexOf("rulebook-") === 0 && name !== CACHE;
        });
        return Promise.all(old.map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); }),
  );
});

function keep(event, cache, request, response) {
  if (response.status === 200 && response.type === "basic") event.waitUntil(cache.put(request, response.clone()));
  return response;
}

/* A page: the network first, the kept copy offline (the same page in another language if need be). */
function page(event) {
  var request = event.request;
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(
      function (response) { return keep(event, cache, request, response); },
      function () {
        return cache
          .match(request)
          .then(function (hit) { return hit || cache.match(request, { ignoreSearch: true }); })
          .then(function (hit) {
            return hit || new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
          });
      },
    );
  });
}

/* A file a page loads: the kept copy, else the network (and keep it). */
function file(event) {
  var request = event.request;
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) { return keep(event, cache, request, response); });
    });
  });
}

/* JupyterLite's kernel asks its page for files through here (its drive). */
function relay(request, url) {
  return request.json().then(function (message) {
    return new Promise(function (resolve) {
      function heard(event) {
        var data = event.data || {};
        if (data.browsingContextId !== message.browsingContextId || data.requestId !== message.requestId) return;
        relayChannel.removeEventListener("message", heard);
        resolve(new Response(JSON.stringify(data.response)));
      }
      relayChannel.addEventListener("message", heard);
      message.pathname = url.pathname;
      relayChannel.postMessage(message);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (/\/api\/service-worker-heartbeat$/.test(url.pathname)) {
    event.respondWith(new Response("ok"));
    return;
  }
  if (relayChannel && /\/api\/(drive|stdin\/)/.test(url.pathname)) {
    event.respondWith(relay(request, url));
    return;
  }
  if (request.method !== "GET" || request.headers.has("range")) return;
  event.respondWith(request.mode === "navigate" ? page(event) : file(event));
});

/* The first visit: the page lists what it loaded before this worker was there. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  var urls = data.urls.slice(0, MOST_KEPT).filter(function (address) {
    try { return new URL(address).origin === location.origin; } catch (error) { return false; }
  });
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return Promise.all(
          urls.map(function (address) {
            return cache.match(address).then(function (hit) {
              if (hit) return null;
              return fetch(address).then(
                function (response) { if (response.status === 200) return cache.put(address, response); },
                function () { return null; },
              );
            });
          }),
        );
      })
      .then(function () {
        if (event.source) event.source.postMessage({ type: "kept", count: urls.length });
      }),
  );
});
