// Package testsite makes a private copy of the handbook's Hugo project for a
// test, so tests that build the site never write into the repository (and
// packages tested in parallel never share a generated/ folder).
package testsite

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/search"
)

// Root is the repository root, found from the test's working directory.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test")
		}
		dir = parent
	}
}

// projectFiles are what a Hugo project of the handbook consists of.
var projectFiles = []string{"config.toml", "layouts", "content", "static", "archetypes", "assets", "package.json", "package-lock.json"}

// New copies the project into a temporary folder and returns it. The
// repository's node_modules (installed on first use) is linked, not copied.
func New(t testing.TB) string {
	t.Helper()
	root := Root(t)
	if _, err := search.Pagefind(root); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range projectFiles {
		src := filepath.Join(root, name)
		if _, err := os.Stat(src); err != nil {
			continue
		}
		if err := copyTree(src, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// SharedDir is ../shared beside the repository, or "" when absent.
func SharedDir(t testing.TB) string {
	d := filepath.Join(Root(t), "..", "shared")
	if _, err := os.Stat(d); err != nil {
		return ""
	}
	return d
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
