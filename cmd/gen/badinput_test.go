package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/nvfuser-handbook/handbook/internal/activescan"
)

// A well-formed minimal checkout the bad inputs are dropped into.
var goodTree = map[string]string{
	"tools/env-config/env_options.yaml": "categories:\n  dump:\n    display_name: Dump\noptions:\n  - name: fusion_ir\n    description: print it\n    type: bool\n    category: dump\n    env_var: NVFUSER_DUMP\n",
	"csrc/options.h":                    "namespace nvfuser {\n//! These can be set through the `NVFUSER_DUMP` environment variable\nenum class DebugDumpOption {\n  FusionIr, //!< print it\n  EndOfOption\n};\n}\n",
	"csrc/options.cpp":                  "namespace nvfuser {\ntemplate <>\nstd::unordered_map<DebugDumpOption, std::vector<std::string>> Options<DebugDumpOption>::getOptionsFromEnv() {\n  const std::unordered_map<std::string, DebugDumpOption> available_options = {\n      {\"fusion_ir\", DebugDumpOption::FusionIr}};\n  return parseEnvOptions(\"DUMP\", available_options);\n}\n}\n",
	"csrc/a.cpp":                        "bool f() { return isDebugDumpEnabled(DebugDumpOption::FusionIr); }\n",
	// A check, so that the good site has a check page and its scripts are
	// in the baseline.
	"csrc/b.cpp":    "void g(int x) {\n  NVF_ERROR(x > 0, \"x must be positive\");\n}\n",
	"notes/good.md": "# A good note\n\nSIGSEGV in `nvfuser::A::b`; rerun with `NVFUSER_DUMP=fusion_ir`.\n",
}

const deleteFile = "\x00delete"

// badEnv is what a page check of a bad-input script sees.
type badEnv struct {
	Out    string // the published site ($SITE)
	Target string // the path the case is about ($TARGET), if any
	// Stdout and Stderr are gen's output.
	Stdout, Stderr string
}

// runGen is gen with any panic turned into a test failure naming it, so
// one crashing case does not hide the others.
func runGen(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("gen %s panicked: %v\n%s", strings.Join(args, " "), p, debug.Stack())
		}
	}()
	return gen(t, "", args...)
}

// writeTree writes base with overrides applied into dir.
func writeTree(t *testing.T, dir string, base, overrides map[string]string) {
	t.Helper()
	files := map[string]string{}
	for k, v := range base {
		files[k] = v
	}
	for k, v := range overrides {
		if v == deleteFile {
			delete(files, k)
			continue
		}
		files[k] = v
	}
	for k, v := range files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(k)), v)
	}
}

// publishedOut is the --out a run published into (the last one given).
func publishedOut(args []string, def string) string {
	out := def
	for i, a := range args {
		if a == "--out" && i+1 < len(args) {
			out = args[i+1]
		} else if v, ok := strings.CutPrefix(a, "--out="); ok {
			out = v
		}
	}
	return out
}

// leftovers lists names in dir that a publish leaves only by mistake:
// staging (.site.new-*) and previous-site (.site.old-*) folders.
func leftovers(t reporter, dir, out string, keep []string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("%v", err)
	}
	var left []string
	prefix := "." + filepath.Base(out) + "."
	for _, e := range entries {
		if slices.Contains(keep, e.Name()) {
			continue
		}
		if strings.HasPrefix(e.Name(), prefix+"new-") || strings.HasPrefix(e.Name(), prefix+"old-") {
			left = append(left, e.Name())
		}
	}
	return left
}

// siteScripts is the set of <script> elements a good site has: the
// handbook's own. Anything else in an accepted bad input's site came from
// the input.
func siteScripts(t *testing.T, dir string) map[string]bool {
	t.Helper()
	scripts := map[string]bool{}
	eachPage(t, dir, func(_ string, doc *goquery.Document) {
		doc.Find("script").Each(func(_ int, s *goquery.Selection) {
			h, _ := goquery.OuterHtml(s)
			scripts[h] = true
		})
	})
	if len(scripts) == 0 {
		t.Fatal("the good site has no scripts at all: the baseline is wrong")
	}
	return scripts
}

// activeScheme matches URL schemes that run code or smuggle documents,
// after the whitespace and control characters browsers ignore.
var activeScheme = regexp.MustCompile(`(?i)^(javascript|data|vbscript):`)

// noActiveContent fails on anything in the published pages that runs in
// a reader's browser and is not one of the handbook's own scripts, and on
// whatever the independent scan of every published file (internal/activescan:
// pages, SVGs, feeds, twins, llms*.txt, JSON) finds.
func noActiveContent(t reporter, dir string, baseline map[string]bool) {
	t.Helper()
	found, _, err := activescan.Dir(dir)
	if err != nil {
		t.Fatalf("scanning %s: %v", dir, err)
	}
	for _, f := range found {
		t.Errorf("%s", f)
	}
	pages := 0
	eachPage(t, dir, func(name string, doc *goquery.Document) {
		pages++
		doc.Find("script").Each(func(_ int, s *goquery.Selection) {
			if h, _ := goquery.OuterHtml(s); !baseline[h] {
				t.Errorf("%s: a script the handbook does not have: %.120s", name, h)
			}
		})
		doc.Find("*").Each(func(_ int, s *goquery.Selection) {
			for _, a := range s.Nodes[0].Attr {
				key := strings.ToLower(a.Key)
				if strings.HasPrefix(key, "on") {
					t.Errorf("%s: event handler attribute %s=%q on <%s>", name, a.Key, a.Val, goquery.NodeName(s))
				}
				switch key {
				case "href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "data":
					v := strings.Map(func(r rune) rune {
						if r <= ' ' {
							return -1
						}
						return r
					}, a.Val)
					candidates := []string{v}
					if key == "srcset" { // each candidate (split at every comma: stricter than a browser)
						candidates = strings.Split(strings.Map(func(r rune) rune {
							if r <= ' ' {
								return ' '
							}
							return r
						}, a.Val), ",")
					}
					for _, c := range candidates {
						if activeScheme.MatchString(strings.TrimSpace(c)) {
							t.Errorf("%s: active URL %s=%q on <%s>", name, a.Key, a.Val, goquery.NodeName(s))
						}
					}
				}
			}
		})
		// A meta refresh (the handbook's short-URL redirects) is a URL too.
		doc.Find("meta[http-equiv]").Each(func(_ int, s *goquery.Selection) {
			content, _ := s.Attr("content")
			if i := strings.Index(strings.ToLower(content), "url="); i >= 0 && activeScheme.MatchString(strings.TrimSpace(content[i+4:])) {
				t.Errorf("%s: active redirect %q", name, content)
			}
		})
		doc.Find("iframe, object, embed, base, frame, applet").Each(func(_ int, s *goquery.Selection) {
			h, _ := goquery.OuterHtml(s)
			t.Errorf("%s: element the handbook never writes: %.120s", name, h)
		})
	})
	if pages == 0 {
		t.Errorf("no pages published in %s", dir)
	}
}

// eachPage parses every HTML file under dir, in a stable order.
func eachPage(t reporter, dir string, f func(name string, doc *goquery.Document)) {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		t.Fatalf("%v", err)
	}
	sort.Strings(names)
	for _, p := range names {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v", err)
			return
		}
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
			return
		}
		rel, _ := filepath.Rel(dir, p)
		f(filepath.ToSlash(rel), doc)
	}
}

// pageOf returns the built page of a note by its id, from whichever
// section it landed in.
func pageOf(t reporter, out, id string) string {
	t.Helper()
	for _, sec := range []string{"runbooks", "guides", "notes"} {
		if b, err := os.ReadFile(filepath.Join(out, sec, id, "index.html")); err == nil {
			return string(b)
		}
	}
	t.Fatalf("the page of note %q was not built", id)
	return ""
}

// TestRunBadInputsCatchesProblems: the runner's active-content check
// fails when it should — a harness that cannot fail proves nothing.
func TestRunBadInputsCatchesProblems(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "index.html"), `<html><head>`+ownScript+`</head><body><a href="/x/">x</a></body></html>`)
	baseline := siteScripts(t, dir)
	for _, bad := range []string{
		`<script>alert(1)</script>`,
		`<a href=" JaVaScRiPt:alert(1)">x</a>`,
		"<a href=\"java\tscript:alert(1)\">x</a>",
		`<img src="data:text/html;base64,PHNjcmlwdD4=">`,
		`<a href="vbscript:msgbox(1)">x</a>`,
		`<img src="/a.png" srcset="/a.png 1x, javascript:alert(1) 2x">`,
		`<p onclick="alert(1)">x</p>`,
		`<iframe src="/x/"></iframe>`,
		`<meta http-equiv="refresh" content="0; url=javascript:alert(1)">`,
	} {
		site := filepath.Join(t.TempDir(), "site")
		writeFile(t, filepath.Join(site, "index.html"), "<html><body>"+bad+"</body></html>")
		probe := &probeT{}
		noActiveContent(probe, site, baseline)
		if !probe.failed {
			t.Errorf("noActiveContent accepted %s", bad)
		}
	}
	// The other published files, by the independent scan.
	for name, bad := range map[string]string{
		"fig.svg":       `<?xml-stylesheet href="x.xsl" type="text/xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>`,
		"x/index.md":    "# x\n\n<img src=x onerror=alert(1)>\n",
		"llms-full.txt": "<img src=x onerror=alert(1)>\n",
		"index.xml":     `<rss><channel><item><description>&lt;script&gt;alert(1)&lt;/script&gt;</description></item></channel></rss>`,
		"api/x.json":    `{"url":"javascript:alert(1)"}`,
	} {
		site := filepath.Join(t.TempDir(), "site")
		writeFile(t, filepath.Join(site, "index.html"), "<html><head>"+ownScript+"</head><body>x</body></html>")
		writeFile(t, filepath.Join(site, filepath.FromSlash(name)), bad)
		probe := &probeT{}
		noActiveContent(probe, site, baseline)
		if !probe.failed {
			t.Errorf("noActiveContent accepted %s: %s", name, bad)
		}
	}
	site := filepath.Join(t.TempDir(), "site")
	writeFile(t, filepath.Join(site, "index.html"), `<html><head>`+ownScript+`</head><body><a href="https://example.com/">x</a><a href="mailto:a@b">m</a><a href="#x">f</a><a href="../y/">y</a></body></html>`)
	probe := &probeT{}
	noActiveContent(probe, site, baseline)
	if probe.failed {
		t.Errorf("noActiveContent rejected a page with only the handbook's script and safe links: %v", probe.msgs)
	}
}

// ownScript is how the handbook's pages load its scripts.
const ownScript = `<script src="/js/copy.0d078810a22fd5cad964dcd558ec5100d53f8256fc93ec6ae829096a9a25aab0.js" defer></script>`

// reporter is the part of *testing.T the page checks use, so a probe can
// stand in for it.
type reporter interface {
	Helper()
	Error(args ...any)
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// probeT records failures instead of failing a test.
type probeT struct {
	failed bool
	msgs   []string
}

func (p *probeT) Helper() {}
func (p *probeT) Errorf(f string, a ...any) {
	p.failed = true
	p.msgs = append(p.msgs, fmt.Sprintf(f, a...))
}
func (p *probeT) Error(a ...any)            { p.Errorf("%s", fmt.Sprint(a...)) }
func (p *probeT) Fatalf(f string, a ...any) { p.Errorf(f, a...) }
