// The coach chat: messages and answers are sent without leaving the page, the conversation is
// redrawn from the page the server answers with, and the event stream brings the coach's
// replies, typing and read receipts. A draft is kept in this browser until it is sent, and a
// message written offline waits in the box until the connection is back. Without this file the
// chat is plain forms that reload the page.
(function () {
  "use strict";
  var log = document.getElementById("chat-log");
  var composer = document.getElementById("chat-composer");
  if (!composer || !window.fetch || !window.DOMParser) { return; }
  var strings = (document.getElementById("coach-strings") || { dataset: {} }).dataset;
  var person = ((document.getElementById("sync-strings") || { dataset: {} }).dataset.person) || "";
  var draftKey = "thrive.coachDraft." + person;
  var text = composer.querySelector("textarea");
  var note = composer.querySelector("[data-draft-note]");
  var typing = document.getElementById("chat-typing");
  var waiting = false;

  function say(message) {
    note.textContent = message || "";
    note.hidden = !message;
  }

  function scrollToEnd() {
    var end = document.getElementById("latest");
    if (end && end.scrollIntoView) { end.scrollIntoView({ block: "end" }); }
  }

  function lastCursor() { return log ? Number(log.getAttribute("data-last") || 0) : 0; }

  // Swaps the conversation (and its notes) for the fresh page's.
  function adopt(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    ["#chat-log", ".chat-older", ".chat .notice"].forEach(function (selector) {
      var old = document.querySelector(selector);
      var next = fresh.querySelector(selector);
      if (old && next) { old.replaceWith(next); } else if (next && selector === ".chat .notice") {
        document.querySelector(".chat-search").after(next);
      } else if (old) { old.remove(); }
    });
    log = document.getElementById("chat-log");
    var badge = document.querySelector("[data-coach-unread]");
    if (badge) { badge.remove(); }
    wire(document);
    scrollToEnd();
  }

  var refreshing = null;
  var behind = false;
  // Redrawing marks the coach's words read, so it waits while the page is not being looked at.
  function refresh() {
    if (document.visibilityState === "hidden") { behind = true; return Promise.resolve(); }
    if (refreshing) { return refreshing; }
    refreshing = fetch("/coach", { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (reply) { return reply.ok ? reply.text() : Promise.reject(new Error("not loaded")); })
      .then(adopt)
      .catch(function () {})
      .then(function () { refreshing = null; });
    return refreshing;
  }

  function appendPending(words) {
    if (!log || !words) { return; }
    var item = document.createElement("li");
    item.className = "bubble bubble-person bubble-pending";
    var body = document.createElement("p");
    body.className = "bubble-text";
    body.textContent = words;
    var meta = document.createElement("p");
    meta.className = "bubble-meta";
    meta.textContent = strings.sending;
    item.appendChild(body);
    item.appendChild(meta);
    log.appendChild(item);
    scrollToEnd();
  }

  function send(form, submitter) {
    var body = new FormData(form);
    if (submitter && submitter.name) { body.set(submitter.name, submitter.value); }
    var words = form === composer ? text.value.trim() : (submitter ? submitter.textContent.trim() : "");
    if (form === composer && !words && !body.get("attachmentId")) { return; }
    if (!navigator.onLine) {
      if (form === composer) { waiting = true; }
      say(strings.offline);
      return;
    }
    var buttons = form.querySelectorAll("button");
    Array.prototype.forEach.call(buttons, function (button) { button.disabled = true; });
    appendPending(words);
    if (typing) { typing.hidden = false; }
    say("");
    fetch(form.getAttribute("action"), {
      method: "POST", credentials: "same-origin", body: new URLSearchParams(body),
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (reply) {
      return reply.text().then(function (html) { return { ok: reply.ok, status: reply.status, html: html }; });
    }).then(function (answer) {
      if (!answer.ok && answer.status !== 422) { throw new Error("not sent"); }
      adopt(answer.html);
      var refused = new DOMParser().parseFromString(answer.html, "text/html").getElementById("chat-error");
      if (refused) {
        say(refused.textContent);
      } else if (form === composer) {
        text.value = "";
        localStorage.removeItem(draftKey);
        clearAttachment();
      }
      text.focus();
    }).catch(function () {
      Array.prototype.forEach.call(document.querySelectorAll(".bubble-pending"), function (node) { node.remove(); });
      if (!navigator.onLine && form === composer) { waiting = true; }
      say(navigator.onLine ? strings.failed : strings.offline);
    }).then(function () {
      Array.prototype.forEach.call(buttons, function (button) { button.disabled = false; });
      if (typing) { typing.hidden = true; }
    });
  }

  function wire(scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("form[data-chat-form]:not([data-wired])"), function (form) {
      form.setAttribute("data-wired", "");
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        send(form, event.submitter);
      });
    });
  }

  composer.addEventListener("submit", function (event) {
    event.preventDefault();
    send(composer, null);
  });
  // Enter sends; Shift+Enter starts a new line.
  text.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send(composer, null);
    }
  });
  text.addEventListener("input", function () {
    if (text.value) { localStorage.setItem(draftKey, text.value); } else { localStorage.removeItem(draftKey); }
  });
  if (!text.value && localStorage.getItem(draftKey)) { text.value = localStorage.getItem(draftKey); }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && behind) { behind = false; refresh(); }
  });
  window.addEventListener("online", function () {
    if (waiting) { waiting = false; send(composer, null); }
  });

  // Images: read as they are and sent to the person's own server, never anywhere else.
  var attach = composer.querySelector("[data-attach]");
  var file = composer.querySelector("[data-attach-file]");
  var attached = composer.querySelector("[data-attached]");
  var attachmentId = composer.querySelector("input[name=attachmentId]");
  function clearAttachment() {
    attachmentId.value = "";
    attached.hidden = true;
    attached.textContent = "";
    file.value = "";
  }
  if (attach && file) {
    attach.hidden = false;
    file.addEventListener("change", function () {
      var chosen = file.files && file.files[0];
      if (!chosen) { return; }
      if (chosen.size > 5 * 1024 * 1024) { say(strings.imageTooLarge); file.value = ""; return; }
      say(strings.uploading);
      fetch("/api/v1/coach/attachments", {
        method: "POST", credentials: "same-origin", body: chosen,
        headers: { "Content-Type": chosen.type || "application/octet-stream", "X-CSRF-Token": composer.getAttribute("data-csrf") }
      }).then(function (reply) {
        return reply.json().then(function (json) { return { ok: reply.ok, json: json }; });
      }).then(function (answer) {
        if (!answer.ok) { throw new Error((answer.json.error || {}).message || strings.failed); }
        attachmentId.value = answer.json.id;
        attached.textContent = strings.attached.replace("{name}", chosen.name) + " ";
        var remove = document.createElement("button");
        remove.type = "button";
        remove.className = "button button-quiet";
        remove.textContent = strings.remove;
        remove.addEventListener("click", function () { clearAttachment(); text.focus(); });
        attached.appendChild(remove);
        attached.hidden = false;
        say("");
      }).catch(function (error) {
        file.value = "";
        say(error.message || strings.failed);
      });
    });
  }

  // The coach's replies, typing and read receipts as they happen (also from another tab or device).
  if (log && window.EventSource) {
    var stream = new EventSource("/api/v1/coach/stream?after=" + lastCursor());
    stream.addEventListener("message", function (event) {
      if (Number(event.lastEventId || 0) > lastCursor()) { refresh(); }
    });
    stream.addEventListener("status", function () { refresh(); });
    stream.addEventListener("typing", function (event) {
      if (!typing) { return; }
      try { typing.hidden = !JSON.parse(event.data).typing; } catch (ignored) { typing.hidden = true; }
    });
  }

  wire(document);
  if (log) { scrollToEnd(); }
})();
