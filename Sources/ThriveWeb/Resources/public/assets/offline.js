// Offline: registers the service worker (sw.js), shows the offline banner while the connection is
// gone and on pages served from the device's copy, with the time that copy is from. Progressive
// enhancement only: without it every page still works online.
(function () {
  "use strict";
  var root = document.documentElement;
  var strings = (document.getElementById("ui-strings") || { dataset: {} }).dataset;

  // The results page names what this device keeps for offline use (spec 001); the library's pieces
  // only on Wi-Fi or a line that does not say it is metered.
  function keepOffline() {
    var list = document.getElementById("offline-keep");
    if (!list || !navigator.onLine || root.hasAttribute("data-offline-copy")) { return; }
    var urls = [];
    try { urls = JSON.parse(list.getAttribute("data-urls")); } catch (error) { return; }
    var connection = navigator.connection;
    if (connection && (connection.saveData || connection.type === "cellular")) {
      urls = urls.filter(function (url) { return url.indexOf("/library/") !== 0; });
    }
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) { registration.active.postMessage({ type: "keep-offline", urls: urls }); }
    });
  }

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      keepOffline();
      // A signed-out page (login, sign-up) means the pages kept for offline use must go.
      if (strings.signedOut !== undefined) {
        navigator.serviceWorker.ready.then(function (registration) {
          if (registration.active) { registration.active.postMessage("signed-out"); }
        });
      }
    }).catch(function () { /* no offline copy; the app works online as before */ });
  }

  var copiedAt = root.getAttribute("data-offline-copy");
  var banner = null;

  function when(iso) {
    var date = new Date(iso);
    try {
      return date.toLocaleString(root.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
    } catch (error) {
      return date.toLocaleString();
    }
  }

  // The spec's banner: shown while offline, dismissible, back on the next page.
  function showBanner() {
    if (banner) { banner.hidden = false; return; }
    banner = document.createElement("div");
    banner.className = "offline-banner";
    banner.setAttribute("role", "status");
    var text = document.createElement("p");
    text.className = "offline-banner-text";
    var cached = copiedAt && root.hasAttribute("data-offline-cached");
    text.textContent = cached ? (strings.offlineCached || "").replace("{time}", when(copiedAt)) : strings.offlineBanner;
    banner.appendChild(text);
    if (copiedAt && !cached) {
      var from = document.createElement("p");
      from.className = "offline-banner-from";
      from.textContent = (strings.offlineDataFrom || "").replace("{time}", when(copiedAt));
      banner.appendChild(from);
    }
    var close = document.createElement("button");
    close.type = "button";
    close.className = "dismiss-button offline-banner-close";
    close.setAttribute("aria-label", strings.dismiss);
    close.textContent = "×";
    close.addEventListener("click", function () { banner.hidden = true; });
    banner.appendChild(close);
    // Below the top bar, so the skip link stays the first thing the keyboard reaches.
    var bar = document.querySelector(".top-bar");
    document.body.insertBefore(banner, bar ? bar.nextSibling : document.body.firstChild);
  }
  function hideBanner() { if (banner && !copiedAt) { banner.hidden = true; } }

  if (!navigator.onLine || copiedAt) { showBanner(); }
  window.addEventListener("offline", showBanner);

  // Spec 001's offline indicators: what needs the server (a form that posts, other than those the
  // outbox keeps for later) is greyed out while there is no connection, and says why if tried.
  function isOffline() { return !navigator.onLine || !!copiedAt; }
  function needsConnection(form) {
    return form && form.method === "post" && !form.hasAttribute("data-sync-kind");
  }
  function markActions() {
    var offline = isOffline();
    Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
      if (!needsConnection(form)) { return; }
      Array.prototype.forEach.call(form.querySelectorAll("button:not([type=button]), input[type=submit]"), function (button) {
        button.classList.toggle("needs-connection", offline);
        if (offline) {
          button.setAttribute("aria-disabled", "true");
          button.title = strings.needsConnection || "";
        } else {
          button.removeAttribute("aria-disabled");
          button.removeAttribute("title");
        }
      });
    });
  }
  document.addEventListener("submit", function (event) {
    if (!isOffline() || !needsConnection(event.target)) { return; }
    event.preventDefault();
    showBanner();
    if (banner) {
      var note = banner.querySelector(".offline-banner-needs") || document.createElement("p");
      note.className = "offline-banner-needs";
      note.textContent = strings.needsConnection || "";
      banner.insertBefore(note, banner.querySelector(".offline-banner-close"));
    }
  }, true);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", markActions);
  } else {
    markActions();
  }
  window.addEventListener("offline", markActions);
  window.addEventListener("online", markActions);

  // The offline outbox (outbox.js and outbox-ui.js, half the script a page would load) comes only
  // when it can matter: this page is the device's copy or the connection is gone, something waits
  // to be sent, or the connection goes while the page is open (the files come from the worker's copy).
  var outboxAsked = false;
  function loadOutbox() {
    if (outboxAsked || !document.getElementById("sync-strings") || document.querySelector("script[src='/assets/outbox.js']")) { return; }
    outboxAsked = true;
    ["/assets/idb.js", "/assets/outbox.js", "/assets/outbox-ui.js"].forEach(function (src) {
      var script = document.createElement("script");
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  var waiting = false;
  try { waiting = !!localStorage.getItem("thrive.outbox.waiting"); } catch (unavailable) { waiting = true; }
  if (!navigator.onLine || copiedAt || waiting) { loadOutbox(); }
  window.addEventListener("offline", loadOutbox);
  window.addEventListener("online", hideBanner);
})();
