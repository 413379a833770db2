// Offline logging and sync in the page: forms that say what they are in sync (data-sync-kind) are
// kept in the outbox while offline; the outbox is sent when the connection is back (within seconds,
// and every 20 seconds while anything waits), with progress and "Synced N entries"; Settings shows
// what waits, a "Sync now" button and the conflicts to settle.
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
      if (!form.dataset.syncRecord) { form.reset(); }
      tell(strings.savedOffline);
      render();
    }, function (problem) {
      tell(problem.full ? strings.outboxFull : strings.cacheError, { problem: true });
    });
  }, true);

  // Settings changed while offline go in the outbox too (app.js asks for it).
  window.ThriveOfflineSettings = function (patch, version) {
    return outbox.add(person, {
      kind: "settings", recordID: person, operation: "upsert", baseVersion: version, fields: patch
    }, strings.settingsLabel).then(function () { tell(strings.savedOffline); render(); });
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
      render();
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

  // MARK: Settings › Offline entries

  var card = document.querySelector("[data-outbox]");
  var fieldNames = {};
  Array.prototype.forEach.call(document.querySelectorAll("#sync-field-names [data-field]"), function (node) {
    fieldNames[node.getAttribute("data-field")] = node.textContent;
  });

  function isMoment(value) { return typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value); }
  function shown(value) {
    if (value === undefined || value === null || value === "") { return "–"; }
    if (isMoment(value)) {
      var style = { dateStyle: "medium", timeStyle: "short" };
      try {
        return new Date(value).toLocaleString(locale, Object.assign({ timeZone: card.dataset.zone }, style));
      } catch (unknownZone) {
        return new Date(value).toLocaleString(locale, style);
      }
    }
    if (typeof value === "number") { return value.toLocaleString(locale, { maximumFractionDigits: 1 }); }
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  // The same value: moments by the instant they name ("…08:00:00Z" and "…08:00:00.000Z" are one).
  function same(a, b) {
    if (isMoment(a) && isMoment(b)) { return Date.parse(a) === Date.parse(b); }
    return JSON.stringify(a === undefined ? null : a) === JSON.stringify(b === undefined ? null : b);
  }
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  function button(text, action, primary) {
    var node = element("button", "button" + (primary ? " button-primary" : ""), text);
    node.type = "button";
    node.addEventListener("click", action);
    return node;
  }

  // One conflict: the person's offline version beside the server's, field by field.
  function conflictView(entry, index) {
    var mine = entry.change.fields || {}, theirs = (entry.server && entry.server.fields) || {};
    var differing = Object.keys(mine).filter(function (name) { return !same(mine[name], theirs[name]); });
    var view = element("article", "conflict");
    var heading = element("h4", null, entry.label + " · " + shown(entry.madeAt));
    view.appendChild(heading);
    view.appendChild(element("p", null, strings.conflictFound));
    var table = element("table", "conflict-table");
    var head = table.createTHead().insertRow();
    [strings.field, strings.yours, strings.servers].forEach(function (title) {
      var cell = element("th", null, title);
      cell.scope = "col";
      head.appendChild(cell);
    });
    var body = table.createTBody();
    var canMerge = differing.length > 1;
    differing.forEach(function (name) {
      var row = body.insertRow();
      var title = element("th", null, fieldNames[name] || name);
      title.scope = "row";
      row.appendChild(title);
      [["mine", mine[name]], ["server", theirs[name]]].forEach(function (side) {
        var cell = row.insertCell();
        if (!canMerge) { cell.textContent = shown(side[1]); return; }
        var id = "merge-" + index + "-" + name + "-" + side[0];
        var radio = element("input");
        radio.type = "radio";
        radio.name = "merge-" + index + "-" + name;
        radio.value = side[0];
        radio.id = id;
        radio.checked = side[0] === "mine";
        var text = element("label", null, shown(side[1]));
        text.htmlFor = id;
        cell.appendChild(radio);
        cell.appendChild(text);
      });
    });
    view.appendChild(table);
    var actions = element("div", "actions");
    function settle(choice) {
      var merged = null;
      if (choice === "merged") {
        merged = {};
        Object.keys(mine).forEach(function (name) {
          var picked = view.querySelector("input[name='merge-" + index + "-" + name + "']:checked");
          merged[name] = picked && picked.value === "server" ? theirs[name] : mine[name];
        });
      }
      outbox.resolve(person, entry, choice, merged).then(syncNow).then(render);
    }
    actions.appendChild(button(strings.keepMine, function () { settle("mine"); }, true));
    actions.appendChild(button(strings.useServer, function () { settle("server"); }));
    if (canMerge) { actions.appendChild(button(strings.merge, function () { settle("merged"); })); }
    view.appendChild(actions);
    return view;
  }

  function megabytes(bytes) { return (bytes / 1048576).toLocaleString(locale, { maximumFractionDigits: 1 }) + " MB"; }

  // The pages kept for offline use, from the sizes the service worker wrote on them.
  function pagesSize() {
    if (!window.caches) { return Promise.resolve(0); }
    return Promise.all(["thrive-pages", "thrive-insights"].map(function (name) {
      return caches.has(name).then(function (has) {
        if (!has) { return 0; }
        return caches.open(name).then(function (cache) {
          return cache.keys().then(function (requests) {
            return Promise.all(requests.map(function (request) {
              return cache.match(request).then(function (hit) { return hit ? Number(hit.headers.get("X-Thrive-Size")) || 0 : 0; });
            }));
          });
        }).then(function (sizes) { return sizes.reduce(function (a, b) { return a + b; }, 0); });
      });
    })).then(function (sizes) { return sizes[0] + sizes[1]; });
  }

  var rendering = false;
  function render() {
    if (!card || rendering) { return; }
    rendering = true;
    Promise.all([outbox.entries(person), outbox.usage(), pagesSize()]).then(function (found) {
      rendering = false;
      var entries = found[0], queued = entries.filter(function (e) { return e.state === "queued"; });
      var count = card.querySelector("[data-outbox-count]");
      count.textContent = queued.length ? plural(strings.waitingOne, strings.waitingOther, queued.length) : strings.nothingWaiting;
      var list = card.querySelector("[data-outbox-list]");
      list.textContent = "";
      entries.sort(function (a, b) { return a.madeAt < b.madeAt ? -1 : a.madeAt > b.madeAt ? 1 : 0; });
      entries.filter(function (e) { return e.state !== "conflict"; }).forEach(function (entry) {
        var item = element("li", "entry");
        var words = element("div", "entry-text");
        words.appendChild(element("p", "entry-name", entry.label));
        var detail = shown(entry.madeAt);
        if (entry.state === "rejected") { detail = say(strings.notSaved, { message: entry.message || "" }); }
        words.appendChild(element("p", "entry-detail" + (entry.state === "rejected" ? " field-error" : ""), detail));
        item.appendChild(words);
        if (entry.state === "rejected") {
          var discard = button(strings.discard, function () { outbox.discard(entry.id).then(render); });
          discard.classList.add("button-small");
          item.appendChild(discard);
        }
        list.appendChild(item);
      });
      var conflicts = card.querySelector("[data-outbox-conflicts]");
      conflicts.textContent = "";
      var waiting = entries.filter(function (e) { return e.state === "conflict"; });
      waiting.forEach(function (entry, index) { conflicts.appendChild(conflictView(entry, index)); });
      card.querySelector("[data-outbox-conflicts-title]").hidden = !waiting.length;
      var used = found[1] + found[2];
      var storage = card.querySelector("[data-outbox-storage]");
      storage.textContent = say(strings.storageUse, { used: megabytes(used) });
      var nearlyFull = found[1] > 0.8 * outbox.queueBudget || used > 80 * 1048576;
      card.querySelector("[data-outbox-warning]").hidden = !nearlyFull;
    }, function () { rendering = false; });
  }

  if (card) {
    card.hidden = false;
    card.querySelector("[data-sync-now]").addEventListener("click", function () {
      if (!navigator.onLine) { tell(strings.syncFailed, { problem: true }); return; }
      syncNow().then(render);
    });
    document.addEventListener("thrive:outbox", function (event) {
      if (event.detail.state === "queued" || event.detail.state === "discarded") { render(); }
    });
    render();
  }

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
