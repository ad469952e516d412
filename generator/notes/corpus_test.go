package notes

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/golden"
	"github.com/nvfuser-handbook/handbook/internal/notecorpus"
)

// TestCorpus checks the kind, status and tests of every note in the
// team-written corpus (internal/notecorpus) against what a reader would
// say, and that the corpus keeps its breadth: every note listed, at least
// 25 notes in at least 10 styles.
func TestCorpus(t *testing.T) {
	dir := filepath.Join(notecorpus.Dir(), "notes")
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	listed, styles := map[string]bool{}, map[string]bool{}
	for _, want := range notecorpus.Notes {
		listed[want.File], styles[want.Style] = true, true
		t.Run(want.File, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, want.File))
			if err != nil {
				t.Fatal(err)
			}
			n, err := Parse(want.File, data, fakeOptions())
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, n, data)
			if n.Kind != want.Kind || n.Status != want.Status {
				t.Errorf("kind/status = %s/%s, want %s/%s", n.Kind, n.Status, want.Kind, want.Status)
			}
			if !slices.Equal(n.Tests, want.Tests) {
				t.Errorf("tests = %q, want %q", n.Tests, want.Tests)
			}
		})
	}
	for _, f := range files {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s is not listed in notecorpus.Notes", f)
		}
	}
	if len(files) < 25 || len(styles) < 10 {
		t.Errorf("corpus has %d notes in %d styles, want at least 25 in 10", len(files), len(styles))
	}
}

// TestCorpusGolden keeps every corpus note's extracted facts in
// internal/notecorpus/golden (go test ./generator/notes -update).
func TestCorpusGolden(t *testing.T) {
	golden.Dir(t, filepath.Join(notecorpus.Dir(), "notes"), "*", filepath.Join(notecorpus.Dir(), "golden"),
		func(t *testing.T, path string, data []byte) any {
			n, err := Parse(filepath.Base(path), data, fakeOptions())
			if err != nil {
				t.Fatal(err)
			}
			n.Body = ""
			return n
		})
}
