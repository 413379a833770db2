// The service worker's encrypted copies (spec 001's offline mode): lab results, their PDFs and the
// education pieces, kept in IndexedDB sealed with AES-GCM under a key WebCrypto made non-extractable,
// each bound to its address, so the files on disk hold no readable result. Loaded by sw.js.
"use strict";
var SecureCache = (function () {
  var DB_NAME = "thrive-secure";

  function done(request) {
    return new Promise(function (resolve, reject) {
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  var database = null;
  function openDatabase() {
    if (database) { return database; }
    var request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = function () {
      request.result.createObjectStore("keys");
      request.result.createObjectStore("copies", { keyPath: "url" });
    };
    database = done(request).catch(function (error) { database = null; throw error; });
    return database;
  }

  function store(name, mode, work) {
    return openDatabase().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(name, mode);
        var result = work(transaction.objectStore(name));
        transaction.oncomplete = function () { resolve(result && "result" in result ? result.result : result); };
        transaction.onerror = function () { reject(transaction.error); };
        transaction.onabort = function () { reject(transaction.error); };
      });
    });
  }

  var keyPromise = null;
  function key() {
    if (keyPromise) { return keyPromise; }
    keyPromise = store("keys", "readonly", function (keys) { return keys.get("copies"); }).then(function (found) {
      if (found) { return found; }
      return crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"])
        .then(function (made) {
          return store("keys", "readwrite", function (keys) { keys.put(made, "copies"); }).then(function () { return made; });
        });
    });
    keyPromise.catch(function () { keyPromise = null; });
    return keyPromise;
  }

  var encoder = new TextEncoder();

  // Keeps a response's body sealed, with its type and the time it was fetched.
  function put(url, response) {
    var type = response.headers.get("Content-Type") || "application/octet-stream";
    var iv = crypto.getRandomValues(new Uint8Array(12));
    return Promise.all([response.arrayBuffer(), key()]).then(function (parts) {
      return crypto.subtle.encrypt({ name: "AES-GCM", iv: iv, additionalData: encoder.encode(url) }, parts[1], parts[0]);
    }).then(function (data) {
      return store("copies", "readwrite", function (copies) {
        copies.put({ url: url, iv: iv, data: data, type: type, at: new Date().toISOString() });
      });
    });
  }

  // The copy opened again ({ body, type, at }), or null. One that no longer opens is dropped.
  function get(url) {
    return store("copies", "readonly", function (copies) { return copies.get(url); }).then(function (item) {
      if (!item) { return null; }
      return key().then(function (secret) {
        return crypto.subtle.decrypt({ name: "AES-GCM", iv: item.iv, additionalData: encoder.encode(url) }, secret, item.data);
      }).then(function (body) { return { body: body, type: item.type, at: item.at }; }, function () {
        return store("copies", "readwrite", function (copies) { copies.delete(url); }).then(function () { return null; });
      });
    }).catch(function () { return null; });
  }

  // Drops every copy whose address `keep` says no to (results older than a year).
  function prune(keep) {
    return store("copies", "readonly", function (copies) { return copies.getAllKeys(); }).then(function (urls) {
      var gone = urls.filter(function (url) { return !keep(url); });
      if (!gone.length) { return; }
      return store("copies", "readwrite", function (copies) { gone.forEach(function (url) { copies.delete(url); }); });
    });
  }

  function urls() {
    return store("copies", "readonly", function (copies) { return copies.getAllKeys(); }).catch(function () { return []; });
  }

  // Signing out: the copies and their key go.
  function forget() {
    var open = database;
    database = null;
    keyPromise = null;
    var closed = open ? open.then(function (db) { db.close(); }, function () {}) : Promise.resolve();
    return closed.then(function () { return done(indexedDB.deleteDatabase(DB_NAME)); })
      .catch(function () { /* nothing kept */ });
  }

  return { put: put, get: get, prune: prune, urls: urls, forget: forget };
})();
