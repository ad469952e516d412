// Package testsite makes a private copy of the handbook's Hugo project for a
// test, so tests that build the site never write into the repository (and
// packages tested in parallel never share a generated/ folder).
package testsite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/search"
	"github.com/nvfuser-handbook/handbook/internal/project"
)

// Root is the repository root, found from the test's working directory.
func Root(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := project.Root(wd)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// New copies the project into a temporary folder and returns it. The
// repository's node_modules (installed on first use) is linked, not copied.
func New(t testing.TB) string {
	t.Helper()
	root := Root(t)
	if _, err := search.Pagefind(root); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := project.Copy(root, dir); err != nil {
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
