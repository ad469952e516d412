package emit

import (
	"regexp"
	"slices"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// exports is a note's environment as lines a reader pastes into a shell:
// one `export NAME=value` per variable, in the order the note first sets
// them. An option-family variable's values are merged into one list
// (NVFUSER_DUMP=a then NVFUSER_DUMP=b,c becomes a,b,c), since nvFuser reads
// it that way; another variable keeps its first value and lists the others
// as `# or:` comments.
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
			add = strings.Split(s.Value, ",")
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
			lines = append(lines, "export "+name+"="+shellQuote(strings.Join(vals, ",")))
			continue
		}
		first := ""
		if len(vals) > 0 {
			first = vals[0]
		}
		lines = append(lines, "export "+name+"="+shellQuote(first))
		for _, v := range vals[min(1, len(vals)):] {
			lines = append(lines, "# or: "+name+"="+shellQuote(v))
		}
	}
	return strings.Join(lines, "\n")
}

var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:,=+@%-]+$`)

// shellQuote quotes a value for `export NAME=value`: bare when the shell
// would not split or expand it; in double quotes when it uses $ expansion
// on purpose (e.g. $(clang -print-file-name=libclang_rt.asan.so)); in
// single quotes otherwise.
func shellQuote(v string) string {
	switch {
	case shellSafe.MatchString(v):
		return v
	case strings.Contains(v, "$"):
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
	default:
		return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
	}
}
