// Charts, enhanced: exact values on hover, tap and keyboard focus; legend toggles; zoom and pan
// on the time axis in place. Without this file every chart, its summary and its table still show.
(function () {
  "use strict";
  var strings = (document.getElementById("ui-strings") || { dataset: {} }).dataset;

  function points(svg) {
    var list = Array.prototype.slice.call(svg.querySelectorAll("[data-label]"));
    return list.filter(function (node) { return !node.closest(".series-hidden"); });
  }

  function centre(node) {
    var box = node.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, top: box.top };
  }

  function setUp(section) {
    var figure = section.querySelector(".chart-figure");
    if (!figure || figure.dataset.enhanced) { return; }
    figure.dataset.enhanced = "true";
    var tip = document.createElement("div");
    tip.className = "chart-tip";
    tip.hidden = true;
    tip.setAttribute("aria-hidden", "true");
    figure.appendChild(tip);
    var live = document.createElement("p");
    live.className = "visually-hidden chart-live";
    live.setAttribute("aria-live", "polite");
    figure.appendChild(live);

    function show(node, announce) {
      var svg = node.ownerSVGElement;
      Array.prototype.forEach.call(svg.querySelectorAll(".is-active"), function (n) { n.classList.remove("is-active"); });
      node.classList.add("is-active");
      tip.textContent = node.getAttribute("data-label");
      tip.hidden = false;
      var at = centre(node), frame = figure.getBoundingClientRect();
      var left = Math.min(Math.max(at.x - frame.left, 60), frame.width - 60);
      tip.style.left = left + "px";
      tip.style.top = Math.max(at.top - frame.top - 8, 0) + "px";
      if (announce) { live.textContent = tip.textContent; }
    }
    function hide() {
      tip.hidden = true;
      Array.prototype.forEach.call(figure.querySelectorAll(".is-active"), function (n) { n.classList.remove("is-active"); });
    }
    function nearest(svg, x, y) {
      var best = null, distance = Infinity;
      points(svg).forEach(function (node) {
        var c = centre(node);
        var d = Math.abs(c.x - x) * 4 + Math.abs(c.y - y);
        if (d < distance) { distance = d; best = node; }
      });
      return best;
    }

    Array.prototype.forEach.call(figure.querySelectorAll("svg.chart"), function (svg) {
      if (!svg.querySelector("[data-label]")) { return; }
      svg.setAttribute("tabindex", "0");
      svg.addEventListener("pointermove", function (event) {
        var node = event.target.closest && event.target.closest("[data-label]");
        node = node || nearest(svg, event.clientX, event.clientY);
        if (node) { show(node, false); }
      });
      svg.addEventListener("pointerdown", function (event) {
        var node = nearest(svg, event.clientX, event.clientY);
        if (node) { show(node, true); }
      });
      svg.addEventListener("pointerleave", hide);
      svg.addEventListener("blur", hide);
      svg.addEventListener("keydown", function (event) {
        var list = points(svg);
        if (!list.length) { return; }
        var index = list.indexOf(svg.querySelector(".is-active"));
        var next = null;
        switch (event.key) {
          case "ArrowRight": case "ArrowDown": next = index < 0 ? 0 : Math.min(index + 1, list.length - 1); break;
          case "ArrowLeft": case "ArrowUp": next = index < 0 ? list.length - 1 : Math.max(index - 1, 0); break;
          case "Home": next = 0; break;
          case "End": next = list.length - 1; break;
          case "Escape": hide(); return;
          case "+": case "=": follow(section, "zoomIn"); return;
          case "-": follow(section, "zoomOut"); return;
          case "PageUp": follow(section, "earlier"); event.preventDefault(); return;
          case "PageDown": follow(section, "later"); event.preventDefault(); return;
          default: return;
        }
        event.preventDefault();
        show(list[next], true);
      });
      svg.addEventListener("wheel", function (event) {
        if (!event.ctrlKey) { return; }
        event.preventDefault();
        follow(section, event.deltaY < 0 ? "zoomIn" : "zoomOut");
      }, { passive: false });
    });

    // Legend toggles: each series, the shaded spread and the trend line can be hidden and shown again.
    var wide = figure.querySelector("svg.chart");
    var entries = [];
    if (wide) {
      Array.prototype.forEach.call(wide.querySelectorAll("g.series[data-series]"), function (g) {
        entries.push({ name: g.getAttribute("data-series"), selector: 'g.series[data-series="' + g.getAttribute("data-series") + '"]' });
      });
      if (wide.querySelector("g.spread")) { entries.push({ name: strings.spread, selector: "g.spread" }); }
      if (wide.querySelector(".trend")) { entries.push({ name: strings.trend, selector: ".trend" }); }
    }
    if (entries.length > 1) {
      var bar = document.createElement("div");
      bar.className = "chart-toggles";
      bar.setAttribute("role", "group");
      bar.setAttribute("aria-label", strings.toggles);
      entries.forEach(function (entry) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "chip chip-quiet";
        button.setAttribute("aria-pressed", "true");
        button.textContent = entry.name;
        button.addEventListener("click", function () {
          var shown = button.getAttribute("aria-pressed") !== "true";
          button.setAttribute("aria-pressed", shown ? "true" : "false");
          Array.prototype.forEach.call(figure.querySelectorAll("svg.chart " + entry.selector), function (node) {
            node.classList.toggle("series-hidden", !shown);
          });
          hide();
        });
        bar.appendChild(button);
      });
      figure.parentNode.insertBefore(bar, figure.nextSibling);
    }
  }

  function follow(section, move) {
    var link = section.querySelector('a[data-chart-nav="' + move + '"]');
    if (link) { navigate(section, link.href); }
  }

  // Range, zoom and pan links replace only their chart, with a skeleton while the next one loads.
  function navigate(section, href) {
    section.setAttribute("aria-busy", "true");
    fetch(href, { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (reply) {
      if (!reply.ok) { throw new Error(String(reply.status)); }
      return reply.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(section.id);
      if (!fresh) { throw new Error("missing"); }
      var replacement = document.importNode(fresh, true);
      section.parentNode.replaceChild(replacement, section);
      history.replaceState(null, "", href);
      setUp(replacement);
      var heading = replacement.querySelector("h2");
      if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
    }).catch(function () {
      window.location.href = href;
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-chart-nav]");
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) { return; }
    var section = link.closest(".chart-card");
    if (!section || !section.id) { return; }
    event.preventDefault();
    navigate(section, link.href);
  });

  Array.prototype.forEach.call(document.querySelectorAll(".chart-card"), setUp);
})();
