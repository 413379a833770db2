// Food search as the person types: a short pause after each key asks the same page the form would
// (so the server words and formats the results), and swaps in its list of foods. The count is
// read out by the status line; the search button still works without this file.
(function () {
  "use strict";
  var form = document.querySelector("form[data-food-search]");
  var results = document.getElementById("food-results");
  var status = document.getElementById("food-status");
  if (!form || !results || !status || !window.fetch || !window.DOMParser || !window.URLSearchParams) { return; }
  var input = form.querySelector("input[name=q]");
  var timer = null;
  var asked = 0;

  function search() {
    var text = input.value.trim();
    if (text.length < 2) {
      results.innerHTML = "";
      status.textContent = "";
      return;
    }
    var address = form.getAttribute("action") + "?" + new URLSearchParams(new FormData(form)).toString();
    var mine = ++asked;
    results.setAttribute("aria-busy", "true");
    fetch(address, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (reply) { return reply.text(); })
      .then(function (html) {
        if (mine !== asked) { return; }
        var page = new DOMParser().parseFromString(html, "text/html");
        var found = page.getElementById("food-results");
        var said = page.getElementById("food-status");
        if (!found) { return; }
        results.innerHTML = found.innerHTML;
        status.textContent = said ? said.textContent : "";
        history.replaceState(history.state, "", address);
      })
      .catch(function () { /* offline or refused: the button still searches */ })
      .then(function () { if (mine === asked) { results.removeAttribute("aria-busy"); } });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 250);
  });
})();
