package site

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/spf13/afero"
)

// countingFs counts MkdirAll calls that reach the disk.
type countingFs struct {
	afero.Fs
	mkdirs int
}

func (c *countingFs) MkdirAll(path string, perm os.FileMode) error {
	c.mkdirs++
	return c.Fs.MkdirAll(path, perm)
}

// A folder made once in a render is not asked for again, until something
// is removed or renamed; a refused gate makes nothing and remembers
// nothing.
func TestGatedFsRemembersFolders(t *testing.T) {
	dir := t.TempDir()
	disk := &countingFs{Fs: afero.NewOsFs()}
	open := true
	g := newGatedFs(disk, func(op func() error) error {
		if !open {
			return os.ErrClosed
		}
		return op()
	})
	sub := filepath.Join(dir, "a", "b")
	for range 3 {
		if err := g.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if disk.mkdirs != 1 {
		t.Errorf("three MkdirAll of one folder reached the disk %d times, want 1", disk.mkdirs)
	}
	if err := g.RemoveAll(filepath.Join(dir, "a")); err != nil {
		t.Fatal(err)
	}
	if err := g.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(sub); err != nil || !st.IsDir() {
		t.Errorf("after RemoveAll, MkdirAll did not make the folder again: %v", err)
	}
	open = false
	other := filepath.Join(dir, "c")
	if err := g.MkdirAll(other, 0o755); err != nil {
		t.Fatalf("a refused MkdirAll failed instead of going nowhere: %v", err)
	}
	open = true
	if err := g.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a folder refused once was remembered as made: %v", err)
	}
}
