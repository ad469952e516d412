package pipeline_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/example"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
)

// TestSessionCheckPagesMatchFreshRun: gen serve reuses a check's page
// while the checkout and the notes it names are unchanged (emit's check
// memo). After each edit that changes what a check page says (a note
// starts quoting the check, its title changes, it stops quoting it) and
// one that does not, the session's generated tree and Markdown twins are
// byte for byte a fresh run's.
func TestSessionCheckPagesMatchFreshRun(t *testing.T) {
	dir := t.TempDir()
	fuser := filepath.Join(dir, "fuser")
	if err := os.CopyFS(fuser, example.Tree()); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(fuser, example.NotesDir)
	settings := func(project string) *config.Settings {
		return &config.Settings{ProjectDir: filepath.Join(dir, project), Source: fuser, Notes: []string{notes},
			BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}
	}
	const check = "content/errors/reportcompileerrors-many-segments-failed-set-nvfuser-num.md"
	note := filepath.Join(notes, "quoting.md")
	ss := pipeline.NewSession(settings("live"))
	update(t, ss, false)
	for i, c := range []struct {
		name, text string
		quoted     bool // the check page names the note
	}{
		{"a note quotes the check", "# Compiling in parallel failed\n\nWarning: Many segments failed; set NVFUSER_NUM_THREADS=1 to compile them one at a time. (function reportCompileErrors)\nException raised from reportCompileErrors at csrc/runtime/compile_pool.cpp:54\n", true},
		{"its title changes", "# Parallel compile failed\n\nWarning: Many segments failed; set NVFUSER_NUM_THREADS=1 to compile them one at a time. (function reportCompileErrors)\nException raised from reportCompileErrors at csrc/runtime/compile_pool.cpp:54\n", true},
		{"an edit the check does not see", "# Parallel compile failed\n\nWarning: Many segments failed; set NVFUSER_NUM_THREADS=1 to compile them one at a time. (function reportCompileErrors)\nException raised from reportCompileErrors at csrc/runtime/compile_pool.cpp:54\n\nSeen twice.\n", true},
		{"it stops quoting it", "# Parallel compile failed\n\nSomething else.\n", false},
	} {
		if err := os.WriteFile(note, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		update(t, ss, true)
		page, err := os.ReadFile(filepath.Join(settings("live").GeneratedDir(), check))
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(page, []byte("/quoting/")); got != c.quoted {
			t.Errorf("%s: the check page names the note: %v, want %v", c.name, got, c.quoted)
		}
		fresh := settings("fresh-" + string(rune('a'+i)))
		compareTrees(t, settings("live"), fresh)
		freshSession := pipeline.NewSession(fresh)
		update(t, freshSession, false)
		compareTwins(t, c.name, ss.Twins(), freshSession.Twins())
	}
}

// compareTwins fails where two sets of Markdown twins differ.
func compareTwins(t *testing.T, when string, live, fresh map[string][]byte) {
	t.Helper()
	for p, b := range fresh {
		if !bytes.Equal(live[p], b) {
			t.Errorf("%s: twin %s differs from a fresh run's", when, p)
		}
	}
	for p := range live {
		if _, ok := fresh[p]; !ok && !strings.HasPrefix(p, "cache") {
			t.Errorf("%s: twin %s is left over", when, p)
		}
	}
}
