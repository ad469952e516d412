package errcorpus

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/notecorpus"
	"github.com/nvfuser-handbook/handbook/internal/notecorpus/parsed"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// noteIndex indexes the embedded example's notes and the team's note
// corpus the way gen does: a fixture with runbooks about OOMs, sanitizers,
// NCCL, segfaults and asserts, the vocabulary unrelated errors share.
func noteIndex(t *testing.T) *lookup.Index {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(testsite.Root(t), "generator", "example", "fuser", "notes", "*.md"))
	corpus, _ := filepath.Glob(filepath.Join(notecorpus.Dir(), "notes", "*"))
	files = append(files, corpus...)
	if len(files) < 20 {
		t.Fatalf("found only %d notes", len(files))
	}
	ns := parsed.Notes(t, files)
	return lookup.Build(ns, func(n *model.Note) string { return "/runbooks/" + n.ID + "/" })
}

// TestNegativesRankNothingUnrelated ranks every error nvFuser did not
// raise: the lookup must claim nothing (results it calls related are
// offered, not put first), or put first a note the case names as truly
// explaining it. Every negative counts: PyTorch's
// assert_close wording and c10's throw frames are the envelope of any
// error (generator/lookup/envelope.go) and claim no note.
func TestNegativesRankNothingUnrelated(t *testing.T) {
	cases, err := Load(Dir())
	if err != nil {
		t.Fatal(err)
	}
	idx := noteIndex(t)
	ran := 0
	for _, c := range cases {
		if !c.Negative() {
			continue
		}
		ran++
		got := idx.Rank(c.Text)
		// What the lookup merely calls related is not put first.
		wrong := len(got) > 0 && got[0].Claimed() && !slices.Contains(c.Pages, got[0].ID)
		if wrong {
			t.Errorf("%s: %q ranks first (score %.1f, evidence %v); want nothing or one of %v",
				c.Name, got[0].ID, got[0].Score, got[0].Evidence, c.Pages)
		}
	}
	if ran < 10 {
		t.Fatalf("only %d negative cases", ran)
	}
}
