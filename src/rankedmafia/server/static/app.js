// Live pages that never fight the player.
// - On each nudge from the server (Server-Sent Events) the page fetches itself again and *morphs* its <main>
//   into the fresh one with idiomorph (static/idiomorph-0.8.0.js): nodes are patched in place, so focus,
//   the caret, the selections and the text a player has typed or chosen survive every update. A control
//   the player has touched keeps his value (its "value"/"selected" are not overwritten) until the phase
//   changes or he sends the form.
// - Forms are sent in the background and the answer morphed in the same way, so sending one form does not
//   wipe another; a form that cannot reach the server keeps its input, says so and is sent again when the
//   connection returns.
// - Deadlines are shown in the reader's own time zone with a live countdown; posts can be quoted.
(function () {
  "use strict";
  var lang = document.documentElement.getAttribute("lang") || "ru";
  var touched = new WeakSet();
  var phaseKey = null;

  function controlOf(node) {
    if (!node || node.nodeType !== 1) { return null; }
    if (node.tagName === "OPTION") { return node.closest("select"); }
    return /^(INPUT|SELECT|TEXTAREA)$/.test(node.tagName) ? node : null;
  }

  function mark(event) {
    var control = controlOf(event.target);
    if (control && control.type !== "hidden") { touched.add(control); }
  }
  document.addEventListener("input", mark, true);
  document.addEventListener("change", mark, true);
  var folded = new WeakSet();
  document.addEventListener("click", function (event) {
    var summary = event.target.closest ? event.target.closest("summary") : null;
    if (summary && summary.parentNode.tagName === "DETAILS") { folded.add(summary.parentNode); }
  }, true);

  var morphOptions = {
    morphStyle: "innerHTML",
    ignoreActiveValue: true,
    restoreFocus: true,
    callbacks: {
      beforeAttributeUpdated: function (name, node) {
        // a block the reader opened or folded stays so (the setup's pickers, the rules, past summaries)
        if (name === "open" && node.tagName === "DETAILS") { return !folded.has(node); }
        if (name !== "value" && name !== "selected" && name !== "checked") { return true; }
        var control = controlOf(node);
        return !(control && touched.has(control));
      },
      beforeNodeMorphed: function (old, fresh) {
        // what the script itself writes (the setup check, the share note) is its own, not the server's
        if (old.nodeType === 1 && old.hasAttribute("data-client")) { return false; }
        // a countdown keeps ticking: leave it alone while its deadline is the same
        if (old.nodeType === 1 && old.hasAttribute("data-deadline") && fresh.nodeType === 1 &&
            old.getAttribute("data-deadline") === fresh.getAttribute("data-deadline")) { return false; }
        return true;
      },
      beforeNodeRemoved: function (node) {
        // a form's unsent note stays until the form is sent
        if (node.nodeType === 1 && node.hasAttribute("data-unsent")) { return false; }
        // a refusal stays on screen through live updates, until the player sends a form again
        return !(keepAlerts && node.nodeType === 1 && node.getAttribute("role") === "alert");
      }
    }
  };
  var keepAlerts = true;

  function morphPage(html, fromForm) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var main = document.querySelector("main");
    var next = fresh.querySelector("main");
    if (!main || !next) { return; }
    var key = next.getAttribute("data-phase");
    // a refusal ("the game is paused") goes once the game moves on: resumed, paused, a new phase
    keepAlerts = !fromForm && (phaseKey === null || key === phaseKey);
    if (phaseKey !== null && key !== phaseKey) { touched = new WeakSet(); }
    phaseKey = key;
    if (fresh.title) { document.title = fresh.title; }
    main.setAttribute("data-turn", next.getAttribute("data-turn") || "");
    main.setAttribute("data-urgent", next.getAttribute("data-urgent") || "0");
    main.setAttribute("data-phase", key || "");
    // its children, not the fresh <main> itself (which would nest a <main> inside the old one)
    window.Idiomorph.morph(main, Array.from(next.childNodes), morphOptions);
    tick();
    turnChanged();
    document.dispatchEvent(new CustomEvent("rm:updated"));
  }

  // --- live updates ------------------------------------------------------------------------------
  var busy = false;
  var again = false;

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(window.location.href, { headers: { "X-Partial": "1" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) { morphPage(html); } })
      .catch(function () {})
      .then(function () { busy = false; if (again) { again = false; refresh(); } });
  }

  var main = document.querySelector("main");
  phaseKey = main ? main.getAttribute("data-phase") : null;
  var url = document.body.getAttribute("data-events");
  if (url && window.EventSource) {
    var version = null;
    var source = new EventSource(url);
    source.addEventListener("state", function (e) {
      var data = JSON.parse(e.data);
      if (version !== null) { refresh(); }  // the server sends a state only when this page's facts changed
      else { document.documentElement.setAttribute("data-live-open", "1"); }  // updates flow from here on
      version = data.version;
    });
    source.addEventListener("gone", function () { source.close(); });
  }

  // --- forms in the background -------------------------------------------------------------------
  // A form that cannot reach the server (no network) stays as it is, with the player's input, says so
  // beside itself and is sent again, the same data, when the connection returns (the browser's "online",
  // else after a growing pause): the phase it carries keeps a late retry from landing in another phase.
  var OFFLINE = {
    ru: "Нет связи — ход не отправлен. Он уйдёт сам, как только связь вернётся.",
    en: "No connection — the move was not sent. It will go by itself once the connection is back."
  };
  var unsent = {};  // action -> {form, body, attempt, timer}: the last unsent send of each form

  function buttons(form, off) { form.querySelectorAll("button").forEach(function (b) { b.disabled = off; }); }

  function noteOf(form) {
    var next = form.nextElementSibling;
    return next && next.hasAttribute("data-unsent") ? next : null;
  }

  function settle(form, action) {
    var waiting = unsent[action];
    if (waiting) { clearTimeout(waiting.timer); delete unsent[action]; }
    var note = noteOf(form);
    if (note) { note.remove(); }
    document.documentElement.removeAttribute("data-offline");
  }

  function showUnsent(form) {
    if (!noteOf(form)) {
      var note = document.createElement("p");
      note.className = "error beside";
      note.setAttribute("role", "status");
      note.setAttribute("data-client", "");
      note.setAttribute("data-unsent", "");
      note.textContent = OFFLINE[lang] || OFFLINE.ru;
      form.insertAdjacentElement("afterend", note);
    }
    document.documentElement.setAttribute("data-offline", "1");
  }

  function failed(form, action, body, attempt) {
    buttons(form, false);
    showUnsent(form);
    var delay = Math.min(30000, 1000 * Math.pow(2, attempt));
    var waiting = { form: form, body: body, attempt: attempt + 1 };
    waiting.timer = setTimeout(function () { send(form, action, body, waiting.attempt); }, delay);
    unsent[action] = waiting;
  }

  window.addEventListener("online", function () {
    Object.keys(unsent).forEach(function (action) {
      var waiting = unsent[action];
      clearTimeout(waiting.timer);
      send(waiting.form, action, waiting.body, waiting.attempt);
    });
  });

  function send(form, action, body, attempt) {
    var waiting = unsent[action];
    if (waiting) { clearTimeout(waiting.timer); delete unsent[action]; }
    var refused = false;
    buttons(form, true);
    fetch(action, { method: "POST", body: body, credentials: "same-origin", headers: { "X-Partial": "1" } })
      .then(function (r) {
        settle(form, action);
        var here = window.location.href.split("#")[0];
        if (r.redirected && r.url.split("#")[0] !== here) { window.location.href = r.url; return null; }
        refused = !r.ok;
        return r.text();
      }, function () { failed(form, action, body, attempt); return null; })
      .then(function (html) {
        if (html === null) { return; }
        // a refused form keeps what the player chose; a sent one starts afresh
        if (!refused) { form.querySelectorAll("input, select, textarea").forEach(function (c) { touched.delete(c); }); }
        morphPage(html, true);
        buttons(form, false);
        if (refused) { besideForm(form); }
      })
      .catch(function () { buttons(form, false); });
  }

  // a plain form (a whole page's answer: sign-in, creation, the desk) sent while the browser knows it is
  // offline is held with its input, and sent when the connection returns
  var heldPlain = [];
  window.addEventListener("online", function () {
    heldPlain.splice(0).forEach(function (held) {
      var note = noteOf(held.form);
      if (note) { note.remove(); }
      if (!held.form.isConnected) { return; }
      if (held.form.requestSubmit) {
        held.form.requestSubmit(held.submitter && held.submitter.isConnected ? held.submitter : undefined);
      } else { held.form.submit(); }
    });
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) { return; }
    if (form.hasAttribute("data-plain")) {
      if (navigator.onLine === false && (form.getAttribute("method") || "get").toLowerCase() === "post") {
        event.preventDefault();
        showUnsent(form);
        if (!heldPlain.some(function (held) { return held.form === form; })) {
          heldPlain.push({ form: form, submitter: event.submitter });
        }
      }
      return;
    }
    if (!window.fetch) { return; }
    event.preventDefault();
    // the same data, whatever fields the form has, is what a retry sends
    send(form, form.getAttribute("action"), new URLSearchParams(new FormData(form, event.submitter || undefined)), 0);
  });

  // --- time: the reader's own zone, and a countdown -----------------------------------------------
  function two(n) { return (n < 10 ? "0" : "") + n; }

  function left(seconds) {
    if (seconds <= 0) { return "0:00"; }
    var d = Math.floor(seconds / 86400), h = Math.floor(seconds % 86400 / 3600);
    var m = Math.floor(seconds % 3600 / 60), s = Math.floor(seconds % 60);
    var clock = (h || d ? h + ":" + two(m) : String(m)) + ":" + two(s);
    return d ? d + (lang === "ru" ? " д " : " d ") + clock : clock;
  }

  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var at = parseFloat(el.getAttribute("data-deadline"));
      if (!at) { return; }
      var when = new Date(at * 1000).toLocaleString(lang, { weekday: "short", hour: "2-digit", minute: "2-digit" });
      var out = el.querySelector(".left");
      var clock = el.querySelector(".at");
      if (clock && clock.textContent !== when) { clock.textContent = when; }
      if (out) { out.textContent = left(at - now); }
      el.classList.toggle("soon", at - now < 300);
    });
  }
  tick();
  setInterval(tick, 1000);

  // --- quoting a post ------------------------------------------------------------------------------
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-quote]") : null;
    if (!button) { return; }
    var post = document.getElementById(button.getAttribute("data-quote"));
    var box = document.querySelector("#postform textarea");
    if (!post || !box) { return; }
    var author = post.getAttribute("data-author") || "";
    var text = (post.querySelector(".text") || post).textContent.trim().split("\n").join("\n> ");
    box.value = (box.value ? box.value + "\n" : "") + "> " + author + ": " + text + "\n";
    touched.add(box);
    box.focus();
  });

  // a refusal is shown beside the form that was refused, not at the top of a long page
  function besideForm(form) {
    var alert = document.querySelector("main > [role=alert]");
    if (!alert || !form.isConnected) { return; }
    alert.classList.add("beside");
    form.insertAdjacentElement("afterend", alert);
    alert.scrollIntoView({ block: "nearest" });
  }

  // --- your move: the tab's title and icon, an alert and a sound (opt-in) ------------------------
  var store = window.localStorage;
  var lastTurn = main ? main.getAttribute("data-turn") : null;

  function urgent() {
    var m = document.querySelector("main");
    return !!m && m.getAttribute("data-urgent") === "1";
  }

  function setIcon() {
    var icon = document.getElementById("favicon");
    if (icon) { icon.setAttribute("href", icon.getAttribute(urgent() ? "data-turn" : "data-idle")); }
  }

  function beep() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) { return; }
    try {
      var ctx = new Ctx(), osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 880; gain.gain.value = 0.08;
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(); osc.stop(ctx.currentTime + 0.25);
    } catch (e) { /* no sound is no harm */ }
  }

  function turnChanged() {
    setIcon();
    var m = document.querySelector("main");
    var now = m ? m.getAttribute("data-turn") : null;
    if (now === lastTurn) { return; }
    lastTurn = now;
    if (!urgent()) { return; }
    var line = document.getElementById("turn");
    var text = line ? line.textContent.replace(/\s+/g, " ").trim() : document.title;
    if (store && store.getItem("rm-alerts") === "1" && window.Notification && Notification.permission === "granted") {
      try { new Notification(document.title, { body: text, tag: "rm-turn" }); } catch (e) { /* mobile: page alerts only */ }
    }
    if (store && store.getItem("rm-sound") === "1") { beep(); }
    document.dispatchEvent(new CustomEvent("rm:turn", { detail: text }));
  }

  var alerts = document.getElementById("alerts");
  if (alerts) {
    var button = document.getElementById("alerts-button");
    var sound = document.getElementById("sound");
    var note = document.getElementById("alerts-note");
    var showAlerts = function () {
      var on = store && store.getItem("rm-alerts") === "1";
      var state = window.Notification ? Notification.permission : "denied";
      button.hidden = on && state === "granted";
      note.textContent = on && state === "granted" ? button.getAttribute("data-on") :
        (state === "denied" && on ? button.getAttribute("data-denied") : "");
      sound.checked = !!store && store.getItem("rm-sound") === "1";
    };
    alerts.hidden = false;
    button.addEventListener("click", function () {
      if (store) { store.setItem("rm-alerts", "1"); }
      if (window.Notification && Notification.permission === "default") {
        Notification.requestPermission().then(showAlerts, showAlerts);  // asked once, by this button
      }
      showAlerts();
    });
    sound.addEventListener("change", function () {
      if (store) { store.setItem("rm-sound", sound.checked ? "1" : "0"); }
      if (sound.checked) { beep(); }
    });
    showAlerts();
  }
  setIcon();

  // --- the invite link: shared by the phone's own sheet, or copied ---------------------------------
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-share]") : null;
    if (!button) { return; }
    var link = button.getAttribute("data-share");
    var note = button.parentNode.querySelector(".share-note");
    var copied = function () { if (note) { note.textContent = button.getAttribute("data-copied"); } };
    if (navigator.share) {
      navigator.share({ title: button.getAttribute("data-title") || document.title, url: link }).catch(function () {});
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText(link).then(copied, function () { if (note) { note.textContent = link; } });
    } else if (note) { note.textContent = link; }
  });

  // --- a custom setup by pickers: checked by the engine as the player picks ----------------------
  var pickers = document.getElementById("pickers");
  if (pickers) {
    var out = document.getElementById("setup-check");
    var pending = null;
    var check = function () {
      var roles = {}, any = false;
      pickers.querySelectorAll("input[name^=role_]").forEach(function (input) {
        var n = parseInt(input.value, 10);
        if (n > 0) { roles[input.name.slice(5)] = n; any = true; }
      });
      if (!any) { out.textContent = ""; out.className = "small"; return; }
      var players = parseInt(document.getElementById("players").value, 10);
      fetch("/api/setups/check?lang=" + lang, { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ players: players > 0 ? players : null, roles: roles }) })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          out.className = "small " + (answer.ok ? "notice" : "error");
          out.textContent = answer.ok ? out.getAttribute("data-ok-text") + " (" + answer.players + "): " +
            answer.message : answer.message;
          out.setAttribute("data-ok", answer.ok ? "1" : "0");
        })
        .catch(function () {});
    };
    pickers.addEventListener("input", function () { clearTimeout(pending); pending = setTimeout(check, 250); });
    check();
  }

  // --- irreversible host buttons ask first (a capture listener: before the form is sent) ---------------
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form instanceof HTMLFormElement ? form.getAttribute("data-confirm") : null;
    if (question && !window.confirm(question)) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);

  // --- one target once: an option picked in one target select of a form is disabled in the others ------
  function targetSelects(form) {
    return Array.prototype.filter.call(form.querySelectorAll("select"), function (s) {
      return /^target[0-9]*$/.test(s.name);
    });
  }

  function oneTargetOnce(form) {
    var selects = targetSelects(form);
    if (selects.length < 2) { return; }
    selects.forEach(function (select) {
      var taken = selects.filter(function (o) { return o !== select && o.value; })
        .map(function (o) { return o.value; });
      Array.prototype.forEach.call(select.options, function (option) {
        var off = option.value !== "" && taken.indexOf(option.value) >= 0;
        if (option.disabled !== off) { option.disabled = off; }
      });
    });
  }

  function everyForm() { document.querySelectorAll("form").forEach(oneTargetOnce); }
  document.addEventListener("change", function (event) {
    var form = event.target && event.target.form;
    if (form) { oneTargetOnce(form); }
  });
  document.addEventListener("rm:updated", everyForm);
  everyForm();

  document.documentElement.setAttribute("data-live-ready", "1");
})();
