// Push on this device. Settings › Notifications turns it on (asks the browser's permission,
// subscribes with the server's Web Push key, registers the subscription) or off (unsubscribes and
// forgets the device); after the first habit, the habits page asks once, and "Not now" is kept.
(function () {
  "use strict";
  var DEVICE = "thrive.push.device";
  var DISMISSED = "thrive.push.askDismissed";

  function supported() {
    return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  }

  function csrf() {
    var strings = document.getElementById("sync-strings");
    return strings ? strings.getAttribute("data-csrf") : "";
  }

  function keyBytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) { base64 += "="; }
    var raw = atob(base64);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }

  function api(method, path, body) {
    return fetch(path, {
      method: method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
      body: body ? JSON.stringify(body) : undefined
    }).then(function (reply) {
      if (reply.status === 204 || reply.status === 404) { return null; }
      if (!reply.ok) { throw new Error("status " + reply.status); }
      return reply.json();
    });
  }

  function currentSubscription() {
    return navigator.serviceWorker.ready.then(function (registration) {
      return registration.pushManager.getSubscription();
    });
  }

  // A browser whose push service cannot be reached never settles subscribe(): give up after 20 s.
  function withinTime(promise) {
    return Promise.race([promise, new Promise(function (resolve, reject) {
      setTimeout(function () { reject(new Error("timeout")); }, 20000);
    })]);
  }

  function turnOn(key) {
    return withinTime(Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") {
        var refused = new Error("blocked");
        refused.blocked = true;
        throw refused;
      }
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      return registration.pushManager.getSubscription().then(function (existing) {
        return existing || registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
      });
    }).then(function (subscription) {
      var json = subscription.toJSON();
      return api("POST", "/api/v1/mobile/devices", {
        deviceToken: "webpush:" + json.endpoint, platform: "web", keys: json.keys
      });
    })).then(function (device) {
      localStorage.setItem(DEVICE, device.id);
      localStorage.setItem("thrive.push.renewed", String(Date.now()));
    });
  }

  function turnOff() {
    return currentSubscription().then(function (subscription) {
      return subscription ? subscription.unsubscribe() : false;
    }).then(function () {
      var id = localStorage.getItem(DEVICE);
      localStorage.removeItem(DEVICE);
      return id ? api("DELETE", "/api/v1/mobile/devices/" + encodeURIComponent(id)) : null;
    });
  }

  function settingsPanel(panel) {
    var state = panel.querySelector("[data-push-state]");
    var on = panel.querySelector("[data-push-on]");
    var off = panel.querySelector("[data-push-off]");
    function show(word, which) {
      state.textContent = panel.getAttribute("data-" + word);
      on.hidden = which !== "on";
      off.hidden = which !== "off";
    }
    function done() { location.href = "/profile/settings?saved=notifications#notifications"; }
    function failed(error) { show(error && error.blocked ? "blocked" : "failed", error && error.blocked ? "" : "on"); }
    if (!supported()) { show("unsupported", ""); return; }
    if (Notification.permission === "denied") { show("blocked", ""); return; }
    currentSubscription().then(function (subscription) {
      var mine = subscription && localStorage.getItem(DEVICE);
      show(mine ? "on" : "off", mine ? "off" : "on");
    });
    on.addEventListener("click", function () {
      show("working", "");
      turnOn(panel.getAttribute("data-key")).then(done, failed);
    });
    off.addEventListener("click", function () {
      show("working", "");
      turnOff().then(done, failed);
    });
  }

  function askPanel(panel) {
    if (!supported() || Notification.permission !== "default" || localStorage.getItem(DISMISSED)) { return; }
    panel.hidden = false;
    var status = panel.querySelector("[data-push-state]");
    panel.querySelector("[data-push-on]").addEventListener("click", function () {
      status.textContent = panel.getAttribute("data-working");
      turnOn(panel.getAttribute("data-key")).then(function () {
        status.textContent = panel.getAttribute("data-on");
        panel.querySelector("[data-push-buttons]").hidden = true;
      }, function (error) {
        status.textContent = panel.getAttribute(error && error.blocked ? "data-blocked" : "data-failed");
      });
    });
    panel.querySelector("[data-push-dismiss]").addEventListener("click", function () {
      localStorage.setItem(DISMISSED, "1");
      panel.hidden = true;
    });
  }

  // Registers this device's subscription again (the same endpoint keeps its id), making a new one
  // with the server's key if the browser dropped it.
  function renew() {
    if (!supported() || Notification.permission !== "granted") { return; }
    currentSubscription().then(function (subscription) {
      if (subscription) { return subscription; }
      return fetch("/api/v1/mobile/notifications/web-push-key", { credentials: "same-origin" })
        .then(function (reply) { return reply.json(); })
        .then(function (body) {
          return navigator.serviceWorker.ready.then(function (registration) {
            return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(body.publicKey) });
          });
        });
    }).then(function (subscription) {
      var json = subscription.toJSON();
      return api("POST", "/api/v1/mobile/devices", { deviceToken: "webpush:" + json.endpoint, platform: "web", keys: json.keys });
    }).then(function (device) {
      localStorage.setItem(DEVICE, device.id);
      localStorage.setItem("thrive.push.renewed", String(Date.now()));
    }).catch(function () { /* tried again on a later visit */ });
  }

  var settings = document.querySelector("[data-push]");
  if (settings) { settingsPanel(settings); }
  var ask = document.querySelector("[data-push-ask]");
  if (ask) { askPanel(ask); }
  if (!settings && !ask && localStorage.getItem(DEVICE)) { renew(); }
})();
