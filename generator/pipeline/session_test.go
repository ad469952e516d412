package pipeline_test

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/internal/corpus"
)

// TestSessionMatchesFreshRun: after notes are edited, added and removed,
// and after the checkout changes, a session's generated tree is byte for
// byte the tree a fresh run writes from the same inputs, and a note edit
// does not read the checkout again.
func TestSessionMatchesFreshRun(t *testing.T) {
	dir := t.TempDir()
	if err := corpus.Write(dir, 40, 12); err != nil {
		t.Fatal(err)
	}
	settings := func(project string) *config.Settings {
		return &config.Settings{ProjectDir: filepath.Join(dir, project), Source: filepath.Join(dir, "fuser"), Notes: []string{filepath.Join(dir, "notes")},
			BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}
	}
	ss := pipeline.NewSession(settings("live"))
	update(t, ss, false)
	notes := filepath.Join(dir, "notes")
	edited := filepath.Join(notes, "00006-report.md")
	appendTo(t, edited, "\nAlso seen with NVFUSER_DUMP=synthetic_003 and a segfault in nvfuser::SynthPass6::run.\n")
	if err := os.Remove(filepath.Join(notes, "00007-bullets.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(notes, "00999-new.md"), []byte("# A new note\n\nSegmentation fault in `nvfuser::SynthPass1::run` again.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, more := update(t, ss, true)
	for _, st := range r.Stages {
		if st.Name == "extract" {
			t.Errorf("a note edit re-extracted the checkout: %+v", r.Stages)
		}
	}
	if !changedOne(r.Changed, "00006-report.md") || !changedOne(r.Changed, "00999-new.md") {
		t.Errorf("the pages written do not include the edited and added notes':\n%s", strings.Join(r.Changed, "\n"))
	}
	if !changedOne(more, "00007-bullets.md") || !changedOne(more, "lookup.json") {
		t.Errorf("the files finished after the pages do not include the removed note's page and the lookup index:\n%s", strings.Join(more, "\n"))
	}
	compareTrees(t, settings("live"), settings("fresh-1"))

	// The checkout: an option's description changes.
	cpp := filepath.Join(dir, "fuser", "csrc", "options.h")
	data, err := os.ReadFile(cpp)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cpp, []byte(strings.Replace(string(data), "Synthetic option 3 of DUMP", "Reworded option 3 of DUMP", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	update(t, ss, false)
	compareTrees(t, settings("live"), settings("fresh-2"))
}

func changedOne(changed []string, name string) bool {
	for _, c := range changed {
		if strings.Contains(filepath.Base(c), strings.TrimSuffix(name, ".md")) {
			return true
		}
	}
	return false
}

func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// compareTrees runs a fresh session for fresh and compares its generated
// tree with live's.
func compareTrees(t *testing.T, live, fresh *config.Settings) {
	t.Helper()
	update(t, pipeline.NewSession(fresh), false)
	a, b := digests(t, live.GeneratedDir()), digests(t, fresh.GeneratedDir())
	for p, d := range b {
		if a[p] != d {
			t.Errorf("%s differs from a fresh run's", p)
		}
	}
	for p := range a {
		if _, ok := b[p]; !ok {
			t.Errorf("%s is left over: a fresh run does not write it", p)
		}
	}
}

func digests(t *testing.T, root string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() || strings.HasPrefix(rel, "cache") || strings.HasPrefix(filepath.Base(rel), ".") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		m[rel] = fmt.Sprintf("%x", sha256.Sum256(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// update runs a session's Update and Finish, returning what each changed.
func update(t *testing.T, ss *pipeline.Session, notesOnly bool) (*pipeline.Result, []string) {
	t.Helper()
	r, err := ss.Update(notesOnly)
	if err != nil {
		t.Fatal(err)
	}
	_, more, err := ss.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return r, more
}
