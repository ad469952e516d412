package publish

import (
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSwapReplacesSiteAndLeavesNoDebris(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	write(t, filepath.Join(out, Marker), "made by gen")
	write(t, filepath.Join(out, "index.html"), "old")
	write(t, filepath.Join(out, "gone.html"), "old")
	staged, err := Staging(out)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(staged, "index.html"), "new")
	if err := Swap(staged, out); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(out, "index.html")); got != "new" {
		t.Errorf("index.html = %q", got)
	}
	if _, err := os.Stat(filepath.Join(out, Marker)); err != nil {
		t.Errorf("the published site has no marker: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "gone.html")); !os.IsNotExist(err) {
		t.Error("a file of the previous site survived the swap")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("leftovers next to the site: %v", entries)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o755 {
		t.Errorf("published folder mode %v, want 0755", st.Mode().Perm())
	}
}

func TestDiscardKeepsPreviousSite(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	write(t, filepath.Join(out, "index.html"), "old")
	staged, err := Staging(out)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(staged, "index.html"), "half-built")
	Discard(staged)
	if got := read(t, filepath.Join(out, "index.html")); got != "old" {
		t.Errorf("index.html = %q, want the previous site", got)
	}
	if _, err := os.Stat(staged); !os.IsNotExist(err) {
		t.Error("staging folder not removed")
	}
}

func TestSwapIntoNewFolder(t *testing.T) {
	out := filepath.Join(t.TempDir(), "a", "public")
	staged, err := Staging(out)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(staged, "x"), "1")
	if err := Swap(staged, out); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(out, "x")) != "1" {
		t.Error("not published")
	}
}
