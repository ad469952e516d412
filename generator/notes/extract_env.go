package notes

import (
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// Assignment is NAME=value found in a piece of text.
type Assignment struct {
	Name  string
	Value string // as written, minus one level of surrounding quotes
	// Start and End delimit "NAME=value" in the text; ValueStart is where
	// the value (including any quote) begins.
	Start, End, ValueStart int
}

var (
	envNameRE   = regexp.MustCompile(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$`)
	assignAtRE  = regexp.MustCompile(`[A-Z][A-Z0-9_]*=`)
	pyEnvSetRE  = regexp.MustCompile(`os\.environ\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\]\s*=\s*["']([^"'\n]*)["']`)
	pyEnvCallRE = regexp.MustCompile(`(?:os\.environ\.setdefault|setenv|os\.putenv)\(\s*["']([A-Z][A-Z0-9_]*)["']\s*,\s*["']([^"'\n]*)["']`)
)

// LooksLikeEnv reports whether name is spelled like an environment
// variable worth indexing: UPPER_SNAKE with at least one underscore.
// Single-word names (CC, HEAPPROFILE) are only taken when the handbook
// knows them, since "X=1" is as likely to be code or algebra.
func LooksLikeEnv(name string) bool {
	return len(name) >= 3 && strings.Contains(name, "_") && envNameRE.MatchString(name)
}

// commonEnv are single-word variables that mean an environment variable
// wherever they are assigned.
var commonEnv = map[string]bool{"CC": true, "CXX": true, "PATH": true, "HOME": true, "TMPDIR": true, "HEAPPROFILE": true, "CPUPROFILE": true}

// FindAssignments finds NAME=value in s: at the start, after blanks, an
// opening bracket or quote, or a shell operator; so "-DCMAKE_X=1" and
// "foo.BAR=1" are not taken. In prose, trailing sentence punctuation is not
// part of the value. Values that are empty are skipped.
func FindAssignments(s string, prose bool) []Assignment {
	var out []Assignment
	for _, m := range assignAtRE.FindAllStringIndex(s, -1) {
		if m[0] > 0 && !strings.ContainsRune(" \t(`;&|\"'[{", rune(s[m[0]-1])) {
			continue
		}
		name := s[m[0] : m[1]-1]
		if !envNameRE.MatchString(name) {
			continue
		}
		end := scanWord(s, m[1])
		if prose {
			end = m[1] + len(trimProseTail(s[m[1]:end]))
		}
		raw := s[m[1]:end]
		if raw == "" {
			continue
		}
		out = append(out, Assignment{Name: name, Value: unquoteShell(raw), Start: m[0], End: end, ValueStart: m[1]})
	}
	return out
}

// trimProseTail drops sentence punctuation and an unbalanced ")" from the
// end of a value found in running text: "NVFUSER_DUMP=fusion_ir)." is
// fusion_ir.
func trimProseTail(v string) string {
	for v != "" {
		last := v[len(v)-1]
		switch {
		case strings.IndexByte(".,;:!?'\"", last) >= 0:
			v = v[:len(v)-1]
		case last == ')' && strings.Count(v, "(") < strings.Count(v, ")"):
			v = v[:len(v)-1]
		default:
			return v
		}
	}
	return v
}

// codeLangs are fence languages whose text is program source, where
// "NAME=value" is an assignment in that language rather than in a shell.
var codeLangs = map[string]bool{
	"python": true, "py": true, "cpp": true, "c++": true, "c": true, "cc": true,
	"cuda": true, "cu": true, "h": true, "hpp": true, "json": true, "yaml": true,
	"yml": true, "toml": true, "go": true, "rust": true, "diff": true, "patch": true,
}

func (x *extractor) env() {
	for _, u := range x.doc.units {
		switch u.kind {
		case unitURL:
			continue
		case unitBlock:
			if !codeLangs[u.lang] {
				x.assignments(u)
			}
		default:
			x.assignments(u)
		}
		if !strings.Contains(u.text, "env") {
			continue // os.environ, setenv, putenv
		}
		for _, re := range []*regexp.Regexp{pyEnvSetRE, pyEnvCallRE} {
			for _, m := range re.FindAllStringSubmatch(u.text, -1) {
				x.setting(m[1], m[2], u.line)
			}
		}
	}
}

func (x *extractor) assignments(u unit) {
	if !strings.Contains(u.text, "=") {
		return
	}
	for _, a := range FindAssignments(u.text, u.kind == unitProse) {
		x.setting(a.Name, a.Value, u.line)
	}
}

func (x *extractor) isEnvName(name string) bool {
	if LooksLikeEnv(name) || commonEnv[name] {
		return true
	}
	return x.opt.KnownVariable != nil && envNameRE.MatchString(name) && x.opt.KnownVariable(name)
}

// setting records NAME=value and, for option-family variables, each option
// in the value.
func (x *extractor) setting(name, value string, line int) {
	if value == "" || !x.isEnvName(name) {
		return
	}
	x.note.Env = append(x.note.Env, model.EnvSetting{Name: name, Value: value, Line: line})
	if strings.ContainsAny(value, "$<`") {
		return // a shell expansion or a placeholder, not option names
	}
	env := vocab.Canonical(name)
	for _, t := range SplitOptions(value) {
		if t.Name == "" {
			continue // "((" names nothing that could be looked up
		}
		known, family := x.knownOption(env, t.Name)
		if !family {
			return
		}
		x.note.Options = append(x.note.Options, model.OptionUse{
			Env:   env,
			Name:  t.Name,
			Args:  t.Args,
			Known: known && !t.Malformed, // nvFuser would reject the setting as written
			Line:  line,
		})
	}
}

func (x *extractor) knownOption(env, name string) (known, family bool) {
	if x.opt.KnownOption == nil {
		return false, vocab.IsFamilyVar(env)
	}
	return x.opt.KnownOption(env, name)
}
