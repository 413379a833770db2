// The report page's password strength meter: the same rule as the server's ReportPassword, so
// what the meter calls fair or strong is what the server accepts.
(function () {
  "use strict";
  function strength(password) {
    var length = Array.from(password).length;
    if (length < 8) { return "tooShort"; }
    var kinds = {};
    Array.from(password).forEach(function (c) {
      if (c.toLowerCase() !== c.toUpperCase()) {
        kinds[c === c.toLowerCase() ? "lower" : "upper"] = true;
      } else if (/\p{Nd}/u.test(c)) {
        kinds.digit = true;
      } else {
        kinds.other = true;
      }
    });
    var count = Object.keys(kinds).length;
    if (length >= 16 || (length >= 12 && count >= 3)) { return "strong"; }
    if (length >= 10 && count >= 2) { return "fair"; }
    return "weak";
  }
  var levels = { tooShort: 0, weak: 1, fair: 2, strong: 3 };

  Array.prototype.forEach.call(document.querySelectorAll("form.report-form"), function (form) {
    var words = {};
    (form.getAttribute("data-strengths") || "").split("|").forEach(function (pair) {
      var parts = pair.split("=");
      words[parts[0]] = parts.slice(1).join("=");
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-strength-for]"), function (input) {
      var out = document.getElementById(input.getAttribute("data-strength-for"));
      var meter = out.querySelector("meter");
      var word = out.querySelector(".strength-word");
      function show() {
        if (!input.value) { meter.value = 0; word.textContent = ""; out.removeAttribute("data-strength"); return; }
        var level = strength(input.value);
        meter.value = levels[level];
        word.textContent = words[level] || level;
        out.setAttribute("data-strength", level);
      }
      input.addEventListener("input", show);
      show();
    });
  });
})();
