// The service worker's encrypted copies (spec 001's offline mode): lab results, their PDFs and the
// education pieces, kept in IndexedDB sealed with AES-GCM under a key WebCrypto made non-extractable,
// each bound to its address, so the files on disk hold no readable result. Loaded by sw.js.
"use strict";
var SecureCache = (function () {
  var DB_NAME = "thrive-secure";

  var database = ThriveIDB.database(DB_NAME, { keys: null, copies: { keyPath: "url" } });
  var store = database.store;
  function key() { return database.key("copies"); }

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
  function forget() { return database.destroy().catch(function () { /* nothing kept */ }); }

  return { put: put, get: get, prune: prune, urls: urls, forget: forget };
})();
