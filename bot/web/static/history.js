// A game's history without reloading the page: the slider shows each step as it moves, and the arrow
// keys, Home and End step through it. Without this script the slider's form and the links do the same.
(function () {
  "use strict";
  var slider = document.getElementById("at");
  var step = document.getElementById("step");
  if (!slider || !step || !window.fetch) { return; }
  var part = slider.dataset.part;
  var asked = 0;
  function show(at) {
    var max = Number(slider.max);
    at = Math.min(Math.max(Number(at), 0), max);
    slider.value = String(at);
    var mine = ++asked;
    fetch(part + at).then(function (r) { return r.ok ? r.text() : null; }).then(function (html) {
      if (html === null || mine !== asked) { return; }
      step.innerHTML = html;
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "?at=" + at);
      }
    });
  }
  slider.addEventListener("input", function () { show(slider.value); });
  document.addEventListener("keydown", function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") { return; }
    var at = Number(slider.value);
    if (e.key === "ArrowLeft") { at -= 1; }
    else if (e.key === "ArrowRight") { at += 1; }
    else if (e.key === "Home") { at = 0; }
    else if (e.key === "End") { at = Number(slider.max); }
    else { return; }
    e.preventDefault();
    show(at);
  });
  var form = slider.form;
  if (form) {
    form.addEventListener("submit", function (e) { e.preventDefault(); show(slider.value); });
  }
})();
