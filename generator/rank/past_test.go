package rank

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestAddPastAndPastAt(t *testing.T) {
	entries := []Entry{{ID: "a", File: "csrc/x/v.cpp"}, {ID: "b", File: "csrc/s.cpp"}, {ID: "c", File: "csrc/c.cpp"}}
	AddPast(entries, []model.PastSpot{
		{File: "csrc/x/v.cpp", Line: 801, Check: "a"},
		{File: "csrc/x/v.cpp", Line: 799, Check: "a"},
		{File: "csrc/old.cpp", Line: 12, Check: "a"},
		{File: "csrc/kernel_cache.cpp", Line: 1317, Check: "b"},
		{File: "csrc/x/v.cpp", Line: 5, Check: "gone"},
	})
	for i, want := range []string{"799,801 csrc/old.cpp|12", "csrc/kernel_cache.cpp|1317", ""} {
		if entries[i].Past != want {
			t.Errorf("%s: Past %q, want %q", entries[i].ID, entries[i].Past, want)
		}
	}
	for _, c := range []struct {
		entry int
		file  string
		line  int
		want  bool
	}{
		{0, "csrc/x/v.cpp", 799, true},
		{0, "v.cpp", 801, true}, // a bare name, as gdb prints it
		{0, "csrc/x/v.cpp", 800, false},
		{0, "csrc/x/v.cpp", 79, false}, // a prefix of a line is not the line
		{0, "csrc/old.cpp", 12, true},
		{0, "csrc/other/old.cpp", 12, false},
		{1, "csrc/kernel_cache.cpp", 1317, true},
		{1, "csrc/s.cpp", 1317, false},
		{2, "csrc/c.cpp", 1, false},
		{0, "csrc/x/v.cpp", 0, false},
	} {
		if got, _, _ := pastAt(&entries[c.entry], c.file, c.line, ""); got != c.want {
			t.Errorf("pastAt(%s, %s:%d) = %v, want %v", entries[c.entry].ID, c.file, c.line, got, c.want)
		}
	}
}

// TestPastAtBuild: lines carry the versions that had them; an error
// naming its build resolves against those, and today's line counts only
// from the version the check came to it.
func TestPastAtBuild(t *testing.T) {
	entries := []Entry{
		{ID: "inner-leaf", File: "csrc/d.cpp", Lines: [2]int{623, 625}, Fn: "getInnerLeafDim", Message: "merge with size-1 dimension is supposed to be translated to squeeze by reshape", Weights: []int{3000}},
		{ID: "valid-ref", File: "csrc/d.cpp", Lines: [2]int{499, 499}, Fn: "isValidReference", Message: "reference is not valid", Weights: []int{1000}},
		{ID: "not-found", File: "csrc/d.cpp", Lines: [2]int{640, 640}, Fn: "getInnerLeafDim", Message: "Can not find ID mapped to {}", Weights: []int{0, 0}},
	}
	AddPast(entries, []model.PastSpot{
		{File: "csrc/d.cpp", Line: 499, Check: "inner-leaf", From: "0.2.20", To: "0.2.25"},
		{File: "csrc/d.cpp", Line: 499, Check: "not-found", From: "0.2.5", To: "0.2.12"},
		{File: "csrc/d.cpp", Line: 499, Check: "valid-ref", From: "0.2.30", To: "0.2.31", Current: true},
	})
	if entries[0].Past != "499@0.2.20-0.2.25" || entries[2].Past != "499@0.2.5-0.2.12" || entries[1].Since != "0.2.30" {
		t.Fatalf("Past %q, %q; Since %q", entries[0].Past, entries[2].Past, entries[1].Since)
	}
	text := `RuntimeError:  INTERNAL ASSERT FAILED at "/workspace/Fuser/csrc/d.cpp":499, please report a bug with repro script to NVFuser at https://git`
	for _, c := range []struct {
		version, first, evidence string
	}{
		{"0.2.24", "inner-leaf", "build:csrc/d.cpp:499@0.2.24"},
		{"0.2.10", "not-found", "build:csrc/d.cpp:499@0.2.10"},
		{"0.2.31", "valid-ref", "frame:csrc/d.cpp:499"},
		{"", "valid-ref", "frame:csrc/d.cpp:499"},
	} {
		hits := MatchAt(entries, text, c.version)
		if len(hits) == 0 || hits[0].Entry.ID != c.first || hits[0].Evidence[0] != c.evidence {
			t.Errorf("version %q: hits %v, want %s first by %s", c.version, hitIDs(hits), c.first, c.evidence)
		}
		for _, h := range hits[1:] {
			if h.Points >= hits[0].Points {
				t.Errorf("version %q: %s ties the first", c.version, h.Entry.ID)
			}
		}
	}
}

func hitIDs(hs []Hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Entry.ID+" "+itoa(h.Points)+" "+strings.Join(h.Evidence, ","))
	}
	return out
}

// TestSpellingDecidesTwins: the driver and runtime safe-call macros raise
// the same words; the error code's spelling says which.
func TestSpellingDecidesTwins(t *testing.T) {
	cs := []*model.Check{
		{ID: "driver", Kind: model.CheckInternal, Pieces: []string{"CUDA error: ", " failed with ", ""}, Condition: "_result != CUDA_SUCCESS", Where: model.Location{File: "csrc/cuda_utils.h", Line: 32}},
		{ID: "runtime", Kind: model.CheckInternal, Pieces: []string{"CUDA error: ", " failed with error ", ""}, Condition: "_result == cudaSuccess", Where: model.Location{File: "csrc/cuda_utils.h", Line: 44}},
	}
	// Many other checks, so that the shared words are rare as they are
	// among nvFuser's thousands.
	for i := 0; i < 500; i++ {
		cs = append(cs, &model.Check{ID: "other" + itoa(i+1), Kind: model.CheckInternal, Pieces: []string{"unrelated words " + itoa(i+1)}, Where: model.Location{File: "csrc/x.cpp", Line: i + 1}})
	}
	entries := Entries(cs)
	for text, want := range map[string]string{
		"CUDA error: CUDA_ERROR_ILLEGAL_ADDRESS failed with an illegal memory access was encountered": "driver",
		"CUDA error: cudaErrorInvalidResourceHandle failed with error invalid resource handle":        "runtime",
	} {
		hits := Match(entries, text)
		if len(hits) == 0 || hits[0].Entry.ID != want || len(hits) > 1 && hits[1].Points == hits[0].Points ||
			!strings.Contains(strings.Join(hits[0].Evidence, ","), "spelling:") {
			t.Errorf("%q: hits %v, want %s first alone, by its spelling", text, hitIDs(hits), want)
		}
	}
}

// TestPastLineNeedsAgreeingText: a past line counts unless the text says
// the check that fired was another: a 2024-format condition that is not
// this check's, or no message printed where this check has one.
func TestPastLineNeedsAgreeingText(t *testing.T) {
	entries := []Entry{
		{ID: "f-with-message", File: "csrc/a.cpp", Lines: [2]int{50, 50}, Fn: "f", Message: "Something went wrong: {}", Cond: "x>0"},
		{ID: "f-no-message", File: "csrc/a.cpp", Lines: [2]int{60, 60}, Fn: "f", Message: "Found {} vs {}. ", Cond: "(a)==(b)"},
	}
	AddPast(entries, []model.PastSpot{{File: "csrc/a.cpp", Line: 7, Check: "f-with-message"}, {File: "csrc/a.cpp", Line: 8, Check: "f-no-message"}})
	const report = "please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. "
	for _, c := range []struct {
		name, text string
		want       string // the entry whose past line counts, "" for none
	}{
		{"the line alone", " INTERNAL ASSERT FAILED at /p/csrc/a.cpp:7, " + report, "f-with-message"},
		{"no message printed, the check has one", " INTERNAL ASSERT FAILED at /p/csrc/a.cpp:7, " + report + "\nException raised from f at /p/csrc/a.cpp:7 (most", ""},
		{"no message printed, the check has none of its own", " INTERNAL ASSERT FAILED at /p/csrc/a.cpp:8, " + report + "\nException raised from f at /p/csrc/a.cpp:8 (most", "f-no-message"},
		{"2024 format, another condition", "RuntimeError: y INTERNAL ASSERT FAILED at \"/p/csrc/a.cpp\":7, " + report, ""},
		{"2024 format, its condition", "RuntimeError: x > 0 INTERNAL ASSERT FAILED at \"/p/csrc/a.cpp\":7, " + report, "f-with-message"},
	} {
		got := ""
		for _, h := range Match(entries, c.text) {
			for _, ev := range h.Evidence {
				if len(ev) > 5 && ev[:5] == "past:" {
					got = h.Entry.ID
				}
			}
		}
		if got != c.want {
			t.Errorf("%s: past line counted for %q, want %q", c.name, got, c.want)
		}
	}
}

// TestPastInAnotherFileWhileHome: two functions of one name in two files
// printing one message share an id; when one of them goes, the other
// keeps the id. The gone one's places, held while today's check sat in
// its own file, are not today's check's past (nvFuser's resetLevels in
// fusion_segmenter.cpp and expr_sort.cpp); a file renamed (its places
// ending as the check came home) still is.
func TestPastInAnotherFileWhileHome(t *testing.T) {
	entries := []Entry{{ID: "resetlevels-dag", File: "csrc/expr_sort.cpp"}, {ID: "moved", File: "csrc/new.cpp"}}
	AddPast(entries, []model.PastSpot{
		{File: "csrc/expr_sort.cpp", Line: 623, Check: "resetlevels-dag", From: "0.0.4", To: "0.2.36", Current: true},
		{File: "csrc/expr_sort.cpp", Line: 600, Check: "resetlevels-dag", From: "0.0.4", To: "0.2.20"},
		{File: "csrc/fusion_segmenter.cpp", Line: 2010, Check: "resetlevels-dag", From: "0.2.26", To: "0.2.27"},
		{File: "csrc/fusion_segmenter.cpp", Line: 9, Check: "resetlevels-dag"}, // no versions: kept
		{File: "csrc/old.cpp", Line: 12, Check: "moved", From: "0.1.0", To: "0.2.3"},
		{File: "csrc/new.cpp", Line: 40, Check: "moved", From: "0.2.3", To: "0.2.36", Current: true},
	})
	for i, want := range []string{"600@0.0.4-0.2.20 csrc/fusion_segmenter.cpp|9", "csrc/old.cpp|12@0.1.0-0.2.3"} {
		if entries[i].Past != want {
			t.Errorf("%s: Past %q, want %q", entries[i].ID, entries[i].Past, want)
		}
	}
	if ok, _, _ := pastAt(&entries[0], "csrc/fusion_segmenter.cpp", 2010, "0.2.26"); ok {
		t.Error("fusion_segmenter.cpp:2010 counted as the past of expr_sort.cpp's check")
	}
}

// versionOrder numbers versions as CompareVersions orders them: numeric
// parts, and versions that compare equal alike.
func TestVersionOrder(t *testing.T) {
	ord := versionOrder([]model.PastSpot{{From: "0.10.1", To: "0.9"}, {From: "0.2.0", To: "0.2"}, {From: "1.0", To: ""}})
	want := map[string]int{"0.2": 1, "0.2.0": 1, "0.9": 2, "0.10.1": 3, "1.0": 4}
	if !reflect.DeepEqual(ord, want) {
		t.Errorf("versionOrder = %v, want %v", ord, want)
	}
}
