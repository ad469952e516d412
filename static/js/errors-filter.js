// The filter of the error index (/errors/) and of an area's page
// (/errors/area/<a>/): layouts/_partials/check-filter.html's form over
// check-groups.html's lists. Without JavaScript the lists are shown
// whole and the form stays hidden. The text matches a check's title and
// id (which starts with its function), every word anywhere; kind and
// area pick groups. The state is kept in the URL's query (?q=&kind=&area=)
// so a filtered list can be linked.
(function () {
  "use strict";
  var form = document.querySelector("[data-check-filter]");
  var root = document.querySelector("[data-check-groups]");
  if (!form || !root) return;
  var q = form.querySelector("#check-filter-q");
  var kind = form.querySelector("#check-filter-kind");
  var area = form.querySelector("#check-filter-area");
  var count = form.querySelector("[data-check-count]");
  var sections = Array.prototype.slice.call(root.querySelectorAll(".check-area"));
  // What each item is matched against, computed once.
  var items = [];
  var total = 0;
  sections.forEach(function (s) {
    Array.prototype.forEach.call(s.querySelectorAll(".check-kind"), function (k) {
      Array.prototype.forEach.call(k.querySelectorAll("li"), function (li) {
        var a = li.querySelector("a");
        var id = (a.getAttribute("href") || "").replace(/\/+$/, "").split("/").pop();
        items.push({ li: li, text: (li.textContent + " " + id.replace(/-/g, " ")).toLowerCase() });
        total++;
      });
    });
  });

  // countOf makes a group's heading count say how many of its checks are
  // shown ("3 of 932") while a filter is on.
  function countOf(el, n) {
    var c = el.querySelector(":scope > h3 .count, :scope > h4 .count");
    if (!c) return;
    if (!c.hasAttribute("data-all")) c.setAttribute("data-all", c.textContent);
    var all = c.getAttribute("data-all");
    c.textContent = String(n) === all ? all : n + " of " + all;
  }

  function words(s) {
    return s.toLowerCase().split(/\s+/).filter(function (w) { return w !== ""; });
  }

  function apply() {
    var ws = words(q.value);
    var k = kind ? kind.value : "";
    var ar = area ? area.value : "";
    var shown = 0;
    var i = 0;
    sections.forEach(function (s) {
      var areaOK = !ar || s.getAttribute("data-area") === ar;
      var inArea = 0;
      Array.prototype.forEach.call(s.querySelectorAll(".check-kind"), function (g) {
        var groupOK = areaOK && (!k || g.getAttribute("data-kind") === k);
        var inGroup = 0;
        var lis = g.querySelectorAll("li");
        for (var j = 0; j < lis.length; j++, i++) {
          var it = items[i];
          var ok = groupOK && ws.every(function (w) { return it.text.indexOf(w) >= 0; });
          it.li.hidden = !ok;
          if (ok) inGroup++;
        }
        g.hidden = inGroup === 0;
        countOf(g, inGroup);
        inArea += inGroup;
      });
      s.hidden = inArea === 0;
      countOf(s, inArea);
      shown += inArea;
    });
    count.textContent = shown === total ? total + " checks" : shown + " of " + total + " checks";
    var params = new URLSearchParams();
    if (q.value) params.set("q", q.value);
    if (k) params.set("kind", k);
    if (ar) params.set("area", ar);
    var search = params.toString();
    history.replaceState(null, "", search ? "?" + search : location.pathname + location.hash);
  }

  var start = new URLSearchParams(location.search);
  q.value = start.get("q") || "";
  function pick(sel, v) {
    if (!sel || !v) return;
    for (var j = 0; j < sel.options.length; j++) {
      if (sel.options[j].value === v) sel.value = v;
    }
  }
  pick(kind, start.get("kind"));
  pick(area, start.get("area"));
  form.hidden = false;
  form.addEventListener("submit", function (ev) { ev.preventDefault(); });
  q.addEventListener("input", apply);
  if (kind) kind.addEventListener("change", apply);
  if (area) area.addEventListener("change", apply);
  apply();
})();
