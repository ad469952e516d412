package lookup

import (
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Two notes with the same title are told apart in lookup results too, by
// the list titles the model gave them.
func TestListTitles(t *testing.T) {
	ns := []*model.Note{
		{ID: "dev-debug", Kind: model.KindGuide, Title: "Debugging", ListTitle: "Debugging (nvFuser doc/dev)", Doc: true},
		{ID: "debugging", Kind: model.KindGuide, Title: "Debugging", ListTitle: "Debugging (notes)"},
		{ID: "crash", Kind: model.KindRunbook, Title: "Crash"},
	}
	idx := Build(ns, func(n *model.Note) string { return "/guides/" + n.ID + "/" })
	want := map[string]string{"dev-debug": "Debugging (nvFuser doc/dev)", "debugging": "Debugging (notes)", "crash": "Crash"}
	for _, d := range idx.Docs {
		if d.Title != want[d.ID] {
			t.Errorf("%s: title %q, want %q", d.ID, d.Title, want[d.ID])
		}
	}
	if len(idx.Docs) != 3 {
		t.Errorf("%d docs", len(idx.Docs))
	}
}
