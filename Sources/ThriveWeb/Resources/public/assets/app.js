// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";
  // Pre-select the browser's own time zone on the sign-up form.
  var select = document.querySelector("select[data-detect-time-zone]");
  if (select && select.value === "UTC" && window.Intl && Intl.DateTimeFormat) {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === zone) { select.value = zone; break; }
    }
  }
  // Move focus to a form's error summary so screen readers announce it at once.
  var summary = document.getElementById("form-errors");
  if (summary) { summary.focus(); }
})();
