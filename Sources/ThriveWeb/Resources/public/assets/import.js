// The import page: the export is sent as the request's body (never read into memory here) with its
// upload progress; then the import runs on the server as a job, and each running import's line is
// refreshed from GET /api/v1/imports/{id} every second until it ends. Closing the page stops an
// upload, never an import.
(function () {
  "use strict";
  var form = document.getElementById("import-form");
  if (!form) { return; }
  var strings = form.dataset;
  var input = document.getElementById("import-file");
  var status = document.getElementById("import-status");
  var upload = document.getElementById("import-upload");
  var bar = document.getElementById("import-upload-bar");
  var uploadText = document.getElementById("import-upload-text");
  var list = document.getElementById("import-list");
  var uploading = false;

  function megabytes(bytes) { return (bytes / 1048576).toFixed(1); }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, name) { return values[name]; });
  }
  function say(text) { status.textContent = text; }

  function lineFor(item) {
    var line = document.getElementById("import-" + item.id);
    if (!line) {
      line = document.createElement("li");
      line.id = "import-" + item.id;
      line.className = "import-item";
      var meta = document.createElement("p");
      meta.className = "import-meta";
      var name = document.createElement("strong");
      name.textContent = item.fileName;
      var state = document.createElement("span");
      state.className = "import-state";
      meta.appendChild(name);
      meta.appendChild(document.createTextNode(" · "));
      meta.appendChild(state);
      var message = document.createElement("p");
      message.className = "import-message";
      line.appendChild(meta);
      line.appendChild(message);
      list.insertBefore(line, list.firstChild);
      var empty = document.getElementById("imports-empty");
      if (empty) { empty.remove(); }
    }
    return line;
  }

  function show(item) {
    var line = lineFor(item);
    var finished = item.state === "done" || item.state === "failed";
    var progress = line.querySelector("progress");
    if (!finished && !progress) {
      progress = document.createElement("progress");
      progress.className = "import-bar";
      progress.max = 100;
      progress.setAttribute("aria-label", strings.progress);
      line.insertBefore(progress, line.querySelector(".import-message"));
    }
    if (progress) {
      if (finished) { progress.remove(); }
      else if (item.fraction !== null && item.fraction !== undefined) { progress.value = Math.floor(item.fraction * 100); }
    }
    line.querySelector(".import-state").textContent = item.stateName || item.state;
    line.querySelector(".import-message").textContent = item.message;
    line.classList.toggle("import-failed", item.state === "failed");
    if (finished) { line.removeAttribute("data-running"); } else { line.setAttribute("data-running", item.id); }
    return finished;
  }

  function follow(id) {
    fetch("/api/v1/imports/" + id, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (item) {
        if (!item) { return; }
        if (show(item)) { say(item.message); } else { setTimeout(function () { follow(id); }, 1000); }
      })
      .catch(function () { setTimeout(function () { follow(id); }, 5000); });
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-running]"), function (line) {
    follow(line.getAttribute("data-running"));
  });

  window.addEventListener("beforeunload", function (event) {
    if (uploading) { event.preventDefault(); event.returnValue = strings.leave; }
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var file = input.files && input.files[0];
    if (!file) { say(strings.choose); input.focus(); return; }
    if (!navigator.onLine) { say(strings.offline); return; }
    var request = new XMLHttpRequest();
    request.open("POST", "/api/v1/imports?name=" + encodeURIComponent(file.name));
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.setRequestHeader("X-CSRF-Token", strings.csrf);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = function (progress) {
      if (!progress.lengthComputable) { return; }
      bar.value = Math.floor(100 * progress.loaded / progress.total);
      uploadText.textContent = fill(strings.uploading, {
        percent: bar.value, done: megabytes(progress.loaded), total: megabytes(progress.total)
      });
    };
    request.onload = function () {
      uploading = false;
      form.querySelector("button").disabled = false;
      upload.hidden = true;
      var answer = null;
      try { answer = JSON.parse(request.responseText); } catch (error) { answer = null; }
      if (request.status === 202 && answer) {
        form.reset();
        show(answer);
        say(strings.uploaded);
        follow(answer.id);
      } else {
        say(answer && answer.error ? answer.error.message : strings.failed);
      }
    };
    request.onerror = function () {
      uploading = false;
      form.querySelector("button").disabled = false;
      upload.hidden = true;
      say(strings.failed);
    };
    uploading = true;
    form.querySelector("button").disabled = true;
    bar.value = 0;
    uploadText.textContent = fill(strings.uploading, { percent: 0, done: "0.0", total: megabytes(file.size) });
    upload.hidden = false;
    say("");
    request.send(file);
  });
})();
