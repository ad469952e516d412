// HandbookCompose: nvFuser's reading of NVFUSER_DUMP/_ENABLE/_DISABLE/_PROF
// values, in the browser. A port of generator/envcheck: the same
// tokenizer (parseEnvOptions in csrc/options.cpp), the same verdicts, the
// same suggestions. TestBrowserPortAgrees runs both on the same inputs and
// requires identical JSON; change them together. Offsets are UTF-8 byte
// offsets, as in Go (and as nvFuser counts).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.HandbookCompose = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var ERR = {
    unknown: "unknown-option",
    removed: "removed-option",
    empty: "empty-option",
    unclosed: "unclosed-paren",
    comma: "missing-comma"
  };
  var MAX_SUGGESTIONS = 5;

  // utf8 is the UTF-8 length of a string.
  function utf8(s) {
    var n = 0;
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) { n += 4; i++; }
      else n += 3;
    }
    return n;
  }

  // indexOr mirrors the C++ comparisons with npos: "not found" is the end.
  function indexOr(s, c) {
    var i = s.indexOf(c);
    return i < 0 ? s.length : i;
  }

  // split reads value as nvFuser does; see envcheck.Split. Offsets here
  // are string indices; check converts them to bytes.
  function split(value, valid) {
    var out = [];
    var rest = value, off = 0;
    while (rest !== "") {
      var comma = indexOr(rest, ","), lparen = indexOr(rest, "(");
      var end = Math.min(comma, lparen);
      var tok = { name: rest.slice(0, end), args: null, offset: off };
      if (valid && !valid(tok.name)) return { tokens: out, error: { kind: ERR.unknown, offset: off, partial: tok } };
      if (end === rest.length) { off += end; rest = ""; }
      else { rest = rest.slice(end + 1); off += end + 1; }
      if (lparen < comma) {
        var open = off - 1;
        tok.args = [];
        for (var closed = false; !closed;) {
          var c = indexOr(rest, ","), r = indexOr(rest, ")");
          if (r === rest.length) {
            if (rest !== "") tok.args.push(rest);
            return { tokens: out, error: { kind: ERR.unclosed, offset: open, partial: tok } };
          }
          var e = Math.min(c, r);
          tok.args.push(rest.slice(0, e));
          rest = rest.slice(e + 1); off += e + 1;
          closed = r < c;
        }
        if (rest !== "") {
          if (rest[0] !== ",") return { tokens: out, error: { kind: ERR.comma, offset: off, partial: tok } };
          rest = rest.slice(1); off += 1;
        }
      }
      out.push(tok);
    }
    return { tokens: out, error: null };
  }

  function distance(a, b) {
    var prev = [], cur = [];
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      cur = [i];
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost));
      }
      prev = cur;
    }
    return prev[b.length];
  }

  // nearest: see envcheck's nearest. Distances count code points.
  function nearest(s, names) {
    var rs = Array.from(s);
    var limit = Math.max(2, Math.floor(rs.length / 3));
    var cs = [];
    names.forEach(function (n) {
      var d = distance(rs, Array.from(n));
      if (d <= limit || (rs.length >= 3 && n.indexOf(s) === 0)) cs.push({ name: n, d: d });
    });
    cs.sort(function (x, y) {
      if (x.d !== y.d) return x.d - y.d;
      return x.name < y.name ? -1 : x.name > y.name ? 1 : 0;
    });
    return cs.slice(0, MAX_SUGGESTIONS).map(function (c) { return c.name; });
  }

  function byName(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function path(u) {
    try { return new URL(u, "http://x.invalid/").pathname; } catch (e) { return u; }
  }

  // catalog indexes env.json and options.json (parsed), like
  // envcheck.LoadCatalog.
  function catalog(envList, optList) {
    var c = { vars: Object.create(null), varNames: [], opts: Object.create(null), accepted: Object.create(null), families: [] };
    envList.forEach(function (v) {
      var a = v.accepts || null;
      if (a) a = { min: a.min, max: a.max, choices: a.choices || [], kind: a.kind, pieces: a.pieces || [], url: path(a.check_url || "") };
      c.vars[v.name] = { name: v.name, url: path(v.url), read: (v.read_at || []).length > 0, accepts: a };
      c.varNames.push(v.name);
    });
    c.varNames.sort(byName);
    optList.forEach(function (o) {
      if (!has(c.opts, o.env)) c.opts[o.env] = Object.create(null);
      var repl = o.replaced_by;
      // A list of names (the option history), one name, or absent/null.
      repl = typeof repl === "string" ? (repl ? [repl] : []) : Array.isArray(repl) ? repl : [];
      var opt = { env: o.env, name: o.name, url: path(o.url), defined: !!o.defined_at, replacedBy: repl };
      c.opts[o.env][o.name] = opt;
      if (opt.defined) {
        if (!c.accepted[o.env]) { c.accepted[o.env] = []; c.families.push(o.env); }
        c.accepted[o.env].push(o.name);
      }
    });
    Object.keys(c.accepted).forEach(function (k) { c.accepted[k].sort(byName); });
    c.families.sort(byName);
    return c;
  }

  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }

  // MAX_DIGITS: see envcheck's maxDigits (exact in float64).
  var MAX_DIGITS = 15;

  // atoi: see envcheck's atoi (C's atoi).
  function atoi(value) {
    var s = value.replace(/^[ \t\n\v\f\r]+/, "");
    var neg = false;
    if (s !== "" && (s[0] === "+" || s[0] === "-")) { neg = s[0] === "-"; s = s.slice(1); }
    var m = /^[0-9]*/.exec(s)[0];
    var v = m.length > MAX_DIGITS ? 1e15 : m.length > 0 ? parseInt(m, 10) : 0;
    return neg && v !== 0 ? -v : 0 + v;
  }

  // outside: see envcheck's outside.
  function outside(name, value, a) {
    var shown, what;
    if (a.choices.length > 0) {
      if (a.choices.indexOf(value) >= 0) return null;
      shown = value; what = "one of '" + a.choices.join("', '") + "'";
    } else {
      var n = atoi(value);
      if ((a.min === null || n >= a.min) && (a.max === null || n <= a.max)) return null;
      shown = String(n);
      if (a.min !== null && a.max !== null) what = a.min + " to " + a.max;
      else if (a.min !== null) what = a.min + " or more";
      else what = "at most " + a.max;
      if (shown !== value) what += " (nvFuser reads '" + value + "' as " + shown + ")";
    }
    var does = a.kind === "warning" ? "nvFuser warns" : "nvFuser stops with an error";
    return { kind: a.kind, message: name + " accepts " + what + "; " + does + " otherwise", prints: a.pieces.join(shown), url: a.url };
  }

  function explain(c, env, err, bytesAt) {
    var name = err.partial.name;
    var e = { kind: err.kind, offset: bytesAt(err.offset), token: name, message: "", suggestions: [], elsewhere: [], url: "" };
    if (err.kind === ERR.unknown) {
      if (name === "") {
        e.kind = ERR.empty;
        e.message = "an empty option name: remove the extra ',' (or name the option before '(')";
        return e;
      }
      e.suggestions = nearest(name, c.accepted[env]);
      e.message = "'" + name + "' is not an option of " + env;
      var opts = c.opts[env] || {};
      if (has(opts, name)) {
        var o = opts[name];
        e.kind = ERR.removed; e.url = o.url;
        e.message = "'" + name + "' is no longer an option of " + env;
        if (o.replacedBy.length) {
          e.message += ": it was replaced by '" + o.replacedBy.join("' and '") + "'";
          e.suggestions = o.replacedBy.concat(e.suggestions.filter(function (s) { return o.replacedBy.indexOf(s) < 0; }));
        }
      }
      c.families.forEach(function (f) {
        var fo = c.opts[f] || {};
        if (f !== env && has(fo, name) && fo[name].defined) e.elsewhere.push(f);
      });
    } else if (err.kind === ERR.unclosed) {
      e.message = "the '(' after '" + name + "' is never closed: end its arguments with ')'";
    } else if (err.kind === ERR.comma) {
      e.message = "after the arguments of '" + name + "', ')' must be followed by ',' or the end of the value";
    }
    return e;
  }

  // check gives the verdict on NAME=value; see envcheck.Catalog.Check.
  function check(c, name, value) {
    var v = {
      var: name, value: value, known: false, url: "", unread: false, replaced_by: "",
      suggestions: [], family: "", items: [], error: null, unchecked: "", overridden: false, outside: null
    };
    var env = name;
    if (name.indexOf("PYTORCH_NVFUSER_") === 0) {
      env = name.slice("PYTORCH_".length);
      v.replaced_by = env;
    }
    if (has(c.vars, name)) {
      v.known = true; v.url = c.vars[name].url; v.unread = !c.vars[name].read;
      if (c.vars[name].accepts && !/[$`]/.test(value)) v.outside = outside(name, value, c.vars[name].accepts);
    } else if (v.replaced_by === "") {
      v.suggestions = nearest(name, c.varNames);
    }
    if (!has(c.accepted, env)) return v;
    v.family = env;
    if (/[$`]/.test(value)) {
      v.unchecked = "the value uses a shell expansion; nvFuser sees its result, which only the shell knows";
      return v;
    }
    var opts = c.opts[env];
    var r = split(value, function (n) { return has(opts, n) && opts[n].defined; });
    var bytesAt = function (i) { return utf8(value.slice(0, i)); };
    var seen = {};
    r.tokens.forEach(function (t) {
      v.items.push({ option: t.name, args: t.args || [], offset: bytesAt(t.offset), url: opts[t.name].url, repeated: has(seen, t.name) });
      seen[t.name] = true;
    });
    if (r.error) v.error = explain(c, env, r.error, bytesAt);
    return v;
  }

  // ASSIGN is envcheck's assignRE, character for character.
  var ASSIGN = /(?:^|[ \t\n\f\r;&|(])(?:export[ \t]+)?((?:PYTORCH_)?NVFUSER_[A-Za-z0-9_]*)=((?:'[^']*'|"(?:[^"\\]|\\[^\n])*"|\\[^\n]|[^ \t\n\f\r;&|<>'"\\])*)/g;

  function unquote(w) {
    var b = "";
    for (var i = 0; i < w.length; i++) {
      var ch = w[i];
      if (ch === "'") {
        var j = w.indexOf("'", i + 1);
        b += w.slice(i + 1, j); i = j;
      } else if (ch === '"') {
        for (i++; i < w.length && w[i] !== '"'; i++) {
          if (w[i] === "\\" && i + 1 < w.length && "$`\"\\\n".indexOf(w[i + 1]) >= 0) i++;
          b += w[i];
        }
      } else if (ch === "\\") {
        if (i + 1 < w.length) { i++; b += w[i]; }
      } else {
        b += ch;
      }
    }
    return b;
  }

  function findAssignments(text) {
    var out = [], m;
    ASSIGN.lastIndex = 0;
    while ((m = ASSIGN.exec(text)) !== null) {
      out.push({ name: m[1], value: unquote(m[2]) });
      if (m[0] === "") ASSIGN.lastIndex++;
    }
    return out;
  }

  // decode gives a verdict on every assignment in a line or script.
  function decode(c, text) {
    var as = findAssignments(text), last = {};
    var out = as.map(function (a, i) { last[a.name] = i; return check(c, a.name, a.value); });
    out.forEach(function (v, i) { v.overridden = last[v.var] !== i; });
    return out;
  }

  // shellQuote: see envcheck.ShellQuote.
  function shellQuote(v) {
    if (/^[A-Za-z0-9_.\/:,=+@%-]+$/.test(v)) return v;
    if (v.indexOf("$") >= 0) return '"' + v.replace(/[\\"]/g, function (c) { return "\\" + c; }) + '"';
    return "'" + v.replace(/'/g, "'\\''") + "'";
  }

  return { shellQuote: shellQuote, split: split, catalog: catalog, check: check, decode: decode, findAssignments: findAssignments, nearest: nearest, utf8: utf8 };
});
