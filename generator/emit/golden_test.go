package emit_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/internal/golden"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestGolden emits the embedded example and compares every generated file
// (front matter, bodies, JSON API) with testdata/golden. Run
// `go test ./generator/emit -update` after an intended change and review
// the diff.
func TestGolden(t *testing.T) {
	s := &config.Settings{BaseURL: "https://handbook.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}
	r := &pipeline.Result{}
	if err := pipeline.Model(s, r); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	w := emit.NewWriter(out)
	// A fixed generator identity, not the test binary's own.
	gen := emit.Generator{Module: "github.com/nvfuser-handbook/handbook", Version: "v0.0.0-test"}
	site := emit.Site{BaseURL: s.BaseURL, RepoURL: s.RepoURL, RepoRef: s.RepoRef, Generator: gen, StaleAfterDays: s.StaleAfterDays, SplitSearch: true}
	pending, err := emit.Pages(r.Handbook, site, w)
	if err != nil {
		t.Fatal(err)
	}
	// A build renders between HugoInputs and API: API must write nothing
	// Hugo reads, only under static/.
	if err := pending.HugoInputs(); err != nil {
		t.Fatal(err)
	}
	before := testsite.Tree(t, out)
	if err := pending.API(); err != nil {
		t.Fatal(err)
	}
	got := testsite.Tree(t, out)
	for name, data := range got {
		if !strings.HasPrefix(name, emit.StaticDir+"/") && name != emit.Manifest && !bytes.Equal(before[name], data) {
			t.Errorf("%s: written by API, after Hugo has read its inputs", name)
		}
	}
	// The Markdown twins and the check pages' search documents live in
	// memory until the render and search stages publish them: compared as
	// if under twins/.
	for name, data := range pending.Twins() {
		got["twins/"+name] = data
	}
	for name, data := range pending.SearchDocs() {
		got["twins/"+name] = data
	}
	delete(got, emit.Manifest) // bookkeeping, not content (writer_test.go covers it)
	dir := filepath.Join("testdata", "golden")
	if golden.Updating() {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		for name, data := range got {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want := testsite.Tree(t, dir)
	for name, data := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: no longer generated", name)
		case !bytes.Equal(g, data):
			t.Errorf("%s differs from the golden file (go test ./generator/emit -update to accept):\n%s", name, firstDiff(data, g))
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: generated but has no golden file", name)
		}
	}
	// A second emit of the same model changes nothing on disk.
	w2 := emit.NewWriter(out)
	if err := emit.Emit(r.Handbook, site, w2); err != nil {
		t.Fatal(err)
	}
	if len(w2.Written) != 0 || len(w2.Removed) != 0 {
		t.Errorf("re-emit rewrote %v and removed %v", w2.Written, w2.Removed)
	}
}

// firstDiff shows the first differing line of two files.
func firstDiff(want, got []byte) string {
	wl, gl := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g []byte
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if !bytes.Equal(w, g) {
			return "line " + strconv.Itoa(i+1) + "\n  want: " + string(w) + "\n  got:  " + string(g)
		}
	}
	return ""
}
