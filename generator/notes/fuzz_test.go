package notes

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// FuzzParse checks that Parse never panics (Parse recovers, so a panic
// shows up as an "internal error") and that every note it returns keeps
// the invariants: a non-empty id, a valid kind, runbook-only statuses,
// lines inside the file, sorted unique lists.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.md")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(file, data)
		}
	}
	for _, s := range []string{
		"", "---\n---\n", "+++\n+++\n", "# x\n\n- [x] a\n", "`NVFUSER_DUMP=a(1,2`",
		"```\n#0 0x1 in a::b() /Fuser/csrc/x.cpp:1\n```", "[a](b)", "> > > x", "| a |\n|---|\n| `b` |",
	} {
		f.Add("seed.md", []byte(s))
	}
	f.Fuzz(func(t *testing.T, source string, data []byte) {
		n, err := Parse(source, data, fakeOptions())
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("panic inside Parse: %v", err)
			}
			return
		}
		checkInvariants(t, n, data)
		checkMentions(t, n)
		for _, l := range [][]string{n.Symbols, n.Tests, n.Commits, n.Issues, n.Tools, n.Dates, n.Aliases} {
			for _, s := range l {
				if s == "" {
					t.Errorf("empty list entry")
				}
			}
		}
	})
}

func equalNotes(a, b *model.Note) bool { return reflect.DeepEqual(a, b) }
