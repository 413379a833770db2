// Voice input for writing a message: speech to text on this device only. The microphone button
// shows only where the browser recognises the page's language without sending the sound anywhere
// (SpeechRecognition with processLocally); elsewhere it stays hidden and the phone keyboard's own
// dictation still works. What is heard is added to what is already typed, and kept as the draft.
(function () {
  "use strict";
  var Recognition = window.SpeechRecognition;
  var button = document.querySelector("[data-dictate]");
  if (!button || !Recognition || typeof Recognition.available !== "function") { return; }
  var field = document.getElementById(button.getAttribute("aria-controls"));
  var status = document.querySelector("[data-dictate-status]");
  var strings = button.dataset;
  var lang = document.documentElement.lang || "en";
  var recognition = null;
  var needsLanguagePack = false;

  function say(message) {
    status.textContent = message || "";
    status.hidden = !message;
  }

  function joined(typed, heard) {
    heard = heard.trim();
    if (!heard) { return typed; }
    return typed && !/\s$/.test(typed) ? typed + " " + heard : typed + heard;
  }

  function listen() {
    var typed = field.value;
    var failed = false;
    recognition = new Recognition();
    recognition.processLocally = true;
    recognition.lang = lang;
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.onresult = function (event) {
      var heard = "", pending = "";
      for (var i = 0; i < event.results.length; i++) {
        if (event.results[i].isFinal) { heard += event.results[i][0].transcript + " "; }
        else { pending += event.results[i][0].transcript; }
      }
      field.value = joined(typed, heard);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      say(pending ? strings.listening + " “" + pending.trim() + "”" : strings.listening);
    };
    recognition.onerror = function (event) {
      failed = true;
      var denied = event.error === "not-allowed" || event.error === "service-not-allowed";
      say(denied ? strings.denied : event.error === "no-speech" ? strings.noSpeech : strings.failed);
    };
    recognition.onend = function () {
      recognition = null;
      button.setAttribute("aria-pressed", "false");
      if (!failed) { say(""); }
      field.focus();
    };
    recognition.start();
    button.setAttribute("aria-pressed", "true");
    say(strings.listening);
  }

  button.addEventListener("click", function () {
    if (recognition) { recognition.stop(); return; }
    if (!needsLanguagePack) { listen(); return; }
    say(strings.preparing);
    Recognition.install({ langs: [lang] }).then(function (installed) {
      if (!installed) { say(strings.failed); return; }
      needsLanguagePack = false;
      listen();
    }, function () { say(strings.failed); });
  });

  Recognition.available({ langs: [lang], processLocally: true }).then(function (availability) {
    if (availability === "unavailable") { return; }
    needsLanguagePack = availability !== "available";
    button.hidden = false;
  }, function () { /* not offered: typing and the keyboard's dictation remain */ });
})();
