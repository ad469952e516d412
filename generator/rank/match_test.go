package rank

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestMatch(t *testing.T) {
	cs := []*model.Check{
		{ID: "validate-vectorized-accesses", Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{"Vectorized accesses cannot be inline with computation: ", ""}, Condition: "def == nullptr", Function: "validate", Where: model.Location{File: "csrc/device_lower/validation.cpp", Line: 10}, EndLine: 14},
		{ID: "validate-tv-nullptr", Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{""}, Condition: "tv != nullptr", Function: "validate", Where: model.Location{File: "csrc/device_lower/validation.cpp", Line: 30}, EndLine: 30},
		{ID: "other-tv-nullptr", Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{""}, Condition: "tv != nullptr", Function: "other", Where: model.Location{File: "csrc/other.cpp", Line: 5}, EndLine: 5},
		{ID: "seg-multiple-use", Macro: "NVF_CHECK", Kind: model.CheckUser, Pieces: []string{"Multiple use of ", " found in segment ", ""}, Condition: "uses.size() == 1", Function: "revert", Where: model.Location{File: "csrc/fusion_segmenter.cpp", Line: 40}, EndLine: 44},
		{ID: "eq-sizes", Macro: "NVF_ERROR_EQ", Kind: model.CheckInternal, Pieces: []string{"Found ", " vs ", ". "}, Condition: "(a)==(b)", Function: "f", Where: model.Location{File: "csrc/a.cpp", Line: 1}, EndLine: 1},
	}
	for i := 0; i < 40; i++ { // many checks, so rarity means something
		cs = append(cs, &model.Check{ID: "filler-" + itoa(i+1), Pieces: []string{"Found ", " vs ", ". "}, Condition: "(x)==(y)", Function: "g", Where: model.Location{File: "csrc/b.cpp", Line: i + 1}, EndLine: i + 1})
	}
	entries := Entries(cs)
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"template with a multi-line value", "RuntimeError: Vectorized accesses cannot be inline with computation: T3_l[iS7]\n  = T2\n  + T1\n", []string{"validate-vectorized-accesses"}},
		{"frame at an exact line, any prefix", "Exception raised from validate at /x/y/csrc/device_lower/validation.cpp:30 (most recent call first):", []string{"validate-tv-nullptr"}},
		{"INTERNAL ASSERT at a line inside a multi-line call", ` INTERNAL ASSERT FAILED at "/opt/nvfuser/csrc/device_lower/validation.cpp":13, please report`, []string{"validate-vectorized-accesses"}},
		{"older build: file and function, template decides", "Multiple use of T5 found in segment 3\nException raised from revert at /src/csrc/fusion_segmenter.cpp:999 (most recent call first):", []string{"seg-multiple-use"}},
		{"a generic condition alone is not enough", "Expected tv != nullptr . ", nil},
		{"comparison boilerplate alone is not enough", "Found 3 vs 4. ", nil},
		{"an error nvFuser did not raise", "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB", nil},
	} {
		var got []string
		for _, h := range Match(entries, c.text) {
			got = append(got, h.Entry.ID)
		}
		if len(got) > len(c.want) {
			got = got[:max(len(c.want), 1)]
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v first", c.name, got, c.want)
		}
	}
}

func FuzzMatch(f *testing.F) {
	cs := []*model.Check{{ID: "a", Pieces: []string{"x ", " y {} z"}, Condition: "a == b", Function: "f", Where: model.Location{File: "csrc/a.cpp", Line: 3}}}
	entries := Entries(cs)
	AddPast(entries, []model.PastSpot{{File: "csrc/a.cpp", Line: 7, Check: "a"}, {File: "csrc/old.cpp", Line: 9, Check: "a"}})
	f.Add("Exception raised from f at /q/csrc/a.cpp:3 (most")
	f.Add("x INTERNAL ASSERT FAILED at \"/p/csrc/old.cpp\":9, please report a bug with repro script to NVFuser at u Exception raised from f at /p/csrc/old.cpp:9")
	f.Add("INTERNAL ASSERT FAILED at \"csrc/a.cpp\":99999999999999")
	f.Fuzz(func(t *testing.T, s string) {
		for _, h := range Match(entries, s) {
			if h.Points < Threshold {
				t.Fatalf("hit below threshold: %+v", h)
			}
		}
	})
}

// TestCondPrinted: looking for a condition only where "Expected" and
// "INTERNAL ASSERT FAILED" are answers as searching the whole text does.
func TestCondPrinted(t *testing.T) {
	pieces := []string{"Expected ", "tv != nullptr", " . ", "ExpectedExpected", "a == b", " INTERNAL ASSERT FAILED at ", "INTERNALASSERTFAILED", "x", " ", "Expect", "ed", "tv"}
	conds := []string{"tv!=nullptr", "a==b", "x", "tv", "ExpectedExpected", "Expectedtv"}
	seed := uint32(7)
	for n := 0; n < 3000; n++ {
		var text string
		for j := 0; j < 8; j++ {
			seed = seed*1664525 + 1013904223
			text += pieces[int(seed>>8)%len(pieces)]
		}
		p := newPaste(text, "")
		for _, c := range conds {
			want := strings.Contains(p.bare, "Expected"+c) || strings.Contains(p.bare, c+"INTERNALASSERTFAILED")
			if got := p.condPrinted(c); got != want {
				t.Fatalf("%q, %q: condPrinted %v, searching the text says %v", text, c, got, want)
			}
			if got, want := p.condBefore(c), strings.Contains(p.bare, c+"INTERNALASSERTFAILED"); got != want {
				t.Fatalf("%q, %q: condBefore %v, want %v", text, c, got, want)
			}
		}
	}
}
