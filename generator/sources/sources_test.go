package sources

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/fsutil"
)

func TestOpenEmbedded(t *testing.T) {
	in, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !in.Embedded || in.Tree == nil || len(in.Notes) == 0 {
		t.Fatalf("embedded example: %+v", in)
	}
	if ok, checked := in.FileExists("csrc/options.cpp"); !ok || !checked {
		t.Error("the example has no csrc/options.cpp")
	}
	if ok, _ := in.FileExists("../etc/passwd"); ok {
		t.Error("a path outside the tree exists")
	}
}

func TestNotesArguments(t *testing.T) {
	dir := t.TempDir()
	if err := fsutil.WriteFiles(dir, map[string]string{
		"a.md": "# A", "sub/b.txt": "# B", "sub/c.markdown": "# C", "sub/skip.png": "x", ".hidden/d.md": "# D", "e.md": "# E",
	}); err != nil {
		t.Fatal(err)
	}
	in, err := Open(filepath.Join(dir, "no-fuser"), []string{
		filepath.Join(dir, "sub"),      // a folder, recursively
		filepath.Join(dir, "[ae].md"),  // a glob
		filepath.Join(dir, "a.md"),     // named twice: read once
		filepath.Join(dir, "gone.md"),  // missing: a warning
		filepath.Join(dir, "nothing*"), // a glob that matches nothing: a warning
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range in.Notes {
		rel, _ := filepath.Rel(dir, n.Path)
		got = append(got, filepath.ToSlash(rel))
	}
	if strings.Join(got, " ") != "a.md e.md sub/b.txt sub/c.markdown" {
		t.Errorf("notes = %v", got)
	}
	var warnings []string
	for _, w := range in.Warnings {
		warnings = append(warnings, w.String())
	}
	all := strings.Join(warnings, "\n")
	for _, want := range []string{"no-fuser: nvFuser source checkout not found", "gone.md: notes path not found", "nothing*: notes pattern matched no file"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	if in.Tree != nil {
		t.Error("a missing checkout gave a tree")
	}
	if _, checked := in.FileExists("csrc/x.cpp"); checked {
		t.Error("without a checkout nothing can be checked")
	}
}
