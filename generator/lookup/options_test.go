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

// An error raised while an option or a variable was set ranks their pages
// right after the best match, never alone.
func TestRankSettings(t *testing.T) {
	idx := checkIndex(t)
	for _, c := range settingTexts {
		t.Run(c.name, func(t *testing.T) {
			got := idx.Rank(c.text)
			var ids []string
			for _, m := range got {
				ids = append(ids, m.ID)
			}
			if len(ids) > len(c.want) {
				if isSetting(got[len(c.want)]) {
					t.Errorf("an unexpected setting ranked: %s", got[len(c.want)].ID)
				}
				ids = ids[:len(c.want)]
			}
			if strings.Join(ids, " ") != strings.Join(c.want, " ") {
				t.Fatalf("ranked %v, want %v first", ids, c.want)
			}
			for _, m := range got[min(1, len(got)):min(len(c.want), len(got))] {
				if !isSetting(m) || m.Score != got[0].Score {
					t.Errorf("%s: evidence %v score %.1f; want set: evidence and the first result's score %.1f", m.ID, m.Evidence, m.Score, got[0].Score)
				}
			}
		})
	}
}

const settingError = "RuntimeError:  INTERNAL ASSERT FAILED at \"/p/csrc/device_lower/validation.cpp\":1566, please report a bug. Vectorized accesses cannot be inline with computation: T4\n"

// settingTexts are errors raised while something was set, with the ids
// the lookup must rank first, in order.
var settingTexts = []struct {
	name, text string
	want       []string
}{
	{"an option in the repro command", "$ NVFUSER_DUMP=fusion_ir python repro.py\n" + settingError,
		[]string{"validatevectorize-vectorized-accesses-cannot-be-inline-with", "dump/fusion_ir"}},
	{"two options of a family, quoted, old spelling", "PYTORCH_NVFUSER_DUMP='fusion_ir,debug_info' python repro.py\n" + settingError,
		[]string{"validatevectorize-vectorized-accesses-cannot-be-inline-with", "dump/fusion_ir", "dump/debug_info"}},
	{"a variable set to a value", "NVFUSER_NUM_THREADS=1 pytest -x\n" + settingError,
		[]string{"validatevectorize-vectorized-accesses-cannot-be-inline-with", "NVFUSER_NUM_THREADS"}},
	{"a family set to no option it has: the variable's page", "NVFUSER_DUMP=nope python x.py\n" + settingError,
		[]string{"validatevectorize-vectorized-accesses-cannot-be-inline-with", "NVFUSER_DUMP"}},
	{"a variable without a page", "NVFUSER_UNKNOWN=1 python x.py\n" + settingError,
		[]string{"validatevectorize-vectorized-accesses-cannot-be-inline-with"}},
	{"set, but nothing matched: nothing", "NVFUSER_DUMP=fusion_ir python x.py\nImportError: no module named foo", nil},
}

func isSetting(m Match) bool { return len(m.Evidence) > 0 && strings.HasPrefix(m.Evidence[0], "set:") }

// FuzzRankOptions: any text ranks without a panic, option matches come
// first, and each names an option of the index.
func FuzzRankOptions(f *testing.F) {
	f.Add("nvfuser version: 0.2.22+git1\nParsing DUMP failed. Invalid option: 'debug_info'")
	f.Add("Invalid option: ''")
	f.Add("nvfuser version: 99999999999999999999.1\nInvalid option: 'fusion_ir'")
	idx := fixtureIndex(f)
	f.Fuzz(func(t *testing.T, text string) {
		notes := false
		for i, m := range idx.Rank(text) {
			if len(m.Evidence) > 0 && strings.HasPrefix(m.Evidence[0], "set:") {
				// Set in the text: right after the first result, never first.
				if i == 0 {
					t.Fatalf("a setting (%s) ranked first", m.ID)
				}
				continue
			}
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
