package corpus

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, 12, 20); err != nil {
		t.Fatal(err)
	}
	notes, _ := filepath.Glob(filepath.Join(dir, "notes", "*.md"))
	if len(notes) != 12 {
		t.Errorf("%d notes, want 12", len(notes))
	}
	for _, f := range []string{"fuser/csrc/options.h", "fuser/csrc/options.cpp", "fuser/tools/env-config/env_options.yaml", "fuser/csrc/pass_001.cpp"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	if Note(3, 20) == Note(4, 20) {
		t.Error("notes must be varied")
	}
	// Output is a pure function of (N, M): a second corpus is identical.
	again := t.TempDir()
	if err := Write(again, 12, 20); err != nil {
		t.Fatal(err)
	}
	if changed := testsite.Diff(testsite.Tree(t, dir), testsite.Tree(t, again)); len(changed) > 0 {
		t.Errorf("two corpora of the same size differ: %v", changed)
	}
}
