package emit_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// TestNoteOrigin: every line of a note's generated body maps back to the
// same line of the note, so Hugo's errors can name the note's own line.
func TestNoteOrigin(t *testing.T) {
	src := "+++\ntitle = \"T\"\n+++\n# T\n\nfirst {{< x >}} <b>\n\nMARK with NVFUSER_DUMP=fusion_ir\n"
	n, err := notes.Parse("/abs/notes/team/t.md", []byte(src), notes.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n.Path = "team/t.md"
	out := t.TempDir()
	w := emit.NewWriter(out)
	h := &model.Handbook{Notes: []*model.Note{n}}
	h.Index() // as assemble does
	if err := emit.Emit(h, emit.Site{BaseURL: "https://h.test/", NotesEditBase: "https://git.test/edit/"}, w); err != nil {
		t.Fatal(err)
	}
	rel := "content/" + map[string]string{model.KindRunbook: "runbooks", model.KindGuide: "guides", model.KindNotes: "notes"}[n.Kind] + "/t.md"
	data, err := os.ReadFile(filepath.Join(out, rel))
	if err != nil {
		t.Fatal(err)
	}
	o, ok := w.Origin(rel)
	if !ok {
		t.Fatalf("no origin for %s", rel)
	}
	body := bytes.Index(data[3:], []byte("+++\n")) + 3 // past the front matter (whose markdown param has MARK too)
	genLine := bytes.Count(data[:body+bytes.Index(data[body:], []byte("MARK"))], []byte("\n")) + 1
	if got := o.Locate(genLine); got != "/abs/notes/team/t.md:8" {
		t.Errorf("generated line %d locates to %q, want the note's line 8", genLine, got)
	}
	if got := o.Locate(2); got != "/abs/notes/team/t.md" {
		t.Errorf("a front matter line locates to %q", got)
	}
	s := string(data)
	if strings.Contains(s, "/abs/") {
		t.Errorf("the build machine's path is in the page:\n%s", s)
	}
	if !strings.Contains(s, `source = 'team/t.md'`) || !strings.Contains(s, `edit_url = 'https://git.test/edit/team/t.md'`) {
		t.Errorf("source/edit_url not relative:\n%s", s)
	}
}

// TestCheckOrigin: a check page (a variable's) is made from one line of
// the checkout, so a problem Hugo finds anywhere in it names that file
// and line, not the generated page.
func TestCheckOrigin(t *testing.T) {
	c := &model.Check{ID: "csrc-a-f-boom", Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{"boom"},
		Where: model.Location{File: "csrc/a.cpp", Line: 12}, Function: "f"}
	v := &model.Variable{Name: "NVFUSER_X", DocumentedAt: model.Location{File: "tools/env-config/env_options.yaml", Line: 7}}
	h := &model.Handbook{Checks: []*model.Check{c}, Variables: []*model.Variable{v}}
	h.Index()
	out := t.TempDir()
	w := emit.NewWriter(out)
	if err := emit.Emit(h, emit.Site{BaseURL: "https://h.test/"}, w); err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]string{
		"content/errors/" + c.ID + ".md": "csrc/a.cpp:12",
		"content/env/nvfuser_x.md":       "tools/env-config/env_options.yaml:7",
	} {
		if _, err := os.Stat(filepath.Join(out, rel)); err != nil {
			t.Fatal(err)
		}
		o, ok := w.Origin(rel)
		if !ok {
			t.Fatalf("no origin for %s", rel)
		}
		for _, line := range []int{0, 2, 40} {
			if got := o.Locate(line); got != want {
				t.Errorf("line %d of %s locates to %q, want %s", line, rel, got, want)
			}
		}
	}
}
