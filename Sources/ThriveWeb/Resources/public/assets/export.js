// The export page: while an export is being prepared on the server, ask how it is every two
// seconds, and show the page again once it is ready (or could not be made), with its download.
(function () {
  "use strict";
  var list = document.getElementById("export-list");
  if (!list) { return; }

  function follow(id) {
    fetch("/api/v1/mobile/export/status/" + id, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (item) {
        if (!item) { return; }
        if (item.state === "waiting" || item.state === "building") {
          setTimeout(function () { follow(id); }, 2000);
        } else {
          window.location.hash = "export-" + id;
          window.location.reload();
        }
      })
      .catch(function () { setTimeout(function () { follow(id); }, 5000); });
  }

  Array.prototype.forEach.call(list.querySelectorAll("[data-running]"), function (line) {
    follow(line.getAttribute("data-running"));
  });
})();
