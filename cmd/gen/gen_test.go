package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// gen runs the command in-process and returns its exit code and output.
func gen(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestBuildExample builds the embedded example end to end and checks the
// JSON API, the pages behind its URLs, and the drift report.
func TestBuildExample(t *testing.T) {
	proj := testsite.New(t)
	out := filepath.Join(proj, "public")
	code, stdout, stderr := gen(t, "", "build", "--config", filepath.Join(proj, "config.toml"))
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, stage := range []string{"read", "extract", "model", "emit", "render", "search", "publish"} {
		if !strings.Contains(stdout, stage+" ") {
			t.Errorf("stage %q not reported:\n%s", stage, stdout)
		}
	}

	var opts []struct {
		Env, Name, Enum, Description, URL string
		DefinedAt                         string   `json:"defined_at"`
		ReadAt                            []string `json:"read_at"`
		Documented                        bool
	}
	readJSON(t, filepath.Join(out, "api", "options.json"), &opts)
	byKey := map[string]int{}
	for i, o := range opts {
		byKey[o.Env+"="+o.Name] = i
		// The example's pre_segmenter_logging has no doc comment and no YAML
		// entry, like the real one once had: no source describes it.
		if o.DefinedAt != "" && (o.Description == "" && o.Name != "pre_segmenter_logging" || !strings.HasPrefix(o.DefinedAt, "csrc/options.cpp:")) {
			t.Errorf("%s=%s: defined_at %q description %q", o.Env, o.Name, o.DefinedAt, o.Description)
		}
		page := strings.TrimPrefix(o.URL, "https://nvfuser-handbook.example")
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(page), "index.html")); err != nil {
			t.Errorf("no page for %s at %s", o.Name, page)
		}
	}
	for _, k := range []string{"NVFUSER_DUMP=fusion_ir", "NVFUSER_ENABLE=kernel_profile", "NVFUSER_DISABLE=fallback", "NVFUSER_PROF=print.verbose", "NVFUSER_DUMP=segmented_fusion_old"} {
		if _, ok := byKey[k]; !ok {
			t.Errorf("option %s missing from api/options.json", k)
		}
	}
	if i, ok := byKey["NVFUSER_DUMP=segmented_fusion_old"]; ok && (opts[i].DefinedAt != "" || !opts[i].Documented) {
		t.Errorf("YAML-only option: %+v", opts[i])
	}

	var drift []struct{ Kind, Subject, Detail, Where string }
	readJSON(t, filepath.Join(out, "api", "drift.json"), &drift)
	kinds := map[string]bool{}
	for _, d := range drift {
		kinds[d.Kind+" "+d.Subject] = true
	}
	for _, want := range []string{
		"documented-option-missing NVFUSER_DUMP=segmented_fusion_old",
		"undocumented-option NVFUSER_DUMP=pre_segmenter_logging",
		"undocumented-variable NVFUSER_JIT_OPT_LEVEL",
		"documented-variable-unread NVFUSER_TRACE_FILE",
	} {
		if !kinds[want] {
			t.Errorf("drift report lacks %q; has %v", want, kinds)
		}
	}

	var vars []struct {
		Name       string
		ReadAt     []string `json:"read_at"`
		Documented bool
		URL        string
	}
	readJSON(t, filepath.Join(out, "api", "env.json"), &vars)
	found := false
	for _, v := range vars {
		if v.Name == "NVFUSER_NUM_THREADS" {
			found = true
			if !v.Documented || len(v.ReadAt) == 0 || !strings.HasSuffix(v.URL, "/env/nvfuser_num_threads/") {
				t.Errorf("NVFUSER_NUM_THREADS = %+v", v)
			}
		}
	}
	if !found {
		t.Error("NVFUSER_NUM_THREADS missing from api/env.json")
	}
	for _, p := range []string{"index.html", "drift/index.html", "404.html", "api/runbooks.json", "api/lookup.json", "pagefind/pagefind.js", "pagefind-emitted/pagefind.js"} {
		if _, err := os.Stat(filepath.Join(out, p)); err != nil {
			t.Errorf("missing %s", p)
		}
	}

	// Search indexes every searchable page through its search document:
	// each note, option, variable, option family and check, and the drift
	// report.
	var notes []struct{ ID string }
	readJSON(t, filepath.Join(out, "api", "runbooks.json"), &notes)
	families := map[string]bool{}
	for _, o := range opts {
		families[o.Env] = true
	}
	// The check pages have an index of their own (made while Hugo
	// renders), which the search page merges with the main one.
	pagesIn := func(index string) int {
		var entry struct {
			Languages map[string]struct {
				PageCount int `json:"page_count"`
			}
		}
		readJSON(t, filepath.Join(out, index, "pagefind-entry.json"), &entry)
		n := 0
		for _, l := range entry.Languages {
			n += l.PageCount
		}
		return n
	}
	var checks []struct{ ID string }
	readJSON(t, filepath.Join(out, "api", "errors.json"), &checks)
	// The reference pages, and the vocabulary of the notes and checks
	// (emit, vocabulary.go).
	if indexed, want := pagesIn("pagefind"), len(opts)+len(vars)+len(families)+1+1; indexed != want {
		t.Errorf("pagefind indexed %d pages, want %d (%d options, %d variables, %d families, drift, the vocabulary)",
			indexed, want, len(opts), len(vars), len(families))
	}
	// The notes and checks, whose search documents emit wrote, and the
	// vocabulary of the other pages.
	if indexed, want := pagesIn("pagefind-emitted"), len(notes)+len(checks)+1; indexed != want || len(checks) == 0 || len(notes) == 0 {
		t.Errorf("the index of emit's documents holds %d pages, want %d: the %d notes, the %d checks and the vocabulary", indexed, want, len(notes), len(checks))
	}
	search, err := os.ReadFile(filepath.Join(out, "search", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(search), `data-merge="/pagefind-emitted/"`) {
		t.Error("the search page does not merge the index of emit's documents")
	}
	// The search documents are not published, nor left beside the site.
	if _, err := os.Stat(filepath.Join(out, "_search")); err == nil {
		t.Error("search documents were published under _search/")
	}
	if left, _ := filepath.Glob(filepath.Join(proj, ".public*")); len(left) > 0 {
		t.Errorf("staging left behind: %v", left)
	}

	// A file the note names that is not in the checkout is flagged in the
	// text, never linked (the link would 404).
	page, err := os.ReadFile(filepath.Join(out, "runbooks", "segmenter-log-use-after-free", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<span class="ref-missing"`) || strings.Contains(string(page), `href="https://github.com/NVIDIA/Fuser/blob/main/csrc/runtime/executor_cache.cpp"`) {
		t.Error("the runbook links executor_cache.cpp, which is not in the example checkout, instead of flagging it")
	}
}

// TestTemplateMetrics: --template-metrics reports Hugo's time per template
// and per step of its build.
func TestTemplateMetrics(t *testing.T) {
	proj := testsite.New(t)
	code, stdout, stderr := gen(t, "", "build", "--template-metrics", "--config", filepath.Join(proj, "config.toml"))
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"Template Metrics", "page.html", "_markup/render-link.html",
		"step assemble duration", "outputFormat html duration", "outputFormat markdown duration"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if code, _, stderr := gen(t, "", "build", "--config", filepath.Join(proj, "config.toml")); code != 0 || strings.Contains(stderr, "Template Metrics") || strings.Contains(stderr, "INFO") {
		t.Errorf("without the flag: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestBadInputKeepsPreviousSite: a malformed env_options.yaml is an error
// naming file and line, exit status 1, and the published site is untouched.
func TestBadInputKeepsPreviousSite(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	if code, stdout, stderr := gen(t, "", "--config", cfg); code != 0 {
		t.Fatalf("first build: exit %d\n%s\n%s", code, stdout, stderr)
	}
	before := testsite.Tree(t, filepath.Join(proj, "public"))

	src := t.TempDir()
	writeFile(t, filepath.Join(src, "tools/env-config/env_options.yaml"), "options:\n  - name: A\n    choices: [a, b\n  - name: B\n")
	writeFile(t, filepath.Join(src, "csrc/options.h"), "enum class DebugDumpOption { A, EndOfOption };\n")
	code, _, stderr := gen(t, "", "--config", cfg, "--source", src)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (stderr %s)", code, stderr)
	}
	if !strings.Contains(stderr, "tools/env-config/env_options.yaml:") {
		t.Errorf("error does not name file and line: %s", stderr)
	}
	if changed := testsite.Diff(before, testsite.Tree(t, filepath.Join(proj, "public"))); len(changed) > 0 {
		t.Errorf("the published site changed after a failed build: %v", changed)
	}
}

// TestMissingSourceWarns: a source folder from config.toml that does not
// exist is a warning naming it, and the rest still builds; the same path
// given with --source is an error (TestBadOutputAndFlags).
func TestMissingSourceWarns(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, cfg, strings.Replace(string(data), `source = ""`, `source = "no-such-fuser"`, 1))
	code, stdout, stderr := gen(t, "", "--config", cfg)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "warning: "+filepath.Join(proj, "no-such-fuser")) {
		t.Errorf("no warning naming the missing source:\n%s", stdout)
	}
}

// TestDeterministic: two builds of the same inputs give byte-identical
// generated content and site. Pagefind's indexes (public/pagefind/ and
// public/pagefind-emitted/) are the one
// exemption: Pagefind 1.5 writes its filter files in a varying order, which
// the README states; the test still requires the index to exist both times.
func TestDeterministic(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	if code, o, e := gen(t, "", "--config", cfg); code != 0 {
		t.Fatalf("exit %d %s %s", code, o, e)
	}
	site1, gen1 := testsite.Tree(t, filepath.Join(proj, "public")), testsite.Tree(t, filepath.Join(proj, "generated", "content"))
	code, stdout, _ := gen(t, "", "--config", cfg)
	if code != 0 {
		t.Fatal("second build failed")
	}
	if !strings.Contains(stdout, "0 file(s) changed") {
		t.Errorf("a rerun with no input change rewrote generated files:\n%s", stdout)
	}
	// The second build took every check page from the cache the first
	// left (emit.PageCache). A third, with the caches damaged, takes none
	// and builds the same site.
	reused := regexp.MustCompile(`(\d+) of (\d+) check pages as the last build made them`)
	if m := reused.FindStringSubmatch(stdout); m == nil || m[1] != m[2] || m[1] == "0" {
		t.Errorf("the second build did not reuse every check page: %v\n%s", m, stdout)
	}
	// Nor the checks' lookup features, which the JSON API fills after
	// emit: a save before it would keep none.
	features := regexp.MustCompile(`lookup features of (\d+) of (\d+) checks as the last build made them`)
	if m := features.FindStringSubmatch(stdout); m == nil || m[1] != m[2] || m[1] == "0" {
		t.Errorf("the second build did not reuse every check's lookup features: %v\n%s", m, stdout)
	}
	// Nor the notes' parses and the checks their texts quote
	// (assemble.ParseStore, assemble.QuoteStore).
	parsed := regexp.MustCompile(`(\d+) of (\d+) notes as the last build parsed them`)
	if m := parsed.FindStringSubmatch(stdout); m == nil || m[1] != m[2] || m[1] == "0" {
		t.Errorf("the second build did not reuse every note's parse: %v\n%s", m, stdout)
	}
	quoted := regexp.MustCompile(`(\d+) of (\d+) matched against the checks as it did`)
	if m := quoted.FindStringSubmatch(stdout); m == nil || m[1] != m[2] || m[1] == "0" {
		t.Errorf("the second build matched notes against the checks again: %v\n%s", m, stdout)
	}
	site2, gen2 := testsite.Tree(t, filepath.Join(proj, "public")), testsite.Tree(t, filepath.Join(proj, "generated", "content"))
	for _, name := range []string{"check-pages.bin", "lookup-features.bin", "notes.bin", "quotes.bin"} {
		file := filepath.Join(proj, "generated", "cache", name)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data[:len(data)/2], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := gen(t, "", "--config", cfg)
	if code != 0 {
		t.Fatalf("a build with damaged caches failed: %s", stderr)
	}
	if m := reused.FindStringSubmatch(stdout); m == nil || m[1] != "0" {
		t.Errorf("a damaged page cache was used: %v", m)
	}
	if m := features.FindStringSubmatch(stdout); m == nil || m[1] != "0" {
		t.Errorf("a damaged features cache was used: %v", m)
	}
	if m := parsed.FindStringSubmatch(stdout); m == nil || m[1] != "0" {
		t.Errorf("a damaged store of the notes' parses was used: %v", m)
	}
	if m := quoted.FindStringSubmatch(stdout); m == nil || m[1] != "0" {
		t.Errorf("a damaged store of the checks notes quote was used: %v", m)
	}
	site3 := testsite.Tree(t, filepath.Join(proj, "public"))
	for _, site := range []map[string][]byte{site1, site2, site3} {
		n := 0
		for f := range site {
			if strings.HasPrefix(f, "pagefind/") || strings.HasPrefix(f, "pagefind-emitted/") {
				delete(site, f)
				n++
			}
		}
		if n == 0 {
			t.Fatal("a build has no Pagefind index")
		}
	}
	for _, pair := range []struct {
		name string
		a, b map[string][]byte
	}{{"public", site1, site2}, {"generated", gen1, gen2}, {"public, damaged caches", site1, site3}} {
		if changed := testsite.Diff(pair.a, pair.b); len(changed) > 0 {
			t.Errorf("%s: files differ between identical builds: %v", pair.name, changed)
		}
	}
}

func TestLookupCommand(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	if code, o, e := gen(t, "", "--config", cfg); code != 0 {
		t.Fatalf("exit %d %s %s", code, o, e)
	}
	out := filepath.Join(proj, "public")
	var runbooks []struct {
		ID, Kind   string
		Signatures []string
	}
	readJSON(t, filepath.Join(out, "api", "runbooks.json"), &runbooks)
	var text, want string
	for _, r := range runbooks {
		if r.Kind == "runbook" && len(r.Signatures) > 0 {
			text, want = strings.Join(r.Signatures, "\n"), r.ID
			break
		}
	}
	if want == "" {
		t.Fatal("the example has no runbook with signatures")
	}
	code, stdout, stderr := gen(t, text, "lookup", "--json", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var matches []struct {
		ID       string
		Score    float64
		Evidence []string
	}
	if err := json.Unmarshal([]byte(stdout), &matches); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if len(matches) == 0 || matches[0].ID != want || len(matches[0].Evidence) == 0 {
		t.Errorf("lookup of %s's own signatures = %+v", want, matches)
	}
	code, stdout, _ = gen(t, "a completely unrelated sentence about lunch", "lookup", "--json", "--out", out)
	if code != 0 || strings.TrimSpace(stdout) != "[]" {
		t.Errorf("unrelated text: exit %d, %q, want []", code, stdout)
	}
	// The same error in a CI log: an annotation linking the runbook, and
	// the summary appended to the file GitHub names.
	summary := filepath.Join(t.TempDir(), "summary.md")
	writeFile(t, summary, "earlier step\n")
	log := "##[group]Run ctest\n" + text + "\n##[error]Process completed with exit code 1.\n"
	code, stdout, stderr = gen(t, log, "lookup", "--format", "github", "--summary", summary, "--out", out)
	if code != 0 || !strings.HasPrefix(stdout, "::warning title=Known failure%3A ") || !strings.Contains(stdout, "/"+want+"/") {
		t.Errorf("--format github: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(summary); err != nil || !strings.HasPrefix(string(b), "earlier step\n### ") || !strings.Contains(string(b), "/"+want+"/") {
		t.Errorf("summary not appended: %q %v", b, err)
	}
	if code, _, _ := gen(t, log, "lookup", "--format", "yaml", "--out", out); code != 2 {
		t.Errorf("--format yaml: exit %d, want 2", code)
	}
}

func TestUsage(t *testing.T) {
	if code, _, _ := gen(t, "", "frobnicate"); code != 2 {
		t.Errorf("unknown command: exit %d, want 2", code)
	}
	if code, _, _ := gen(t, "", "build", "--no-such-flag"); code != 2 {
		t.Errorf("bad flag: exit %d, want 2", code)
	}
	if code, out, _ := gen(t, "", "help"); code != 0 || !strings.Contains(out, "lookup") || !strings.Contains(out, ".handbook-site") {
		t.Errorf("help: exit %d %q", code, out)
	}
}

func writeFile(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHugoBaseURL: gen reads its configuration through Hugo's loader, so
// HUGO_BASEURL moves the JSON API's URLs, the rendered pages and the
// checker's idea of the site together; before, only the pages moved.
func TestHugoBaseURL(t *testing.T) {
	t.Setenv("HUGO_BASEURL", "https://x.example/")
	proj := testsite.New(t)
	out := filepath.Join(proj, "public")
	code, stdout, stderr := gen(t, "", "check", "--config", filepath.Join(proj, "config.toml"))
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "api", "*.json"))
	if len(files) < 3 {
		t.Fatalf("only %d API files", len(files))
	}
	urlField := regexp.MustCompile(`"url":\s*"([^"]*)"`)
	seen := 0
	for _, f := range files {
		if filepath.Base(f) == "build.json" {
			continue // its urls are nvFuser's repository, not the handbook
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range urlField.FindAllStringSubmatch(string(data), -1) {
			seen++
			if !strings.HasPrefix(m[1], "https://x.example/") {
				t.Errorf("%s: url %q is not under HUGO_BASEURL", filepath.Base(f), m[1])
			}
		}
	}
	if seen == 0 {
		t.Error("no url fields in the API")
	}
	sitemap, err := os.ReadFile(filepath.Join(out, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sitemap), "<loc>https://x.example/") || strings.Contains(string(sitemap), "nvfuser-handbook.example") {
		t.Errorf("the rendered site does not use HUGO_BASEURL:\n%.300s", sitemap)
	}
}
