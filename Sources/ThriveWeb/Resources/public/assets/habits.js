// Habit cards: a tap (Done, Skip, +1, Reset, Undo) posts the same form the page would, and the
// card, the day's summary and the toast are swapped from the page the server answers with, so the
// person stays where they were. Minutes habits get a start/stop timer kept across reloads.
// Without this file every button is a plain form that reloads the page.
(function () {
  "use strict";
  var strings = (document.getElementById("ui-strings") || { dataset: {} }).dataset;

  function swap(selector, fresh) {
    var old = document.querySelector(selector);
    var next = fresh.querySelector(selector);
    if (old && next) { old.replaceWith(next); } else if (old) { old.remove(); }
    return next;
  }

  function focusAfter(id, action) {
    var card = document.getElementById("habit-" + id);
    var same = card && card.querySelector("form[data-habit-action] button[name=action][value=" + action + "]");
    // The same button if it is still there, else the card's first (Reset after Done), so the
    // person stays where they were; the toast's Undo is announced and a Tab away from the top.
    var target = same || (card && card.querySelector("button, a"));
    if (!target) { target = document.querySelector("#habit-toast button"); }
    if (target) { target.focus(); }
  }

  // A short buzz confirms a tap that counted; a longer one celebrates a streak milestone. Devices
  // without vibration (every laptop) skip it, as does taking a check-in back.
  function buzz(fresh, body) {
    if (!navigator.vibrate || body.get("action") === "clear" || body.get("undo")) { return; }
    navigator.vibrate(fresh.querySelector("#habit-toast .celebration-burst") ? [40, 60, 40, 60, 120] : 15);
  }

  function post(form, body) {
    // form.action would be the <input name="action">, not the address.
    var url = form.getAttribute("action");
    var id = url.split("/").slice(-2)[0];
    var action = body.get("action");
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = true; });
    return fetch(url, {
      method: "POST", credentials: "same-origin", body: new URLSearchParams(body),
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (reply) {
      if (!reply.ok) { throw new Error("not saved"); }
      return reply.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html");
      swap("#habit-" + id, fresh);
      swap("#habit-toast", fresh);
      Array.prototype.forEach.call(document.querySelectorAll("[data-habit-summary]"), function (node, index) {
        var next = fresh.querySelectorAll("[data-habit-summary]")[index];
        if (next) { node.textContent = next.textContent; }
      });
      wire(document);
      focusAfter(id, action);
      buzz(fresh, body);
    }).catch(function () {
      Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = false; });
      if (!navigator.onLine && keepOffline(form, id, body)) { return; }
      var toast = document.getElementById("habit-toast");
      if (toast) {
        toast.hidden = false;
        toast.className = "notice notice-error toast habit-toast";
        toast.setAttribute("role", "alert");
        toast.textContent = navigator.onLine ? strings.notSaved : strings.offline;
      }
    });
  }

  // Offline, a tap goes to the outbox as a sync change (kind habitCheckIn) and is sent when the
  // connection is back; the server keeps whichever check-in of the day was made last.
  function syncID(habit, day) {
    var parts = day.split("-").map(Number);
    var number = Math.floor(Date.UTC(parts[0], parts[1] - 1, parts[2]) / 86400000) >>> 0;
    var hex = habit.replace(/-/g, "");
    var tail = (parseInt(hex.slice(24), 16) ^ number) >>> 0;
    hex = hex.slice(0, 24) + ("00000000" + tail.toString(16)).slice(-8);
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  function keepOffline(form, id, body) {
    var sync = (document.getElementById("sync-strings") || { dataset: {} }).dataset;
    var card = document.getElementById("habit-" + id);
    if (!window.ThriveOutbox || !sync.person || !card) { return false; }
    var day = card.getAttribute("data-day");
    var amount = body.get("action") === "add" ? body.get("amount") : null;
    var change = {
      kind: "habitCheckIn", recordID: syncID(id, day), operation: "upsert", baseVersion: null,
      fields: { habitId: id, day: day, action: body.get("action"), amount: amount ? Number(amount) : null }
    };
    var name = (card.querySelector(".habit-name") || {}).textContent || "";
    window.ThriveOutbox.add(sync.person, change, name).then(function () {
      var toast = document.getElementById("habit-toast");
      if (toast) {
        toast.hidden = false;
        toast.className = "notice notice-info toast habit-toast";
        toast.setAttribute("role", "status");
        toast.textContent = sync.habitSavedOffline;
      }
      card.classList.add("habit-queued");
    });
    return true;
  }

  function timerKey(id) { return "thrive.habitTimer." + id; }

  function wireTimer(button) {
    var card = button.closest(".habit-card");
    var id = card.id.slice("habit-".length);
    var form = card.querySelector("form[data-habit-action]");
    var startLabel = button.firstChild.textContent;
    var status = document.createElement("p");
    status.className = "habit-timer-status muted";
    status.setAttribute("aria-live", "polite");
    button.after(status);
    var tick = null;
    function started() { return Number(localStorage.getItem(timerKey(id)) || 0); }
    function minutes() { return Math.max(1, Math.round((Date.now() - started()) / 60000)); }
    function show() {
      var running = started() > 0;
      button.setAttribute("aria-pressed", running ? "true" : "false");
      button.firstChild.textContent = running ? strings.habitTimerStop : startLabel;
      status.textContent = running ? strings.habitTimerRunning.replace("{minutes}", minutes()) : "";
      if (running && !tick) { tick = setInterval(show, 30000); }
      if (!running && tick) { clearInterval(tick); tick = null; }
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      if (started() > 0) {
        var amount = Math.min(minutes(), 600);
        localStorage.removeItem(timerKey(id));
        show();
        var body = new FormData(form);
        body.set("action", "add");
        body.set("amount", String(amount));
        post(form, body);
      } else {
        localStorage.setItem(timerKey(id), String(Date.now()));
        show();
      }
    });
    show();
  }

  function wire(scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("form[data-habit-action]:not([data-wired])"), function (form) {
      form.setAttribute("data-wired", "");
      form.addEventListener("submit", function (event) {
        if (!window.fetch || !window.DOMParser) { return; }
        event.preventDefault();
        // The card is one form; the button pressed says which action (Enter presses the first).
        var body = new FormData(form);
        var pressed = event.submitter || form.querySelector("button[name=action]");
        if (pressed && pressed.name) { body.set(pressed.name, pressed.value); }
        post(form, body);
      });
    });
    Array.prototype.forEach.call(scope.querySelectorAll("[data-habit-timer]:not([data-wired])"), function (button) {
      button.setAttribute("data-wired", "");
      wireTimer(button);
    });
  }

  // The habit form shows the target and unit, the days or the times a week, only when they apply.
  var habitForm = document.querySelector("form.habit-form");
  function showFields() {
    var measure = (habitForm.querySelector("input[name=measure]:checked") || {}).value;
    var schedule = (habitForm.querySelector("input[name=schedule]:checked") || {}).value;
    Array.prototype.forEach.call(habitForm.querySelectorAll("[data-shown-for]"), function (node) {
      node.hidden = node.getAttribute("data-shown-for").split(" ").indexOf(measure) < 0;
    });
    Array.prototype.forEach.call(habitForm.querySelectorAll("[data-shown-for-schedule]"), function (node) {
      node.hidden = node.getAttribute("data-shown-for-schedule") !== schedule;
    });
  }
  if (habitForm) {
    habitForm.addEventListener("change", showFields);
    showFields();
  }

  wire(document);
})();
