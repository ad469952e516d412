package emit

import (
	"slices"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/envcheck"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// exports is a note's environment as lines a reader pastes into a shell:
// one `export NAME=value` per variable, in the order of env (the note's
// settings come sorted by name). An option-family variable's values are
// merged into one list (NVFUSER_DUMP=a then NVFUSER_DUMP=b,c(1,2) becomes
// a,b,c(1,2)), since nvFuser reads it that way; another variable keeps its
// first value and lists the others as `# or:` comments.
func exports(env []model.EnvSetting, isFamily func(string) bool) string {
	var names []string
	values := map[string][]string{}
	for _, s := range env {
		vals, seen := values[s.Name]
		if !seen {
			names = append(names, s.Name)
		}
		add := []string{s.Value}
		if isFamily(s.Name) {
			add = options(s.Value)
		}
		for _, v := range add {
			if (v != "" || !isFamily(s.Name)) && !slices.Contains(vals, v) {
				vals = append(vals, v)
			}
		}
		values[s.Name] = vals
	}
	var lines []string
	for _, name := range names {
		vals := values[name]
		if isFamily(name) {
			lines = append(lines, "export "+name+"="+envcheck.ShellQuote(strings.Join(vals, ",")))
			continue
		}
		first := ""
		if len(vals) > 0 {
			first = vals[0]
		}
		lines = append(lines, "export "+name+"="+envcheck.ShellQuote(first))
		for _, v := range vals[min(1, len(vals)):] {
			lines = append(lines, "# or: "+name+"="+envcheck.ShellQuote(v))
		}
	}
	return strings.Join(lines, "\n")
}

// options splits an option-family value where nvFuser's parser does
// (notes.SplitOptions), keeping each option as written, arguments and all;
// a malformed tail is kept as written too.
func options(value string) []string {
	toks := notes.SplitOptions(value)
	out := make([]string, 0, len(toks))
	for i, t := range toks {
		end := len(value)
		if i+1 < len(toks) {
			end = toks[i+1].Offset
		}
		out = append(out, strings.TrimRight(value[t.Offset:end], ","))
	}
	return out
}
