/* The quick-join queue's page: while he waits, it asks every few seconds whether his game has opened. */
(function () {
  "use strict";
  var box = document.getElementById("quick");
  if (!box || box.getAttribute("data-quick") !== "1") { return; }
  setInterval(function () {
    fetch("/api/quick", {credentials: "same-origin"}).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (q) {
        if (!q) { return; }
        if (q.seat) { window.location.href = q.seat; return; }
        var count = document.getElementById("quick-count");
        if (count) { count.textContent = count.textContent.replace(/\d+/, String(q.waiting)); }
      }).catch(function () {});
  }, 3000);
})();
