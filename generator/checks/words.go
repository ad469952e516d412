package checks

import (
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// ConditionInWords says a check's condition in words where it is a plain
// comparison or test: "a == b" is "a must equal b", "!x" "x must be
// false", "x != nullptr" "x must be set", "x.has_value()" "x must have a
// value"; "&&" joins such parts. Anything else (a call whose meaning the
// name alone says, "a || b", a ternary) gives nil: the page then shows the
// condition as code only. The expressions are kept verbatim as code.
func ConditionInWords(cond string) []model.Phrase {
	cond = strings.TrimSpace(cond)
	if cond == "" {
		return nil
	}
	if cond == "false" {
		return []model.Phrase{{Text: "none: reaching this line is the error"}}
	}
	parts := splitTop(cond, "&&")
	var out []model.Phrase
	for i, p := range parts {
		w := partInWords(p)
		if w == nil {
			return nil
		}
		if i > 0 {
			out = append(out, model.Phrase{Text: ", and "})
		}
		out = append(out, w...)
	}
	for _, w := range out {
		if w.Code && w.Text == "" {
			return nil // "()": nothing to say
		}
	}
	return out
}

var comparisons = []struct{ op, words string }{
	{"==", "must equal"}, {"!=", "must not equal"}, {"<=", "must be at most"}, {">=", "must be at least"},
	{"<", "must be less than"}, {">", "must be greater than"},
}

func partInWords(p string) []model.Phrase {
	p = unparen(strings.TrimSpace(p))
	if p == "" || len(splitTop(p, "||")) > 1 || strings.Contains(p, "?") {
		return nil
	}
	code := func(s string) model.Phrase { return model.Phrase{Text: unparen(strings.TrimSpace(s)), Code: true} }
	word := func(s string) model.Phrase { return model.Phrase{Text: s} }
	for _, c := range comparisons {
		sides := splitTop(p, c.op)
		if len(sides) == 1 {
			continue
		}
		if len(sides) != 2 || strings.TrimSpace(sides[0]) == "" || strings.TrimSpace(sides[1]) == "" {
			return nil
		}
		a, b := strings.TrimSpace(sides[0]), strings.TrimSpace(sides[1])
		switch {
		case c.op == "!=" && isNull(b):
			return []model.Phrase{code(a), word(" must be set (not null)")}
		case c.op == "==" && isNull(b):
			return []model.Phrase{code(a), word(" must be null")}
		}
		return []model.Phrase{code(a), word(" " + c.words + " "), code(b)}
	}
	if rest, ok := strings.CutPrefix(p, "!"); ok && !strings.HasPrefix(rest, "=") {
		rest = unparen(strings.TrimSpace(rest))
		if x, ok := strings.CutSuffix(rest, ".empty()"); ok && simple(x) {
			return []model.Phrase{code(x), word(" must not be empty")}
		}
		if simple(rest) {
			return []model.Phrase{code(rest), word(" must be false")}
		}
		return nil
	}
	for _, s := range []struct{ suffix, words string }{
		{".has_value()", " must have a value"}, {".empty()", " must be empty"},
	} {
		if x, ok := strings.CutSuffix(p, s.suffix); ok && simple(x) {
			return []model.Phrase{code(x), word(s.words)}
		}
	}
	if simple(p) {
		return []model.Phrase{code(p), word(" must be true")}
	}
	return nil
}

func isNull(s string) bool { return s == "nullptr" || s == "NULL" }

// simple is an operand without operators at its top level: a name, a
// member access, a call.
func simple(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for _, op := range []string{"==", "!=", "<", ">", "&&", "||", "+", "-", "*", "/", "%", "&", "|", "^", "!", "?", "=", ","} {
		if len(splitTop(strings.ReplaceAll(s, "->", ".."), op)) > 1 {
			return false
		}
	}
	return true
}

// unparen takes off parentheses around the whole of s: "(a)" is "a", "(a)
// + (b)" stays.
func unparen(s string) string {
	for len(s) >= 2 && s[0] == '(' && closing(s, 0) == len(s)-1 {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// closing returns the index of the bracket closing the one at open, or -1.
func closing(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			i = skipQuoted(s, i)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

func skipQuoted(s string, i int) int {
	q := s[i]
	for i++; i < len(s) && s[i] != q; i++ {
		if s[i] == '\\' {
			i++
		}
	}
	return i
}

// splitTop splits s at every occurrence of op outside brackets and quotes.
// "<" and ">" count only alone (not "->", "<<", ">>", "<=", "<=>"), and
// only when s has no other angle bracket at its top level: "a<b>(c)" is a
// template, not two comparisons.
func splitTop(s, op string) []string {
	var cuts []int
	angles := 0
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"', '\'':
			i = skipQuoted(s, i)
			continue
		case '(', '[', '{':
			depth++
			continue
		case ')', ']', '}':
			depth--
			continue
		}
		if depth != 0 {
			continue
		}
		if (c == '<' || c == '>') && lone(s, i) {
			angles++
		}
		if strings.HasPrefix(s[i:], op) {
			if (op == "<" || op == ">") && !lone(s, i) {
				continue
			}
			if len(op) == 1 && strings.ContainsRune("&|=", rune(op[0])) && (i+1 < len(s) && s[i+1] == op[0] || i > 0 && s[i-1] == op[0]) {
				continue // "&&" when looking for "&"
			}
			if op == "!" && i+1 < len(s) && s[i+1] == '=' || op == "=" && (i > 0 && strings.IndexByte("=!<>", s[i-1]) >= 0 || i+1 < len(s) && s[i+1] == '=') {
				continue
			}
			if op == "-" && i+1 < len(s) && s[i+1] == '>' {
				continue
			}
			cuts = append(cuts, i)
			i += len(op) - 1
		}
	}
	if (op == "<" || op == ">") && angles != 1 {
		return []string{s}
	}
	if len(cuts) == 0 {
		return []string{s}
	}
	var out []string
	prev := 0
	for _, c := range cuts {
		out = append(out, s[prev:c])
		prev = c + len(op)
	}
	return append(out, s[prev:])
}

// lone says whether the "<" or ">" at i is a comparison on its own: not
// part of "->", "<<", ">>", "<=", ">=", "<=>".
func lone(s string, i int) bool {
	c := s[i]
	if i > 0 && (s[i-1] == '-' && c == '>' || s[i-1] == '<' || s[i-1] == '>') {
		return false
	}
	if i+1 < len(s) && (s[i+1] == '=' || s[i+1] == '<' || s[i+1] == '>') {
		return false
	}
	return true
}

// Flatten is what matching compares: no colour codes, every run of white
// space one space (generator/rank matches pastes by it; tests' expected
// texts are flattened the same way).
func Flatten(s string) string {
	return reFlatSpace.ReplaceAllString(reANSI.ReplaceAllString(s, ""), " ")
}

var (
	reFlatSpace = regexp.MustCompile(`[\t\n\f\r\v ]+`)
	reANSI      = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)
)
