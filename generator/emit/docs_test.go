package emit_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// A doc of the checkout links its source at the checkout's commit, not a
// notes edit URL; notes sharing a title carry their list titles as Hugo's
// linkTitle, and lists of related notes show them.
func TestDocPages(t *testing.T) {
	h := &model.Handbook{
		HasSource: true,
		Notes: []*model.Note{
			{ID: "dev-debug", Kind: model.KindGuide, Title: "Debugging", ListTitle: "Debugging (nvFuser doc/dev)", Path: "doc/dev/debug.md", Doc: true, Body: "# Debugging\n\nUse gdb.\n", Tools: []string{"gdb"}, Files: []model.FileRef{{Path: "csrc/fusion.cpp", Exists: true}}},
			{ID: "debugging", Kind: model.KindGuide, Title: "Debugging", ListTitle: "Debugging (notes)", Path: "debugging.md", Body: "# Debugging\n\nUse gdb too.\n", Tools: []string{"gdb"}, Files: []model.FileRef{{Path: "csrc/fusion.cpp", Exists: true}}},
		},
	}
	h.Index()
	out := t.TempDir()
	const commit = "81c4b22a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"
	site := emit.Site{BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: commit, NotesEditBase: "https://github.com/team/notes/edit/main"}
	if err := emit.Emit(h, site, emit.NewWriter(out)); err != nil {
		t.Fatal(err)
	}
	files := testsite.Tree(t, out)
	var api []emit.APIRunbook
	if err := json.Unmarshal(files["static/api/runbooks.json"], &api); err != nil {
		t.Fatal(err)
	}
	for _, r := range api {
		want := map[string][2]string{
			"dev-debug": {"Debugging (nvFuser doc/dev)", "https://github.com/NVIDIA/Fuser/blob/" + commit + "/doc/dev/debug.md"},
			"debugging": {"Debugging (notes)", ""},
		}[r.ID]
		if r.ListTitle != want[0] || r.SourceURL != want[1] {
			t.Errorf("api %s: list_title %q source_url %q, want %q", r.ID, r.ListTitle, r.SourceURL, want)
		}
	}
	for file, c := range map[string]struct{ want, not []string }{
		"content/guides/dev-debug.md": {
			want: []string{`linkTitle = 'Debugging (nvFuser doc/dev)'`, `title = 'Debugging (notes)'`, `source = 'doc/dev/debug.md'`, `source_url = 'https://github.com/NVIDIA/Fuser/blob/` + commit + `/doc/dev/debug.md'`},
			not:  []string{"edit_url"},
		},
		"content/guides/debugging.md": {
			want: []string{`linkTitle = 'Debugging (notes)'`, `edit_url = 'https://github.com/team/notes/edit/main/debugging.md'`},
			not:  []string{"source_url"},
		},
	} {
		text := string(files[file])
		if text == "" {
			t.Errorf("%s not written", file)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s lacks %s:\n%s", file, w, text)
			}
		}
		for _, n := range c.not {
			if strings.Contains(text, n) {
				t.Errorf("%s has %s:\n%s", file, n, text)
			}
		}
	}
}
