package envcheck

import (
	"regexp"
	"strings"
)

// Assignment is one NAME=value found in a pasted line or env script.
type Assignment struct {
	Name  string
	Value string // unquoted as the shell would
}

// assignRE finds NVFUSER_*=value (or PYTORCH_NVFUSER_*), after
// `export `, `env ` or a command separator; the value is a shell word
// (quoted parts included). Unquoted parentheses are kept: docs write
// NVFUSER_DUMP=opt(1,2) even though a shell needs it quoted. The browser
// port uses the same expression; its classes are spelled out because
// \s and . differ between Go and JavaScript.
var assignRE = regexp.MustCompile(`(?:^|[ \t\n\f\r;&|(])(?:export[ \t]+)?((?:PYTORCH_)?NVFUSER_[A-Za-z0-9_]*)=((?:'[^']*'|"(?:[^"\\]|\\[^\n])*"|\\[^\n]|[^ \t\n\f\r;&|<>'"\\])*)`)

// FindAssignments lists the assignments in text, in order.
func FindAssignments(text string) []Assignment {
	var out []Assignment
	for _, m := range assignRE.FindAllStringSubmatch(text, -1) {
		out = append(out, Assignment{Name: m[1], Value: unquote(m[2])})
	}
	return out
}

// unquote removes shell quoting from one word: '…' is literal; in "…" a
// backslash escapes $ ` " \ and newline; outside quotes it escapes any
// character.
func unquote(w string) string {
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		switch ch := w[i]; ch {
		case '\'':
			j := strings.IndexByte(w[i+1:], '\'') + i + 1
			b.WriteString(w[i+1 : j])
			i = j
		case '"':
			for i++; i < len(w) && w[i] != '"'; i++ {
				if w[i] == '\\' && i+1 < len(w) && strings.IndexByte("$`\"\\\n", w[i+1]) >= 0 {
					i++
				}
				b.WriteByte(w[i])
			}
		case '\\':
			if i+1 < len(w) {
				i++
				b.WriteByte(w[i])
			}
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// Decode gives a verdict on every assignment in a pasted line or script.
// An assignment a later one overrides is marked Overridden.
func (c *Catalog) Decode(text string) []Verdict {
	as := FindAssignments(text)
	out := make([]Verdict, 0, len(as))
	last := map[string]int{}
	for i, a := range as {
		out = append(out, c.Check(a.Name, a.Value))
		last[a.Name] = i
	}
	for i := range out {
		out[i].Overridden = last[out[i].Var] != i
	}
	return out
}

var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:,=+@%-]+$`)

// ShellQuote quotes a value for `export NAME=value`: bare when the shell
// would not split or expand it; in double quotes when it uses $ expansion
// on purpose (e.g. $(clang -print-file-name=libclang_rt.asan.so)); in
// single quotes otherwise (an option's "(…)" needs them). The /compose/
// page quotes the same way.
func ShellQuote(v string) string {
	switch {
	case shellSafe.MatchString(v):
		return v
	case strings.Contains(v, "$"):
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
	default:
		return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
	}
}
