// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  // The page's own words for what scripts say, in the person's language (see base.mustache).
  var strings = (document.getElementById("ui-strings") || { dataset: {} }).dataset;

  // High contrast comes from the setting (the page arrives marked) or the system's "more contrast".
  var contrastSetting = root.getAttribute("data-contrast") === "more";
  var systemContrast = window.matchMedia ? window.matchMedia("(prefers-contrast: more)") : null;
  function applyContrast() {
    if (contrastSetting || (systemContrast && systemContrast.matches)) { root.setAttribute("data-contrast", "more"); }
    else { root.removeAttribute("data-contrast"); }
  }
  applyContrast();
  if (systemContrast && systemContrast.addEventListener) { systemContrast.addEventListener("change", applyContrast); }

  // The tab bar grows a second row with large text; the page keeps its last lines above it.
  var tabBar = document.querySelector(".tab-bar");
  if (tabBar && window.ResizeObserver) {
    new ResizeObserver(function () {
      var fixed = getComputedStyle(tabBar).position === "fixed";
      root.style.setProperty("--tab-height", fixed ? tabBar.offsetHeight + "px" : "0px");
    }).observe(tabBar);
  }

  // "Back to the form" goes back in the browser's history, where the form still holds what was typed.
  document.querySelectorAll("a[data-history-back]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      if (window.history.length > 1) { event.preventDefault(); window.history.back(); }
    });
  });

  // Emoji a person chose (a habit's icon) need a colour emoji font. Where the device has none (many
  // Linux desktops) they would be empty boxes: the page shows the habit's initial, or nothing.
  function drawsEmoji() {
    var canvas = document.createElement("canvas");
    var context = canvas.getContext && canvas.getContext("2d");
    if (!context) { return true; }
    canvas.width = canvas.height = 20;
    context.textBaseline = "top";
    context.font = "16px sans-serif";
    context.fillText("\ud83d\udca7", 0, 0);
    var pixels = context.getImageData(0, 0, 20, 20).data;
    for (var i = 0; i < pixels.length; i += 4) {
      // A colour glyph has coloured pixels; a missing glyph's box is drawn in grey alone.
      if (pixels[i + 3] > 0 && (Math.abs(pixels[i] - pixels[i + 1]) > 24 || Math.abs(pixels[i + 1] - pixels[i + 2]) > 24)) {
        return true;
      }
    }
    return false;
  }
  if (document.querySelector(".emoji") && !drawsEmoji()) { root.classList.add("no-emoji"); }

  // Pre-select the browser's own time zone on the sign-up form.
  var select = document.querySelector("select[data-detect-time-zone]");
  if (select && select.value === "UTC" && window.Intl && Intl.DateTimeFormat) {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (var i = 0; i < select.options.length; i++) {
      var option = select.options[i];
      // A browser may report a zone's old name (Asia/Calcutta): the list has it under its new one.
      var formerly = (option.getAttribute("data-formerly") || "").split(" ");
      if (option.value === zone || formerly.indexOf(zone) >= 0) { select.value = option.value; break; }
    }
  }
  // Sign-in with Google or Apple may make an account: it takes the browser's time zone too.
  var zoneFields = document.querySelectorAll("input[data-browser-time-zone]");
  if (zoneFields.length && window.Intl && Intl.DateTimeFormat) {
    var browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    for (var z = 0; z < zoneFields.length; z++) { zoneFields[z].value = browserZone; }
  }
  // Move focus to a form's error summary so screen readers announce it at once; after a save, to
  // its confirmation (with Undo), so the keyboard continues from what just happened.
  var summary = document.getElementById("form-errors") || document.querySelector("[data-takes-focus]");
  if (summary) {
    summary.focus();
    // Going to the address's #part (the meal's slot) once the page has loaded moves focus back to
    // the page itself: focus again after it, leaving the page where that put it.
    if (location.hash) {
      window.addEventListener("load", function () {
        setTimeout(function () { summary.focus({ preventScroll: true }); }, 0);
      });
    }
  }

  // The settings page (settings.js) applies a saved contrast setting through this.
  window.ThriveContrast = function (more) {
    contrastSetting = more;
    applyContrast();
  };

  // The dashboard refreshes in place (a Refresh link, or pulling down at the top on a phone): the
  // figures turn into placeholders while the new page loads, then the page content is swapped.
  var refresh = document.querySelector("[data-refresh]");
  var main = document.getElementById("main");
  function refreshDashboard() {
    var board = main.querySelector(".dashboard");
    if (!board || board.classList.contains("is-refreshing")) { return; }
    var said = document.getElementById("refresh-status");
    board.classList.add("is-refreshing");
    main.setAttribute("aria-busy", "true");
    fetch("/", { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (reply) {
      if (!reply.ok || reply.redirected) { throw new Error("not refreshed"); }
      return reply.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("#main .dashboard");
      if (!fresh) { throw new Error("not a dashboard"); }
      board.replaceWith(fresh);
      main.removeAttribute("aria-busy");
      if (said) { said.textContent = strings.refreshed; }
      wireRefresh();
    }).catch(function () {
      board.classList.remove("is-refreshing");
      main.removeAttribute("aria-busy");
      if (said) { said.textContent = strings.refreshFailed; }
    });
  }
  function wireRefresh() {
    refresh = document.querySelector("[data-refresh]");
    if (!refresh) { return; }
    refresh.addEventListener("click", function (event) { event.preventDefault(); refreshDashboard(); });
  }
  wireRefresh();
  if (refresh) {
    var startY = null;
    window.addEventListener("touchstart", function (event) {
      startY = window.scrollY === 0 && event.touches.length === 1 ? event.touches[0].clientY : null;
    }, { passive: true });
    window.addEventListener("touchend", function (event) {
      if (startY !== null && event.changedTouches[0].clientY - startY > 90) { refreshDashboard(); }
      startY = null;
    }, { passive: true });
  }
})();

// The installed app's icon counts the unread notifications (spec 000's badge), where the browser
// can; and once a day a device with push on has its subscription registered again (push.js), so a
// subscription the browser renewed or dropped keeps reaching the person.
(function () {
  var bell = document.querySelector(".bell-link .badge-count");
  var count = bell ? parseInt(bell.textContent, 10) || 0 : 0;
  if ("setAppBadge" in navigator) {
    (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(function () {});
  }
  try {
    var renewed = Number(localStorage.getItem("thrive.push.renewed") || 0);
    if (localStorage.getItem("thrive.push.device") && window.Notification && Notification.permission === "granted" &&
        Date.now() - renewed > 86400000 && !document.querySelector("script[src='/assets/push.js']")) {
      var script = document.createElement("script");
      script.src = "/assets/push.js";
      document.head.appendChild(script);
    }
  } catch (error) { /* storage off: nothing to renew */ }
})();

// A button that prints the page (the recovery codes, to keep on paper).
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
