/* The player's service worker: shows the server's push messages (his move, a phase's end) with the tab
   closed, and opens his page when one is tapped. Its scope is his own pages (/p/<token>/). */
"use strict";
var page = self.registration.scope.replace(/\/$/, "");

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {body: event.data ? event.data.text() : ""}; }
  event.waitUntil(self.registration.showNotification(data.title || "", {
    body: data.body || "", tag: data.tag || "", renotify: true, data: {url: data.url || page}
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || page;
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (list) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].url.indexOf(page) === 0 && "focus" in list[i]) { return list[i].focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
