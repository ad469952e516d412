package site

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gohugoio/hugo/hugolib"

	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	if err := fsutil.WriteFiles(root, files); err != nil {
		t.Fatal(err)
	}
}

// project is a minimal Hugo project whose page layout fails the build with
// errorf when a page asks for it, as the render-link hook does for a broken
// reference.
func project(t *testing.T) (dir, gen string) {
	dir, gen = t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{
		"config.toml":         "baseURL = \"https://x.test/\"\ntitle = \"t\"\ndisableKinds = [\"taxonomy\", \"term\", \"rss\", \"sitemap\"]\n",
		"layouts/baseof.html": "<html><body>{{ block \"main\" . }}{{ end }}</body></html>",
		"layouts/single.html": "{{ define \"main\" }}{{ if .Params.fail }}{{ errorf \"%s: broken reference\" .File.Path }}{{ end }}{{ .Content }}{{ end }}",
		"layouts/list.html":   "{{ define \"main\" }}{{ range .Pages }}{{ .Title }}{{ end }}{{ end }}",
		"content/hand.md":     "+++\ntitle = \"hand\"\n+++\nhand-written\n",
		"static/js/a.js":      "// project static",
	})
	writeFiles(t, gen, map[string]string{
		"content/gen/page.md": "+++\ntitle = \"generated\"\n+++\ngenerated body\n",
		"static/api/x.json":   "[]",
	})
	return dir, gen
}

func TestBuildMountsGeneratedContentAndStatic(t *testing.T) {
	dir, gen := project(t)
	out := filepath.Join(t.TempDir(), "out")
	res, err := Build(Options{ProjectDir: dir, GeneratedDir: gen, OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages < 3 {
		t.Errorf("pages = %d", res.Pages)
	}
	for file, want := range map[string]string{
		"hand/index.html":     "hand-written",
		"gen/page/index.html": "generated body",
		"js/a.js":             "project static",
		"api/x.json":          "[]",
	} {
		b, err := os.ReadFile(filepath.Join(out, file))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s: %v %q", file, err, b)
		}
	}
}

func TestBuildFailsOnTemplateError(t *testing.T) {
	dir, gen := project(t)
	writeFiles(t, gen, map[string]string{"content/gen/bad.md": "+++\ntitle = \"bad\"\nfail = true\n+++\n"})
	_, err := Build(Options{ProjectDir: dir, GeneratedDir: gen, OutDir: filepath.Join(t.TempDir(), "out")})
	if err == nil || !strings.Contains(err.Error(), "broken reference") {
		t.Errorf("err = %v, want the template's error", err)
	}
}

// TestBuildClosesSitesOnFailure: Hugo's sites are closed (their caches and
// goroutines released) whether the build succeeds or fails; gen serve
// rebuilds for hours, so a failed build must not leak them.
func TestBuildClosesSitesOnFailure(t *testing.T) {
	real := closeSites
	defer func() { closeSites = real }()
	for _, fail := range []bool{false, true} {
		closed := 0
		closeSites = func(s *hugolib.HugoSites) { closed++; real(s) }
		dir, gen := project(t)
		if fail {
			writeFiles(t, gen, map[string]string{"content/gen/bad.md": "+++\ntitle = \"bad\"\nfail = true\n+++\n"})
		}
		_, err := Build(Options{ProjectDir: dir, GeneratedDir: gen, OutDir: filepath.Join(t.TempDir(), "out")})
		if (err != nil) != fail {
			t.Fatalf("fail=%v: err %v", fail, err)
		}
		if closed != 1 {
			t.Errorf("fail=%v: sites closed %d times, want 1", fail, closed)
		}
	}
}

// TestBuildGateStopsWrites: once the gate refuses (an interrupt), Hugo
// creates nothing more under the output folder, not even the folder itself.
func TestBuildGateStopsWrites(t *testing.T) {
	dir, gen := project(t)
	out := filepath.Join(t.TempDir(), "out")
	refuse := func(func() error) error { return os.ErrPermission }
	if _, err := Build(Options{ProjectDir: dir, GeneratedDir: gen, OutDir: out, Gate: refuse}); err == nil {
		t.Error("a build whose every write was refused succeeded")
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the output folder was created despite the gate: %v", err)
	}
}

// TestWriteExtra: emit's in-memory files are written over the site, a
// file whose bytes did not change is left alone, and one no longer given
// is removed; each write and removal is reported (gen serve reloads the
// pages behind them).
func TestWriteExtra(t *testing.T) {
	dir := t.TempDir()
	var written []string
	report := func(p string) { written = append(written, filepath.ToSlash(strings.TrimPrefix(p, dir))) }
	first := map[string][]byte{"runbooks/a/index.md": []byte("a"), "runbooks/b/index.md": []byte("b")}
	if err := writeExtra(dir, first, nil, report); err != nil {
		t.Fatal(err)
	}
	if len(written) != 2 {
		t.Fatalf("first write reported %v", written)
	}
	written = nil
	second := map[string][]byte{"runbooks/a/index.md": []byte("a"), "runbooks/c/index.md": []byte("c")}
	if err := writeExtra(dir, second, first, report); err != nil {
		t.Fatal(err)
	}
	sort.Strings(written)
	if strings.Join(written, " ") != "/runbooks/b/index.md /runbooks/c/index.md" {
		t.Errorf("second write reported %v, want b removed and c written", written)
	}
	if _, err := os.Stat(filepath.Join(dir, "runbooks/b/index.md")); !os.IsNotExist(err) {
		t.Errorf("b still there: %v", err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "runbooks/c/index.md")); err != nil || string(data) != "c" {
		t.Errorf("c: %q %v", data, err)
	}
}

// TestBuildPrunesHugosCache: a formula no page typesets any more leaves
// Hugo's cache at the next full build (Hugo keeps each one otherwise,
// for ever).
func TestBuildPrunesHugosCache(t *testing.T) {
	dir, gen := project(t)
	writeFiles(t, dir, map[string]string{
		"layouts/single.html": "{{ define \"main\" }}{{ with .Params.math }}{{ transform.ToMath . }}{{ end }}{{ .Content }}{{ end }}",
	})
	misc := cacheDir(dir, gen)
	// Under the generated folder's cache/: what the publishing workflow
	// restores between runs (.github/workflows/handbook.yml).
	if filepath.Dir(misc) != filepath.Join(gen, "cache") {
		t.Errorf("Hugo's cache is %s, want it under %s", misc, filepath.Join(gen, "cache"))
	}
	cached := func() []string {
		var files []string
		_ = filepath.WalkDir(misc, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.Contains(filepath.ToSlash(p), "/filecache/misc/tomath/") {
				files = append(files, p)
			}
			return nil
		})
		return files
	}
	out := filepath.Join(t.TempDir(), "out")
	var first []string
	for i, formula := range []string{"a+b", "c+d"} {
		writeFiles(t, gen, map[string]string{"content/gen/page.md": "+++\ntitle = \"m\"\n[params]\nmath = \"" + formula + "\"\n+++\nbody\n"})
		if _, err := Build(Options{ProjectDir: dir, GeneratedDir: gen, OutDir: out}); err != nil {
			t.Fatal(err)
		}
		files := cached()
		if len(files) != 1 {
			t.Fatalf("build %d: %d formulas in Hugo's cache, want 1: %q", i+1, len(files), files)
		}
		if i == 1 && files[0] == first[0] {
			t.Errorf("the first build's formula is still cached: %s", files[0])
		}
		first = files
	}
}

// TestWriteExtraStaysInTheSite: a file name that would leave the site
// (its parent, an absolute path) fails the write, and nothing of the set
// is written, inside the site or out.
func TestWriteExtraStaysInTheSite(t *testing.T) {
	for _, bad := range []string{"../outside.html", "_search/../../outside.html", "/tmp/outside.html", ""} {
		root := t.TempDir()
		dir := filepath.Join(root, "site")
		extra := map[string][]byte{"runbooks/a/index.md": []byte("a"), bad: []byte("x")}
		if err := writeExtra(dir, extra, nil, nil); err == nil {
			t.Errorf("%q: written without an error", bad)
		}
		if _, err := os.Stat(filepath.Join(root, "outside.html")); !os.IsNotExist(err) {
			t.Errorf("%q: a file was written beside the site", bad)
		}
		if _, err := os.Stat(filepath.Join(dir, "runbooks/a/index.md")); !os.IsNotExist(err) {
			t.Errorf("%q: the set was written in part", bad)
		}
	}
}
