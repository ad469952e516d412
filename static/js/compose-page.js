// The /compose/ page: pick variables and options, get export lines and a
// one-line command, and see what nvFuser makes of every value (the
// verdicts of HandbookCompose, compose.js, the port of generator/envcheck).
// The state is an ordered list of NAME=value kept in the URL fragment,
// "#NVFUSER_DUMP=fusion_ir,cuda_kernel&NVFUSER_DISABLE=parallel_compile",
// so that a composed line can be shared. Whatever the fragment or a paste
// holds reaches the page as text only.
(function () {
  "use strict";
  var C = window.HandbookCompose;
  var app = document.getElementById("compose-app");
  if (!app || !C) return;
  var $ = function (id) { return document.getElementById(id); };
  var verdictsEl = $("compose-verdicts"), listEl = $("compose-list"), countEl = $("compose-count");
  var q = $("compose-q"), famSel = $("compose-family"), catSel = $("compose-category");
  var cmd = $("compose-command"), paste = $("compose-paste");
  var cat = null, envList = [], optList = [], state = [];

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function code(text, href) {
    var c = el("code", null, text);
    if (!href) return c;
    var a = el("a");
    a.href = href;
    a.appendChild(c);
    return a;
  }

  // ---- state and the URL fragment ----
  function parseFragment(h) {
    var out = [];
    h.replace(/^#/, "").split("&").forEach(function (part) {
      if (!part) return;
      var i = part.indexOf("=");
      var name = i < 0 ? part : part.slice(0, i), value = i < 0 ? "" : part.slice(i + 1);
      try { name = decodeURIComponent(name); value = decodeURIComponent(value); } catch (e) { /* keep it as written */ }
      set(out, name, value);
    });
    return out;
  }
  function enc(s) {
    return encodeURIComponent(s).replace(/%2C/g, ",").replace(/%28/g, "(").replace(/%29/g, ")").replace(/%3A/g, ":").replace(/%2F/g, "/");
  }
  function fragment() {
    return state.map(function (s) { return enc(s.name) + "=" + enc(s.value); }).join("&");
  }
  function set(list, name, value) {
    for (var i = 0; i < list.length; i++) if (list[i].name === name) { list[i].value = value; return; }
    list.push({ name: name, value: value });
  }
  function unset(name) {
    state = state.filter(function (s) { return s.name !== name; });
  }
  function get(name) {
    for (var i = 0; i < state.length; i++) if (state[i].name === name) return state[i].value;
    return null;
  }
  function commit() {
    var f = fragment();
    history.replaceState(null, "", f ? "#" + f : location.pathname + location.search);
    render();
  }

  // setOption rewrites a family value with the option on or off, keeping
  // every other option (and an unreadable tail) as written.
  function setOption(value, name, on, args) {
    var r = C.split(value, null), parts = [], placed = false;
    var mine = name + (args ? "(" + args + ")" : "");
    r.tokens.forEach(function (t) {
      if (t.name === "") return;
      if (t.name === name) {
        if (on && !placed) { parts.push(mine); placed = true; }
        return;
      }
      parts.push(t.name + (t.args ? "(" + t.args.join(",") + ")" : ""));
    });
    if (on && !placed) parts.push(mine);
    var out = parts.join(",");
    if (r.error) out += (out ? "," : "") + value.slice(r.error.partial.offset);
    return out;
  }

  // index of a byte offset in a string
  function indexOfByte(s, b) {
    var n = 0;
    for (var i = 0; i < s.length;) {
      if (n >= b) return i;
      var w = s.codePointAt(i) > 0xffff ? 2 : 1;
      n += C.utf8(s.slice(i, i + w));
      i += w;
    }
    return s.length;
  }

  // ---- verdicts ----
  function verdictOf(s) { return C.check(cat, s.name, s.value); }

  function fixButton(label, apply) {
    var b = el("button", "compose-fix", label);
    b.type = "button";
    b.addEventListener("click", function () { apply(); commit(); });
    return b;
  }

  function renderValue(v) {
    var p = el("p", "compose-value");
    p.appendChild(el("span", "visually-hidden", "Value: "));
    var c = el("code");
    var e = v.error;
    if (!e) { c.textContent = v.value; p.appendChild(c); return p; }
    var start = indexOfByte(v.value, e.offset);
    var len = e.kind === "unknown-option" || e.kind === "removed-option" ? e.token.length : 1;
    c.appendChild(document.createTextNode(v.value.slice(0, start)));
    var m = el("mark", "compose-mark", v.value.slice(start, start + len) || "\u2038");
    m.title = "nvFuser stops here";
    c.appendChild(m);
    c.appendChild(document.createTextNode(v.value.slice(start + len)));
    p.appendChild(c);
    return p;
  }

  function renderVerdict(v) {
    var box = el("section", "compose-verdict" + (v.error ? " has-error" : ""));
    box.setAttribute("data-var", v.var);
    var h = el("h3");
    h.appendChild(code(v.var, v.url));
    box.appendChild(h);
    box.setAttribute("aria-label", v.var);
    if (v.replaced_by) {
      var r = el("p", "callout callout-warn", "nvFuser no longer reads this spelling; it reads ");
      r.appendChild(code(v.replaced_by));
      r.appendChild(document.createTextNode(". "));
      r.appendChild(fixButton("Rename to " + v.replaced_by, function () {
        var val = get(v.var); unset(v.var); set(state, v.replaced_by, val);
      }));
      box.appendChild(r);
    } else if (!v.known) {
      var u = el("p", "callout callout-warn", "The handbook knows no variable of this name: nvFuser ignores it.");
      v.suggestions.forEach(function (s) {
        u.appendChild(document.createTextNode(" "));
        u.appendChild(fixButton("Use " + s, function () { var val = get(v.var); unset(v.var); set(state, s, val); }));
      });
      box.appendChild(u);
    } else if (v.unread) {
      box.appendChild(el("p", "callout callout-warn", "Documented in env_options.yaml, but no code in csrc reads it: setting it has no effect."));
    }
    box.appendChild(renderValue(v));
    if (v.unchecked) box.appendChild(el("p", "muted", "Not checked: " + v.unchecked + "."));
    var o = v.outside;
    if (o) {
      // What nvFuser's own check on the read path says (api/env.json's
      // accepts, extracted from the code): a warning, or an error.
      var od = el("div", "compose-outside callout callout-warn");
      od.setAttribute("data-kind", o.kind);
      od.appendChild(el("p", null, o.message + "."));
      var op = el("p", null, o.kind === "warning" ? "nvFuser prints: " : "nvFuser stops with: ");
      op.appendChild(code(o.prints, o.url || null));
      od.appendChild(op);
      box.appendChild(od);
    }
    if (v.items.length) {
      var ul = el("ul", "compose-items");
      v.items.forEach(function (it) {
        var li = el("li");
        var a = code(it.option, it.url);
        a.className = "compose-item";
        li.appendChild(a);
        if (it.args.length) li.appendChild(el("span", "muted", " arguments: " + it.args.map(function (x) { return JSON.stringify(x); }).join(", ")));
        if (it.repeated) li.appendChild(el("span", "muted", " (named again: nvFuser keeps these arguments)"));
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
    var e = v.error;
    if (e) {
      var d = el("div", "compose-error");
      d.setAttribute("data-kind", e.kind);
      d.setAttribute("data-offset", String(e.offset));
      var m = el("p");
      m.appendChild(el("strong", null, "nvFuser rejects this value at byte " + e.offset + ": "));
      m.appendChild(document.createTextNode(e.message + "."));
      d.appendChild(m);
      if (e.url) {
        var rp = el("p", null, "The handbook still describes it: ");
        rp.appendChild(code(e.token, e.url));
        d.appendChild(rp);
      }
      if (e.suggestions.length) {
        var sp = el("p", "compose-suggestions", "It accepts instead: ");
        e.suggestions.forEach(function (s) {
          sp.appendChild(fixButton(s, function () {
            var val = get(v.var), start = indexOfByte(val, e.offset);
            set(state, v.var, val.slice(0, start) + s + val.slice(start + e.token.length));
          }));
          sp.appendChild(document.createTextNode(" "));
        });
        d.appendChild(sp);
      }
      e.elsewhere.forEach(function (f) {
        var ep = el("p", null, "");
        ep.appendChild(code(e.token, (cat.opts[f][e.token] || {}).url));
        ep.appendChild(document.createTextNode(" is an option of "));
        ep.appendChild(code(f));
        ep.appendChild(document.createTextNode("."));
        d.appendChild(ep);
      });
      box.appendChild(d);
    }
    var rm = fixButton("Remove", function () { unset(v.var); });
    rm.setAttribute("aria-label", "Remove " + v.var);
    box.appendChild(rm);
    return box;
  }

  function renderOutput() {
    $("compose-output").hidden = state.length === 0;
    var exp = state.map(function (s) { return "export " + s.name + "=" + C.shellQuote(s.value); }).join("\n");
    $("compose-exports").querySelector("pre code").textContent = exp;
    var pre = state.map(function (s) { return s.name + "=" + C.shellQuote(s.value); }).join(" ");
    $("compose-prefix").querySelector("pre code").textContent = state.length ? pre + " " + cmd.value : cmd.value;
    $("compose-link").href = location.pathname + (state.length ? "#" + fragment() : "");
  }

  // ---- the picker ----
  var families = {};
  function entries() {
    var out = [];
    envList.forEach(function (v) {
      if (cat.accepted[v.name]) return; // its options are listed instead
      out.push({ kind: "var", name: v.name, env: "", url: v.url, description: v.description || "", category: v.category || "", v: v });
    });
    optList.forEach(function (o) {
      if (!o.defined_at) return; // nvFuser rejects it
      var fv = families[o.env];
      out.push({ kind: "opt", name: o.name, env: o.env, url: o.url, description: o.description || "", category: fv ? fv.category : "" });
    });
    return out;
  }

  function isOn(e) {
    if (e.kind === "var") return get(e.name) !== null;
    var v = get(e.env);
    if (v === null) return false;
    return C.split(v, null).tokens.some(function (t) { return t.name === e.name; });
  }
  function argsOf(e) {
    var v = get(e.env) || "";
    var t = C.split(v, null).tokens.filter(function (t) { return t.name === e.name; })[0];
    return t && t.args ? t.args.join(",") : "";
  }

  function defaultValue(v) {
    if (v.type === "bool") return "1";
    if (v.choices && v.choices.length) return v.choices[0];
    return v.default || "";
  }

  var all = [], idSeq = 0;
  function renderList() {
    var words = q.value.toLowerCase().split(/\s+/).filter(Boolean);
    var fam = famSel.value, cg = catSel.value;
    var shown = all.filter(function (e) {
      if (fam === "-" && e.kind !== "var") return false;
      if (fam && fam !== "-" && e.env !== fam) return false;
      if (cg && e.category !== cg) return false;
      var hay = (e.env + " " + e.name + " " + e.description).toLowerCase();
      return words.every(function (w) { return hay.indexOf(w) >= 0; });
    });
    countEl.textContent = shown.length === 1 ? "1 match" : shown.length + " matches";
    listEl.textContent = "";
    shown.forEach(function (e) {
      var li = el("li", "compose-entry");
      var id = "compose-pick-" + (idSeq++);
      var box = el("input");
      box.type = "checkbox"; box.id = id; box.checked = isOn(e);
      var label = el("label");
      label.htmlFor = id;
      label.appendChild(el("code", null, e.name));
      if (e.env) label.appendChild(el("span", "muted", " in " + e.env));
      li.appendChild(box);
      li.appendChild(label);
      var page = el("a", "compose-page-link", "page");
      page.href = new URL(e.url, location.href).pathname;
      page.setAttribute("aria-label", "Reference page of " + (e.env ? e.env + " " : "") + e.name);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(page);
      if (e.description) li.appendChild(el("p", "compose-desc muted", e.description.split("\n")[0]));
      var input = null;
      if (box.checked) {
        var wrap = el("div", "compose-arg");
        var aid = id + "-arg";
        var al = el("label", null, e.kind === "var" ? "Value" : "Arguments (optional, comma-separated)");
        al.htmlFor = aid;
        input = el("input");
        input.type = "text"; input.id = aid; input.spellcheck = false; input.autocomplete = "off";
        input.value = e.kind === "var" ? get(e.name) : argsOf(e);
        wrap.appendChild(al);
        wrap.appendChild(input);
        li.appendChild(wrap);
        input.addEventListener("change", function () {
          if (e.kind === "var") set(state, e.name, input.value);
          else set(state, e.env, setOption(get(e.env) || "", e.name, true, input.value));
          commit();
        });
      }
      box.addEventListener("change", function () {
        if (e.kind === "var") {
          if (box.checked) set(state, e.name, defaultValue(e.v)); else unset(e.name);
        } else {
          var nv = setOption(get(e.env) || "", e.name, box.checked, "");
          if (nv === "") unset(e.env); else set(state, e.env, nv);
        }
        commit();
        var again = document.getElementById(id); // the list was redrawn
        if (again) again.focus();
      });
      listEl.appendChild(li);
    });
  }

  function render() {
    verdictsEl.textContent = "";
    if (!state.length) verdictsEl.appendChild(el("p", "muted", "Nothing set yet: paste a line above or pick options below."));
    var bad = 0, warned = 0;
    state.forEach(function (s) {
      var v = verdictOf(s);
      if (v.error || (v.outside && v.outside.kind !== "warning")) bad++;
      else if (v.outside) warned++;
      verdictsEl.appendChild(renderVerdict(v));
    });
    if (state.length) {
      var values = function (n) { return n === 1 ? "1 value" : n + " values"; };
      var said = [];
      if (bad) said.push(values(bad) + " would make nvFuser stop with an error.");
      if (warned) said.push(values(warned) + " would make nvFuser warn.");
      var sum = el("p", "compose-summary " + (bad ? "bad" : warned ? "warn" : "ok"),
        said.length ? said.join(" ") : "nvFuser accepts every value.");
      verdictsEl.insertBefore(sum, verdictsEl.firstChild);
    }
    renderOutput();
    idSeq = 0;
    renderList();
  }

  // The picker lists what one sets to debug first: the options of
  // NVFUSER_DUMP, _ENABLE, _DISABLE and _PROF (in the handbook's family
  // order, data-families), then variables read at run time, then the variables that only
  // building nvFuser reads (env_options.yaml's "environment" compiler
  // settings and its build* categories), then variables nvFuser no longer
  // reads. Alphabetical within each.
  function isBuildCategory(c) { return c === "environment" || c.indexOf("build") === 0; }
  var familyOrder = (app.getAttribute("data-families") || "").split(/\s+/).filter(Boolean);
  function rank(e) {
    if (e.kind === "opt") {
      var i = familyOrder.indexOf(e.env);
      return i < 0 ? familyOrder.length : i;
    }
    var base = familyOrder.length + 1;
    if (e.v.removed) return base + 2;
    return isBuildCategory(e.category) ? base + 1 : base;
  }

  function start() {
    cat = C.catalog(envList, optList);
    envList.forEach(function (v) { families[v.name] = v; });
    all = entries().sort(function (a, b) {
      var ra = rank(a), rb = rank(b);
      if (ra !== rb) return ra - rb;
      var ka = (a.env || a.name) + " " + a.name, kb = (b.env || b.name) + " " + b.name;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    cat.families.forEach(function (f) { var o = el("option", null, f); o.value = f; famSel.appendChild(o); });
    var cats = {};
    envList.forEach(function (v) { if (v.category) cats[v.category] = true; });
    Object.keys(cats).sort().forEach(function (k) { var o = el("option", null, k); o.value = k; catSel.appendChild(o); });
    state = parseFragment(location.hash);
    render();
  }

  $("compose-decode").addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (!cat) return;
    var vs = C.decode(cat, paste.value);
    state = [];
    vs.forEach(function (v) { if (!v.overridden) set(state, v.var, v.value); });
    commit();
    var over = vs.filter(function (v) { return v.overridden; }).length;
    if (!vs.length) verdictsEl.insertBefore(el("p", "callout callout-warn", "No NVFUSER_… assignment found in the pasted text."), verdictsEl.firstChild);
    else if (over) verdictsEl.insertBefore(el("p", "muted", over + " earlier assignment" + (over === 1 ? " was" : "s were") + " overridden by a later one, as the shell does."), verdictsEl.firstChild);
  });
  $("compose-clear").addEventListener("click", function () { state = []; commit(); });
  cmd.addEventListener("input", renderOutput);
  [q, famSel, catSel].forEach(function (c) { c.addEventListener(c === q ? "input" : "change", function () { idSeq = 0; renderList(); }); });
  window.addEventListener("hashchange", function () { if (cat) { state = parseFragment(location.hash); render(); } });

  verdictsEl.textContent = "Loading the option tables…";
  function load(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ": " + r.status + " " + r.statusText);
      return r.json();
    });
  }
  Promise.all([load(app.getAttribute("data-env")), load(app.getAttribute("data-options"))]).then(function (d) {
    envList = d[0]; optList = d[1];
    start();
  }, function (err) {
    verdictsEl.textContent = "";
    verdictsEl.appendChild(el("p", "callout callout-warn", "Could not load the option tables (" + err.message + ")."));
  });
})();
