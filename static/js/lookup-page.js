// The /lookup/ page: paste an error, get the runbooks that explain it.
// Ranking is HandbookLookup (lookup.js), the same algorithm as
// `gen lookup`. User input only ever reaches the page as text.
(function () {
  "use strict";
  var app = document.getElementById("lookup-app");
  var box = document.getElementById("lookup-q");
  var ver = document.getElementById("lookup-v");
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

  var levelWords = { raised: "this check raised it", probably: "probably", related: "related" };

  function reportLink(text, m) {
    var u = window.HandbookLookup.reportURL(index, text, m);
    if (!u) return null;
    var p = el("p", "lookup-report");
    var a = el("a", null, m ? "Report this to nvFuser" : "Report this error to nvFuser");
    a.href = u;
    a.rel = "noopener noreferrer";
    a.target = "_blank";
    p.appendChild(a);
    p.appendChild(el("span", null, " (opens a new NVIDIA/Fuser issue with the check, the build and your paste filled in)"));
    return p;
  }

  function render(text) {
    app.textContent = "";
    if (!text.trim()) return;
    var given = ver ? ver.value : "";
    var matches = window.HandbookLookup.rank(index, text, given);
    // The field shows the build the paste names, when the reader gave none.
    if (ver && given.trim() === "") {
      var b = window.HandbookLookup.parseBuild(text);
      if (b.version || b.commit) ver.placeholder = (b.version && b.commit) ? b.version + "+git" + b.commit : (b.version || b.commit);
    }
    if (matches.length > 0 && matches[0].build) app.appendChild(el("p", "lookup-build", "Resolved against nvFuser " + matches[0].build + "."));
    var claimed = matches.length > 0 && (matches[0].level === "raised" || matches[0].level === "probably");
    if (!claimed) {
      app.appendChild(el("p", "lookup-none", "No nvFuser check or runbook matched this error closely enough to be its answer."));
      var r = reportLink(text, null);
      if (r) app.appendChild(r);
      if (matches.length === 0) return;
      app.appendChild(el("h2", null, "Related pages"));
    } else {
      app.appendChild(el("h2", null, matches.length === 1 ? "1 matching page" : matches.length + " matching pages"));
    }
    var list = el("ol", "lookup-results");
    matches.forEach(function (m) {
      var li = el("li", "lookup-result");
      // A check's title is its message template: show its run-time values
      // as "…", as the check's own page does, not as "{}".
      var a = el("a", null, m.kind === "check" ? m.title.split("{}").join("\u2026") : m.title);
      // The index holds absolute permalinks (gen lookup prints them); in
      // the browser stay on the site being browsed, a preview or a copy.
      var u = new URL(m.url, location.href);
      // A check's page shows what changed since the build the paste named.
      if (m.kind === "check" && m.build && m.build.indexOf("commit ") !== 0) u.searchParams.set("v", m.build);
      a.href = u.pathname + u.search + u.hash;
      li.appendChild(a);
      // A check is nvFuser's own: say so, and say which check a note explains.
      if (m.kind === "check") li.appendChild(el("span", "lookup-kind", " nvFuser check"));
      else if (m.check) li.appendChild(el("span", "lookup-kind", " explains check " + m.check));
      else if (m.evidence.length > 0 && m.evidence[0].indexOf("set:") === 0) li.appendChild(el("span", "lookup-kind", " set when it failed"));
      if (m.level) li.appendChild(el("span", "lookup-level lookup-level-" + m.level, " " + levelWords[m.level] + (m.how ? " (" + m.how + ")" : "")));
      li.appendChild(el("span", "lookup-score", " score " + m.score.toFixed(1)));
      if (m.wrapper) li.appendChild(el("p", "lookup-wrapper", "Raised inside the wrapper check " + m.wrapper + "."));
      if (m.build_via && m === matches[0]) li.appendChild(el("p", "lookup-build-via", "Build: " + m.build_via + "."));
      // What people wrote about the check (explanations/<id>.md), first.
      var explained = m.kind === "check" && index.explained && index.explained[m.check];
      if (explained) li.appendChild(el("p", "lookup-explained", "Explained: " + explained));
      // Twins nothing in the paste decided (Match.Undecided in generator/lookup/twins.go).
      if (m.twins && m.twins.length > 0) {
        li.appendChild(el("p", "lookup-twins", m.twins.length + (m.twins.length >= 12 ? " or more" : "") + " checks print this text and nothing in the paste (frame, file, line, function, values) tells which raised it:"));
        var tl = el("ul", "lookup-twins-list");
        m.twins.forEach(function (s) {
          var item = el("li", null, ""), ta = el("a", null, s.file + ":" + s.line + (s.fn ? " in " + s.fn : ""));
          var tu = new URL(s.url, location.href);
          ta.href = tu.pathname + tu.search + tu.hash;
          item.appendChild(ta);
          tl.appendChild(item);
        });
        li.appendChild(tl);
      }
      if ((m.since && m.since.length > 0) || (m.changes && m.changes.length > 0)) {
        li.appendChild(el("p", "lookup-since", "Since nvFuser " + m.build + ":"));
        var ul = el("ul", "lookup-since-list");
        (m.since || []).forEach(function (x) { ul.appendChild(el("li", null, x)); });
        // Each commit: its subject, date and version, and the short hash
        // linked to the commit (text only: a subject is nvFuser's text).
        (m.changes || []).forEach(function (c) {
          var item = el("li", null, "changed: " + (c.subject ? c.subject + " " : "") + "(" + c.date + ", " + c.version + ", ");
          var code = el("code", null, c.commit);
          if (c.url && /^https:\/\//.test(c.url)) {
            var link = el("a", null, "");
            link.href = c.url;
            link.appendChild(code);
            item.appendChild(link);
          } else item.appendChild(code);
          item.appendChild(document.createTextNode(")"));
          ul.appendChild(item);
        });
        li.appendChild(ul);
      }
      var ev = el("p", "lookup-evidence", "Matched: " + m.evidence.join(", "));
      li.appendChild(ev);
      // An option's match says whether it exists in the reported version.
      if (m.note) li.appendChild(el("p", "lookup-note", m.note));
      if (m.kind === "check" && (m.level === "raised" || m.level === "probably")) {
        var r = reportLink(text, m);
        if (r) li.appendChild(r);
      }
      list.appendChild(li);
    });
    app.appendChild(list);
  }

  function run(text, push) {
    if (push) {
      var u = new URL(location.href);
      u.searchParams.set("q", text);
      if (ver && ver.value.trim() !== "") u.searchParams.set("v", ver.value.trim()); else u.searchParams.delete("v");
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
  var v = new URL(location.href).searchParams.get("v");
  if (ver && v) ver.value = v;
  if (q) {
    box.value = q;
    run(q, false);
  }
})();
