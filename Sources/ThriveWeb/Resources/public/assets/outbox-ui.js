// Offline logging and sync in the page: forms that say what they are in sync (data-sync-kind) are
// kept in the outbox while offline; the outbox is sent when the connection is back (within seconds,
// and every 20 seconds while anything waits), with progress and "Synced N entries"; Settings shows
// what waits, a "Sync now" button and the conflicts to settle (outbox-settings.js).
(function () {
  "use strict";
  var outbox = window.ThriveOutbox;
  var root = document.documentElement;
  var info = document.getElementById("sync-strings");
  if (!outbox || !info || !window.indexedDB || !window.crypto || !crypto.subtle) { return; }
  var strings = info.dataset;
  var person = strings.person;
  var token = strings.csrf;
  var locale = root.lang || undefined;

  function say(template, values) {
    return Object.keys(values || {}).reduce(function (text, name) {
      return text.split("{" + name + "}").join(values[name]);
    }, template || "");
  }
  function plural(one, other, count) {
    var rule = new Intl.PluralRules(locale).select(count);
    return say(rule === "one" ? one : other, { count: count.toLocaleString(locale) });
  }

  // The live region every outcome is told in; a progress bar while sending.
  var toast = document.createElement("div");
  toast.className = "sync-toast";
  toast.setAttribute("role", "status");
  toast.setAttribute("aria-live", "polite");
  toast.hidden = true;
  var toastText = document.createElement("p");
  var progress = document.createElement("progress");
  progress.hidden = true;
  var review = document.createElement("a");
  review.href = "/profile/settings#offline";
  review.textContent = strings.review;
  review.hidden = true;
  var close = document.createElement("button");
  close.type = "button";
  close.className = "dismiss-button sync-toast-close";
  close.setAttribute("aria-label", strings.dismiss);
  close.textContent = "×";
  close.addEventListener("click", function () { toast.hidden = true; });
  toast.appendChild(toastText);
  toast.appendChild(close);
  toast.appendChild(progress);
  toast.appendChild(review);
  document.body.appendChild(toast);
  var hideTimer = null;
  function tell(text, options) {
    options = options || {};
    clearTimeout(hideTimer);
    toast.hidden = false;
    toast.classList.toggle("is-problem", !!options.problem);
    toastText.textContent = text;
    review.hidden = !options.review || !!document.querySelector("[data-outbox]");
    progress.hidden = options.total === undefined;
    if (options.total !== undefined) { progress.max = options.total; progress.value = options.done; }
    if (!options.stay) { hideTimer = setTimeout(function () { toast.hidden = true; }, 8000); }
  }

  var offline = function () { return !navigator.onLine || root.hasAttribute("data-offline-copy"); };

  // MARK: Forms kept offline

  function pad(number) { return (number < 10 ? "0" : "") + number; }
  // The offset of a zone at a moment, in milliseconds, from what Intl says the wall clock reads.
  function offsetAt(ms, zone) {
    var parts = {};
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit", second: "2-digit"
    }).formatToParts(new Date(ms)).forEach(function (part) { parts[part.type] = part.value; });
    var wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute, +parts.second);
    return wall - Math.floor(ms / 1000) * 1000;
  }
  // A wall-clock time on a day in the person's zone, as the server reads the same form.
  function moment(day, time, zone) {
    var d = day.split("-"), t = time.split(":");
    var wall = Date.UTC(+d[0], +d[1] - 1, +d[2], +t[0], +t[1]);
    var first = offsetAt(wall, zone);
    var second = offsetAt(wall - first, zone);
    return new Date(wall - second);
  }
  function today(zone) {
    var parts = {};
    new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(new Date()).forEach(function (part) { parts[part.type] = part.value; });
    return parts.year + "-" + parts.month + "-" + parts.day;
  }
  function previousDay(day) {
    var d = day.split("-"), date = new Date(Date.UTC(+d[0], +d[1] - 1, +d[2]) - 86400000);
    return date.getUTCFullYear() + "-" + pad(date.getUTCMonth() + 1) + "-" + pad(date.getUTCDate());
  }

  function missing(field) {
    var problem = new Error(strings.required);
    problem.field = field;
    return problem;
  }

  // A kit number as printed, FU-KIT-[10 digits]-[check], its check character by ISO 7064 MOD 11-2
  // (as the server checks it): a typo is caught on the device, before the queue.
  function kitNumber(text) {
    var match = /^FU-KIT-(\d{10})-([\dX])$/.exec(String(text || "").trim().toUpperCase());
    if (!match) { return null; }
    var p = 0;
    for (var i = 0; i < 10; i++) { p = (p + Number(match[1].charAt(i))) * 2 % 11; }
    var check = (12 - p) % 11;
    return (check === 10 ? "X" : String(check)) === match[2] ? match[0] : null;
  }

  // The fields of a change, as the entries API takes them, from a form as the server would read it.
  function fieldsOf(form) {
    var data = new FormData(form);
    var zone = form.dataset.syncZone, imperial = form.dataset.syncUnits === "imperial";
    function text(name) { var value = data.get(name); value = value === null ? "" : String(value).trim(); return value || null; }
    function number(name) { var value = text(name); return value === null ? null : Number(value.replace(",", ".")); }
    function whole(name) { var value = number(name); return value === null ? undefined : value; }
    var day = text("date") || form.dataset.syncDate || today(zone);
    var isToday = day === today(zone);
    function at(name) {
      var time = text(name);
      if (time) { return moment(day, time, zone).toISOString(); }
      return isToday ? new Date().toISOString() : moment(day, "12:00", zone).toISOString();
    }
    switch (form.dataset.syncKind) {
    case "testKit":
      if (!text("barcode")) { throw missing("barcode"); }
      if (!kitNumber(text("barcode"))) {
        var wrong = new Error(form.dataset.syncInvalid);
        wrong.field = "barcode";
        throw wrong;
      }
      return { barcode: kitNumber(text("barcode")) };
    case "moodCheckIn":
      if (number("mood") === null) { throw missing("mood"); }
      return { mood: number("mood"), energy: whole("energy"), stress: whole("stress"), note: text("note") || undefined,
        recordedAt: at("time") };
    case "journalEntry":
      if (!text("text")) { throw missing("text"); }
      return { text: text("text"), writtenAt: at("time") };
    case "weighIn":
      if (number("weight") === null) { throw missing("weight"); }
      return { kilograms: imperial ? number("weight") * 0.45359237 : number("weight"), measuredAt: at("time") };
    case "water":
      var quick = number("millilitres"), typed = number("amount");
      if (quick === null && typed === null) { throw missing("amount"); }
      return { millilitres: quick !== null ? quick : imperial ? typed * 29.57353 : typed, drankAt: at("time") };
    case "sleep":
      if (!text("end")) { throw missing("end"); }
      if (!text("start")) { throw missing("start"); }
      var end = moment(day, text("end"), zone), start = moment(day, text("start"), zone);
      if (start >= end) { start = moment(previousDay(day), text("start"), zone); }
      return { start: start.toISOString(), end: end.toISOString(), quality: whole("quality") };
    case "workout":
      var minutes = number("minutes");
      if (minutes === null) { throw missing("minutes"); }
      var distance = number("distance");
      return { activityType: text("activity") || undefined, minutes: minutes, sets: workoutSets(data, number, imperial),
        activeEnergyKilocalories: whole("energy"),
        distanceMetres: distance === null ? undefined : distance * (imperial ? 1609.344 : 1000),
        // Blank means it just ended (today) or started at noon (an earlier day), as the server reads it.
        startedAt: text("time") || !isToday ? at("time") : new Date(Date.now() - minutes * 60000).toISOString() };
    case "meal":
      if (!text("name")) { throw missing("name"); }
      if (number("energy") === null) { throw missing("energy"); }
      return { meal: text("slot"), name: text("name"), energyKilocalories: number("energy"),
        proteinGrams: whole("protein"), carbohydrateGrams: whole("carbohydrate"), fatGrams: whole("fat"),
        consumedAt: at("time") };
    }
    return null;
  }

  // The sets done, in the form's order: a timed exercise's minutes, or each row with reps or a load.
  function workoutSets(data, number, imperial) {
    var sets = [];
    for (var i = 0; data.get("exercise-" + i) !== null; i++) {
      var exercise = String(data.get("exercise-" + i));
      if (data.has("duration-" + i)) {
        var minutes = number("duration-" + i);
        if (minutes !== null) { sets.push({ exercise: exercise, durationSeconds: minutes * 60 }); }
        continue;
      }
      for (var j = 0; data.has("reps-" + i + "-" + j) || data.has("load-" + i + "-" + j); j++) {
        var reps = number("reps-" + i + "-" + j), load = number("load-" + i + "-" + j);
        if (reps === null && load === null) { continue; }
        sets.push({ exercise: exercise, reps: reps === null ? undefined : reps,
          loadKilograms: load === null ? undefined : imperial ? load * 0.45359237 : load });
      }
    }
    return sets.length ? sets : undefined;
  }

  function showProblem(form, problem) {
    var input = problem.field && form.querySelector("[name='" + problem.field + "']");
    var note = form.querySelector(".offline-form-error");
    if (!note) {
      note = document.createElement("p");
      note.className = "field-error offline-form-error";
      note.id = "offline-form-error";
      note.setAttribute("role", "alert");
      form.insertBefore(note, form.firstChild);
    }
    note.textContent = "⚠ " + problem.message;
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", note.id);
      input.focus();
    }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-sync-kind]") || !offline()) { return; }
    event.preventDefault();
    var fields;
    try { fields = fieldsOf(form); } catch (problem) { showProblem(form, problem); return; }
    var version = form.dataset.syncVersion;
    var change = {
      kind: form.dataset.syncKind, recordID: form.dataset.syncRecord || outbox.newID(), operation: "upsert",
      baseVersion: version ? Number(version) : undefined, fields: JSON.parse(JSON.stringify(fields))
    };
    outbox.add(person, change, form.dataset.syncLabel).then(function () {
      var error = form.querySelector(".offline-form-error");
      if (error) { error.remove(); }
      Array.prototype.forEach.call(form.querySelectorAll("[aria-describedby='offline-form-error']"), function (input) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      });
      if (!form.dataset.syncRecord) { form.reset(); }
      tell(form.dataset.syncSaved || strings.savedOffline);
    }, function (problem) {
      tell(problem.full ? strings.outboxFull : strings.cacheError, { problem: true });
    });
  }, true);

  // Settings changed while offline go in the outbox too (app.js asks for it).
  window.ThriveOfflineSettings = function (patch, version) {
    return outbox.add(person, {
      kind: "settings", recordID: person, operation: "upsert", baseVersion: version, fields: patch
    }, strings.settingsLabel).then(function () { tell(strings.savedOffline); });
  };

  // MARK: Sending

  function syncNow() {
    if (!navigator.onLine) { return Promise.resolve(); }
    return outbox.sync(person, token).catch(function () { /* told through the events below */ });
  }

  document.addEventListener("thrive:outbox", function (event) {
    var detail = event.detail;
    switch (detail.state) {
    case "progress":
      tell(say(strings.syncing, { done: detail.done, total: detail.total }), { done: detail.done, total: detail.total, stay: true });
      break;
    case "synced":
      failing = false;
      var parts = detail.synced ? [plural(strings.syncedOne, strings.syncedOther, detail.synced) + "."] : [];
      if (detail.conflicts) { parts.push(strings.conflictFound); }
      if (detail.rejected) { parts.push(strings.someRejected); }
      var trouble = detail.conflicts > 0 || detail.rejected > 0;
      tell(parts.join(" "), { problem: trouble, review: trouble, stay: trouble });
      break;
    case "failed":
      // Said once; the tries every 20 seconds after it stay quiet until one works.
      if (!failing) { tell(strings.syncFailed, { problem: true }); }
      failing = true;
      break;
    case "signed-out": tell(strings.signInToSync, { problem: true }); break;
    case "corrupted": tell(strings.cacheError, { problem: true }); break;
    }
  });

  var failing = false;
  window.addEventListener("online", function () { failing = false; setTimeout(syncNow, 1000); });
  // Also while a page is the device's copy: the server may be back before the page is reloaded.
  setInterval(function () { if (navigator.onLine) { syncNow(); } }, 20000);
  if (!offline()) { setTimeout(syncNow, 500); }

  navigator.serviceWorker && navigator.serviceWorker.addEventListener("message", function (event) {
    if (event.data && event.data.type === "storage-cleared") { tell(strings.storageCleared, { problem: true }); }
  });

  // What the settings page's offline panel (outbox-settings.js) shares with this file.
  window.ThriveSync = { outbox: outbox, person: person, strings: strings, locale: locale, say: say, plural: plural, tell: tell, syncNow: syncNow };

  // Features that need the server say so while offline (the spec's restricted features).
  function restricted() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-offline-note]"), function (note) {
      note.hidden = !offline();
    });
  }
  restricted();
  window.addEventListener("offline", restricted);
  window.addEventListener("online", restricted);
})();
