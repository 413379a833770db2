// A creator's studio: the logo and avatar go to the creator's own server as they are picked.
(function () {
  "use strict";
  var section = document.querySelector("[data-creator-images]");
  if (!section || !window.fetch) { return; }
  var status = section.querySelector("[data-image-status]");
  section.hidden = false;
  Array.prototype.forEach.call(section.querySelectorAll("input[type=file][data-slot]"), function (input) {
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) { return; }
      fetch("/api/v1/creator/images/" + input.getAttribute("data-slot"), {
        method: "PUT", credentials: "same-origin", body: file,
        headers: { "Content-Type": file.type || "application/octet-stream", "X-CSRF-Token": section.getAttribute("data-csrf") }
      }).then(function (reply) {
        return reply.json().then(function (json) { return { ok: reply.ok, json: json }; });
      }).then(function (answer) {
        status.textContent = answer.ok ? section.getAttribute("data-saved") : (answer.json.error || {}).message || "";
      }).catch(function () { status.textContent = section.getAttribute("data-failed"); });
    });
  });
})();
