// Package testsite makes a private copy of the handbook's Hugo project for a
// test, so tests that build the site never write into the repository (and
// packages tested in parallel never share a generated/ folder).
package testsite

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
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

// Shared returns a path inside ../shared (the seed material beside the
// repository), or skips the test when it is absent: the material is not
// redistributed, so a fresh clone elsewhere runs without it.
func Shared(t testing.TB, elem ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{Root(t), "..", "shared"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("../shared is absent (%v)", err)
	}
	return p
}

// Tree reads every file under dir into a map keyed by slash-separated
// relative path, for comparing whole builds. Symbolic links are recorded by
// their target, not followed; dir may be a single file (key ".").
func Tree(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	m := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type()&fs.ModeSymlink != 0 {
			// A link is compared by where it points, not followed.
			target, err := os.Readlink(p)
			m[filepath.ToSlash(rel)] = []byte("symlink -> " + target)
			return err
		}
		data, err := os.ReadFile(p)
		m[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Diff lists, sorted, the files of two trees (from Tree) that are not the
// same in both: changed, or present in only one.
func Diff(a, b map[string][]byte) []string {
	var out []string
	for name, data := range a {
		if other, ok := b[name]; !ok || !bytes.Equal(data, other) {
			out = append(out, name)
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Fuser returns an nvFuser git checkout to test against — $HANDBOOK_FUSER,
// else ../Fuser beside the repository — or skips the test when there is none:
// the checkout is public but large, so a fresh clone runs without it.
func Fuser(t testing.TB) string {
	t.Helper()
	p := os.Getenv("HANDBOOK_FUSER")
	if p == "" {
		p = filepath.Join(Root(t), "..", "Fuser")
	}
	if _, err := os.Stat(filepath.Join(p, "csrc", "options.cpp")); err != nil {
		t.Skipf("no nvFuser checkout at %s (set HANDBOOK_FUSER or clone NVIDIA/Fuser beside the repository): %v", p, err)
	}
	return p
}

// FuserHistory is Fuser for a test that reads nvFuser's git history (when
// options came and went, what a note's lines became, a pinned commit): it
// skips, saying so, on a shallow clone, which has one commit and no
// history to agree with — the clone a CI job makes with fetch-depth: 1.
func FuserHistory(t testing.TB) string {
	t.Helper()
	p := Fuser(t)
	out, err := exec.Command("git", "-C", p, "rev-parse", "--is-shallow-repository").Output()
	if err == nil && strings.TrimSpace(string(out)) == "true" {
		t.Skipf("%s is a shallow clone (git clone --depth, actions/checkout fetch-depth: 1): this test needs nvFuser's history; run git -C %s fetch --unshallow, or clone it in full", p, p)
	}
	return p
}
