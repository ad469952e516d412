// A check page's "since your build" block: with ?v=0.2.24 in the address
// (the lookup links here with the build the paste named), list the
// commits that changed the check's function after that version, newest
// first as the page lists them, and add the build to the report link.
// Everything shown is the page's own text, filtered; nothing from the
// address is written into the page but the version, as text.
(function () {
  "use strict";
  var block = document.getElementById("since-build");
  if (!block) return;
  var raw = new URL(location.href).searchParams.get("v") || "";
  var m = /^v?([0-9]+\.[0-9]+\.[0-9]+)(?:[.a-z0-9]*)?(?:\+git([0-9a-f]{7,40}))?$/i.exec(raw.trim());
  if (!m) return;
  var version = m[1], build = m[2] ? version + "+git" + m[2].toLowerCase() : version;
  function cmp(a, b) {
    var x = a.split("."), y = b.split(".");
    for (var i = 0; i < Math.max(x.length, y.length); i++) {
      var d = (parseInt(x[i] || "0", 10) || 0) - (parseInt(y[i] || "0", 10) || 0);
      if (d !== 0) return d < 0 ? -1 : 1;
    }
    return 0;
  }
  var since = 0;
  Array.prototype.forEach.call(block.querySelectorAll("li[data-when]"), function (li) {
    // "0.2.23, 2024-12-10": the version of the change, when known.
    var w = /^([0-9]+(?:\.[0-9]+)+),/.exec(li.getAttribute("data-when") || "");
    if (w && cmp(w[1], version) > 0) since++; else li.hidden = true;
  });
  var lead = block.querySelector(".since-build-lead");
  lead.textContent = since === 0
    ? "No commit since nvFuser " + build + " changed the function this check is in (of the last changes the handbook keeps)."
    : since + (since === 1 ? " commit" : " commits") + " since nvFuser " + build + " changed the function this check is in, newest first:";
  block.hidden = false;
  var report = document.getElementById("check-report");
  if (report) {
    var u = new URL(report.href);
    var body = u.searchParams.get("body") || "";
    u.searchParams.set("body", body.replace("\n\n```", "\nBuild: nvfuser " + build + "\n\n```"));
    report.href = u.href;
  }
})();
