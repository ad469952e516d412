package fsutil

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteAll(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{"a.txt": []byte("a"), "x/y/b.html": []byte("b"), "x/c.md": nil}
	if err := WriteAll(dir, files); err != nil {
		t.Fatal(err)
	}
	for rel, want := range files {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s = %q, %v; want %q", rel, got, err, want)
		}
	}
	// A name leaving the folder is refused before anything is written.
	for _, bad := range []string{"../out.txt", "/abs.txt", "x/../../out.txt"} {
		fresh := filepath.Join(t.TempDir(), "site")
		if err := WriteAll(fresh, map[string][]byte{"ok/z.txt": []byte("z"), bad: []byte("!")}); err == nil {
			t.Errorf("%q was written", bad)
		}
		if _, err := os.Stat(fresh); !os.IsNotExist(err) {
			t.Errorf("%q: something was written before the refusal", bad)
		}
	}
}
