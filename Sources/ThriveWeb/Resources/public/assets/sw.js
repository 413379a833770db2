// Thrive's service worker: the app shell from the cache, and the pages a person needs offline
// (dashboard, pillars, insights, goals, settings, profile) from the network when it answers and
// from the cache when it does not, marked with the time they were fetched. Served at /sw.js with
// the release's version in VERSION, so a new release replaces every cache.
//
// Storage follows the spec's budget: pages up to 50 MB and insights up to 10 MB (the outbox's
// 20 MB is kept by outbox.js); a page older than 7 days is dropped, and when a budget is exceeded
// the oldest pages go first and open pages are told.
"use strict";
importScripts("/assets/idb.js", "/assets/secure-cache.js");
var VERSION = "__VERSION__";
var SHELL = "thrive-shell-" + VERSION;
var PAGES = "thrive-pages";
var INSIGHTS = "thrive-insights";
var BUDGETS = {};
BUDGETS[PAGES] = 50 * 1024 * 1024;
BUDGETS[INSIGHTS] = 10 * 1024 * 1024;
// Every stylesheet, script and icon in /assets, listed by the server when it serves this file.
var SHELL_FILES = __SHELL_FILES__;
// Pages kept for offline viewing (dashboard, pillars with their goals and entry forms, insights,
// profile, settings) and their sub-pages. A page with a query is kept under its whole address and,
// offline, falls back to the same page without one.
var OFFLINE_PAGES = ["/", "/pillars", "/insights", "/coach", "/profile", "/test-kits"];
// Lab results (spec 001's offline mode) are kept apart, encrypted (secure-cache.js) and without the
// 7-day window: the results page, each result, its PDF, the counselor's page (their contact) and the
// library's pieces. The results page names the year of results to keep; older ones are dropped.
var REPORT = /^\/api\/v1\/lab-results\/[0-9a-f-]{36}\/report$/;
var RESULT = /^\/results\/[0-9a-f-]{36}$/;
function isSecurePath(path) {
  return path === "/results" || path === "/results/faq" || RESULT.test(path) || REPORT.test(path) || path === "/counselor" ||
    path === "/library" || path.indexOf("/library/") === 0;
}
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
function forgetPages() { return Promise.all([caches.delete(PAGES), caches.delete(INSIGHTS), SecureCache.forget()]); }
self.addEventListener("message", function (event) {
  if (event.data === "signed-out") { event.waitUntil(forgetPages()); }
  if (event.data && event.data.type === "keep-offline" && Array.isArray(event.data.urls)) {
    event.waitUntil(keepOffline(event.data.urls.filter(function (url) { return isSecurePath(url); })));
  }
});

// Fetches what is not kept yet (one at a time: a phone on a slow line), then drops results and
// PDFs the list no longer names.
function keepOffline(urls) {
  return SecureCache.urls().then(function (kept) {
    var wanted = urls.map(function (url) { return new URL(url, self.location.origin).href; });
    var missing = wanted.filter(function (url) { return kept.indexOf(url) < 0; });
    return missing.reduce(function (chain, url) {
      return chain.then(function () {
        return fetch(url, { credentials: "same-origin", headers: { "X-Thrive-Prefetch": "1" } }).then(function (response) {
          if (response.ok && !response.redirected) { return SecureCache.put(url, response); }
        }).catch(function () { /* offline again: the rest comes next time */ });
      });
    }, Promise.resolve()).then(function () {
      return SecureCache.prune(function (url) {
        var path = new URL(url).pathname;
        return !(RESULT.test(path) || REPORT.test(path)) || wanted.indexOf(url) >= 0;
      });
    });
  });
}

function cacheFor(path) { return path === "/insights" || path.indexOf("/insights/") === 0 ? INSIGHTS : PAGES; }

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
    event.waitUntil(forgetPages());
    return;
  }
  if (request.method !== "GET") { return; }
  if (url.pathname.indexOf("/assets/") === 0 || url.pathname === "/manifest.webmanifest") {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  if (isSecurePath(url.pathname) && (request.mode === "navigate" || REPORT.test(url.pathname))) {
    event.respondWith(networkFirstSecure(request, event));
    return;
  }
  if (request.mode === "navigate" && isOfflinePage(url.pathname)) {
    event.respondWith(networkFirst(request, event, cacheFor(url.pathname)));
  }
});

function withTimeout(promise, ms) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, ms);
    promise.then(function (value) { clearTimeout(timer); resolve(value); },
      function (error) { clearTimeout(timer); reject(error); });
  });
}

function networkFirst(request, event, name) {
  return withTimeout(fetch(request), NETWORK_TIMEOUT_MS).then(function (response) {
    // Only a page the person was allowed to see is kept (not a redirect to the login page).
    if (response.ok && !response.redirected && response.type === "basic") {
      var copy = response.clone();
      // Kept alive until the copy is stored, even when the page has moved on.
      event.waitUntil(copy.text().then(function (html) {
        return caches.open(name).then(function (cache) {
          return cache.put(request.url, new Response(html, {
            headers: {
              "Content-Type": "text/html; charset=utf-8", "X-Thrive-Fetched-At": new Date().toISOString(),
              "X-Thrive-Size": String(new Blob([html]).size)
            }
          }));
        }).then(function () { return trim(name); });
      }));
    }
    return response;
  }).catch(function () {
    return caches.open(name).then(function (cache) {
      return cache.match(request.url).then(function (hit) {
        return hit || cache.match(request.url, { ignoreSearch: true });
      }).then(function (hit) { return served(cache, hit); });
    });
  });
}

function networkFirstSecure(request, event) {
  var url = request.url;
  return withTimeout(fetch(request), NETWORK_TIMEOUT_MS).then(function (response) {
    if (response.ok && !response.redirected && response.type === "basic") {
      event.waitUntil(SecureCache.put(url, response.clone()).catch(function () { /* kept next time */ }));
    }
    return response;
  }).catch(function () {
    return SecureCache.get(url).then(function (copy) {
      if (!copy && url.indexOf("?") >= 0) { return SecureCache.get(url.split("?")[0]); }
      return copy;
    }).then(function (copy) {
      if (!copy) { return offlinePage(); }
      if (copy.type.indexOf("text/html") !== 0) {
        return new Response(copy.body, { headers: { "Content-Type": copy.type } });
      }
      // Marked as the device's copy, for spec 001's "Offline - showing cached data from …".
      var html = new TextDecoder().decode(copy.body)
        .replace("<html ", "<html data-offline-copy=\"" + copy.at + "\" data-offline-cached ");
      return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

// A kept page, marked with the time it was fetched for the "Showing data from …" line. One that
// is too old or unreadable (a corrupted entry) is deleted: it comes back the next time it is seen
// online.
function served(cache, hit) {
  var fetchedAt = hit && hit.headers.get("X-Thrive-Fetched-At");
  if (!hit) { return offlinePage(); }
  if (!fetchedAt || !(Date.now() - Date.parse(fetchedAt) <= MAX_AGE_MS)) {
    return cache.delete(hit.url).then(offlinePage);
  }
  return hit.text().then(function (html) {
    if (html.indexOf("<html ") < 0) { throw new Error("not a page"); }
    var marked = html.replace("<html ", "<html data-offline-copy=\"" + fetchedAt + "\" ");
    return new Response(marked, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }).catch(function () { return cache.delete(hit.url).then(offlinePage); });
}

// Drops pages older than 7 days, then the oldest until the cache is within its budget; pages are
// told when that took pages that were still fresh.
function trim(name) {
  return caches.open(name).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        return cache.match(request).then(function (hit) {
          return {
            request: request, at: Date.parse(hit && hit.headers.get("X-Thrive-Fetched-At")) || 0,
            size: Number(hit && hit.headers.get("X-Thrive-Size")) || 0
          };
        });
      }));
    }).then(function (kept) {
      var now = Date.now(), total = 0, cleared = false, gone = [];
      kept.sort(function (a, b) { return b.at - a.at; }).forEach(function (page) {
        if (now - page.at > MAX_AGE_MS) { gone.push(page.request); return; }
        if (total + page.size > BUDGETS[name]) { gone.push(page.request); cleared = true; return; }
        total += page.size;
      });
      return Promise.all(gone.map(function (request) { return cache.delete(request); })).then(function () {
        if (!cleared) { return; }
        return self.clients.matchAll().then(function (clients) {
          clients.forEach(function (client) { client.postMessage({ type: "storage-cleared" }); });
        });
      });
    });
  });
}

// A page never visited while online: the browser's own "no connection" page, in its language.
function offlinePage() {
  return Response.error();
}

// A push (RFC 8030): the server has already cut it to what a locked screen may show. The
// notification's tag replaces an earlier delivery of the same one; a critical alert stays until
// it is dealt with.
function insidePath(url) {
  return typeof url === "string" && url.charAt(0) === "/" && url.charAt(1) !== "/" ? url : "/notifications";
}

self.addEventListener("push", function (event) {
  var message = {};
  try { message = event.data ? event.data.json() : {}; } catch (error) { message = {}; }
  event.waitUntil(self.registration.showNotification(message.title || "Thrive", {
    body: message.body || "",
    tag: message.tag || undefined,
    icon: "/assets/icon-192.png",
    badge: "/assets/icon-192.png",
    requireInteraction: message.kind === "criticalAlert",
    actions: Array.isArray(message.actions) ? message.actions.slice(0, 2) : [],
    data: { url: insidePath(message.url), snooze: message.snooze || null }
  }));
});

// "Snooze" sends the push's signed token back without the session cookie (a service worker has no
// CSRF token to send with it); the server pushes the reminder again an hour later.
function snooze(notification) {
  var token = notification.data && notification.data.snooze;
  if (!token) { return Promise.resolve(); }
  return fetch("/api/v1/mobile/notifications/snooze", {
    method: "POST", credentials: "omit", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: token })
  }).catch(function () { /* offline: the reminder stays in the notification center */ });
}

// A tap opens its screen: a window already there is focused, otherwise a new one opens.
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  if (event.action === "snooze") { event.waitUntil(snooze(event.notification)); return; }
  var target = new URL(insidePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === target && "focus" in windows[i]) { return windows[i].focus(); }
    }
    return self.clients.openWindow(target);
  }));
});
