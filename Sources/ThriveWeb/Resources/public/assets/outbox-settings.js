// Settings › Offline entries: what waits in the outbox, the entries the server refused (to discard),
// the conflicts to settle field by field, "Sync now", and how much the device keeps. Loaded by the
// settings page only; the rest of offline sync is outbox-ui.js, on every page.
(function () {
  "use strict";
  var sync = window.ThriveSync;
  var card = document.querySelector("[data-outbox]");
  if (!sync || !card) { return; }
  var outbox = sync.outbox, person = sync.person, strings = sync.strings, locale = sync.locale;
  var say = sync.say, plural = sync.plural, tell = sync.tell, syncNow = sync.syncNow;

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
    if (rendering) { return; }
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

  card.hidden = false;
  card.querySelector("[data-sync-now]").addEventListener("click", function () {
    if (!navigator.onLine) { tell(strings.syncFailed, { problem: true }); return; }
    syncNow().then(render);
  });
  document.addEventListener("thrive:outbox", function (event) {
    if (["queued", "discarded", "synced"].indexOf(event.detail.state) >= 0) { render(); }
  });
  render();
})();
