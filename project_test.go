package handbook

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/project"
)

// TestEmbedsTheWholeProject: every file of the Hugo project on disk (the
// folders and files internal/project copies for test sites) is in the
// binary, byte for byte, and nothing else is: a new top-level folder a
// layout needs must be added to the go:embed line.
func TestEmbedsTheWholeProject(t *testing.T) {
	onDisk := map[string][]byte{}
	for _, name := range project.Files {
		if _, err := os.Stat(name); err != nil {
			continue
		}
		err := filepath.WalkDir(name, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			onDisk[filepath.ToSlash(p)] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	embedded := 0
	err := fs.WalkDir(Project, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		embedded++
		data, _ := Project.ReadFile(p)
		want, ok := onDisk[p]
		switch {
		case !ok:
			t.Errorf("%s is embedded but not part of the project (internal/project.Files)", p)
		case !bytes.Equal(data, want):
			t.Errorf("%s: the embedded bytes differ from the file", p)
		}
		delete(onDisk, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for p := range onDisk {
		t.Errorf("%s is part of the project but not embedded", p)
	}
	if embedded < 20 {
		t.Errorf("only %d files embedded", embedded)
	}
}

// TestUnpack: the project is written once per digest, complete, and a
// second call reuses it; a half-written copy (no marker) is replaced.
func TestUnpack(t *testing.T) {
	cache := t.TempDir()
	dir, err := Unpack(cache)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"config.toml", "package-lock.json", "layouts", complete} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("unpacked project lacks %s: %v", f, err)
		}
	}
	// What gen writes beside the project survives a second Unpack.
	kept := filepath.Join(dir, "generated", "kept")
	if err := os.MkdirAll(filepath.Dir(kept), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(kept, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := Unpack(cache)
	if err != nil || again != dir {
		t.Fatalf("second Unpack: %q, %v; want %q", again, err, dir)
	}
	if _, err := os.Stat(kept); err != nil {
		t.Error("a second Unpack rewrote the project")
	}
	// A copy a killed run left half-written is replaced.
	if err := os.Remove(filepath.Join(dir, complete)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "config.toml")); err != nil {
		t.Fatal(err)
	}
	if _, err := Unpack(cache); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "config.toml")); err != nil {
		t.Error("a half-written copy was not replaced")
	}
	entries, _ := os.ReadDir(cache)
	if len(entries) != 1 {
		t.Errorf("the cache holds %d entries, want only the project: %v", len(entries), entries)
	}
}
