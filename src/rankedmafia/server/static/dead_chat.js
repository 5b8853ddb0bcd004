/* The dead's chat: kept current by its own stream (the living players' streams never carry it). */
(function () {
  "use strict";
  var open = null;
  function draw(list, posts) {
    var empty = list.getAttribute("data-empty"), mark = list.getAttribute("data-spectator");
    list.textContent = "";
    if (!posts.length) {
      var p = document.createElement("p"); p.className = "muted"; p.textContent = empty; list.appendChild(p); return;
    }
    posts.forEach(function (m) {
      var div = document.createElement("div"); div.className = "post"; div.id = "dead-post-" + m.id;
      var b = document.createElement("b"); b.textContent = m.nickname; div.appendChild(b);
      if (m.spectator) {
        var pill = document.createElement("span"); pill.className = "pill"; pill.textContent = mark;
        div.appendChild(document.createTextNode(" ")); div.appendChild(pill);
      }
      var text = document.createElement("div"); text.className = "text"; text.textContent = m.text; div.appendChild(text);
      list.appendChild(div);
    });
  }
  function watch() {
    var section = document.getElementById("dead-chat");
    var url = section ? section.getAttribute("data-dead-events") : null;
    if (open && open.url !== url) { open.source.close(); open = null; }
    if (!url || open || !window.EventSource) { return; }
    var source = new EventSource(url);
    open = {url: url, source: source};
    source.addEventListener("dead", function (e) {
      var list = document.getElementById("dead-posts");
      if (list) { draw(list, JSON.parse(e.data).posts || []); }
    });
    source.addEventListener("gone", function () { source.close(); });
  }
  document.addEventListener("DOMContentLoaded", watch);
  setInterval(watch, 3000);
})();
