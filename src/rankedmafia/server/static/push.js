/* The player's page offers push notifications: the browser's permission is asked only after a tap. */
(function () {
  "use strict";
  var box = document.getElementById("push");
  if (!box) { return; }
  var button = document.getElementById("push-button"), note = document.getElementById("push-note");
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.Notification) {
    return;  /* stays hidden: this browser cannot */
  }
  var token = box.getAttribute("data-token"), key = box.getAttribute("data-key");
  if (!key) { return; }
  function bytes(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { out[i] = raw.charCodeAt(i); }
    return out;
  }
  function done() { button.disabled = true; button.textContent = button.getAttribute("data-on"); }
  function failed(text) { if (note) { note.textContent = text; } button.disabled = false; }
  box.hidden = false;
  if (localStorage.getItem("rm-push-" + token) === "1" && Notification.permission === "granted") { done(); }
  button.addEventListener("click", function () {
    button.disabled = true;
    Notification.requestPermission().then(function (answer) {
      if (answer !== "granted") { failed(button.getAttribute("data-denied")); return null; }
      return navigator.serviceWorker.register("/p/" + token + "/sw.js", {scope: "/p/" + token + "/"})
        .then(function (registration) { return navigator.serviceWorker.ready.then(function () { return registration; }); })
        .then(function (registration) {
          return registration.pushManager.getSubscription().then(function (old) {
            return old || registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: bytes(key)});
          });
        })
        .then(function (subscription) {
          return fetch("/api/player/" + token + "/push", {
            method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(subscription.toJSON())
          });
        })
        .then(function (response) {
          if (!response.ok) { throw new Error("refused"); }
          localStorage.setItem("rm-push-" + token, "1");
          done();
        });
    }).catch(function () { failed(button.getAttribute("data-unsupported")); });
  });
})();
