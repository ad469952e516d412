package checks

import (
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
		if got := pastAt(&entries[c.entry], c.file, c.line); got != c.want {
			t.Errorf("pastAt(%s, %s:%d) = %v, want %v", entries[c.entry].ID, c.file, c.line, got, c.want)
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
