// A small promise face on IndexedDB, shared by the offline outbox (pages) and the service worker's
// encrypted copies of lab results: one database of named stores, opened once, a transaction per task.
"use strict";
var ThriveIDB = (function () {
  function done(request) {
    return new Promise(function (resolve, reject) {
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  // `stores` maps each store's name to its options (a key path, or null for keys given apart);
  // `broken` is asked what to do when the database cannot be opened (rebuild it, say).
  function database(name, stores, broken) {
    var opened = null;
    function open() {
      if (opened) { return opened; }
      var request = indexedDB.open(name, 1);
      request.onupgradeneeded = function () {
        Object.keys(stores).forEach(function (store) {
          request.result.createObjectStore(store, stores[store] || undefined);
        });
      };
      opened = done(request).catch(function (error) {
        opened = null;
        if (broken) { return broken(error); }
        throw error;
      });
      return opened;
    }

    // Runs `work` on one store in one transaction; its request's result once the transaction is done.
    function store(storeName, mode, work) {
      return open().then(function (db) {
        return new Promise(function (resolve, reject) {
          var transaction = db.transaction(storeName, mode);
          var result = work(transaction.objectStore(storeName));
          transaction.oncomplete = function () { resolve(result && "result" in result ? result.result : result); };
          transaction.onerror = function () { reject(transaction.error); };
          transaction.onabort = function () { reject(transaction.error); };
        });
      });
    }

    // An AES-GCM key WebCrypto made non-extractable (usable here, never readable by a script), kept
    // in the `keys` store under `name`; made once, and `add` lets only the first of two tabs store it.
    var keys = {};
    function key(name) {
      if (keys[name]) { return keys[name]; }
      keys[name] = store("keys", "readonly", function (found) { return found.get(name); }).then(function (found) {
        if (found) { return found; }
        return crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"])
          .then(function (made) {
            return store("keys", "readwrite", function (stored) { stored.add(made, name); }).then(function () { return made; },
              function () { return store("keys", "readonly", function (stored) { return stored.get(name); }); });
          });
      });
      keys[name].catch(function () { delete keys[name]; });
      return keys[name];
    }

    // Closes and deletes the whole database (signing out, a corrupted store).
    function destroy() {
      var was = opened;
      opened = null;
      keys = {};
      var closed = was ? was.then(function (db) { db.close(); }, function () {}) : Promise.resolve();
      return closed.then(function () { return done(indexedDB.deleteDatabase(name)); });
    }

    return { open: open, store: store, key: key, destroy: destroy };
  }

  return { done: done, database: database };
})();
