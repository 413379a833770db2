// "Copy link" beside a read-only field: shown only where the browser can write to the clipboard;
// the field stays selectable by hand everywhere else.
(function () {
  "use strict";
  var buttons = document.querySelectorAll("[data-copy]");
  if (!navigator.clipboard || !buttons.length) { return; }
  Array.prototype.forEach.call(buttons, function (button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    var status = button.parentNode.querySelector("[data-copy-status]");
    if (!field) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(field.value).then(function () {
        if (status) { status.textContent = button.getAttribute("data-copied"); }
      }, function () {
        field.select();
      });
    });
  });
})();
