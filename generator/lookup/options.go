package lookup

import (
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// OptionDoc is an option in the index. nvFuser rejects an unknown option
// with "Parsing DUMP failed. Invalid option: 'debug_info'" and no hint; an
// error naming an option ranks that option's page first (it says when the
// option went away and what replaced it), then its replacements.
type OptionDoc struct {
	Env        string   `json:"env"`
	Family     string   `json:"family"`
	Name       string   `json:"name"`
	URL        string   `json:"url"`
	Added      string   `json:"added,omitempty"`    // nvFuser version it appeared in
	Earliest   bool     `json:"earliest,omitempty"` // present in the first revision read: may be older
	Removed    string   `json:"removed,omitempty"`  // version it went away in
	RemovedOn  string   `json:"removed_on,omitempty"`
	ReplacedBy []string `json:"replaced_by,omitempty"` // "NVFUSER_ENABLE=kernel_lineinfo"
}

// Scores of option matches: above any runbook's, which they precede anyway.
const (
	optionScore      = 100
	replacementScore = 90
)

var (
	// reInvalid is nvFuser's message; the family is the variable's suffix
	// ("DUMP"), or the whole name in the first revisions.
	reInvalid = regexp.MustCompile(`(?:Parsing[\t\n\f\r ]+(?:PYTORCH_)?(?:NVFUSER_)?([A-Za-z_]+)[\t\n\f\r ]+failed\.[\t\n\f\r ]+)?Invalid option:[\t\n\f\r ]*'([^'\n]*)'`)
	// Whitespace is spelled out: the browser port's \s also matches
	// Unicode spaces, Go's does not.
	// reVersion is what nvFuser's error reports print: "nvfuser version: 0.2.22+git6912435".
	reVersion = regexp.MustCompile(`nvfuser version:[\t\n\f\r ]*([0-9]+(?:\.[0-9]+)*)`)
)

// rankOptions returns the options an error names, each followed by what
// replaced it, with whether each exists in the version the text reports.
func (idx *Index) rankOptions(text string) []Match {
	out := []Match{}
	version := ""
	if m := reVersion.FindStringSubmatch(text); m != nil {
		version = m[1]
	}
	seen := map[string]bool{}
	add := func(o *OptionDoc, score float64, evidence string) {
		if seen[o.URL] {
			return
		}
		seen[o.URL] = true
		level := LevelRaised
		if score < optionScore {
			level = LevelProbably // what replaced the option named
		}
		out = append(out, Match{ID: o.Family + "/" + o.Name, Title: o.Env + "=" + o.Name, URL: o.URL, Score: score,
			Evidence: []string{evidence}, Kind: "option", Note: optionNote(o, version), Level: level, How: HowOption})
	}
	for _, m := range reInvalid.FindAllStringSubmatch(text, -1) {
		family, name := strings.ToLower(m[1]), m[2]
		named := idx.findOptions(family, name)
		if len(named) == 0 && family != "" {
			named = idx.findOptions("", name) // the option moved to another family
		}
		for _, o := range named {
			add(o, optionScore, "option:"+o.Family+"="+o.Name)
			for _, r := range o.ReplacedBy {
				env, rname, _ := strings.Cut(r, "=")
				for i := range idx.Options {
					if c := &idx.Options[i]; c.Env == env && c.Name == rname {
						add(c, replacementScore, "replaces:"+o.Family+"="+o.Name)
					}
				}
			}
		}
	}
	return out
}

func (idx *Index) findOptions(family, name string) []*OptionDoc {
	var out []*OptionDoc
	for i := range idx.Options {
		o := &idx.Options[i]
		if o.Name == name && (family == "" || o.Family == family) {
			out = append(out, o)
		}
	}
	return out
}

// optionNote says whether the option exists in version ("" when the text
// gave none) and when it went away, each fact once: a version the option
// was added or removed during is not named a second time.
func optionNote(o *OptionDoc, version string) string {
	var parts []string
	during := ""
	if version != "" && o.Added != "" {
		var verdict string
		verdict, during = existsIn(o, version)
		switch during {
		case "added":
			verdict += " (added during it)"
		case "removed":
			verdict += " (removed during it, " + o.RemovedOn + ")"
		}
		parts = append(parts, verdict)
	}
	replaced := ""
	if len(o.ReplacedBy) > 0 {
		replaced = "replaced by " + strings.Join(o.ReplacedBy, ", ")
	}
	switch {
	case during == "removed":
		if replaced != "" {
			parts = append(parts, replaced)
		}
	case o.Removed != "":
		s := "removed in " + o.Removed + " (" + o.RemovedOn + ")"
		if replaced != "" {
			s += ", " + replaced
		}
		parts = append(parts, s)
	case o.Added != "" && !o.Earliest && during == "":
		parts = append(parts, "since "+o.Added)
	}
	return strings.Join(parts, "; ")
}

// existsIn compares versions: a change made while version.txt said V ships
// in some V builds and not in others, so V itself is "may" (during says
// which change: "added" or "removed"; "before" when the verdict already
// names the version that added it).
func existsIn(o *OptionDoc, v string) (verdict, during string) {
	c := model.CompareVersions(v, o.Added)
	switch {
	case c < 0 && o.Earliest:
		return "may not exist in " + v + " (older than the history read)", ""
	case c < 0:
		return "does not exist in " + v + " (added in " + o.Added + ")", "before"
	case c == 0 && !o.Earliest:
		return "may not exist in " + v, "added"
	}
	if o.Removed != "" {
		switch r := model.CompareVersions(v, o.Removed); {
		case r > 0:
			return "does not exist in " + v, ""
		case r == 0:
			return "may not exist in " + v, "removed"
		}
	}
	return "exists in " + v, ""
}
