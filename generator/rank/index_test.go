package rank

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/csrcscan"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/corpus"
	"github.com/nvfuser-handbook/handbook/internal/errcorpus"
	"github.com/nvfuser-handbook/handbook/internal/notecorpus"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// agree runs the index and the exhaustive matcher over every text, at
// no version and at an old one, and fails on the first difference. It
// returns how many texts had hits (a comparison over texts nothing
// matches would prove nothing) and the candidates scored, against
// len(texts)*len(entries) for the exhaustive matcher.
func agree(t *testing.T, entries []Entry, texts []string) (matched, scored int) {
	t.Helper()
	x := NewIndex(entries)
	for _, text := range texts {
		for _, v := range []string{"", "0.2.10"} {
			want := MatchAt(entries, text, v)
			got := x.MatchAt(text, v)
			if !sameHits(got, want) {
				t.Fatalf("at %q, %.200q:\nindexed    %s\nexhaustive %s", v, text, hitList(got), hitList(want))
			}
			if v == "" {
				scored += len(x.candidates(newPaste(text, v)))
				if len(want) > 0 {
					matched++
				}
			}
		}
	}
	return matched, scored
}

func sameHits(a, b []Hit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Entry != b[i].Entry || a[i].Points != b[i].Points || !reflect.DeepEqual(a[i].Evidence, b[i].Evidence) {
			return false
		}
	}
	return true
}

func hitList(hs []Hit) string {
	var b strings.Builder
	for _, h := range hs {
		fmt.Fprintf(&b, "%s %d %v; ", h.Entry.ID, h.Points, h.Evidence)
	}
	return b.String()
}

// TestIndexAgreesOnFixtures covers each way in on written checks: an
// anchor, an older wording, a frame's file (path, bare name, a file the
// check sat in before) and its function alone.
func TestIndexAgreesOnFixtures(t *testing.T) {
	cs := []*model.Check{
		{ID: "validate-vectorized-accesses", Pieces: []string{"Vectorized accesses cannot be inline with computation: ", ""}, Condition: "def == nullptr", Function: "validate", Where: model.Location{File: "csrc/device_lower/validation.cpp", Line: 10}, EndLine: 14},
		{ID: "validate-tv-nullptr", Pieces: []string{""}, Condition: "tv != nullptr", Function: "validate", Where: model.Location{File: "csrc/device_lower/validation.cpp", Line: 30}, EndLine: 30},
		{ID: "revert-multiple-use", Pieces: []string{"Multiple use of ", " found in segment ", ""}, Condition: "uses.size() == 1", Function: "revert", Where: model.Location{File: "csrc/fusion_segmenter.cpp", Line: 40}, EndLine: 44},
		{ID: "gone-fn-x", Pieces: []string{""}, Condition: "x", Function: "goneFn", Where: model.Location{File: "csrc/b.cpp", Line: 3}, EndLine: 3},
	}
	for i := 0; i < 30; i++ {
		cs = append(cs, &model.Check{ID: fmt.Sprintf("filler-%d", i), Pieces: []string{"Found ", " vs ", ". "}, Condition: "(x)==(y)", Function: "g", Where: model.Location{File: "csrc/b.cpp", Line: 10 + i}, EndLine: 10 + i})
	}
	entries := Entries(cs)
	entries[2].Old = []string{"could not revert replicated upcast"}
	AddPast(entries, []model.PastSpot{{File: "csrc/segmenter_old.cpp", Line: 77, Check: "revert-multiple-use"}, {File: "csrc/device_lower/validation.cpp", Line: 99, Check: "validate-tv-nullptr"}})
	texts := []string{
		"RuntimeError: Vectorized accesses cannot be inline with computation: T3",
		"Exception raised from validate at /x/csrc/device_lower/validation.cpp:30 (most recent call first):",
		` INTERNAL ASSERT FAILED at "validation.cpp":12, please report`,
		"Exception raised from revert at /w/csrc/segmenter_old.cpp:77 (most recent call first):",
		"Exception raised from revert at segmenter_old.cpp:77 (most recent call first):",
		"RuntimeError: Could not revert replicated upcast tensor T5",
		"Exception raised from goneFn at /w/csrc/renamed.cpp:3 (most recent call first):",
		"frame #0: nvfuser::nvfCheckFail(char const*)\nframe #1: nvfuser::X::revert() + 0x1\n",
		" INTERNAL ASSERT FAILED at /x/csrc/device_lower/validation.cpp:99, please report",
		"Found 3 vs 4. ",
	}
	if matched, _ := agree(t, entries, texts); matched < 7 {
		t.Errorf("%d of %d texts matched: the comparison proved little", matched, len(texts))
	}
}

// TestIndexAgrees compares the index with the exhaustive matcher over
// nvFuser's real checks (with past lines and older wordings made up for
// a tenth of them), against every note and error of the project's
// corpora, the synthetic corpus's 2,000 notes, and every check's own
// printed error at today's line, at a past line and by bare file name.
func TestIndexAgrees(t *testing.T) {
	fuser := testsite.Fuser(t)
	r, err := csrcscan.Scan(os.DirFS(fuser), nil)
	if err != nil {
		t.Fatal(err)
	}
	cs := make([]*model.Check, len(r.Checks))
	for i := range r.Checks {
		cs[i] = &r.Checks[i]
	}
	entries := Entries(cs)
	var spots []model.PastSpot
	for i := 0; i < len(entries); i += 10 {
		e := &entries[i]
		spots = append(spots, model.PastSpot{File: e.File, Line: e.Lines[0] + 13, Check: e.ID, From: "0.2.5", To: "0.2.20"},
			model.PastSpot{File: "csrc/old/" + filepath.Base(e.File), Line: e.Lines[0], Check: e.ID})
		e.Old = []string{checks.OldWording(e.ID, e.Fn)}
	}
	AddPast(entries, spots)

	var texts []string
	for _, glob := range []string{"../../notes/*.md", filepath.Join(notecorpus.Dir(), "notes", "*"), filepath.Join(notecorpus.Dir(), "errors", "*"),
		filepath.Join(errcorpus.Dir(), "*"), filepath.Join(filepath.Dir(errcorpus.Dir()), "real", "*.txt"), "../../../shared/seeds/*.txt"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(b))
		}
	}
	corpora := len(texts)
	for i := 0; i < 2000; i++ {
		texts = append(texts, corpus.Note(i, 60))
	}
	notes := len(texts)
	// Each check's printed error: every fourth check, every twentieth
	// also at a past line, in the file it sat in before and by bare name.
	for i, c := range cs {
		if i%4 != 0 {
			continue
		}
		printed := checks.Printed(c) + "\n" + checks.Frames(c)
		texts = append(texts, printed)
		if i%20 == 0 {
			l := fmt.Sprint(c.Where.Line)
			texts = append(texts, strings.ReplaceAll(printed, ":"+l, fmt.Sprintf(":%d", c.Where.Line+13)),
				strings.ReplaceAll(printed, c.Where.File, "/opt/csrc/old/"+filepath.Base(c.Where.File)),
				strings.ReplaceAll(printed, c.Where.File, filepath.Base(c.Where.File)))
		}
	}
	if corpora < 100 {
		t.Errorf("%d corpus texts read: the corpora were not found", corpora)
	}
	matchedNotes, scoredNotes := agree(t, entries, texts[:notes])
	matched, scored := agree(t, entries, texts[notes:])
	t.Logf("notes and errors: %d texts (%d from the corpora), %d matched; %.1f entries scored per text, of %d",
		notes, corpora, matchedNotes, float64(scoredNotes)/float64(notes), len(entries))
	t.Logf("printed errors: %d texts, %d matched; %.1f entries scored per text", len(texts)-notes, matched, float64(scored)/float64(len(texts)-notes))
	if matched < len(cs)/5 || matchedNotes < 20 {
		t.Errorf("only %d printed errors and %d notes matched: the comparison proved little", matched, matchedNotes)
	}
	// Sublinear: a note is scored against a few percent of the checks.
	if scoredNotes*20 > notes*len(entries) {
		t.Errorf("the index scored %d entries for the notes, more than a twentieth of the exhaustive %d", scoredNotes, notes*len(entries))
	}
}
