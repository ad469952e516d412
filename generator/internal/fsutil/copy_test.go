package fsutil

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCopyTree(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "a", "b", "f.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CopyTree(src, filepath.Join(dst, "copy")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dst, "copy", "a", "b", "f.txt")); err != nil || string(b) != "x" {
		t.Errorf("copied file = %q, %v", b, err)
	}
	// A single file into a folder that does not exist yet.
	if err := CopyTree(filepath.Join(src, "a", "b", "f.txt"), filepath.Join(dst, "new", "g.txt")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dst, "new", "g.txt")); err != nil {
		t.Error(err)
	}
	if err := CopyTree(filepath.Join(src, "missing"), dst); err != nil {
		t.Errorf("missing source: %v", err)
	}
}

func TestWriteFiles(t *testing.T) {
	root := t.TempDir()
	if err := WriteFiles(root, map[string]string{"a.txt": "A", "sub/deep/b.txt": "B"}); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a.txt": "A", "sub/deep/b.txt": "B"} {
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
}
