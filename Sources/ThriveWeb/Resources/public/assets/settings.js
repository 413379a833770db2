// The settings page: each setting saves as it changes (a JSON merge patch of the one setting,
// through the API; offline it waits in the outbox), and Deep mode's search filters as you type.
// Without this file the page's form saves everything at once.
(function () {
  "use strict";
  var root = document.documentElement;
  var strings = (document.getElementById("ui-strings") || { dataset: {} }).dataset;

  function applyDisplay(display) {
    root.setAttribute("data-theme", display.theme);
    root.setAttribute("data-text-size", display.textSize);
    root.setAttribute("data-palette", display.colorBlindMode);
    if (display.reduceMotion) { root.setAttribute("data-reduce-motion", ""); } else { root.removeAttribute("data-reduce-motion"); }
    if (window.ThriveContrast) { window.ThriveContrast(display.highContrast); }
  }
  function patchFor(name, value) {
    var patch = {}, node = patch, keys = name.split(".");
    for (var k = 0; k < keys.length - 1; k++) { node = node[keys[k]] = {}; }
    node[keys[keys.length - 1]] = value;
    return patch;
  }
  var status = document.getElementById("settings-status");
  function announce(text) { if (status) { status.textContent = text; } }
  Array.prototype.forEach.call(document.querySelectorAll("form[data-autosave]"), function (form) {
    var token = form.querySelector("input[name=_csrf]").value;
    form.addEventListener("change", function (event) {
      var input = event.target;
      if (!input.name || input.type === "hidden") { return; }
      var value = input.type === "checkbox" ? input.checked : input.value;
      var error = document.getElementById(input.id + "-error");
      var patch = patchFor(input.name, value);
      // Offline, the change waits in the outbox (outbox-ui.js) on the version this page shows.
      var version = form.getAttribute("data-sync-version");
      function keepOffline() {
        if (!window.ThriveOfflineSettings) { announce(strings.offline); return; }
        window.ThriveOfflineSettings(patch, version ? Number(version) : undefined);
      }
      if (!navigator.onLine || root.hasAttribute("data-offline-copy")) { keepOffline(); return; }
      fetch("/api/v1/mobile/settings", {
        method: "PATCH", credentials: "same-origin",
        headers: { "Content-Type": "application/merge-patch+json", "X-CSRF-Token": token },
        body: JSON.stringify(patch)
      }).then(function (reply) {
        return reply.json().then(function (body) { return { ok: reply.ok, body: body }; });
      }).then(function (result) {
        if (result.ok) {
          input.removeAttribute("aria-invalid");
          if (error) { error.hidden = true; error.textContent = ""; }
          applyDisplay(result.body.display);
          announce(strings.saved);
          if (input.name === "coaching.mode" || input.name === "display.language") { window.location.reload(); }
        } else {
          var message = result.body.error ? result.body.error.message : strings.notSaved;
          input.setAttribute("aria-invalid", "true");
          if (error) { error.hidden = false; error.textContent = "⚠ " + message; input.setAttribute("aria-describedby", error.id); }
          announce(message);
        }
      }).catch(keepOffline);
    });
  });

  // Deep mode's settings search filters as you type (the form also works without scripts).
  var search = document.querySelector("input[data-settings-search]");
  if (search) {
    search.addEventListener("input", function () {
      var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      Array.prototype.forEach.call(document.querySelectorAll(".settings-category"), function (section) {
        var own = section.getAttribute("data-keywords");
        var items = section.querySelectorAll(".setting");
        var any = false;
        Array.prototype.forEach.call(items, function (item) {
          var text = own + " " + item.getAttribute("data-keywords");
          var match = words.every(function (w) { return text.indexOf(w) >= 0; });
          item.hidden = !match;
          any = any || match;
        });
        if (items.length === 0) { any = words.every(function (w) { return own.indexOf(w) >= 0; }); }
        section.hidden = !any;
      });
    });
  }
})();
