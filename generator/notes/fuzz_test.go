package notes

import (
	"bytes"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// FuzzParse checks that Parse never panics (Parse recovers, so a panic
// shows up as an "internal error") and that every note it returns keeps
// the invariants: a non-empty id, a valid kind, runbook-only statuses,
// lines inside the file, sorted unique lists.
func FuzzParse(f *testing.F) {
	for _, file := range fixtureFiles(f) {
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

// FuzzFrontMatter checks that front matter never panics the decoders, that
// every error names the note and a line inside the file, and that the body
// is what follows the front matter, unchanged.
func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: x\n---\n", "+++\ntitle = \"x\"\n+++\n", "---\nJust a rule\n---\n", "---\na: &x [1]\nb: *x\n---\n",
		"---\ntitle: >\n  a\n---\n", "---\n- a\n---\n", "---\naliases: [\"a,b\"]\n---\n", "---\ntitle: \"a \\\"b\\\"\"\n---\n",
		"+++\ndate = 2024-01-02\n+++\n", "---\n\tbad: tab\n---\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		data = normalize(data)
		_, body, bodyLine, err := splitFrontMatter("f.md", data)
		if err != nil {
			msg := err.Error()
			rest, ok := strings.CutPrefix(msg, "f.md:")
			num, _, _ := strings.Cut(rest, ":")
			line, aerr := strconv.Atoi(num)
			if !ok || aerr != nil || line < 1 || line > countLines(data)+1 {
				t.Fatalf("error %q does not name f.md and a line of the file", msg)
			}
			return
		}
		if !bytes.HasSuffix(data, body) {
			t.Fatalf("body is not the end of the file")
		}
		if bodyLine < 1 {
			t.Fatalf("body line %d", bodyLine)
		}
		if bodyLine == 1 && len(body) != len(data) {
			t.Fatalf("body on line 1 but front matter removed")
		}
	})
}
