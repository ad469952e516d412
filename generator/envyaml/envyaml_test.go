package envyaml

import (
	"github.com/nvfuser-handbook/handbook/internal/testsite"

	"errors"
	"os"
	"strings"
	"testing"
)

const sample = `# test fixture written for the handbook
categories:
  dump:
    display_name: "Dumps (NVFUSER_DUMP)"
  misc:
    display_name: Other

options:
  - name: NVFUSER_NUM_THREADS
    description: threads used to compile segments
    type: int
    category: misc
    default: "8"

  - name: fusion_ir
    description: print the fusion
    type: bool
    category: dump
    env_var: NVFUSER_DUMP

  - name: NVFUSER_PROF
    type: multi
    category: misc
    choices: ["", "enable", "print"]
`

func TestParse(t *testing.T) {
	f, err := Parse("env_options.yaml", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Categories) != 2 || f.Categories[0].Key != "dump" || f.Categories[0].DisplayName != "Dumps (NVFUSER_DUMP)" || f.Categories[1].DisplayName != "Other" {
		t.Errorf("categories = %+v", f.Categories)
	}
	want := []Entry{
		{Name: "NVFUSER_NUM_THREADS", Description: "threads used to compile segments", Type: "int", Category: "misc", Default: "8", Line: 9},
		{Name: "fusion_ir", Description: "print the fusion", Type: "bool", Category: "dump", EnvVar: "NVFUSER_DUMP", Line: 15},
		{Name: "NVFUSER_PROF", Type: "multi", Category: "misc", Choices: []string{"", "enable", "print"}, Line: 21},
	}
	if len(f.Entries) != len(want) {
		t.Fatalf("got %d entries, want %d", len(f.Entries), len(want))
	}
	for i, w := range want {
		g := f.Entries[i]
		if g.Name != w.Name || g.Description != w.Description || g.Type != w.Type || g.Category != w.Category ||
			g.EnvVar != w.EnvVar || g.Default != w.Default || g.Line != w.Line || strings.Join(g.Choices, "|") != strings.Join(w.Choices, "|") {
			t.Errorf("entry %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		msg      string
	}{
		{"bad indentation", "categories:\n  a:\n    display_name: x\n options:\n- name: y\n", 3, ""},
		{"unclosed flow", "options:\n  - name: A\n    choices: [a, b\n", 0, ""},
		{"not a mapping", "- a\n- b\n", 1, "expected a mapping"},
		{"options not a list", "options:\n  a: b\n", 2, "must be a list"},
		{"entry without name", "options:\n  - description: x\n", 2, "without a 'name'"},
		{"duplicate", "options:\n  - name: A\n  - name: B\n  - name: A\n", 4, "duplicate entry \"A\" (first at line 2)"},
		{"markup in a name", "options:\n  - name: A\n  - name: 'B\"><img src=x onerror=alert(1)>'\n", 3, "is not a variable or option name"},
		{"space in an env_var", "options:\n  - name: a\n    env_var: NVFUSER DUMP\n", 2, "\"NVFUSER DUMP\" is not a variable or option name"},
		{"choices scalar", "options:\n  - name: A\n    choices: x\n", 3, "'choices' must be a list"},
		{"nested description", "options:\n  - name: A\n    description:\n      x: 1\n", 4, "single value"},
		{"empty", "", 0, "empty file"},
		{"tab indentation", "options:\n\t- name: A\n", 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("x.yaml", []byte(tc.in))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if e.File != "x.yaml" || !strings.HasPrefix(err.Error(), "x.yaml:") {
				t.Errorf("error %q does not name the file", err)
			}
			if tc.line > 0 && e.Line != tc.line {
				t.Errorf("line = %d, want %d (%v)", e.Line, tc.line, err)
			}
			if tc.msg != "" && !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("msg = %q, want it to contain %q", e.Msg, tc.msg)
			}
		})
	}
}

// TestRealSnapshot reads the real env_options.yaml snapshot from ../shared.
func TestRealSnapshot(t *testing.T) {
	path := testsite.Shared(t, "fuser", "env_options.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, e := range f.Entries {
		counts[e.EnvVar]++
		if e.Line <= 0 {
			t.Errorf("%s has no line", e.Name)
		}
	}
	if counts["NVFUSER_DUMP"] < 40 || counts["NVFUSER_ENABLE"] < 15 || counts["NVFUSER_DISABLE"] < 15 || counts[""] < 30 {
		t.Errorf("unexpected entry counts %v", counts)
	}
	if len(f.Categories) < 5 {
		t.Errorf("categories = %d", len(f.Categories))
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("options:\n  - name: [\n"))
	f.Add([]byte("categories: {a: 1}\noptions: [{name: x, choices: [1, [2]]}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Parse("f.yaml", data)
		if err == nil && out == nil {
			t.Fatal("nil result without error")
		}
		if err != nil && !strings.HasPrefix(err.Error(), "f.yaml") {
			t.Fatalf("error does not name the file: %v", err)
		}
	})
}
