// Times the browser's lookup (static/js/lookup.js) on a built handbook:
// parsing api/lookup.json once, then ranking every pasted error of the
// given corpus folders (each *.txt; the team corpus's header is kept, it
// costs the same), several times, as the /lookup/ page does per paste.
//
//   node internal/cmd/evallookup/browserbench.js /tmp/site internal/errcorpus/real internal/errcorpus/cases
//
// docs/benchmarks.md records the figures.
"use strict";
const fs = require("fs");
const path = require("path");
const L = require(path.join(__dirname, "..", "..", "..", "static", "js", "lookup.js"));
const [site, ...dirs] = process.argv.slice(2);
const raw = fs.readFileSync(path.join(site, "api", "lookup.json"), "utf8");
let t0 = process.hrtime.bigint();
const index = JSON.parse(raw);
const parseMs = Number(process.hrtime.bigint() - t0) / 1e6;
const texts = [];
for (const d of dirs) {
  for (const f of fs.readdirSync(d).filter((f) => f.endsWith(".txt")).sort()) texts.push(fs.readFileSync(path.join(d, f), "utf8"));
}
const rounds = 5, times = [];
for (let r = 0; r < rounds; r++) {
  for (const t of texts) {
    t0 = process.hrtime.bigint();
    L.rank(index, t, "");
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(JSON.stringify({ index_bytes: raw.length, checks: index.checks.length, docs: index.docs.length, parse_ms: +parseMs.toFixed(1),
  pastes: texts.length, rounds, mean_ms: +mean.toFixed(2), p50_ms: +q(0.5).toFixed(2), p95_ms: +q(0.95).toFixed(2), max_ms: +times[times.length - 1].toFixed(2) }));
