// The app lock. On every page of a person who has it on: it notes their use (shared by the tabs
// through localStorage), warns a minute before the lock with a button to stay (WCAG 2.2.1), then
// tells the server and draws the lock screen over the page, whose state stays as it was beneath
// (inert, covered). It opens with a passkey, the PIN or the password, posted as JSON; after three
// failed passkey tries (or five PINs) the server offers only the password. On /unlock itself (a
// page opened while locked), only the passkey button needs this file.
(function () {
  "use strict";
  var overlay = document.getElementById("app-lock");
  var screen = document.getElementById("lock-screen");
  var root = overlay || screen;
  if (!root) { return; }
  var data = root.dataset;
  var passkeys = window.ThrivePasskeys;
  var status = root.querySelector(".lock-status");
  var passkeyButton = root.querySelector(".lock-passkey");

  function say(text) { status.textContent = text; }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/json", "X-CSRF-Token": data.csrf },
      body: JSON.stringify(body || {})
    }).then(function (response) {
      if (response.status === 204) { return {}; }
      return response.json().catch(function () { return {}; }).then(function (json) {
        if (!response.ok) {
          var error = new Error((json.error && json.error.message) || response.statusText);
          error.code = json.error && json.error.code;
          error.fromServer = true;
          throw error;
        }
        return json;
      });
    });
  }

  // Which ways are offered: the server's answer, and passkeys only where the browser has them.
  function offer(ways) {
    root.querySelector("[data-way=passkey]").hidden = !(ways.passkey && passkeys && passkeys.supported());
    root.querySelector("[data-way=pin]").hidden = !ways.pin;
    root.querySelector("[data-way=password]").hidden = ways.password === false;
    ["google", "apple"].forEach(function (provider) {
      var form = root.querySelector("[data-way=" + provider + "]");
      form.hidden = !ways[provider];
      // The provider's round trip reloads the page: it comes back to this one.
      var next = form.querySelector("[data-lock-next]");
      if (!next.value) { next.value = location.pathname + location.search; }
    });
  }

  function passwordOnly(message) {
    // The password, or Google or Apple for a person who signs in with them.
    offer({
      passkey: false, pin: false, password: !root.querySelector("[data-way=password]").hidden,
      google: !root.querySelector("[data-way=google]").hidden, apple: !root.querySelector("[data-way=apple]").hidden
    });
    say(message);
    root.querySelector("[data-way=password] input[type=password]").focus();
  }

  if (screen) {
    offer({
      passkey: !passkeyButton.parentNode.hidden, pin: !root.querySelector("[data-way=pin]").hidden,
      password: !root.querySelector("[data-way=password]").hidden,
      google: !root.querySelector("[data-way=google]").hidden, apple: !root.querySelector("[data-way=apple]").hidden
    });
  }

  function unlocked() {
    if (screen) { window.location.assign(data.next); return; }
    open();
  }

  if (passkeyButton) {
    passkeyButton.addEventListener("click", function () {
      passkeyButton.disabled = true;
      passkeys.use("/unlock/passkey", data.csrf).then(unlocked).catch(function (error) {
        var counted = error.fromServer ? Promise.resolve(null) : post("/unlock/passkey/failed").catch(function () { return null; });
        counted.then(function (ways) {
          if (error.code === "password_needed" || (ways && !ways.passkey)) {
            passwordOnly(error.code === "password_needed" ? error.message : data.passwordNeeded);
            return;
          }
          if (ways) { offer(ways); }
          say(passkeys.explain(error, data));
        });
      }).then(function () { passkeyButton.disabled = false; });
    });
  }

  if (!overlay) { return; }

  // The overlay: the page's own clock of use, the warning, and the lock.
  var lockAfter = Number(data.lockAfter) * 1000;
  var warnBefore = Number(data.warnBefore) * 1000;
  var activeEvery = Number(data.activeEvery) * 1000;
  var warning = document.getElementById("lock-warning");
  var warningText = document.getElementById("lock-warning-text");
  var USED = "thrive.lock.used";
  var LOCKED = "thrive.lock.closed";
  var locked = false;
  var lastTold = Date.now();
  var memory = {};

  function read(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return memory[key] || null; }
  }
  function write(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { memory[key] = value; }
  }
  function lastUse() { return Number(read(USED)) || Date.now(); }

  function used() {
    if (locked) { return; }
    var now = Date.now();
    if (now - lastUse() > 1000) { write(USED, String(now)); }
    warning.hidden = true;
    if (now - lastTold >= activeEvery) {
      lastTold = now;
      post("/lock/active").catch(function (error) { if (error.code === "locked") { close(false); } });
    }
  }

  function others() {
    return Array.prototype.filter.call(document.body.children, function (element) {
      return element !== overlay && element.tagName !== "SCRIPT";
    });
  }

  function close(tell) {
    if (locked) { return; }
    locked = true;
    warning.hidden = true;
    write(LOCKED, "1");
    others().forEach(function (element) { element.inert = true; });
    document.documentElement.classList.add("is-locked");
    overlay.hidden = false;
    say("");
    offer({ passkey: false, pin: false });
    var answer = tell ? post("/lock") : fetch("/unlock/ways", { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; });
    answer.then(function (ways) { if (ways) { offer(ways); } }).catch(function () {});
    var first = overlay.querySelector("[data-way=password] input[type=password]");
    first.focus();
  }

  function open() {
    locked = false;
    write(LOCKED, "0");
    write(USED, String(Date.now()));
    lastTold = Date.now();
    overlay.hidden = true;
    document.documentElement.classList.remove("is-locked");
    others().forEach(function (element) { element.inert = false; });
    Array.prototype.forEach.call(overlay.querySelectorAll("input[name=secret]"), function (input) { input.value = ""; });
  }

  function tick() {
    if (locked) { return; }
    var idle = Date.now() - lastUse();
    if (idle >= lockAfter) { close(true); return; }
    if (idle >= lockAfter - warnBefore) {
      var seconds = Math.max(1, Math.ceil((lockAfter - idle) / 1000));
      warningText.textContent = warningText.dataset.template.replace("{seconds}", String(seconds));
      if (warning.hidden) {
        warning.hidden = false;
        warning.querySelector("button").focus();
      }
    }
  }

  Array.prototype.forEach.call(overlay.querySelectorAll("form[action='/unlock']"), function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var method = form.querySelector("input[name=method]").value;
      var secret = form.querySelector("input[name=secret]");
      var button = form.querySelector("button[type=submit]");
      button.disabled = true;
      post("/unlock", { method: method, secret: secret.value }).then(open).catch(function (error) {
        secret.value = "";
        if (error.code === "password_needed") { passwordOnly(error.message); } else { say(error.message); secret.focus(); }
      }).then(function () { button.disabled = false; });
    });
  });

  var lockNow = document.getElementById("lock-now");
  if (lockNow) {
    lockNow.addEventListener("submit", function (event) {
      event.preventDefault();
      close(true);
    });
  }

  warning.querySelector("button").addEventListener("click", function () {
    lastTold = 0;
    used();
  });
  // A person's own doing only: a page scrolled or resized by itself is not use.
  ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "touchmove"].forEach(function (name) {
    window.addEventListener(name, used, { passive: true, capture: true });
  });
  window.addEventListener("storage", function (event) {
    if (event.key === LOCKED && event.newValue === "1") { close(false); }
    if (event.key === LOCKED && event.newValue === "0" && locked) { open(); }
    if (event.key === USED) { warning.hidden = true; }
  });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { tick(); } });
  // The server drew this page, so this session is open: so are the other tabs.
  write(LOCKED, "0");
  write(USED, String(Date.now()));
  window.setInterval(tick, 1000);
})();
