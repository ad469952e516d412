package emit_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// gen serve keeps a note page's body between emits (emit.Memo): the page
// and its twin are a fresh emit's after each kind of change its body
// depends on.
func TestNoteBodyKept(t *testing.T) {
	file := filepath.Join(t.TempDir(), "box.png")
	if err := os.WriteFile(file, []byte("\x89PNG\r\n\x1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	img := model.LocalRef{Dest: "box.png", Image: true, HTML: true, Target: model.LocalTarget{Kind: model.LocalAsset, Name: "box.png", File: file}}
	src := model.LocalRef{Dest: "../csrc/a.cpp", Target: model.LocalTarget{Kind: model.LocalSource, Path: "csrc/a.cpp"}}
	const body = "Look at [the file](../csrc/a.cpp).\n\n<img src=\"box.png\" alt=\"a box\">\n\n$x^2$ and <script>alert(1)</script>\n"
	live := t.TempDir() // the memo's emits write one folder, as gen serve's
	memo := emit.NewMemo()
	const page, twin = "content/guides/g.md", "guides/g/index.md"
	for _, c := range []struct {
		name, body, base, ref string
		local                 []model.LocalRef
	}{
		{"first emit", body, "https://h.test/", "main", []model.LocalRef{img, src}},
		{"again", body, "https://h.test/", "main", []model.LocalRef{img, src}},
		{"the body changes", body + "\nMore.\n", "https://h.test/", "main", []model.LocalRef{img, src}},
		{"another base URL", body + "\nMore.\n", "https://other.test/h/", "main", []model.LocalRef{img, src}},
		{"another commit", body + "\nMore.\n", "https://other.test/h/", "81c4b22", []model.LocalRef{img, src}},
		{"the image no longer resolves", body + "\nMore.\n", "https://other.test/h/", "81c4b22", []model.LocalRef{src}},
	} {
		run := func(dir string, m *emit.Memo) (string, string) {
			h := &model.Handbook{Notes: []*model.Note{{ID: "g", Kind: model.KindGuide, Title: "G", Source: "g.md", Path: "g.md", Body: c.body, Local: c.local}}}
			h.Index()
			w := emit.NewWriter(dir)
			w.Memo = m
			pending, err := emit.Pages(h, emit.Site{BaseURL: c.base, RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: c.ref}, w)
			if err != nil {
				t.Fatal(err)
			}
			return string(testsite.Tree(t, dir)[page]), string(pending.Twins()[twin])
		}
		gotPage, gotTwin := run(live, memo)
		wantPage, wantTwin := run(t.TempDir(), nil)
		if wantPage == "" || wantTwin == "" {
			t.Fatalf("%s: no page or twin written (%q, %q)", c.name, page, twin)
		}
		if gotPage != wantPage {
			t.Errorf("%s: the page differs from a fresh emit's:\n%s\nwant:\n%s", c.name, gotPage, wantPage)
		}
		if gotTwin != wantTwin {
			t.Errorf("%s: the twin differs from a fresh emit's:\n%s\nwant:\n%s", c.name, gotTwin, wantTwin)
		}
	}
}

// TestMemoForgetsDeletedNotes: a note deleted during a gen serve session
// leaves neither its body nor its rendered page in the memo, which holds
// one emit's pages however many notes came and went.
func TestMemoForgetsDeletedNotes(t *testing.T) {
	live := t.TempDir()
	memo := emit.NewMemo()
	emitNotes := func(ids ...string) {
		t.Helper()
		h := &model.Handbook{}
		for _, id := range ids {
			h.Notes = append(h.Notes, &model.Note{ID: id, Kind: model.KindGuide, Title: id, Source: id + ".md", Path: id + ".md", Body: "About " + id + ".\n"})
		}
		h.Index()
		w := emit.NewWriter(live)
		w.Memo = memo
		pending, err := emit.Pages(h, emit.Site{BaseURL: "https://h.test/"}, w)
		if err != nil {
			t.Fatal(err)
		}
		if err := pending.Finish(); err != nil {
			t.Fatal(err)
		}
	}
	emitNotes("a", "b")
	bodies, pages := emit.MemoSizes(memo)
	if bodies != 2 {
		t.Fatalf("after two notes the memo keeps %d bodies, want 2", bodies)
	}
	emitNotes("a")
	if b, p := emit.MemoSizes(memo); b != 1 || p != pages-1 {
		t.Errorf("after b was deleted the memo keeps %d bodies and %d pages, want 1 and %d", b, p, pages-1)
	}
	emitNotes("a", "c")
	if b, p := emit.MemoSizes(memo); b != 2 || p != pages {
		t.Errorf("after c was added the memo keeps %d bodies and %d pages, want 2 and %d", b, p, pages)
	}
}
