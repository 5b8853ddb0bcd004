// Live updates: on each nudge from the server (Server-Sent Events), fetch this same page again and swap
// its live sections. A section holding the focused field is kept unless its key (the phase) changed.
(function () {
  "use strict";
  var url = document.body.getAttribute("data-events");
  if (!url || !window.EventSource) { return; }
  var version = null;
  var busy = false;
  var again = false;

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    document.querySelectorAll("[data-live]").forEach(function (old) {
      var next = fresh.getElementById(old.id);
      if (!next) { return; }
      var focused = old.contains(document.activeElement) && document.activeElement !== document.body;
      if (focused && old.getAttribute("data-key") === next.getAttribute("data-key")) { return; }
      old.replaceWith(next);
    });
    document.dispatchEvent(new CustomEvent("rm:updated"));
  }

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(window.location.href, { headers: { "X-Partial": "1" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) { swap(html); } })
      .catch(function () {})
      .then(function () { busy = false; if (again) { again = false; refresh(); } });
  }

  var source = new EventSource(url);
  source.addEventListener("state", function (e) {
    var data = JSON.parse(e.data);
    if (version !== null && data.version !== version) { refresh(); }
    else if (version !== null) { refresh(); }
    version = data.version;
  });
  source.addEventListener("gone", function () { source.close(); });
  document.documentElement.setAttribute("data-live-ready", "1");
})();
