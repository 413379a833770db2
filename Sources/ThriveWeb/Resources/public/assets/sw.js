// Thrive's service worker: the app shell from the cache, and the pages a person needs offline
// (dashboard, pillars, insights, goals, settings, profile) from the network when it answers and
// from the cache when it does not, marked with the time they were fetched. Served at /sw.js with
// the release's version in VERSION, so a new release replaces every cache.
"use strict";
var VERSION = "__VERSION__";
var SHELL = "thrive-shell-" + VERSION;
var PAGES = "thrive-pages";
var SHELL_FILES = [
  "/assets/app.css", "/assets/app.js", "/assets/charts.js", "/assets/offline.js", "/assets/icon.svg", "/manifest.webmanifest"
];
// Pages kept for offline viewing (dashboard, pillars with their goals, insights, profile, settings), their
// sub-pages too; only as plain addresses, without a query.
var OFFLINE_PAGES = ["/", "/pillars", "/insights", "/profile"];
var NETWORK_TIMEOUT_MS = 4000;
// A page older than this is not shown offline (the spec's 7-day cache window).
var MAX_AGE_MS = 7 * 24 * 3600 * 1000;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_FILES); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("thrive-shell-") === 0 && name !== SHELL;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// Signing out (or a page saying the person is signed out) forgets every cached page: they hold
// health data.
self.addEventListener("message", function (event) {
  if (event.data === "signed-out") { event.waitUntil(caches.delete(PAGES)); }
});

function isOfflinePage(path) {
  return OFFLINE_PAGES.some(function (page) {
    return path === page || (page !== "/" && path.indexOf(page + "/") === 0);
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname === "/logout" || url.pathname === "/logout-everywhere") {
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (request.method !== "GET") { return; }
  if (url.pathname.indexOf("/assets/") === 0 || url.pathname === "/manifest.webmanifest") {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  if (request.mode === "navigate" && !url.search && isOfflinePage(url.pathname)) {
    event.respondWith(networkFirst(request, event));
  }
});

function withTimeout(promise, ms) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, ms);
    promise.then(function (value) { clearTimeout(timer); resolve(value); },
      function (error) { clearTimeout(timer); reject(error); });
  });
}

function networkFirst(request, event) {
  return withTimeout(fetch(request), NETWORK_TIMEOUT_MS).then(function (response) {
    // Only a page the person was allowed to see is kept (not a redirect to the login page).
    if (response.ok && !response.redirected && response.type === "basic") {
      var copy = response.clone();
      // Kept alive until the copy is stored, even when the page has moved on.
      event.waitUntil(copy.text().then(function (html) {
        return caches.open(PAGES).then(function (cache) {
          return cache.put(request.url, new Response(html, {
            headers: { "Content-Type": "text/html; charset=utf-8", "X-Thrive-Fetched-At": new Date().toISOString() }
          }));
        });
      }));
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(request.url); }).then(function (hit) {
      var fetchedAt = hit && hit.headers.get("X-Thrive-Fetched-At");
      if (!hit || !fetchedAt || Date.now() - Date.parse(fetchedAt) > MAX_AGE_MS) { return offlinePage(); }
      return hit.text().then(function (html) {
        // The page says when its data is from, for the "Showing data from …" line.
        var marked = html.replace("<html ", "<html data-offline-copy=\"" + fetchedAt + "\" ");
        return new Response(marked, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      });
    });
  });
}

// A page never visited while online: the browser's own "no connection" page, in its language.
function offlinePage() {
  return Response.error();
}
