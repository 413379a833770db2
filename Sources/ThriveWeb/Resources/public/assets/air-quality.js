// Air-quality alerts: "Use my location" fills the place from the browser's geolocation, rounded
// to two decimals (about a kilometre) before it is shown or sent. Without geolocation the button
// stays hidden and the place is typed.
(function () {
  "use strict";
  var form = document.querySelector("[data-air-quality]");
  if (!form || !navigator.geolocation) { return; }
  var button = form.querySelector("[data-locate]");
  var status = form.querySelector("[data-locate-status]");
  button.hidden = false;
  function round(value) { return Math.round(value * 100) / 100; }
  button.addEventListener("click", function () {
    status.textContent = form.getAttribute("data-locating");
    navigator.geolocation.getCurrentPosition(function (position) {
      form.querySelector("#latitude").value = String(round(position.coords.latitude));
      form.querySelector("#longitude").value = String(round(position.coords.longitude));
      status.textContent = form.getAttribute("data-located");
    }, function () {
      status.textContent = form.getAttribute("data-locate-failed");
    }, { maximumAge: 3600000, timeout: 15000 });
  });
})();
