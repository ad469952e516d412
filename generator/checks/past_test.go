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
