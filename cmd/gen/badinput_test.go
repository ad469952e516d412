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

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// A well-formed minimal checkout the bad inputs are dropped into.
var goodTree = map[string]string{
	"tools/env-config/env_options.yaml": "categories:\n  dump:\n    display_name: Dump\noptions:\n  - name: fusion_ir\n    description: print it\n    type: bool\n    category: dump\n    env_var: NVFUSER_DUMP\n",
	"csrc/options.h":                    "namespace nvfuser {\n//! These can be set through the `NVFUSER_DUMP` environment variable\nenum class DebugDumpOption {\n  FusionIr, //!< print it\n  EndOfOption\n};\n}\n",
	"csrc/options.cpp":                  "namespace nvfuser {\ntemplate <>\nstd::unordered_map<DebugDumpOption, std::vector<std::string>> Options<DebugDumpOption>::getOptionsFromEnv() {\n  const std::unordered_map<std::string, DebugDumpOption> available_options = {\n      {\"fusion_ir\", DebugDumpOption::FusionIr}};\n  return parseEnvOptions(\"DUMP\", available_options);\n}\n}\n",
	"csrc/a.cpp":                        "bool f() { return isDebugDumpEnabled(DebugDumpOption::FusionIr); }\n",
	"notes/good.md":                     "# A good note\n\nSIGSEGV in `nvfuser::A::b`; rerun with `NVFUSER_DUMP=fusion_ir`.\n",
}

// badInput is one broken or hostile input for runBadInputs. The zero value
// of every field but name is a sensible default, so a case states only what
// makes it bad and what must happen.
type badInput struct {
	name string
	// files override goodTree in the case's own checkout (paths relative to
	// it; notes go under notes/, which is passed with --notes). A value of
	// "\x00delete" removes that file from the checkout.
	files map[string]string
	// setup runs after the checkout is written and before gen runs: it can
	// make output folders, symlinks or a config file, and add to e.Guard.
	setup func(t *testing.T, e *badEnv)
	// args are gen's arguments; nil means e.DefaultArgs() (build with
	// --config, --source, --notes and --out).
	args func(e *badEnv) []string

	// fail is a substring the error must contain — it names the input
	// (file, and line where there is one). "" means the input is accepted:
	// gen must exit 0 and publish a site with no active content.
	fail string
	// code is the expected exit status when fail is set; 0 means 1. Usage
	// errors (bad flags) exit 2, like the flag package's own.
	code int
	// warn, for accepted inputs, is a substring the output must contain.
	warn string
	// render, for accepted inputs, makes further checks on the site.
	render func(t *testing.T, e *badEnv)
	// serial: the case changes the process's environment (t.Setenv), so
	// it runs alone, not beside the others.
	serial bool
	// search: the case needs the search index (Pagefind) built. Without
	// it the case's gen build runs with --no-search: what these cases
	// check is the render and the publish, and Pagefind is most of a
	// small build's time.
	search bool
}

const deleteFile = "\x00delete"

// badEnv is one case's world: a project copy, a checkout, and an output
// folder that already holds a good site built by gen.
type badEnv struct {
	Proj   string // the Hugo project copy (config.toml, generated/)
	Config string // Proj/config.toml
	Src    string // the checkout with the case's files
	Notes  string // Src/notes
	Out    string // holds the previously published good site
	// Guard lists further paths (files or folders) that must be
	// byte-identical after a refused run; setup adds to it.
	Guard []string
	// Target is the path a case is about (an --out, a --source); "{target}"
	// in the case's fail text stands for it.
	Target string
	// Keep lists names beside Out that look like gen's staging but are
	// not gen's, so must survive (see leftovers).
	Keep []string
	// Stdout and Stderr are gen's output, for render checks.
	Stdout, Stderr string
}

// DefaultArgs builds the case's checkout and notes into Out.
func (e *badEnv) DefaultArgs() []string {
	args := []string{"--config", e.Config, "--source", e.Src, "--out", e.Out}
	if _, err := os.Stat(e.Notes); err == nil {
		args = append(args, "--notes", e.Notes)
	}
	return args
}

// runBadInputs runs each case against a fresh copy of a good site and
// asserts, for every case: gen does not panic; a refused input exits with
// the expected status and an error naming the input, and leaves the
// previously published site (and every guarded path) byte-identical with no
// staging folder beside it; an accepted input publishes a site with no
// active content from the inputs (no foreign <script>, no on* attributes,
// no javascript:/data:/vbscript: URLs).
func runBadInputs(t *testing.T, cases []badInput) {
	t.Helper()
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")

	// One good site, built by gen from goodTree, copied into every case's
	// output folder: "the site published before the bad run".
	goodSrc := t.TempDir()
	writeTree(t, goodSrc, goodTree, nil)
	goodOut := filepath.Join(t.TempDir(), "site")
	if code, o, e := runGen(t, "--config", cfg, "--source", goodSrc, "--notes", filepath.Join(goodSrc, "notes"), "--out", goodOut); code != 0 {
		t.Fatalf("building the good site: exit %d\n%s\n%s", code, o, e)
	}
	baseline := siteScripts(t, goodOut)

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// Each case has a project of its own (its generated/ is its
			// own), so the cases, each a whole build, run side by side.
			if !tc.serial {
				t.Parallel()
			}
			proj := testsite.New(t)
			cfg := filepath.Join(proj, "config.toml")
			// A folder of its own: the project is in another temporary
			// folder of the same test, so the one above the checkout must
			// hold the checkout alone.
			src := filepath.Join(t.TempDir(), "fuser")
			writeTree(t, src, goodTree, tc.files)
			outParent := t.TempDir()
			e := &badEnv{Proj: proj, Config: cfg, Src: src, Notes: filepath.Join(src, "notes"), Out: filepath.Join(outParent, "site")}
			if err := os.CopyFS(e.Out, os.DirFS(goodOut)); err != nil {
				t.Fatal(err)
			}
			if tc.setup != nil {
				tc.setup(t, e)
			}
			guarded := map[string]map[string][]byte{}
			for _, p := range append([]string{e.Out}, e.Guard...) {
				guarded[p] = testsite.Tree(t, p)
			}
			args := e.DefaultArgs()
			if tc.args != nil {
				args = tc.args(e)
			}
			if !tc.search {
				args = withoutSearch(args)
			}
			code, stdout, stderr := runGen(t, args...)
			e.Stdout, e.Stderr = stdout, stderr
			if strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic:") {
				t.Fatalf("gen crashed:\n%s", stderr)
			}
			if left := leftovers(t, outParent, e.Out, e.Keep); len(left) > 0 {
				t.Errorf("staging or old folders left beside the site: %v", left)
			}
			if tc.fail != "" {
				want := tc.code
				if want == 0 {
					want = 1
				}
				if code != want {
					t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, want, stdout, stderr)
				}
				if want := strings.ReplaceAll(tc.fail, "{target}", e.Target); !strings.Contains(stderr, want) {
					t.Errorf("error does not say %q:\n%s", want, stderr)
				}
				for p, before := range guarded {
					if changed := testsite.Diff(before, testsite.Tree(t, p)); len(changed) > 0 {
						t.Errorf("%s changed after a refused run: %v", p, changed)
					}
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d, want the input accepted\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			if tc.warn != "" && !strings.Contains(stdout+stderr, tc.warn) {
				t.Errorf("output does not warn %q:\nstdout:\n%s\nstderr:\n%s", tc.warn, stdout, stderr)
			}
			out := publishedOut(args, e.Out)
			noActiveContent(t, out, baseline)
			if tc.render != nil {
				tc.render(t, e)
			}
		})
	}
}

// withoutSearch adds --no-search to a gen build's arguments (first, so
// that a case's own last argument stays last); other commands are left as
// they are (gen check always indexes).
func withoutSearch(args []string) []string {
	switch {
	case len(args) > 0 && args[0] == "build":
		return append([]string{"build", "--no-search"}, args[1:]...)
	case len(args) > 0 && strings.HasPrefix(args[0], "-"):
		return append([]string{"--no-search"}, args...)
	}
	return args
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
func leftovers(t *testing.T, dir, out string, keep []string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
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
// a reader's browser and is not one of the handbook's own scripts.
func noActiveContent(t reporter, dir string, baseline map[string]bool) {
	t.Helper()
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
					if activeScheme.MatchString(v) {
						t.Errorf("%s: active URL %s=%q on <%s>", name, a.Key, a.Val, goquery.NodeName(s))
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
func pageOf(t *testing.T, out, id string) string {
	t.Helper()
	for _, sec := range []string{"runbooks", "guides", "notes"} {
		if b, err := os.ReadFile(filepath.Join(out, sec, id, "index.html")); err == nil {
			return string(b)
		}
	}
	t.Fatalf("the page of note %q was not built", id)
	return ""
}

// TestBadInputCorpus: the source files and notes this package's own
// corpus covers (output folders, flags and config are in
// TestBadOutputAndFlags).
func TestBadInputCorpus(t *testing.T) {
	nested := strings.Repeat("> ", 5000) + "deep\n"
	runBadInputs(t, []badInput{
		{name: "broken yaml", files: map[string]string{"tools/env-config/env_options.yaml": "options:\n  - name: [unclosed\n"}, fail: "tools/env-config/env_options.yaml:"},
		{name: "yaml duplicate names", files: map[string]string{"tools/env-config/env_options.yaml": "options:\n  - name: A\n  - name: A\n"}, fail: "tools/env-config/env_options.yaml:3: duplicate entry"},
		{name: "truncated table", files: map[string]string{"csrc/options.cpp": "const std::unordered_map<std::string, DebugDumpOption> available_options = {\n  {\"fusion_ir\", DebugDumpOption::FusionIr},\n"}, fail: "csrc/options.cpp:1"},
		{name: "garbage c++", files: map[string]string{"csrc/options.h": "enum class DebugDumpOption { \"unterminated\n"}, fail: "csrc/options.h:"},
		{name: "binary header", files: map[string]string{"csrc/options.h": "\x7fELF\x00\x01\x02"}, fail: "csrc/options.h"},
		{name: "binary note", files: map[string]string{"notes/core.md": "\x00\x01core dump"}, fail: "notes/core.md"},
		{name: "invalid utf-8 note", files: map[string]string{"notes/latin1.md": "# Crash in caf\xe9\n\nSIGSEGV in `nvfuser::A::b`\n"}},
		{name: "deeply nested note", files: map[string]string{"notes/deep.md": nested}, fail: "notes/deep.md"},
		{name: "duplicate note ids", files: map[string]string{"notes/a/crash.md": "# A\n", "notes/b/crash.md": "# B\n"}, fail: "note id \"crash\" is already used"},
		{name: "reference hugo cannot resolve", files: map[string]string{"notes/badref.md": "# Crash\n\nSee [the variable](/env/nvfuser_no_such_variable) for details.\n"}, fail: "notes/badref.md:3: broken internal link \"/env/nvfuser_no_such_variable\""},
		{name: "unbalanced option parens", files: map[string]string{"notes/parens.md": "# Crash\n\nRun `NVFUSER_DUMP=fusion_ir(3,4 pytest x.py` and it segfaults.\n"}},
		{name: "raw html and script in a note", files: map[string]string{"notes/xss.md": "# Crash\n\n<script>window.__pwned=1</script>\n\n<img src=x onerror=alert(1)>\n\nSIGSEGV\n"},
			render: func(t *testing.T, e *badEnv) {
				// The note's script goes, whole; its image stays, without
				// the event attribute.
				doc, err := goquery.NewDocumentFromReader(strings.NewReader(pageOf(t, e.Out, "xss")))
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(doc.Find("script").Text(), "__pwned") || doc.Find("[onerror]").Length() > 0 {
					t.Error("raw HTML from the note reached the page")
				}
				if strings.Contains(doc.Find("article").Text(), "__pwned") {
					t.Error("the note's script is shown as text: it should be gone")
				}
				if doc.Find(`article img[src="x"]`).Length() != 1 {
					t.Error("the note's image is gone: only its onerror should be")
				}
			}},
	})
}

// TestRunBadInputsCatchesProblems: the runner's active-content check
// fails when it should — a harness that cannot fail proves nothing.
func TestRunBadInputsCatchesProblems(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "index.html"), `<html><head><script src="/js/copy.js" defer></script></head><body><a href="/x/">x</a></body></html>`)
	baseline := siteScripts(t, dir)
	for _, bad := range []string{
		`<script>alert(1)</script>`,
		`<a href=" JaVaScRiPt:alert(1)">x</a>`,
		"<a href=\"java\tscript:alert(1)\">x</a>",
		`<img src="data:text/html;base64,PHNjcmlwdD4=">`,
		`<a href="vbscript:msgbox(1)">x</a>`,
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
	site := filepath.Join(t.TempDir(), "site")
	writeFile(t, filepath.Join(site, "index.html"), `<html><head><script src="/js/copy.js" defer></script></head><body><a href="https://example.com/">x</a><a href="mailto:a@b">m</a><a href="#x">f</a><a href="../y/">y</a></body></html>`)
	probe := &probeT{}
	noActiveContent(probe, site, baseline)
	if probe.failed {
		t.Errorf("noActiveContent rejected a page with only the handbook's script and safe links: %v", probe.msgs)
	}
}

// reporter is the part of *testing.T the page checks use, so a probe can
// stand in for it.
type reporter interface {
	Helper()
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
func (p *probeT) Fatalf(f string, a ...any) { p.Errorf(f, a...) }
