// The desk's copy buttons: the text beside the button goes to the clipboard (navigator.clipboard where
// the page may use it, else a selected hidden textarea and execCommand), and the button says so.
(function () {
  "use strict";
  function fallback(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    document.body.removeChild(area);
    return done;
  }
  function copied(button) {
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    button.textContent = button.getAttribute("data-done") || label;
    button.classList.add("done");
    setTimeout(function () { button.textContent = label; button.classList.remove("done"); }, 2000);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-copy]") : null;
    if (!button) { return; }
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) { return; }
    var text = source.textContent;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { copied(button); },
        function () { if (fallback(text)) { copied(button); } });
    } else if (fallback(text)) {
      copied(button);
    }
  });
})();
