package emit

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPruneRemovesOnlyWhatGenWrote: a file gen produced earlier and not
// now is removed; a file someone else put under generated/ is kept.
func TestPruneRemovesOnlyWhatGenWrote(t *testing.T) {
	root := t.TempDir()
	w := NewWriter(root)
	for _, f := range []string{"content/a.md", "content/b.md"} {
		if err := w.Write(f, []byte(f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Prune("content"); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(root, "content", "mine.md")
	if err := os.WriteFile(foreign, []byte("not gen's"), 0o644); err != nil {
		t.Fatal(err)
	}
	w = NewWriter(root)
	if err := w.Write("content/a.md", []byte("content/a.md")); err != nil {
		t.Fatal(err)
	}
	if err := w.Prune("content"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "content", "b.md")); !os.IsNotExist(err) {
		t.Error("a file gen no longer produces survived")
	}
	if b, err := os.ReadFile(foreign); err != nil || string(b) != "not gen's" {
		t.Errorf("a file gen did not write was removed or changed: %v", err)
	}
	if len(w.Removed) != 1 || w.Removed[0] != "content/b.md" {
		t.Errorf("Removed = %v, want [content/b.md]", w.Removed)
	}
}
