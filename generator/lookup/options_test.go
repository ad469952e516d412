package lookup

import (
	"regexp"
	"strings"
	"testing"
)

var version = regexp.MustCompile(`\b\d+\.\d+\.\d+\b`)

// An error naming an invalid option ranks that option first, then what
// replaced it, each saying whether it exists in the reported version.
func TestRankOptions(t *testing.T) {
	idx := fixtureIndex(t)
	for _, c := range []struct {
		name, text string
		want       []string // IDs of the option matches, in order
		notes      []string // a substring of each one's note
	}{
		{"removed option", "RuntimeError: Parsing DUMP failed. Invalid option: 'debug_info'\nAvailable options: a, b",
			[]string{"dump/debug_info", "enable/kernel_lineinfo"}, []string{"removed in 0.2.10 (2024-09-10), replaced by NVFUSER_ENABLE=kernel_lineinfo", "since 0.2.10"}},
		{"with a newer version", "nvfuser version: 0.2.22+git6912435\nParsing DUMP failed. Invalid option: 'debug_info'",
			[]string{"dump/debug_info", "enable/kernel_lineinfo"}, []string{"does not exist in 0.2.22", "exists in 0.2.22"}},
		{"with an older version", "nvfuser version: 0.2.5\nParsing DUMP failed. Invalid option: 'debug_info'",
			[]string{"dump/debug_info", "enable/kernel_lineinfo"}, []string{"exists in 0.2.5", "does not exist in 0.2.5 (added in 0.2.10)"}},
		{"the version it changed in", "nvfuser version: 0.2.10\nParsing DUMP failed. Invalid option: 'debug_info'",
			[]string{"dump/debug_info", "enable/kernel_lineinfo"}, []string{"may not exist in 0.2.10 (removed during it, 2024-09-10); replaced by NVFUSER_ENABLE=kernel_lineinfo", "may not exist in 0.2.10 (added during it)"}},
		{"older than the history", "nvfuser version: 0.0.3\nParsing DUMP failed. Invalid option: 'fusion_ir'",
			[]string{"dump/fusion_ir"}, []string{"older than the history read"}},
		{"old spelling, moved family", "Parsing PYTORCH_NVFUSER_DUMP failed. Invalid option: 'kernel_lineinfo'",
			[]string{"enable/kernel_lineinfo"}, []string{"since 0.2.10"}},
		{"no history known", "Invalid option: 'kernel_lineinfo_old'", []string{"disable/kernel_lineinfo_old"}, []string{""}},
		{"unknown option", "Parsing DUMP failed. Invalid option: 'nope'", nil, nil},
		{"no option named", "nvfuser version: 0.2.22\nsegmentation fault", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := idx.Rank(c.text)
			var ids []string
			for _, m := range got {
				if m.Kind == "option" {
					ids = append(ids, m.ID)
				}
			}
			if strings.Join(ids, " ") != strings.Join(c.want, " ") {
				t.Fatalf("options ranked %v, want %v", ids, c.want)
			}
			for i, want := range c.notes {
				if got[i].Kind != "option" || !strings.Contains(got[i].Note, want) {
					t.Errorf("match %d (%s) note %q, want it to contain %q", i, got[i].ID, got[i].Note, want)
				}
			}
			// Each fact once: no version is named twice in one note
			// ("removed in 0.2.36; removed in 0.2.36").
			for _, m := range got {
				for _, v := range version.FindAllString(m.Note, -1) {
					if n := strings.Count(m.Note, v); n > 1 {
						t.Errorf("%s: note %q names %s %d times", m.ID, m.Note, v, n)
					}
				}
			}
		})
	}
}

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"0.2.10", "0.2.9", 1}, {"0.2.9", "0.2.10", -1}, {"0.2", "0.2.0", 0}, {"1.0", "0.99.99", 1}, {"0.2.10rc1", "0.2.10", 0}} {
		if got := compareVersions(c.a, c.b); got != c.want {
			t.Errorf("compareVersions(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// FuzzRankOptions: any text ranks without a panic, option matches come
// first, and each names an option of the index.
func FuzzRankOptions(f *testing.F) {
	f.Add("nvfuser version: 0.2.22+git1\nParsing DUMP failed. Invalid option: 'debug_info'")
	f.Add("Invalid option: ''")
	f.Add("nvfuser version: 99999999999999999999.1\nInvalid option: 'fusion_ir'")
	idx := fixtureIndex(f)
	f.Fuzz(func(t *testing.T, text string) {
		notes := false
		for _, m := range idx.Rank(text) {
			if m.Kind != "option" {
				notes = true
				continue
			}
			if notes {
				t.Fatalf("option %s ranked after a note", m.ID)
			}
			if len(idx.findOptions("", m.Title[strings.Index(m.Title, "=")+1:])) == 0 {
				t.Errorf("match %s names no indexed option", m.Title)
			}
		}
	})
}
