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
  var reCSan = /(Invalid __(?:global|shared|local)__ (?:read|write)|Race reported|uninitialized __global__ memory read|Barrier error)/gi;
  var reUBSan = /runtime error: ([a-z]+ [a-z]+)/g;
  var reSuite = /\b([A-Z][A-Za-z0-9_]*Test[A-Za-z0-9_]*)\.[A-Za-z0-9_]*\*/g;
  var rePath = /(?:[A-Za-z0-9_.~+-]*\/)+([A-Za-z0-9_.~+-]*)/g;
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

  var errClasses = [
    ["nvrtc", /NVRTC compilation failed|\.cu\([0-9]+\): error/],
    ["nvrtc-undefined", /error: identifier "[^"]*" is undefined/],
    ["ptxas", /ptxas (?:error|fatal)|ptxas failed/],
    ["ptxas-shared-data", /uses too much shared data/],
    ["ptxas-gpu-name", /is not defined for option 'gpu-name'/],
    ["llvm", /LLVM ERROR/],
    ["orc", /JIT session error|Failed to materialize symbols|Symbols not found: \[/],
    ["orc-duplicate", /Duplicate definition of symbol/],
    ["cuda", /CUDA error: ([a-z][a-z ]*[a-z])/],
    ["cuda-driver", /\b(CUDA_ERROR_[A-Z_]+)/],
    ["cuda-runtime", /\b(cudaError[A-Z][A-Za-z]+)/],
    ["oom", /out of memory|OutOfMemoryError/i],
    ["nccl", /NCCL error|\b(nccl[A-Z][a-z]+Error)\b/],
    ["nccl-timeout", /Watchdog caught collective operation timeout/],
    ["ucc", /\bUCC\s+ERROR|\bucc_[a-z_]+ (?:returned|failed)/],
    ["mpi-abort", /MPI_ABORT was invoked/],
    ["tensor-not-close", /Tensor-likes are not (?:close|equal)/],
    ["tensor-nan", /Greatest (?:absolute|relative) difference: nan/],
    ["fatal-python", /Fatal Python error/],
    ["gtest-failed", /^\[  FAILED  \]/]
  ];

  var genericFiles = { "__init__.py": true, "__main__.py": true, "setup.py": true, "main.py": true, "main.cpp": true };

  // Dictionaries without a prototype: a word like "constructor" must not
  // find Object.prototype's property.
  var stopwords = Object.create(null);
  ("the a an and or of to in on at for with by from is are was were be been it this that " +
   "these those as not no but if then else when while into out over under than via per " +
   "internal assert assertion failed failure fail error errors exception raised raise please report bug bugs repro script " +
   "nvfuser fuser expected got file line function frame thread process core dumped signal received " +
   "traceback most recent call last during handling above another occurred " +
   "info warning note debug run running test tests passed ok " +
   "sigsegv sigbus sigabrt segmentation fault bus aborted address summary sanitizer " +
   "exit code fatal python")
    .split(/\s+/).forEach(function (w) { if (w) stopwords[w] = true; });

  var textStopwords = Object.create(null);
  ("cpp cuh hpp cpython linux gnu x86_64 python dist packages site lib usr local opt home workspace " +
   "you your our we they can could would should will have has had did does done do just also only " +
   "there here what which who how why all any some more most other such very same new old now one two " +
   "see use used using try tried set get " +
   "tensor")
    .split(/\s+/).forEach(function (w) { if (w) textStopwords[w] = true; });

  var specific = { sym: true, file: true, san: true, test: true, pair: true };

  var boilerplate = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "C++ exception with description",
    "thrown in the test body.",
    "unknown file: Failure",
    "please report a bug with repro script to NVFuser at"
  ];

  function normalize(text) {
    var t = text.replace(reANSI, "").split("\r").join("");
    boilerplate.forEach(function (b) { t = t.split(b).join(" "); });
    return t.replace(reURL, " ").replace(reHex, " ");
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

  function endsWith(s, suffix) { return s.length >= suffix.length && s.slice(s.length - suffix.length) === suffix; }

  function isExceptionName(w) {
    return (w.length > 5 && endsWith(w, "error")) || (w.length > 9 && endsWith(w, "exception"));
  }

  function messageWords(lower, add) {
    var prev = "";
    lower.split(/[^a-z0-9_]+/).forEach(function (tok) {
      if (tok === "") return;
      if (!reWordFull.test(tok) || tok.length < 3 || stopwords[tok]) { prev = ""; return; }
      add("word", tok);
      if (isExceptionName(tok)) { prev = ""; return; }
      if (prev !== "") add("pair", prev + " " + tok);
      prev = tok;
    });
  }

  function lineFeatures(line, add) {
    var lower = line.toLowerCase();
    signals.forEach(function (s) { if (lower.indexOf(s[0]) >= 0) add("signal", s[1]); });
    each(reASan, line, function (m) { add("san", m[1].toLowerCase() + ":" + m[2].toLowerCase()); });
    each(reCSan, line, function (m) { add("san", "compute:" + m[1].toLowerCase()); });
    each(reUBSan, line, function (m) { add("san", "undefinedbehavior:" + m[1].toLowerCase()); });
    errClasses.forEach(function (c) {
      var m = c[1].exec(line);
      if (m !== null) add("err", m.length > 1 && m[1] ? c[0] + ":" + m[1].toLowerCase() : c[0]);
    });
    each(reTestG, line, function (m) { add("test", m[1] + "." + m[2]); add("suite", m[1]); });
    each(reSuite, line, function (m) { add("suite", m[1]); });
    each(reTestP, line, function (m) { add("test", m[1]); });
    each(reExc, line, function (m) { add("exc", m[1]); });
    var rest = line.replace(reFile, function (f, base) {
      var b = base.toLowerCase();
      if (!genericFiles[b]) add("file", b);
      return " ";
    });
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

  // tokens: the words the full-text (BM25) score counts; see text.go.
  function tokens(text) {
    var t = normalize(text).replace(rePath, "$1").toLowerCase();
    var out = [];
    t.split(/[^a-z0-9_]+/).forEach(function (tok) {
      tok = tok.replace(/[0-9]+/g, "").replace(/^_+|_+$/g, "");
      if (tok.length < 3 || stopwords[tok] || textStopwords[tok]) return;
      out.push(tok);
    });
    return out;
  }

  // pairs reads a document's "id:weight id:weight" string once.
  function pairs(d) {
    if (!d._pairs) {
      d._pairs = [];
      (d.text || "").split(" ").forEach(function (p) {
        var c = p.indexOf(":");
        if (c > 0) d._pairs.push(parseInt(p.slice(0, c), 10), parseInt(p.slice(c + 1), 10));
      });
    }
    return d._pairs;
  }

  function textScore(flat, words) {
    var sum = 0, matched = 0;
    for (var i = 0; i + 1 < flat.length; i += 2) {
      if (words[flat[i]]) { sum += flat[i + 1]; matched++; }
    }
    return [sum / 100, matched];
  }

  // scoreDocs: every note sharing anything with the text, unfiltered
  // (Index.Scores).
  function scoreDocs(index, text) {
    var query = {};
    features(text).forEach(function (f) { query[f] = true; });
    var termID = Object.create(null);
    (index.terms || "").split(" ").forEach(function (t, i) { if (t !== "") termID[t] = i; });
    var words = {};
    tokens(text).forEach(function (t) {
      if (t in termID) words[termID[t]] = true;
    });
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
      var ts = textScore(pairs(d), words);
      if (ts[0] > 0) {
        score += index.text_weight * ts[0];
        evidence.push("text:" + ts[1] + " words");
      }
      if (ts[0] >= index.text_specific) hasSpecific = true;
      if (evidence.length > 0) out.push({ id: d.id, title: d.title, url: d.url, score: round(score), evidence: evidence, specific: hasSpecific, textSpecific: ts[0] >= index.text_specific });
    });
    return out;
  }

  function rank(index, text) {
    var out = [];
    scoreDocs(index, text).forEach(function (s) {
      if (s.score >= index.threshold && s.specific) {
        var lh = noteHow(s.score, s.textSpecific, s.evidence);
        out.push({ id: s.id, title: s.title, url: s.url, score: s.score, evidence: s.evidence, level: lh[0], how: lh[1] });
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

  // existsIn and optionNote: generator/lookup/options.go, each fact once.
  function existsIn(o, v) {
    var c = compareVersions(v, o.added);
    if (c < 0 && o.earliest) return ["may not exist in " + v + " (older than the history read)", ""];
    if (c < 0) return ["does not exist in " + v + " (added in " + o.added + ")", "before"];
    if (c === 0 && !o.earliest) return ["may not exist in " + v, "added"];
    if (o.removed) {
      var r = compareVersions(v, o.removed);
      if (r > 0) return ["does not exist in " + v, ""];
      if (r === 0) return ["may not exist in " + v, "removed"];
    }
    return ["exists in " + v, ""];
  }

  function optionNote(o, version) {
    var parts = [], during = "";
    if (version !== "" && o.added) {
      var e = existsIn(o, version), verdict = e[0];
      during = e[1];
      if (during === "added") verdict += " (added during it)";
      if (during === "removed") verdict += " (removed during it, " + (o.removed_on || "") + ")";
      parts.push(verdict);
    }
    var replaced = o.replaced_by && o.replaced_by.length > 0 ? "replaced by " + o.replaced_by.join(", ") : "";
    if (during === "removed") {
      if (replaced) parts.push(replaced);
    } else if (o.removed) {
      var s = "removed in " + o.removed + " (" + (o.removed_on || "") + ")";
      if (replaced) s += ", " + replaced;
      parts.push(s);
    } else if (o.added && !o.earliest && during === "") {
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
      var m = { id: o.family + "/" + o.name, title: o.env + "=" + o.name, url: o.url, score: score, evidence: [evidence], kind: "option",
        level: score < 100 ? "probably" : "raised", how: "names the option" };
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

  // Settings the text makes (generator/lookup/settings.go): the pages of
  // the options and variables set, right after the first result.
  var reSetting = /\b(?:PYTORCH_)?(NVFUSER_[A-Z0-9_]+)=["']?([A-Za-z0-9_,.+-]*)/g;
  function rankSettings(index, text) {
    var out = [], seen = {};
    function add(m) { if (!seen[m.url]) { seen[m.url] = true; out.push(m); } }
    each(reSetting, text, function (m) {
      var env = m[1], value = m[2], evidence = "set:" + env + "=" + value, named = false;
      value.split(",").forEach(function (name) {
        (index.options || []).forEach(function (o) {
          if (o.env === env && o.name === name && name !== "") {
            var r = { id: o.family + "/" + o.name, title: o.env + "=" + o.name, url: o.url, score: 0, evidence: [evidence], kind: "option", level: "related", how: howSetting };
            var note = optionNote(o, "");
            if (note !== "") r.note = note;
            add(r);
            named = true;
          }
        });
      });
      if (named) return;
      (index.vars || []).forEach(function (v) {
        if (v.name === env) add({ id: v.name, title: v.name, url: v.url, score: 0, evidence: [evidence], kind: "variable", level: "related", how: howSetting });
      });
    });
    return out;
  }

  function withSettings(index, ranked, text) {
    if (ranked.length === 0) return ranked;
    var set = rankSettings(index, text);
    if (set.length === 0) return ranked;
    var listed = {};
    ranked.forEach(function (m) { listed[m.url] = true; });
    var out = [ranked[0]];
    set.forEach(function (s) {
      if (!listed[s.url]) { s.score = ranked[0].score; out.push(s); }
    });
    return out.concat(ranked.slice(1));
  }

  // nvFuser's checks (generator/rank/match.go, rank.Match): the same
  // evidence and the same integer points.
  var checkFrameExact = 4000, checkFramePast = 3000, checkFrameFunction = 1000, checkThreshold = 2000, checkSpecific = 1500, checkMaxHits = 5;
  var reCheckSpace = /[\t\n\f\r\v ]+/g;
  var reCheckWords = /[a-z0-9_]+/g;
  var reRaised = /Exception raised from ([A-Za-z_~][A-Za-z0-9_~]*(?:\(\))?|operator[^ \t\n]*) at "?([^ \t\n":]+)"?:([0-9]+)/g;
  var reInternal = /INTERNAL ASSERT FAILED at \\?"?([^ \t\n"\\:]+)\\?"?:([0-9]+)/g;
  var reGDB = /func=0x[0-9a-f]+ "([A-Za-z_~][A-Za-z0-9_~]*)", file=0x[0-9a-f]+ "([^"]+)", line=([0-9]+)/g;
  var reBacktrace = /frame #[0-9]+: (?:[A-Za-z_][A-Za-z0-9_]*::)*([A-Za-z_~][A-Za-z0-9_]*)\(/g;
  var reCondFirst = /[^ \t\n:] INTERNAL ASSERT FAILED at/;
  var reNoMessage = /please report a bug with repro script to NVFuser at [^ ]+ Exception raised from/;
  function hasOwnText(m) {
    if (m.indexOf("Found {} vs {}. ") === 0) m = m.slice("Found {} vs {}. ".length);
    return /[A-Za-z]/.test(m);
  }
  var rePieceTrim = /^[\t\n\f\r\v ,.:;]+|[\t\n\f\r\v ,.:;]+$/g;

  function flatten(s) { return s.replace(reANSI, "").replace(reCheckSpace, " "); }

  function wordSet(s) {
    var set = Object.create(null);
    each(reCheckWords, s.toLowerCase(), function (m) { set[m[0]] = true; });
    return set;
  }

  function relPath(p) {
    var dirs = ["csrc/", "python/"];
    for (var i = 0; i < dirs.length; i++) {
      var k = p.lastIndexOf("/" + dirs[i]);
      if (k >= 0) return p.slice(k + 1);
      if (p.indexOf(dirs[i]) === 0) return p;
    }
    return p;
  }

  function atoi(s) { return parseInt(s.slice(0, 9), 10); }

  function checkFrames(text) {
    var out = [];
    each(reRaised, text, function (m) {
      var fn = m[1].indexOf("operator") === 0 ? m[1] : (endsWith(m[1], "()") ? m[1].slice(0, -2) : m[1]);
      out.push({ fn: fn, file: relPath(m[2]), line: atoi(m[3]) });
    });
    each(reInternal, text, function (m) { out.push({ fn: "", file: relPath(m[1]), line: atoi(m[2]) }); });
    each(reGDB, text, function (m) { out.push({ fn: m[1], file: relPath(m[2]), line: atoi(m[3]) }); });
    out.forEach(function (f) {
      if (f.fn !== "") return;
      for (var i = 0; i < out.length; i++) {
        var g = out[i];
        if (g.fn !== "" && g.file === f.file && g.line === f.line) { f.fn = g.fn; break; }
      }
    });
    out = out.filter(function (f, i) {
      for (var j = 0; j < i; j++) {
        var g = out[j];
        if (g.fn === f.fn && g.file === f.file && g.line === f.line) return false;
      }
      return true;
    });
    var raising = false;
    each(reBacktrace, text, function (m) {
      if (m[1] === "nvfCheckFail" || m[1] === "nvfErrorFail") { raising = true; return; }
      if (raising) { out.push({ fn: m[1], file: "", line: 0 }); raising = false; }
    });
    return out;
  }

  function sameFile(frameFile, file) {
    if (frameFile === file) return true;
    return frameFile.indexOf("/") < 0 && endsWith(file, "/" + frameFile);
  }

  function knownFile(known, file) {
    if (file === "") return false;
    if (known[file]) return true;
    if (file.indexOf("/") < 0) {
      for (var k in known) if (endsWith(k, "/" + file)) return true;
    }
    return false;
  }

  // pastAt (generator/rank/past.go): the check sat at file:line in a
  // past revision; with the build's version v, whether it sat there in
  // that version (atBuild) or only in others (excluded).
  function inVersions(v, from, to) {
    return (from === "" || compareVersions(v, from) >= 0) && (to === "" || compareVersions(v, to) <= 0);
  }
  function pastAt(e, file, line, v) {
    var r = { ok: false, atBuild: false, excluded: false };
    if (!e.p || line <= 0) return r;
    var want = String(line), known = true;
    // Most entries never held this line: skip them without splitting.
    if (e.p.indexOf(want) < 0) return r;
    e.p.split(" ").forEach(function (g) {
      var path = e.f, lines = g, k = g.indexOf("|");
      if (k >= 0) { path = g.slice(0, k); lines = g.slice(k + 1); }
      if (!sameFile(file, path)) return;
      lines.split(",").forEach(function (l) {
        var at = l.indexOf("@"), n = at >= 0 ? l.slice(0, at) : l;
        if (n !== want) return;
        r.ok = true;
        if (at < 0) { known = false; return; }
        var vers = l.slice(at + 1), d = vers.indexOf("-");
        var from = d >= 0 ? vers.slice(0, d) : vers, to = d >= 0 ? vers.slice(d + 1) : "";
        if (v !== "" && inVersions(v, from, to)) r.atBuild = true;
      });
    });
    r.excluded = r.ok && v !== "" && known && !r.atBuild;
    return r;
  }

  // The spelling of an error code tells the safe-call macros apart.
  var spellings = [["CUDA_SUCCESS", "CUDA_ERROR_"], ["cudaSuccess", "cudaError"], ["NVRTC_SUCCESS", "NVRTC_ERROR"]];
  var spellingPoints = 800;

  // The candidate index (generator/rank/index.go, Index): each entry under
  // its anchors, the first word of each older wording, its files (path and
  // base name, past ones too) and its function, made once per index. A text
  // is scored only against the entries its words and frames name, in entry
  // order: the same hits as scoring every entry.
  function candidateIndex(entries) {
    if (entries._rx) return entries._rx;
    var byWord = new Map(), byFile = new Map(), byFn = new Map(), known = Object.create(null);
    function add(m, k, n) {
      var l = m.get(k);
      if (!l) m.set(k, [n]); else if (l[l.length - 1] !== n) l.push(n);
    }
    function addFile(m, path, n) {
      add(m, path, n);
      var i = path.lastIndexOf("/");
      if (i >= 0) add(m, path.slice(i + 1), n);
    }
    entries.forEach(function (e, n) {
      known[e.f] = true;
      (e.a || []).forEach(function (w) { add(byWord, w, n); });
      (e.o || []).forEach(function (w) { var sp = w.indexOf(" "); add(byWord, sp >= 0 ? w.slice(0, sp) : w, n); });
      addFile(byFile, e.f, n);
      (e.p || "").split(" ").forEach(function (g) { var k = g.indexOf("|"); if (k >= 0) addFile(byFile, g.slice(0, k), n); });
      if (e.fn) add(byFn, e.fn, n);
    });
    var rx = { byWord: byWord, byFile: byFile, byFn: byFn, known: known };
    Object.defineProperty(entries, "_rx", { value: rx, enumerable: false });
    return rx;
  }
  function candidates(rx, words, fs) {
    var out = [];
    function take(l) { if (l) for (var i = 0; i < l.length; i++) out.push(l[i]); }
    for (var w in words) take(rx.byWord.get(w));
    fs.forEach(function (f) {
      if (f.file !== "") take(rx.byFile.get(f.file));
      if (f.fn !== "") take(rx.byFn.get(f.fn));
    });
    out.sort(function (a, b) { return a - b; });
    return out.filter(function (n, i) { return i === 0 || n !== out[i - 1]; });
  }

  function matchChecks(entries, text, v) {
    v = v || "";
    var flat = flatten(text);
    var bare = flat.split(" ").join("");
    var words = wordSet(flat);
    var fs = checkFrames(text);
    var condFirst = reCondFirst.test(flat);
    var noMessage = reNoMessage.test(flat);
    var rx = candidateIndex(entries);
    var known = fs.length > 0 ? rx.known : Object.create(null);
    var hits = [], lowerWords = null;
    candidates(rx, words, fs).forEach(function (n) {
      var e = entries[n];
      var points = 0, specific = 0, evidence = [];
      var oldWords = 0;
      (e.o || []).forEach(function (w) {
        var sp = w.indexOf(" ");
        if (!words[sp >= 0 ? w.slice(0, sp) : w]) return;
        if (lowerWords === null) lowerWords = " " + (flat.toLowerCase().match(reCheckWords) || []).join(" ") + " ";
        var n = w.split(" ").length;
        if (n >= 3 && lowerWords.indexOf(" " + w + " ") >= 0 && n > oldWords) oldWords = n;
      });
      fs.forEach(function (f) {
        var same = sameFile(f.file, e.f);
        var fnAgrees = f.fn === "" || !e.fn || f.fn === e.fn;
        var exact = same && f.line >= e.l[0] && f.line <= e.l[1] && fnAgrees;
        if (exact && v !== "" && e.s && compareVersions(v, e.s) < 0) exact = false;
        var past = !exact && fnAgrees ? pastAt(e, f.file, f.line, v) : { ok: false, atBuild: false, excluded: false };
        if (exact) {
          points += checkFrameExact; specific += checkFrameExact;
          evidence.push("frame:" + f.file + ":" + f.line);
        } else if (fnAgrees && past.ok && !past.excluded &&
            (!condFirst || !e.c || bare.indexOf(e.c + "INTERNALASSERTFAILED") >= 0) &&
            !(noMessage && hasOwnText(e.m || ""))) {
          if (past.atBuild) {
            points += checkFrameExact; specific += checkFrameExact;
            evidence.push("build:" + f.file + ":" + f.line + "@" + v);
          } else {
            points += checkFramePast; specific += checkFramePast;
            evidence.push("past:" + f.file + ":" + f.line);
          }
          if (f.fn !== "" && f.fn === e.fn) points += checkFrameFunction + (e.fw || 0);
        } else if (same && f.fn !== "" && f.fn === (e.fn || "")) {
          points += checkFrameFunction + (e.fw || 0); specific += Math.trunc(5 * checkFrameFunction / Math.max(e.fnf || 0, 1));
          evidence.push("function:" + e.fn + " in " + f.file);
        } else if (f.fn !== "" && f.fn === (e.fn || "") && !knownFile(known, f.file)) {
          points += (e.fw || 0) + Math.trunc(checkFrameFunction / Math.max(e.fnn || 0, 1));
          specific += Math.trunc(3 * checkFrameFunction / Math.max(e.fnn || 0, 1));
          evidence.push("function:" + e.fn);
        } else if (same) {
          points += e.filew || 0;
          evidence.push("file:" + f.file);
        }
      });
      if (points === 0 && oldWords === 0 && !(e.a || []).some(function (w) { return words[w]; })) return;
      var pos = 0, found = 0, counted = 0, got = 0, weights = e.w || [];
      (e.m || "").split("{}").forEach(function (p, j) {
        p = p.replace(rePieceTrim, "");
        if (j >= weights.length || weights[j] === 0) return;
        counted++;
        var k = flat.indexOf(p, pos);
        if (k >= 0) { pos = k + p.length; got += weights[j]; found++; }
        else if (p.length >= 32 && /^[\x00-\x7f]*$/.test(p)) {
          var h = p.slice(0, Math.floor(p.length / 2));
          k = flat.indexOf(h, pos);
          if (k >= 0) { pos = k + h.length; got += Math.trunc(weights[j] / 2); found++; }
        }
      });
      if (got > 0) {
        points += got; specific += got;
        evidence.push("message:" + found + " of " + counted + " pieces");
      } else if (oldWords > 0) {
        points += 250 * oldWords; specific += 250 * oldWords;
        evidence.push("wording:" + oldWords + " words");
      }
      if ((e.cw || 0) > 0 && (bare.indexOf("Expected" + e.c) >= 0 || bare.indexOf(e.c + "INTERNALASSERTFAILED") >= 0)) {
        points += e.cw; specific += e.cw;
        evidence.push("condition");
      }
      if (points > 0) {
        spellings.forEach(function (sp) {
          if ((e.c || "").indexOf(sp[0]) >= 0 && flat.indexOf(sp[1]) >= 0) {
            points += spellingPoints; specific += spellingPoints;
            evidence.push("spelling:" + sp[1]);
          }
        });
      }
      if (points >= checkThreshold && specific >= checkSpecific) hits.push({ e: e, points: points, evidence: evidence });
    });
    hits.sort(function (a, b) { return b.points - a.points || (a.e.fn ? 1 : 0) - (b.e.fn ? 1 : 0) || byteOrder(a.e.id, b.e.id); });
    // Checks tied with the last one kept stay, up to checkMaxTied (best in
    // generator/rank/match.go).
    var n = Math.min(hits.length, checkMaxHits);
    while (n > 0 && n < hits.length && n < checkMaxTied && hits[n].points === hits[n - 1].points) n++;
    return hits.slice(0, n);
  }
  var checkMaxTied = 12;

  // Twins nothing decided (Tied and textKey, generator/rank/match.go).
  function textKey(e) {
    if (hasOwnText(e.m || "")) return "m:" + (e.m || "");
    if (e.c) return "c:" + e.c;
    return "";
  }
  function tied(hits, h) {
    var key = textKey(h.e);
    if (key === "") return null;
    var out = hits.filter(function (o) { return o.points === h.points && textKey(o.e) === key; }).map(function (o) { return o.e; });
    return out.length < 2 ? null : out;
  }

  // The build a paste names (generator/lookup/build.go).
  var reBuild = [
    [/\bnvfuser(?:[ \t]+version|\.__version__|_direct\.__version__)?[ \t]*(?:[:=]|[)'"]*[ \t]*\r?\n[ \t]*(?:Out\[[0-9]+\]:[ \t]*)?)[ \t]*['"]?v?([0-9]+\.[0-9]+\.[0-9]+)(?:[.a-z0-9]*)?(?:\+git([0-9a-f]{7,40}))?/i, "nvfuser version line"],
    [/\bName:[ \t]*nvfuser[a-z0-9_.-]*[ \t]*\r?\nVersion:[ \t]*([0-9]+\.[0-9]+\.[0-9]+)(?:[.a-z0-9]*)?(?:\+git([0-9a-f]{7,40}))?/i, "pip"],
    [/\bnvfuser(?:[-_][a-z0-9]+)*-([0-9]+\.[0-9]+\.[0-9]+)(?:\.?(?:dev|post|rc|a|b)[0-9]+)*(?:\+git([0-9a-f]{7,40}))?(?:-(?:py|cp)[0-9]|\.whl|\.egg|\.tar)/i, "wheel"],
    [/^[ \t]*nvfuser(?:[-_][a-z0-9]+)*(?:[ \t]+|==)([0-9]+\.[0-9]+\.[0-9]+)(?:[.a-z0-9]*)?(?:\+git([0-9a-f]{7,40}))?[ \t]*$/im, "pip"]
  ];
  var reSourceCommit = /github\.com\/NVIDIA\/Fuser\/(?:blob|tree|commit)\/([0-9a-f]{7,40})\b/i;
  var reHash = /^[0-9a-fA-F]{7,40}$/;
  var reCommit = [
    [/\bnv_?fuser\b[^\n]{0,60}?\+git([0-9a-f]{7,40})\b/i, "nvfuser commit"],
    [/\bgit\b[^\n]{0,80}?\brev-parse(?:[ \t]+--short(?:=[0-9]+)?)?[ \t]+HEAD[ \t]*\r?\n[ \t]*([0-9a-f]{7,40})\b/i, "git rev-parse"],
    [/\bFuser(?:\.git)?@([0-9a-f]{7,40})\b/i, "pip requirement"],
    [/[\/\\](?:nv)?fuser[-_]([0-9a-f]{7,40})[\/\\]/i, "path"]
  ];
  function canonicalVersion(v) {
    var parts = v.split(".");
    for (var i = 0; i < parts.length; i++) {
      if (!/^[0-9]+$/.test(parts[i]) || parts[i].length > 7 || parseInt(parts[i], 10) > 1048576) return v;
      parts[i] = String(parseInt(parts[i], 10));
    }
    return parts.join(".");
  }
  function parseBuild(text) {
    if (text.length > 1048576) text = text.slice(0, 1048576);
    var b = { version: "", commit: "", from: "" };
    for (var i = 0; i < reBuild.length; i++) {
      var m = reBuild[i][0].exec(text);
      if (m) { b = { version: canonicalVersion(m[1]), commit: (m[2] || "").toLowerCase(), from: reBuild[i][1] }; break; }
    }
    if (b.commit === "") {
      var c = reSourceCommit.exec(text);
      if (c) { b.commit = c[1].toLowerCase(); if (b.from === "") b.from = "source link"; }
    }
    for (var j = 0; j < reCommit.length && b.commit === ""; j++) {
      var cm = reCommit[j][0].exec(text);
      if (cm) { b.commit = cm[1].toLowerCase(); if (b.from === "") b.from = reCommit[j][1]; }
    }
    return b;
  }

  // A build named by its commit alone (resolveCommit in build.go).
  function shortCommit(h) { return h.length > 9 ? h.slice(0, 9) : h; }
  function resolveCommit(index, b) {
    var bc = index.build_commits;
    if (b.commit === "" || !bc || Object.keys(bc).length === 0) return { b: b, via: "" };
    var short = b.commit.slice(0, 7), found = [];
    Object.keys(bc).sort(byteOrder).forEach(function (v) {
      var list = bc[v];
      for (var i = 0; i + 7 <= list.length; i += 7) {
        if (list.slice(i, i + 7) === short) { found.push(v); break; }
      }
    });
    var c = shortCommit(b.commit);
    if (found.length === 0) return { b: b, via: "commit " + c + " is not on nvFuser's main line as the handbook read it: lines resolved as the paste's version says, else against today's" };
    if (found.length > 1) return { b: b, via: "commit " + c + " is ambiguous on nvFuser's main line: lines resolved as the paste's version says, else against today's" };
    if (found[0] === "") return { b: b, via: "commit " + c + " is older than nvFuser's first version: lines resolved against today's" };
    if (b.version === "") return { b: { version: found[0], commit: b.commit, from: b.from }, via: "version " + found[0] + " from the history: commit " + c + " is on nvFuser's main line in " + found[0] };
    if (b.version !== found[0]) return { b: b, via: "the paste says " + b.version + ", but commit " + c + " is in " + found[0] + " on nvFuser's main line: lines resolved as the paste says" };
    return { b: b, via: "commit " + c + " is on nvFuser's main line in " + found[0] };
  }
  function buildKnown(b) { return b.version !== "" || b.commit !== ""; }
  function buildString(b) {
    if (b.version !== "" && b.commit !== "") return b.version + "+git" + shortCommit(b.commit);
    if (b.commit !== "") return "commit " + shortCommit(b.commit);
    return b.version;
  }
  function parseVersionField(s) {
    s = (s || "").replace(/^[\t\n\f\r\v ]+|[\t\n\f\r\v ]+$/g, "");
    if (s.length > 200) s = s.slice(0, 200);
    if (s === "") return { version: "", commit: "", from: "" };
    var t = s.charAt(0) === "v" || s.charAt(0) === "V" ? s.slice(1) : s;
    var b = parseBuild("nvfuser version: " + t);
    if (buildKnown(b)) { b.from = "given"; return b; }
    if (reHash.test(s)) return { version: "", commit: s.toLowerCase(), from: "given" };
    return { version: "", commit: "", from: "" };
  }

  // How sure a result is (generator/lookup/verdict.go).
  var howBuild = "exact line at the paste's build", howLine = "exact line", howMessage = "message template in full",
    howPast = "line it had in an older build", howPart = "message in part", howOld = "an older wording", howCondition = "condition",
    howFunction = "function only", howWords = "words", howText = "quotes the output", howSetting = "set in the paste";
  var howRank = {};
  howRank["names the option"] = 0; howRank[howBuild] = 0; howRank[howLine] = 1; howRank[howMessage] = 2; howRank[howPast] = 3;
  howRank[howPart] = 4; howRank[howOld] = 4; howRank[howText] = 4; howRank[howCondition] = 5; howRank[howFunction] = 6; howRank[howWords] = 7;
  var sureMessage = 4000, noteSure = 30;
  var reMessageAfter = /please report a bug (?:with repro script )?to (?:NVFuser|PyTorch)[^.]*\.[\t ]*\r?\n?(?:Expected [^\n]* \. )?([A-Za-z][A-Za-z ]{3})/;
  function claimed(m) { return m.level === "raised" || m.level === "probably"; }
  function checkHow(h, contradicted) {
    var exact = false, build = false, past = false, fn = false, fnIn = false, cond = false, all = false, part = false, old = false;
    h.evidence.forEach(function (ev) {
      if (ev.indexOf("build:") === 0) build = true;
      else if (ev.indexOf("frame:") === 0) exact = true;
      else if (ev.indexOf("past:") === 0) past = true;
      else if (ev.indexOf("function:") === 0) { fn = true; fnIn = fnIn || ev.indexOf(" in ") >= 0; }
      else if (ev === "condition") cond = true;
      else if (ev.indexOf("wording:") === 0) old = true;
      else if (ev.indexOf("message:") === 0) {
        var m = /^message:([0-9]+) of ([0-9]+) /.exec(ev);
        if (m && m[1] === m[2]) all = true; else part = true;
      }
    });
    if (build) return ["raised", howBuild];
    if (exact && (all || part || cond || fn)) return ["raised", howLine];
    if (all && (fn || past || cond)) return ["raised", howMessage];
    if (exact) return ["probably", howLine];
    if (all) return ["probably", howMessage];
    if (past && !contradicted) return ["probably", howPast];
    if (part && (fnIn || cond || past || h.points >= sureMessage) && !contradicted) return ["probably", howPart];
    if (cond && fnIn && !contradicted) return ["probably", howCondition];
    if (old && (fn || past || h.points >= sureMessage)) return ["probably", howOld];
    if (fn && !contradicted && (h.e.fnn === 1 || fnIn && h.e.fnf === 1)) return ["probably", howFunction];
    if (part) return ["related", howPart];
    if (old) return ["related", howOld];
    if (cond) return ["related", howCondition];
    if (fn || past) return ["related", howFunction];
    return ["related", howWords];
  }
  function contradicts(h, printed) {
    if (!printed) return false;
    if (!(h.e.w || []).some(function (w) { return w > 0; })) return false;
    return !h.evidence.some(function (ev) { return ev.indexOf("message:") === 0 || ev.indexOf("wording:") === 0; });
  }
  function noteHow(score, textSpecific, evidence) {
    var pinned = 0;
    evidence.forEach(function (ev) {
      var k = ev.slice(0, ev.indexOf(":") >= 0 ? ev.indexOf(":") : ev.length);
      if (specific[k] && k !== "file") pinned++;
    });
    if (textSpecific) return ["probably", howText];
    if (score >= noteSure || pinned >= 2) return ["probably", howWords];
    return ["related", howWords];
  }
  function claimFirst(ms) {
    var keyed = ms.map(function (m, i) { return { m: m, i: i }; });
    keyed.sort(function (x, y) {
      var a = x.m, b = y.m, ca = claimed(a), cb = claimed(b);
      if (ca !== cb) return ca ? -1 : 1;
      if (ca) {
        if (a.level !== b.level) return a.level === "raised" ? -1 : 1;
        var d = howRank[a.how] - howRank[b.how];
        if (d !== 0) return d;
      }
      return x.i - y.i;
    });
    return keyed.map(function (k) { return k.m; });
  }

  // Wrapped errors (generator/lookup/checks.go, innerPattern, unwrap and
  // checkHits): the index's wrappers are the texts wrapper checks print
  // before each error they caught, as templates read from nvFuser's source.
  function innerPattern(ws) {
    var alts = (ws || []).map(function (w) {
      return w.split("{}").map(function (p) { return p.replace(/[\\^$.*+?()[\]{}|\/-]/g, "\\$&"); }).join("[^ \\t\\n\\r]+?");
    });
    return alts.length === 0 ? "" : "(?:" + alts.join("|") + ")";
  }
  function unwrap(index, text) {
    if (index._inner === undefined) {
      var pat = innerPattern(index.wrappers);
      index._inner = pat === "" ? null : new RegExp(pat, "g");
    }
    var reInner = index._inner;
    if (reInner === null) return [text];
    var locs = [], m;
    reInner.lastIndex = 0;
    while ((m = reInner.exec(text)) !== null && locs.length < 64) {
      locs.push([m.index, m.index + m[0].length]);
      if (m[0].length === 0) reInner.lastIndex++;
    }
    if (locs.length === 0) return [text];
    var parts = [text.slice(0, locs[0][0])];
    locs.forEach(function (l, i) { parts.push(text.slice(l[1], i + 1 < locs.length ? locs[i + 1][0] : text.length)); });
    return parts;
  }
  function checkHits(index, text, v) {
    var twins = {};
    function match(part) {
      var hs = matchChecks(index.checks, part, v);
      hs.forEach(function (h) {
        if (!Object.prototype.hasOwnProperty.call(twins, h.e.id)) {
          var t = tied(hs, h);
          if (t) twins[h.e.id] = t;
        }
      });
      return hs;
    }
    var parts = unwrap(index, text);
    if (parts.length === 1) return { hits: match(text), wrapper: "", twins: twins };
    var outer = match(parts[0]);
    var wrapper = outer.length > 0 ? outer[0].e.id : "";
    var hits = [], seen = {};
    parts.slice(1).forEach(function (p) {
      var hs = match(p);
      for (var i = 0; i < hs.length; i++) {
        if (hs[i].e.id !== wrapper) {
          if (!seen[hs[i].e.id]) { seen[hs[i].e.id] = true; hits.push(hs[i]); }
          break;
        }
      }
    });
    if (hits.length === 0) { twins = {}; return { hits: match(text), wrapper: "", twins: twins }; }
    outer.forEach(function (h) { if (!seen[h.e.id]) { seen[h.e.id] = true; hits.push(h); } });
    return { hits: hits, wrapper: wrapper, twins: twins };
  }

  // What happened to a check after the paste's build (generator/lookup/since.go).
  function since(index, h, v) {
    if (v === "") return null;
    var e = h.e, out = [];
    h.evidence.forEach(function (ev) {
      if (ev.indexOf("build:") === 0) {
        var rest = ev.slice(6), at = rest.indexOf("@"), place = at >= 0 ? rest.slice(0, at) : rest;
        if (e.k !== "removed" && place !== e.f + ":" + e.l[0]) out.push("moved: " + place + " in " + v + ", " + e.f + ":" + e.l[0] + " now");
      }
      if (ev.indexOf("wording:") === 0 && e.k !== "removed") {
        out.push("reworded since: it now prints \u201c" + (e.m || "").replace(/^[\t\n\f\r\v ]+|[\t\n\f\r\v ]+$/g, "") + "\u201d");
      }
    });
    if (e.k === "removed") out.push("removed since: its page says when, and what replaced it");
    return out.length > 0 ? out : null;
  }

  // The commits after the paste's build that changed the check's
  // function, with their subjects (changes in since.go).
  function sinceChanges(index, h, v) {
    if (v === "") return null;
    var e = h.e, out = [], key = e.f + "#" + (e.fn || "");
    var has = function (o, k) { return o && Object.prototype.hasOwnProperty.call(o, k); };
    if (has(index.fn_changes, key)) {
      index.fn_changes[key].forEach(function (c) {
        var f = c.split(/[\t\n\f\r\v ]+/).filter(function (x) { return x !== ""; });
        if (f.length === 3 && compareVersions(f[2], v) > 0) {
          var sc = { commit: f[0], date: f[1], version: f[2] };
          if (has(index.subjects, f[0]) && index.subjects[f[0]] !== "") sc.subject = index.subjects[f[0]];
          if (index.commit_url) sc.url = index.commit_url + f[0];
          out.push(sc);
        }
      });
    }
    return out.length > 0 ? out : null;
  }

  // rankWithChecks (generator/lookup/checks.go): a note quoting a matched
  // check first, the check right after it, then the other notes.
  function rankWithChecks(index, text, v) {
    var notes = rank(index, text);
    if (!index.checks || index.checks.length === 0) return notes;
    var found = checkHits(index, text, v), hits = found.hits, wrapper = found.wrapper, twins = found.twins, listed = {};
    if (hits.length === 0) return notes;
    var printed = reMessageAfter.test(flatten(text));
    var scores = {};
    scoreDocs(index, text).forEach(function (s) { scores[s.id] = s; });
    var out = [], placed = {};
    hits.forEach(function (h) {
      var lh = checkHow(h, contradicts(h, printed)), level = lh[0], how = lh[1], inner = "", sites = null;
      // Twins nothing decided: one of them raised it; the first shown lists them.
      var t = Object.prototype.hasOwnProperty.call(twins, h.e.id) ? twins[h.e.id] : null;
      if (t) {
        if (level === "raised") level = "probably";
        if (!listed[t[0].id]) {
          listed[t[0].id] = true;
          sites = t.map(function (e) { var s = { id: e.id, url: index.check_url + e.id + "/", file: e.f, line: e.l[0] }; if (e.fn) s.fn = e.fn; return s; });
        }
      }
      if (wrapper !== "") {
        if (h.e.id === wrapper) level = "related"; else inner = wrapper;
      }
      var quoting = [];
      index.docs.forEach(function (d) {
        if (placed[d.id] || (d.checks || []).indexOf(h.e.id) < 0) return;
        var s = scores[d.id];
        var m = { id: d.id, title: d.title, url: d.url, score: s ? s.score : 0, evidence: ["quotes:" + h.e.id].concat(s ? s.evidence : []), check: h.e.id, level: level, how: how };
        if (inner !== "") m.wrapper = inner;
        quoting.push(m);
        placed[d.id] = true;
      });
      quoting.sort(function (a, b) { return b.score - a.score || byteOrder(a.id, b.id); });
      out = out.concat(quoting);
      var title = h.e.t || (h.e.m || "").replace(/^[\t\n\f\r\v ]+|[\t\n\f\r\v ]+$/g, "");
      var c = { id: h.e.id, title: title, url: index.check_url + h.e.id + "/", score: h.points / 100, evidence: h.evidence, kind: "check", check: h.e.id, level: level, how: how };
      if (inner !== "") c.wrapper = inner;
      var sn = since(index, h, v);
      if (sn) c.since = sn;
      var sc = sinceChanges(index, h, v);
      if (sc) c.changes = sc;
      if (sites) c.twins = sites;
      out.push(c);
    });
    notes.forEach(function (m) { if (!placed[m.id]) out.push(m); });
    return out;
  }

  // The new-issue link (generator/lookup/report.go).
  function truncateChars(s, n) { var a = Array.from(s); return a.length > n ? a.slice(0, n).join("") : s; }
  function trimPaste(text) {
    text = text.split("\r\n").join("\n").replace(/^\n+|\n+$/g, "");
    var lines = text.split("\n"), cut = false;
    if (lines.length > 40) { lines = lines.slice(0, 40); cut = true; }
    var out = lines.join("\n");
    if (Array.from(out).length > 1500) { out = truncateChars(out, 1500); cut = true; }
    if (cut) out += "\n[\u2026 trimmed]";
    return out;
  }
  function reportURL(index, text, m) {
    if (!index.report) return "";
    var title = "Error no nvFuser check matched", body = "";
    if (m) {
      title = m.title;
      if (m.check) body += "Check: " + m.check + "\n";
      body += "Handbook: " + m.url + "\n";
      if (m.build) body += "Build: nvfuser " + m.build + "\n";
    } else {
      var b = parseBuild(text);
      if (buildKnown(b)) body += "Build: nvfuser " + buildString(b) + "\n";
    }
    title = truncateChars(title.split(/[\t\n\f\r\v ]+/).filter(function (w) { return w !== ""; }).join(" "), 100);
    body += "\n```\n" + trimPaste(text) + "\n```\n";
    return index.report + "?title=" + encodeURIComponent(title) + "&body=" + encodeURIComponent(body);
  }

  function rankFor(index, text, given) {
    var b = parseVersionField(given);
    if (!buildKnown(b)) b = parseBuild(text);
    var r = resolveCommit(index, b), via = r.via;
    b = r.b;
    var out = claimFirst(withSettings(index, rankOptions(index, text).concat(rankWithChecks(index, text, b.version)), text));
    if (buildKnown(b)) out.forEach(function (m) { m.build = buildString(b); if (via !== "") m.build_via = via; });
    return out;
  }

  var api = { normalize: normalize, features: features, tokens: tokens, matchChecks: matchChecks, parseBuild: parseBuild, parseVersionField: parseVersionField, reportURL: reportURL,
    rank: function (index, text, given) { return rankFor(index, text, given || ""); } };
  if (typeof module !== "undefined" && module.exports) {
    module.exports = api;
  } else {
    root.HandbookLookup = api;
  }
})(typeof window !== "undefined" ? window : this);
