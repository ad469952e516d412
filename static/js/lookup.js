// Error lookup, in the browser. A port of generator/lookup (Go): same
// normalisation, same features, same scoring over the same index
// (api/lookup.json), so the page and `gen lookup` agree. A test runs both.
// It never inserts user input as HTML: results are built with textContent.
(function (root) {
  "use strict";

  var reANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
  var reHex = /0x[0-9a-fA-F]+/g;
  var reURL = /https?:\/\/[^ \t\n\f\r\v"'<>]+/g;
  var reFile = /(?:[A-Za-z0-9_.~+-]*\/)*([A-Za-z0-9_+-]+\.(?:cpp|cc|cuh|cu|hpp|h|py))(?::[0-9]+)*/g;
  var reAngle = /<[^<>]*>/g;
  var reParen = /\([^()]*\)/g;
  var reQual = /[A-Za-z_~][A-Za-z0-9_]*(?:::[A-Za-z_~][A-Za-z0-9_]*)+/g;
  var reASan = /(Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer:?[ \t]+([a-z][a-z-]+)/gi;
  var reCSan = /(Invalid __(?:global|shared|local)__ (?:read|write)|Race reported|uninitialized __global__ memory read)/gi;
  var reTestP = /\b(test_[A-Za-z0-9_]+)/g;
  var reTestG = /\b([A-Z][A-Za-z0-9_]*Test[A-Za-z0-9_]*)\.([A-Za-z0-9_]+)/g;
  var reExc = /\b([A-Z][A-Za-z]*(?:Error|Exception))\b/g;
  var reWordFull = /^[a-z][a-z_]+$/;
  var reDigit = /[0-9]+/g;

  var signals = [
    ["sigsegv", "SIGSEGV"], ["segmentation fault", "SIGSEGV"],
    ["sigbus", "SIGBUS"], ["bus error", "SIGBUS"],
    ["sigabrt", "SIGABRT"], ["aborted (core dumped)", "SIGABRT"],
    ["sigfpe", "SIGFPE"], ["floating point exception", "SIGFPE"],
    ["sigill", "SIGILL"], ["illegal instruction", "SIGILL"]
  ];

  var stopwords = {};
  ("the a an and or of to in on at for with by from is are was were be been it this that " +
   "these those as not no but if then else when while into out over under than via per " +
   "internal assert assertion failed failure fail error errors exception raised raise please report bug bugs repro script " +
   "nvfuser fuser expected got file line function frame thread process core dumped signal received " +
   "traceback most recent call last during handling above another occurred " +
   "info warning note debug run running test tests passed ok " +
   "sigsegv sigbus sigabrt segmentation fault bus aborted address summary sanitizer")
    .split(/\s+/).forEach(function (w) { if (w) stopwords[w] = true; });

  var specific = { sym: true, file: true, san: true, test: true, pair: true };

  function normalize(text) {
    return text.replace(reANSI, "").split("\r").join("").replace(reURL, " ").replace(reHex, " ");
  }

  function stripTemplates(s) {
    for (var i = 0; i < 8; i++) {
      var n = s.replace(reAngle, "").replace(reParen, " ");
      if (n === s) break;
      s = n;
    }
    return s;
  }

  function each(re, s, fn) {
    re.lastIndex = 0;
    var m;
    while ((m = re.exec(s)) !== null) {
      if (m[0] === "") { re.lastIndex++; continue; }
      fn(m);
    }
  }

  function addSymbol(q, add) {
    var parts = q.split("::");
    while (parts.length > 0 && (parts[0] === "nvfuser" || parts[0] === "c10" || parts[0] === "at" || parts[0] === "torch")) {
      parts.shift();
    }
    if (parts.length === 0 || parts[0] === "std" || parts[0] === "__gnu_cxx") return;
    parts = parts.map(function (p) { return p.replace(reDigit, "#"); });
    if (parts.length >= 2) {
      add("sym", parts.slice(parts.length - 2).join("::"));
    } else if (parts[0].length >= 4) {
      // nvfuser::tryMerge: a free function, named only through its namespace.
      add("sym", parts[0]);
    }
  }

  function messageWords(lower, add) {
    var prev = "";
    lower.split(/[^a-z0-9_]+/).forEach(function (tok) {
      if (tok === "") return;
      if (!reWordFull.test(tok) || tok.length < 3 || stopwords[tok]) { prev = ""; return; }
      add("word", tok);
      if (prev !== "") add("pair", prev + " " + tok);
      prev = tok;
    });
  }

  function lineFeatures(line, add) {
    var lower = line.toLowerCase();
    signals.forEach(function (s) { if (lower.indexOf(s[0]) >= 0) add("signal", s[1]); });
    each(reASan, line, function (m) { add("san", m[1].toLowerCase() + ":" + m[2].toLowerCase()); });
    each(reCSan, line, function (m) { add("san", "compute:" + m[1].toLowerCase()); });
    each(reTestG, line, function (m) { add("test", m[1] + "." + m[2]); });
    each(reTestP, line, function (m) { add("test", m[1]); });
    each(reExc, line, function (m) { add("exc", m[1]); });
    var rest = line.replace(reFile, function (f, base) { add("file", base.toLowerCase()); return " "; });
    rest = stripTemplates(rest);
    each(reQual, rest, function (m) { addSymbol(m[0], add); });
    rest = rest.replace(reQual, " ");
    messageWords(rest.toLowerCase(), add);
  }

  function features(text) {
    var set = {};
    var add = function (kind, v) { if (v !== "") set[kind + ":" + v] = true; };
    normalize(text).split("\n").forEach(function (line) { lineFeatures(line, add); });
    return Object.keys(set).sort(byteOrder);
  }

  // Go sorts strings by bytes; for the ASCII features used here that is
  // code-unit order, which is what a plain comparison gives.
  function byteOrder(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function round(x) { return Math.round(x * 1e4) / 1e4; }

  function rank(index, text) {
    var query = {};
    features(text).forEach(function (f) { query[f] = true; });
    var out = [];
    index.docs.forEach(function (d) {
      var score = 0, hasSpecific = false, evidence = [];
      d.features.forEach(function (f) {
        if (!query[f]) return;
        var kind = f.slice(0, f.indexOf(":"));
        score += index.weights[kind] * index.idf[f];
        if (specific[kind]) hasSpecific = true;
        evidence.push(f);
      });
      score = round(score);
      if (score >= index.threshold && hasSpecific) {
        out.push({ id: d.id, title: d.title, url: d.url, score: score, evidence: evidence });
      }
    });
    out.sort(function (a, b) { return b.score - a.score || byteOrder(a.id, b.id); });
    return out;
  }

  // Options an error names (generator/lookup/options.go).
  var reInvalid = /(?:Parsing[\t\n\f\r ]+(?:PYTORCH_)?(?:NVFUSER_)?([A-Za-z_]+)[\t\n\f\r ]+failed\.[\t\n\f\r ]+)?Invalid option:[\t\n\f\r ]*'([^'\n]*)'/g;
  var reVersion = /nvfuser version:[\t\n\f\r ]*([0-9]+(?:\.[0-9]+)*)/;

  // The digits a version part starts with, at most nine (as Go's leadingInt).
  function leadingInt(s) {
    var m = /^[0-9]{1,9}/.exec(s);
    return m ? parseInt(m[0], 10) : 0;
  }

  function compareVersions(a, b) {
    var pa = a.split("."), pb = b.split(".");
    for (var i = 0; i < pa.length || i < pb.length; i++) {
      var x = i < pa.length ? leadingInt(pa[i]) : 0;
      var y = i < pb.length ? leadingInt(pb[i]) : 0;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  function existsIn(o, v) {
    var c = compareVersions(v, o.added);
    if (c < 0 && o.earliest) return "may not exist in " + v + " (older than the history read)";
    if (c < 0) return "does not exist in " + v + " (added in " + o.added + ")";
    if (c === 0 && !o.earliest) return "may not exist in " + v + " (added during " + v + ")";
    if (o.removed) {
      var r = compareVersions(v, o.removed);
      if (r > 0) return "does not exist in " + v;
      if (r === 0) return "may not exist in " + v + " (removed during " + v + ")";
    }
    return "exists in " + v;
  }

  function optionNote(o, version) {
    var parts = [];
    if (version !== "" && o.added) parts.push(existsIn(o, version));
    if (o.removed) {
      var s = "removed in " + o.removed + " (" + (o.removed_on || "") + ")";
      if (o.replaced_by && o.replaced_by.length > 0) s += ", replaced by " + o.replaced_by.join(", ");
      parts.push(s);
    } else if (o.added && !o.earliest) {
      parts.push("since " + o.added);
    }
    return parts.join("; ");
  }

  function rankOptions(index, text) {
    var out = [], seen = {}, options = index.options || [];
    var vm = reVersion.exec(text), version = vm ? vm[1] : "";
    function add(o, score, evidence) {
      if (seen[o.url]) return;
      seen[o.url] = true;
      var m = { id: o.family + "/" + o.name, title: o.env + "=" + o.name, url: o.url, score: score, evidence: [evidence], kind: "option" };
      var note = optionNote(o, version);
      if (note !== "") m.note = note;
      out.push(m);
    }
    function find(family, name) {
      return options.filter(function (o) { return o.name === name && (family === "" || o.family === family); });
    }
    each(reInvalid, text, function (m) {
      var family = (m[1] || "").toLowerCase(), name = m[2];
      var named = find(family, name);
      if (named.length === 0 && family !== "") named = find("", name);
      named.forEach(function (o) {
        add(o, 100, "option:" + o.family + "=" + o.name);
        (o.replaced_by || []).forEach(function (r) {
          var i = r.indexOf("="), env = i >= 0 ? r.slice(0, i) : r, rname = i >= 0 ? r.slice(i + 1) : "";
          options.forEach(function (c) {
            if (c.env === env && c.name === rname) add(c, 90, "replaces:" + o.family + "=" + o.name);
          });
        });
      });
    });
    return out;
  }

  var api = { normalize: normalize, features: features, rank: function (index, text) { return rankOptions(index, text).concat(rank(index, text)); } };
  if (typeof module !== "undefined" && module.exports) {
    module.exports = api;
  } else {
    root.HandbookLookup = api;
  }
})(typeof window !== "undefined" ? window : this);
