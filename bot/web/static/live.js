// Live updates of a game's page: the page reads whole without this script; with it, deadlines show in
// the reader's own time zone and the page follows the game by server-sent events (no polling).
(function () {
  "use strict";
  function localTimes(root) {
    root.querySelectorAll("time[data-local]").forEach(function (t) {
      var d = new Date(t.dateTime);
      if (!isNaN(d.getTime())) {
        t.textContent = d.toLocaleString(undefined, {
          weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
          timeZoneName: "short"
        });
      }
    });
  }
  window.arbiterLocalTimes = localTimes;
  localTimes(document);
  var game = document.querySelector("article[data-live]");
  if (!game || !window.EventSource || !window.fetch) { return; }
  var base = game.dataset.live;
  var shown = Number(game.dataset.version);
  var wanted = shown;
  var busy = false;
  function refresh() {
    if (busy || wanted <= shown) { return; }
    busy = true;
    var target = wanted;
    fetch(base + "/live", { cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      busy = false;
      if (html === null) { return; }
      var live = document.getElementById("live");
      live.innerHTML = html;
      localTimes(live);
      var status = live.querySelector("[data-version]");
      shown = status ? Number(status.dataset.version) : target;
      game.dataset.version = String(shown);
      if (shown >= target) { refresh(); }
    }, function () { busy = false; });
  }
  var source = new EventSource(base + "/events");
  source.addEventListener("version", function (e) {
    var v = Number(e.data);
    if (v > wanted) { wanted = v; refresh(); }
  });
})();
