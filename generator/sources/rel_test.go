package sources

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNoteRel: a note's published name is relative to what named it (a
// folder, a glob's base, a file's own folder), never the build machine's
// absolute path.
func TestNoteRel(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"team/a.md", "team/sub/b.md", "other/c.md", "single/d.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("# "+f+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in, err := Open(filepath.Join(dir, "nope"), []string{
		filepath.Join(dir, "team"),
		filepath.Join(dir, "oth*", "*.md"),
		filepath.Join(dir, "single", "d.md"),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a.md": "a.md", "b.md": "sub/b.md", "c.md": "other/c.md", "d.md": "d.md"}
	for _, n := range in.Notes {
		if got := want[filepath.Base(n.Path)]; n.Rel != got {
			t.Errorf("%s: Rel %q, want %q", n.Path, n.Rel, got)
		}
	}
	if len(in.Notes) != len(want) {
		t.Errorf("%d notes, want %d", len(in.Notes), len(want))
	}
	emb, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range emb.Notes {
		if n.Rel == "" || filepath.IsAbs(n.Rel) || n.Rel[0] == '.' {
			t.Errorf("embedded %s: Rel %q", n.Path, n.Rel)
		}
	}
}
