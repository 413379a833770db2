// The outbox: what a person logs while offline, kept in IndexedDB until the server has it.
//
// Every item is encrypted at rest with an AES-GCM key that WebCrypto created as non-extractable:
// the browser can use it but no script can read it out, so the stored bytes are useless away from
// this browser profile. The item's ID is the additional data, so an item cannot be swapped for
// another. An item that no longer decrypts is corrupted: it is dropped and reported.
//
// Items are sync changes (the protocol of POST /api/v1/mobile/sync) with a state: queued (waiting
// to be sent), conflict (the person decides) or rejected (the server said why). Sending is oldest
// first within the spec's priority order (entries before settings and goals); a failed send is
// retried three times with exponential backoff and jitter.
(function () {
  "use strict";
  var DB_NAME = "thrive-offline";
  var QUEUE_BUDGET = 20 * 1024 * 1024;
  var BATCH = 100;
  var RETRIES = 3;
  // The spec's sync priority: what the person logged first, then their settings and goals.
  var PRIORITY = { settings: 2, goals: 2 };
  var encoder = new TextEncoder();
  var decoder = new TextDecoder();

  var done = ThriveIDB.done;
  var database = ThriveIDB.database(DB_NAME, { keys: null, items: { keyPath: "id" } }, function () {
    // A store that cannot be opened is rebuilt (the spec's corrupted cache): what it held is gone.
    report("corrupted");
    return done(indexedDB.deleteDatabase(DB_NAME)).then(function () { return database.open(); });
  });
  var store = database.store;

  // One key per browser profile.
  function key() { return database.key("outbox"); }

  function seal(id, payload) {
    var iv = crypto.getRandomValues(new Uint8Array(12));
    return key().then(function (secret) {
      return crypto.subtle.encrypt({ name: "AES-GCM", iv: iv, additionalData: encoder.encode(id) }, secret,
        encoder.encode(JSON.stringify(payload)));
    }).then(function (data) { return { iv: iv, data: data }; });
  }

  function open(item) {
    return key().then(function (secret) {
      return crypto.subtle.decrypt({ name: "AES-GCM", iv: item.iv, additionalData: encoder.encode(item.id) }, secret,
        item.data);
    }).then(function (plain) { return JSON.parse(decoder.decode(plain)); });
  }

  function newID() {
    if (crypto.randomUUID) { return crypto.randomUUID(); }
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  function report(state, detail) {
    document.dispatchEvent(new CustomEvent("thrive:outbox", { detail: Object.assign({ state: state }, detail || {}) }));
  }

  // Whether anything waits, kept where offline.js reads it without this file: it loads the outbox on
  // every page while something waits, and otherwise only once the connection goes.
  var WAITING = "thrive.outbox.waiting";
  function remember() {
    return raw().then(function (items) {
      try {
        if (items.length) { localStorage.setItem(WAITING, "1"); } else { localStorage.removeItem(WAITING); }
      } catch (unavailable) { /* without storage the outbox still loads whenever the page is offline */ }
    });
  }

  // Writes an item: the change and what the person sees of it, sealed; state, time and size in clear.
  function put(id, person, state, madeAt, payload) {
    return seal(id, payload).then(function (sealed) {
      var item = {
        id: id, person: person, state: state, madeAt: madeAt, priority: PRIORITY[payload.change.kind] || 1,
        iv: sealed.iv, data: sealed.data, size: sealed.data.byteLength
      };
      return store("items", "readwrite", function (items) { items.put(item); });
    }).then(remember);
  }

  function raw() { return store("items", "readonly", function (items) { return items.getAll(); }); }

  // Every item of this person, opened; corrupted ones are dropped and reported.
  function entries(person) {
    return raw().then(function (items) {
      var mine = items.filter(function (item) { return item.person === person; });
      return Promise.all(mine.map(function (item) {
        return open(item).then(function (payload) {
          return Object.assign({ id: item.id, state: item.state, madeAt: item.madeAt, priority: item.priority }, payload);
        }, function () { return null; });
      })).then(function (opened) {
        var broken = mine.filter(function (item, index) { return opened[index] === null; });
        if (!broken.length) { return opened; }
        report("corrupted");
        return remove(broken.map(function (item) { return item.id; })).then(function () {
          return opened.filter(Boolean);
        });
      });
    });
  }

  function remove(ids) {
    return store("items", "readwrite", function (items) { ids.forEach(function (id) { items.delete(id); }); })
      .then(remember);
  }

  function usage() {
    return raw().then(function (items) {
      return items.reduce(function (sum, item) { return sum + item.size; }, 0);
    });
  }

  // Queues a change (its ID is the change's, which makes resending it safe for ever).
  function add(person, change, label) {
    change.id = change.id || newID();
    change.madeAt = change.madeAt || new Date().toISOString();
    return usage().then(function (used) {
      var payload = { change: change, label: label };
      if (used + JSON.stringify(payload).length + 64 > QUEUE_BUDGET) {
        var full = new Error("The outbox is full");
        full.full = true;
        throw full;
      }
      return put(change.id, person, "queued", change.madeAt, payload);
    }).then(function () { report("queued"); return change; });
  }

  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }

  function post(changes, token) {
    return fetch("/api/v1/mobile/sync", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
      body: JSON.stringify({ cursor: 0, limit: 0, changes: changes })
    }).then(function (reply) {
      if (reply.status === 401 || reply.status === 403) {
        var signedOut = new Error("signed out");
        signedOut.signedOut = true;
        throw signedOut;
      }
      if (!reply.ok) { throw new Error("status " + reply.status); }
      return reply.json();
    });
  }

  // A batch, tried again up to three times: after 1, 2 and 4 seconds, each stretched or shrunk at
  // random so that many devices coming back at once do not knock together.
  function postWithRetries(changes, token, attempt) {
    return post(changes, token).catch(function (error) {
      if (error.signedOut || attempt >= RETRIES) { throw error; }
      var delay = Math.pow(2, attempt) * module.retryBase * (0.5 + Math.random());
      report("retrying", { attempt: attempt + 1 });
      return wait(delay).then(function () { return postWithRetries(changes, token, attempt + 1); });
    });
  }

  var running = null;
  // Sends everything queued for this person; resolves with how it went.
  function sync(person, token) {
    if (running) { return running; }
    running = entries(person).then(function (all) {
      var queued = all.filter(function (entry) { return entry.state === "queued"; }).sort(function (a, b) {
        return a.priority - b.priority || (a.madeAt < b.madeAt ? -1 : a.madeAt > b.madeAt ? 1 : 0);
      });
      var outcome = { total: queued.length, synced: 0, conflicts: 0, rejected: 0 };
      if (!queued.length) { return outcome; }
      report("progress", { done: 0, total: queued.length });
      var batches = [];
      for (var i = 0; i < queued.length; i += BATCH) { batches.push(queued.slice(i, i + BATCH)); }
      return batches.reduce(function (previous, batch) {
        return previous.then(function () {
          return postWithRetries(batch.map(function (entry) { return entry.change; }), token, 0).then(function (answer) {
            return settle(person, batch, answer.results, outcome);
          }).then(function () {
            report("progress", { done: outcome.synced + outcome.conflicts + outcome.rejected, total: outcome.total });
          });
        });
      }, Promise.resolve()).then(function () { return outcome; });
    }).then(function (outcome) {
      if (outcome.total) { report("synced", outcome); }
      return outcome;
    }, function (error) {
      report(error.signedOut ? "signed-out" : "failed");
      throw error;
    });
    running.then(function () { running = null; }, function () { running = null; });
    return running;
  }

  // What became of each change: kept by the server (gone from here), a conflict for the person,
  // or rejected with the server's reason (kept until the person discards it).
  function settle(person, batch, results, outcome) {
    var work = [];
    var finished = [];
    batch.forEach(function (entry, index) {
      var result = results[index] || {};
      if (result.status === "applied" || result.status === "duplicate" || (result.status === "conflict" && result.final)) {
        finished.push(entry.id);
        outcome.synced += 1;
      } else if (result.status === "conflict") {
        outcome.conflicts += 1;
        work.push(put(entry.id, person, "conflict", entry.madeAt,
          { change: entry.change, label: entry.label, server: result.server }));
      } else if (result.status === "rejected") {
        outcome.rejected += 1;
        work.push(put(entry.id, person, "rejected", entry.madeAt,
          { change: entry.change, label: entry.label, message: result.message }));
      }
    });
    work.push(remove(finished));
    return Promise.all(work);
  }

  // The person's answer to a conflict: a new change made on the server's version, final once sent.
  // Keep mine and merge replace the server's version (which the server keeps in history); keep the
  // server's sends mine to be kept in history.
  function resolve(person, entry, choice, merged) {
    var change = {
      id: newID(), kind: entry.change.kind, recordID: entry.change.recordID, operation: "upsert",
      baseVersion: entry.server.version, madeAt: new Date().toISOString(),
      fields: choice === "merged" ? merged : entry.change.fields,
      resolution: { mine: "keepDevice", server: "keepServer", merged: "merged" }[choice]
    };
    return remove([entry.id]).then(function () { return add(person, change, entry.label); });
  }

  var module = {
    add: add, entries: entries, sync: sync, resolve: resolve, usage: usage, newID: newID,
    discard: function (id) { return remove([id]).then(function () { report("discarded"); }); },
    queueBudget: QUEUE_BUDGET,
    retryBase: 1000
  };
  window.ThriveOutbox = module;
})();
