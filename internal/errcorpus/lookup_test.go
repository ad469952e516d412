package errcorpus

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/internal/notecorpus"
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
	var ns []*model.Note
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, err := notes.Parse(filepath.Base(f), data, notes.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ns = append(ns, n)
	}
	return lookup.Build(ns, func(n *model.Note) string { return "/runbooks/" + n.ID + "/" })
}

// knownUnrelatedFirst are negatives today's lookup gets wrong, each with
// what draws the unrelated note: evidence found in most errors counted as
// specific (issue 24). They are reported, not failed, so the test guards
// every other case now; when the lookup learns to weigh this evidence the
// log says to drop them from here.
var knownUnrelatedFirst = map[string]string{
	"neg-assert-close-other-test.txt": "PyTorch's assert_close wording matches the tensor-not-close runbook",
	"neg-torch-shape-check.txt":       "RuntimeError and c10::Error::Error frames match a runbook quoting a c10 error",
}

// TestNegativesRankNothingUnrelated ranks every error nvFuser did not
// raise: the lookup must answer nothing, or put first a note the case
// names as truly explaining it.
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
		wrong := len(got) > 0 && !slices.Contains(c.Pages, got[0].ID)
		if why, known := knownUnrelatedFirst[c.Name]; known {
			if wrong {
				t.Logf("%s: still wrong (%s): %q first", c.Name, why, got[0].ID)
			} else {
				t.Logf("%s: now right; remove it from knownUnrelatedFirst", c.Name)
			}
			continue
		}
		if wrong {
			t.Errorf("%s: %q ranks first (score %.1f, evidence %v); want nothing or one of %v",
				c.Name, got[0].ID, got[0].Score, got[0].Evidence, c.Pages)
		}
	}
	if ran < 10 {
		t.Fatalf("only %d negative cases", ran)
	}
}
