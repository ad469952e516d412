// The /lookup/ page: paste an error, get the runbooks that explain it.
// Ranking is HandbookLookup (lookup.js), the same algorithm as
// `gen lookup`. User input only ever reaches the page as text.
(function () {
  "use strict";
  var app = document.getElementById("lookup-app");
  var box = document.getElementById("lookup-q");
  if (!app || !box || !window.HandbookLookup) return;
  var form = box.form;
  var indexURL = app.getAttribute("data-index") || new URL("../api/lookup.json", location.href).href;
  var index = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function render(text) {
    app.textContent = "";
    if (!text.trim()) return;
    var matches = window.HandbookLookup.rank(index, text);
    if (matches.length === 0) {
      app.appendChild(el("p", "lookup-none", "No runbook matches this error closely enough. Try the full message or stack trace, or search for a symbol."));
      return;
    }
    var heading = el("h2", null, matches.length === 1 ? "1 matching page" : matches.length + " matching pages");
    app.appendChild(heading);
    var list = el("ol", "lookup-results");
    matches.forEach(function (m) {
      var li = el("li", "lookup-result");
      var a = el("a", null, m.title);
      // The index holds absolute permalinks (gen lookup prints them); in
      // the browser stay on the site being browsed, a preview or a copy.
      var u = new URL(m.url, location.href);
      a.href = u.pathname + u.search + u.hash;
      li.appendChild(a);
      // A check is nvFuser's own: say so, and say which check a note explains.
      if (m.kind === "check") li.appendChild(el("span", "lookup-kind", " the nvFuser check that raised it"));
      else if (m.check) li.appendChild(el("span", "lookup-kind", " explains check " + m.check));
      else if (m.evidence.length > 0 && m.evidence[0].indexOf("set:") === 0) li.appendChild(el("span", "lookup-kind", " set when it failed"));
      li.appendChild(el("span", "lookup-score", " score " + m.score.toFixed(1)));
      var ev = el("p", "lookup-evidence", "Matched: " + m.evidence.join(", "));
      li.appendChild(ev);
      // An option's match says whether it exists in the reported version.
      if (m.note) li.appendChild(el("p", "lookup-note", m.note));
      list.appendChild(li);
    });
    app.appendChild(list);
  }

  function run(text, push) {
    if (push) {
      var u = new URL(location.href);
      u.searchParams.set("q", text);
      history.replaceState(null, "", u.href);
    }
    if (index) { render(text); return; }
    app.textContent = "Loading the index…";
    fetch(indexURL).then(function (r) {
      if (!r.ok) throw new Error(r.status + " " + r.statusText);
      return r.json();
    }).then(function (idx) {
      index = idx;
      render(text);
    }).catch(function (err) {
      app.textContent = "";
      app.appendChild(el("p", "lookup-error", "Could not load the lookup index (" + err.message + ")."));
    });
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    run(box.value, true);
  });
  var q = new URL(location.href).searchParams.get("q");
  if (q) {
    box.value = q;
    run(q, false);
  }
})();
