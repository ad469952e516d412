// The /search/ page: full-text search with Pagefind's index, built by gen.
// Results are built with textContent; only Pagefind's <mark> highlighting
// is kept, rebuilt as elements, so neither the query nor indexed text can
// inject markup.
(function () {
  "use strict";
  var root = document.getElementById("search");
  var input = document.getElementById("search-q");
  if (!root || !input) return;
  var base = root.getAttribute("data-base") || new URL("../", location.href).pathname;
  var pagefind = null;
  var active = {};
  var filtersBox = document.createElement("fieldset");
  filtersBox.className = "search-filters";
  var results = document.createElement("div");
  results.className = "search-results";
  root.appendChild(filtersBox);
  root.appendChild(results);

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // excerpt turns Pagefind's excerpt ("text <mark>hit</mark> text", with
  // entities) into nodes without parsing it as HTML.
  function excerpt(html) {
    var p = el("p", "search-excerpt");
    html.split(/(<mark>|<\/mark>)/).reduce(function (inMark, part) {
      if (part === "<mark>") return true;
      if (part === "</mark>") return false;
      var text = part.replace(/<[^>]*>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
        .replace(/&quot;/g, "\"").replace(/&#39;/g, "'").replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
      p.appendChild(inMark ? el("mark", null, text) : document.createTextNode(text));
      return inMark;
    }, false);
    return p;
  }

  // A build indexes the notes and the check pages apart (data-merge):
  // Pagefind merges that index into every search. Each group below is a
  // search of its own, and each group's pages are in one index, so no
  // list mixes the two indexes' scores.
  var merge = root.getAttribute("data-merge");
  function load() {
    if (pagefind) return Promise.resolve(pagefind);
    return import(base + "pagefind/pagefind.js").then(function (pf) {
      return pf.options({ baseUrl: base }).then(function () {
        return merge ? pf.mergeIndex(merge, { baseUrl: base }) : null;
      }).then(function () {
        pagefind = pf;
        return pf;
      });
    });
  }

  function renderFilters(available) {
    filtersBox.textContent = "";
    filtersBox.appendChild(el("legend", null, "Filter"));
    ["kind", "status", "family"].forEach(function (name) {
      var values = available[name];
      if (!values) return;
      var group = el("div", "filter-group");
      group.appendChild(el("span", "filter-name", name));
      Object.keys(values).sort().forEach(function (v) {
        var label = el("label", "filter");
        var box = document.createElement("input");
        box.type = "checkbox";
        box.name = name;
        box.value = v;
        box.checked = (active[name] || []).indexOf(v) >= 0;
        box.addEventListener("change", function () {
          var list = active[name] || [];
          active[name] = box.checked ? list.concat([v]) : list.filter(function (x) { return x !== v; });
          if (active[name].length === 0) delete active[name];
          search(input.value);
        });
        label.appendChild(box);
        label.appendChild(document.createTextNode(" " + v + " (" + values[v] + ")"));
        group.appendChild(label);
      });
      filtersBox.appendChild(group);
    });
  }

  // titleFirst moves the notes (runbooks, guides, other notes) whose title
  // holds every word of the query ahead of the other results, keeping
  // Pagefind's order within each part. Pagefind weighs a short title that
  // matches, and an option's name is short ("debug_info" against
  // "Debugging"): without this, a search for a guide by its title listed
  // it below every option that merely mentions the word. A word matches a
  // title word it begins, or that begins it ("debug", "debugging").
  function words(s) {
    return s.toLowerCase().split(/[^a-z0-9]+/).filter(function (w) { return w.length > 0; });
  }
  var noteKinds = { runbook: true, guide: true, notes: true };
  function titleFirst(q, items) {
    var qw = words(q || "");
    if (!qw.length) return items;
    function matches(d) {
      var kind = (d.filters && d.filters.kind && d.filters.kind[0]) || "";
      if (!noteKinds[kind]) return false;
      var tw = words((d.meta && d.meta.title) || "");
      return qw.every(function (w) {
        return tw.some(function (t) { return t.indexOf(w) === 0 || (t.length >= 3 && w.indexOf(t) === 0); });
      });
    }
    var first = [], rest = [];
    items.forEach(function (d) { (matches(d) ? first : rest).push(d); });
    return first.concat(rest);
  }

  // Results come in groups, prose first: a reader looking for how to do
  // something wants the runbook or guide, and a word such as "vectorize"
  // is in the messages of dozens of checks. Each group is a search of its
  // own with Pagefind's "group" filter (search-meta.html), so a group is
  // never pushed off the page by another; "Show more" lists more of one.
  var groups = [
    { key: "guides", title: "Runbooks and guides" },
    { key: "reference", title: "Variables, options and reports" },
    { key: "checks", title: "Checks nvFuser raises" }
  ];
  var step = 10;
  var shown = {};

  // checksFirst: a query that is a phrase of a check's own text (three
  // words or more: its message, its condition) is a search for that
  // check, which then leads, ahead of the prose that merely mentions it.
  function phrase(s) { return words(s).join(" "); }
  function checksFirst(q, top) {
    var p = phrase(q || "");
    if (!top || p.split(" ").length < 3) return false;
    return phrase(((top.meta && top.meta.title) || "") + " " + (top.content || "")).indexOf(p) >= 0;
  }

  function resultItem(d) {
    var li = el("li", "search-result");
    var section = (d.filters && d.filters.kind && d.filters.kind[0]) || "";
    if (section) li.appendChild(el("span", "search-section", section));
    var a = el("a", "search-title", (d.meta && d.meta.title) || d.url);
    a.href = d.url;
    li.appendChild(a);
    // Checks of one message are told apart by where they are.
    if (d.meta && d.meta.where) li.appendChild(el("p", "search-where", d.meta.where));
    li.appendChild(excerpt(d.excerpt || ""));
    return li;
  }

  var seq = 0;
  function search(q) {
    var mine = ++seq;
    var u = new URL(location.href);
    if (q) u.searchParams.set("q", q); else u.searchParams.delete("q");
    history.replaceState(null, "", u.href);
    // Pagefind counts only the filters whose data has loaded: load them
    // first, or the first boxes drawn miss groups and show site-wide counts.
    load().then(function (pf) {
      return pf.filters().then(function (all) {
        var filtered = function (g) {
          var f = {};
          Object.keys(active).forEach(function (k) { f[k] = active[k]; });
          if (g) f.group = [g];
          return pf.search(q || null, { filters: f });
        };
        return Promise.all([filtered(null)].concat(groups.map(function (g) { return filtered(g.key); }))).then(function (rs) {
          return [rs, all];
        });
      });
    }).then(function (res) {
      if (mine !== seq) return null;
      var rs = res[0];
      renderFilters(rs[0].filters && Object.keys(rs[0].filters).length ? rs[0].filters : res[1]);
      return Promise.all(groups.map(function (g, i) {
        var n = shown[g.key] || step;
        return Promise.all(rs[i + 1].results.slice(0, n).map(function (r) { return r.data(); })).then(function (items) {
          return { group: g, total: rs[i + 1].results.length, items: items };
        });
      }));
    }).then(function (parts) {
      if (!parts || mine !== seq) return;
      results.textContent = "";
      if (!q && Object.keys(active).length === 0) return;
      var total = parts.reduce(function (n, p) { return n + p.total; }, 0);
      results.appendChild(el("p", "search-count", total === 0 ? "No results." : total + " results"));
      parts[0].items = titleFirst(q, parts[0].items);
      if (checksFirst(q, parts[2].items[0])) parts = [parts[2], parts[0], parts[1]];
      parts.forEach(function (part) {
        if (!part.total) return;
        var g = part.group;
        var box = el("section", "search-group");
        box.setAttribute("aria-labelledby", "search-group-" + g.key);
        var h = el("h2", "search-group-title", g.title + " ");
        h.id = "search-group-" + g.key;
        h.appendChild(el("span", "count", String(part.total)));
        box.appendChild(h);
        var list = el("ol", "search-list");
        part.items.forEach(function (d) { list.appendChild(resultItem(d)); });
        box.appendChild(list);
        if (part.total > part.items.length) {
          var more = el("button", "search-more", "Show more " + g.title.toLowerCase() + " (" + (part.total - part.items.length) + " left)");
          more.type = "button";
          more.addEventListener("click", function () {
            shown[g.key] = part.items.length + 2 * step;
            search(input.value);
          });
          box.appendChild(more);
        }
        results.appendChild(box);
      });
    }).catch(function (err) {
      results.textContent = "";
      results.appendChild(el("p", "search-error", "Search is unavailable (" + err.message + ")."));
    });
  }

  var timer = null;
  input.addEventListener("input", function () {
    shown = {};
    clearTimeout(timer);
    timer = setTimeout(function () { search(input.value); }, 150);
  });
  if (input.form) {
    input.form.addEventListener("submit", function (e) { e.preventDefault(); search(input.value); });
  }
  var q = new URL(location.href).searchParams.get("q");
  if (q) input.value = q;
  search(q || "");
})();
