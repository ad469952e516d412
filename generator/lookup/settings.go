package lookup

import (
	"regexp"
	"strings"
)

// Settings in the pasted text. An error that happened while
// NVFUSER_DUMP=perf_debug_verbose was set (a repro command, a CI job's
// environment, nvFuser's own "Use NVFUSER_DISABLE=parallel_compile")
// ranks that option's page, and a variable set to anything its own page,
// right after the best match: what was switched on is the first thing to
// read about beside the check that fired. They never come first, and
// never alone: a setting is context for a match, not one (an unrelated
// error in a shell that set NVFUSER_ENABLE=kernel_debug is still
// unrelated).

// VarDoc is a variable in the index (one with a page).
type VarDoc struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// reSetting is NAME=VALUE for nvFuser's variables, the old PYTORCH_
// spelling included; the value is a comma-separated list.
var reSetting = regexp.MustCompile(`\b(?:PYTORCH_)?(NVFUSER_[A-Z0-9_]+)=["']?([A-Za-z0-9_,.+-]*)`)

// rankSettings are the pages of the options and variables the text sets.
func (idx *Index) rankSettings(text string) []Match {
	out := []Match{}
	seen := map[string]bool{}
	add := func(m Match) {
		if !seen[m.URL] {
			seen[m.URL] = true
			out = append(out, m)
		}
	}
	for _, m := range reSetting.FindAllStringSubmatch(text, -1) {
		env, value := m[1], m[2]
		evidence := "set:" + env + "=" + value
		named := false
		for _, name := range strings.Split(value, ",") {
			for i := range idx.Options {
				if o := &idx.Options[i]; o.Env == env && o.Name == name && name != "" {
					add(Match{ID: o.Family + "/" + o.Name, Title: o.Env + "=" + o.Name, URL: o.URL,
						Evidence: []string{evidence}, Kind: "option", Note: optionNote(o, ""), Level: LevelRelated, How: HowSetting})
					named = true
				}
			}
		}
		if named {
			continue
		}
		for _, v := range idx.Vars {
			if v.Name == env {
				add(Match{ID: v.Name, Title: v.Name, URL: v.URL, Evidence: []string{evidence}, Kind: "variable", Level: LevelRelated, How: HowSetting})
			}
		}
	}
	return out
}

// withSettings puts the pages of what the text sets right after the
// first result, each once, with the first result's score.
func (idx *Index) withSettings(ranked []Match, text string) []Match {
	if len(ranked) == 0 {
		return ranked
	}
	set := idx.rankSettings(text)
	if len(set) == 0 {
		return ranked
	}
	listed := map[string]bool{}
	for _, m := range ranked {
		listed[m.URL] = true
	}
	out := append([]Match{}, ranked[0])
	for _, s := range set {
		if !listed[s.URL] {
			s.Score = ranked[0].Score
			out = append(out, s)
		}
	}
	return append(out, ranked[1:]...)
}
