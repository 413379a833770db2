// A library piece remembers how far the person got: the furthest point scrolled in an article or a
// worksheet, the furthest point played in audio or video. It is sent as it grows (at most every
// few seconds) to the person's own server; without this file, "Mark as finished" does the same.
(function () {
  "use strict";
  var piece = document.querySelector("[data-content-id]");
  if (!piece || !window.fetch) { return; }
  var id = piece.getAttribute("data-content-id");
  var sent = Number(piece.getAttribute("data-progress") || 0);
  var wanted = sent;
  var timer = null;

  function send() {
    timer = null;
    if (wanted <= sent) { return; }
    var percent = wanted;
    fetch("/api/v1/content/" + id + "/progress", {
      method: "PUT", credentials: "same-origin", body: JSON.stringify({ percent: percent }),
      headers: { "Content-Type": "application/json", "X-CSRF-Token": piece.getAttribute("data-csrf") }
    }).then(function (reply) { if (reply.ok) { sent = Math.max(sent, percent); } }).catch(function () {});
  }

  function reach(percent) {
    percent = Math.max(0, Math.min(100, Math.round(percent)));
    if (percent <= wanted) { return; }
    wanted = percent;
    if (percent === 100) { send(); } else if (!timer) { timer = setTimeout(send, 3000); }
  }

  var media = piece.querySelector("audio, video");
  if (media) {
    media.addEventListener("timeupdate", function () {
      if (media.duration) { reach(media.currentTime / media.duration * 100); }
    });
    media.addEventListener("ended", function () { reach(100); });
    return;
  }
  var text = piece.querySelector(".library-text");
  function onScroll() {
    var box = text.getBoundingClientRect();
    var seen = window.innerHeight - box.top;
    reach(box.height > 0 ? seen / box.height * 100 : 100);
  }
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("pagehide", send);

})();
