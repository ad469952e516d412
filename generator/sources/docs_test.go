package sources

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
)

var defaultDocs = &Docs{Include: []string{"doc/**/*.md"}, Exclude: []string{"doc/sphinx/**"}}

// TestDocs: the checkout's docs are read with their checkout paths, the
// Sphinx sources and other files aside, and a note that is a copy of a
// doc is the doc.
func TestDocs(t *testing.T) {
	dir := t.TempDir()
	fuser := filepath.Join(dir, "Fuser")
	if err := fsutil.WriteFiles(fuser, map[string]string{
		"doc/README.md":          "Contents:\n",
		"doc/dev/tma.md":         "# TMA\n",
		"doc/dev/tma/fig.svg":    "<svg/>",
		"doc/math/logic.md":      "# Logic\n",
		"doc/sphinx/README.md":   "# Building\n",
		"doc/.drafts/x.md":       "# Draft\n",
		"doc/dev/notes.txt":      "not markdown",
		"csrc/README.md":         "# Not under doc\n",
		"tools/env-config/x.yml": "",
	}); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "notes")
	if err := fsutil.WriteFiles(notes, map[string]string{"tma.md": "# TMA\n", "mine.md": "# Mine\n"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		docs  *Docs
		notes []string
		want  string // Rel:Doc of every file read
	}{
		{"defaults", defaultDocs, nil, "doc/README.md:doc doc/dev/tma.md:doc doc/math/logic.md:doc"},
		{"off", nil, []string{notes}, "mine.md tma.md"},
		{"a note that is a copy of a doc", defaultDocs, []string{notes}, "doc/README.md:doc doc/dev/tma.md:doc doc/math/logic.md:doc mine.md"},
		{"the docs given as notes too", defaultDocs, []string{filepath.Join(fuser, "doc", "dev")}, "doc/README.md:doc notes.txt doc/dev/tma.md:doc doc/math/logic.md:doc"},
		{"other globs", &Docs{Include: []string{"doc/dev/*.md", "csrc/*.md"}}, nil, "csrc/README.md:doc doc/dev/tma.md:doc"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := OpenDocs(fuser, tc.notes, tc.docs)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range in.Notes {
				s := f.Rel
				if f.Doc {
					s += ":doc"
					if f.Path != filepath.Join(fuser, filepath.FromSlash(f.Rel)) {
						t.Errorf("path %s for %s", f.Path, f.Rel)
					}
				}
				got = append(got, s)
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("read %q, want %q", strings.Join(got, " "), tc.want)
			}
			// gen serve reads the notes again, not the checkout.
			again, err := in.RereadNotes(tc.notes)
			if err != nil {
				t.Fatal(err)
			}
			if len(again.Notes) != len(in.Notes) || len(in.ChangedNotes(again)) != 0 {
				t.Errorf("reread: %d files, changed %v", len(again.Notes), in.ChangedNotes(again))
			}
		})
	}
}

// A checkout without docs is only worth a warning when docs = "on".
func TestDocsRequired(t *testing.T) {
	dir := t.TempDir()
	if err := fsutil.WriteFiles(dir, map[string]string{"csrc/x.cpp": ""}); err != nil {
		t.Fatal(err)
	}
	for _, required := range []bool{false, true} {
		in, err := OpenDocs(dir, nil, &Docs{Include: []string{"doc/**/*.md"}, Required: required})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(in.Warnings) == 1 && strings.Contains(in.Warnings[0].String(), `docs = "on" but no file matches doc/**/*.md`); got != required {
			t.Errorf("required=%v: warnings %v", required, in.Warnings)
		}
	}
}

// The embedded example has no docs: reading them changes nothing.
func TestDocsEmbedded(t *testing.T) {
	plain, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	with, err := OpenDocs("", nil, defaultDocs)
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Notes) != len(with.Notes) || len(with.Warnings) != 0 {
		t.Errorf("embedded: %d notes without docs, %d with; warnings %v", len(plain.Notes), len(with.Notes), with.Warnings)
	}
}
