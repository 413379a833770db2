// Scanning a test kit's barcode with the camera on the register page. The browser's own
// BarcodeDetector reads Code 128 where it exists (Chrome on Android, Safari 17+ on iOS); elsewhere
// a frame a second is sent to the server (POST /api/v1/test-kits/scan), which reads it with zbar.
// The number read is put in the form for the person to check and send: nothing registers on its own.
(function () {
  "use strict";
  var section = document.getElementById("kit-scan");
  if (!section || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { return; }
  var strings = section.dataset;
  var start = document.getElementById("kit-scan-start");
  var stop = document.getElementById("kit-scan-stop");
  var video = document.getElementById("kit-scan-video");
  var status = document.getElementById("kit-scan-status");
  var input = document.getElementById("barcode");
  var stream = null;
  var timer = null;
  var detector = null;
  var busy = false;
  section.hidden = false;

  function say(text) { status.textContent = text; }

  function finish() {
    if (timer) { clearInterval(timer); timer = null; }
    if (stream) { stream.getTracks().forEach(function (track) { track.stop(); }); stream = null; }
    video.hidden = true;
    stop.hidden = true;
    start.hidden = false;
  }

  function found(text) {
    finish();
    input.value = text;
    input.focus();
    say(strings.read.replace("{barcode}", text));
  }

  function frame(callback) {
    var canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d").drawImage(video, 0, 0);
    canvas.toBlob(callback, "image/jpeg", 0.85);
  }

  function askServer() {
    frame(function (blob) {
      if (!blob) { busy = false; return; }
      fetch("/api/v1/test-kits/scan", {
        method: "POST", credentials: "same-origin", body: blob,
        headers: { "Content-Type": "image/jpeg", "X-CSRF-Token": strings.csrf }
      }).then(function (response) { return response.ok ? response.json() : null; })
        .then(function (answer) {
          busy = false;
          if (answer && answer.kit) { found(answer.kit); }
          else if (answer && answer.barcodes.length) { say(strings.other); }
        })
        .catch(function () { busy = false; finish(); say(strings.offline); });
    });
  }

  function look() {
    if (busy || !stream || video.readyState < 2) { return; }
    busy = true;
    if (detector) {
      detector.detect(video).then(function (codes) {
        busy = false;
        var kit = codes.map(function (code) { return code.rawValue; })
          .filter(function (text) { return /^FU-KIT-\d{10}-[\dX]$/i.test(text); })[0];
        if (kit) { found(kit.toUpperCase()); }
        else if (codes.length) { say(strings.other); }
      }).catch(function () { busy = false; });
    } else {
      askServer();
    }
  }

  function startDetector() {
    if (!("BarcodeDetector" in window)) { return Promise.resolve(null); }
    return window.BarcodeDetector.getSupportedFormats()
      .then(function (formats) {
        return formats.indexOf("code_128") >= 0 ? new window.BarcodeDetector({ formats: ["code_128"] }) : null;
      })
      .catch(function () { return null; });
  }

  start.addEventListener("click", function () {
    say(strings.starting);
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(function (media) {
        stream = media;
        video.srcObject = media;
        video.hidden = false;
        start.hidden = true;
        stop.hidden = false;
        stop.focus();
        return video.play().then(startDetector);
      })
      .then(function (made) {
        detector = made;
        say(strings.aim);
        timer = setInterval(look, detector ? 250 : 1000);
      })
      .catch(function () { finish(); say(strings.denied); });
  });
  stop.addEventListener("click", function () { finish(); say(""); start.focus(); });
  document.addEventListener("visibilitychange", function () { if (document.hidden && stream) { finish(); } });
})();
