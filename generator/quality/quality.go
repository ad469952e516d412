// Package quality finds what nvFuser's checks could say better, for the
// people who write them: conditions that cannot fail, NVF_ERROR(false, …)
// where NVF_THROW says it, checks without a message, comparisons whose
// message does not print the compared values, one message raised from
// several functions, messages naming an option or variable nvFuser no
// longer has. It reads the assembled handbook (checks with their notes,
// tests, and the options' and variables' history) and returns typed
// findings, most costly to users first; emit writes them, a layout shows
// them, gen check --strict reports them.
package quality

import (
	"regexp"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Find returns the findings on h's checks, ranked (model.CheckFinding.Rank).
// h must be indexed, with the history applied (removed options known).
func Find(h *model.Handbook) []model.CheckFinding {
	var out []model.CheckFinding
	for _, c := range h.Checks {
		out = append(out, conditions(c)...)
		out = append(out, messages(c)...)
		out = append(out, goneNames(h, c)...)
	}
	out = append(out, duplicates(h.Checks)...)
	rank(out)
	return out
}

// alwaysTrue says whether a condition as printed can never be false: a
// string literal (a pointer, never null), true, a non-zero integer.
func alwaysTrue(cond string) bool {
	switch {
	case cond == "true":
		return true
	case strings.HasPrefix(cond, `"`) || strings.HasPrefix(cond, `R"`) || strings.HasPrefix(cond, `u8"`):
		return true
	}
	return nonZero.MatchString(cond)
}

var nonZero = regexp.MustCompile(`^(?:[1-9][0-9']*|0[xX][0-9a-fA-F']*[1-9a-fA-F][0-9a-fA-F']*)[uUlL]*$`)

func conditions(c *model.Check) []model.CheckFinding {
	m, ok := checks.Macros[c.Macro]
	if !ok || m.Operands != 1 {
		return nil
	}
	switch {
	case alwaysTrue(c.Condition):
		fix := "give the check the condition it means to test, or remove it"
		if strings.HasPrefix(c.Condition, `"`) || strings.HasPrefix(c.Condition, `R"`) || strings.HasPrefix(c.Condition, `u8"`) {
			// The message was written where the condition goes.
			args := strings.Join(append([]string{c.Condition}, c.Args...), ", ")
			if c.Kind == model.CheckUser {
				fix = "NVF_CHECK(false, " + args + ")"
			} else {
				fix = "NVF_THROW(" + args + ")"
			}
		}
		subject := c.Macro + "(" + c.Condition + ")"
		if len(c.Args) > 0 {
			subject = c.Macro + "(" + c.Condition + ", …)"
		}
		return []model.CheckFinding{{Kind: model.QualityNeverFires, Check: c, Subject: subject,
			Detail: "the condition " + c.Condition + " is never false: this check never fires", Fix: fix}}
	case c.Macro == "NVF_ERROR" && c.Condition == "false" && len(c.Args) > 0 && c.Via == "":
		return []model.CheckFinding{{Kind: model.QualityFalseNotThrow, Check: c, Subject: "NVF_ERROR(false, …)",
			Detail: "prints \"Expected false\" before its message", Fix: "NVF_THROW(" + strings.Join(c.Args, ", ") + ")"}}
	}
	return nil
}

// messages finds checks that say nothing of their own, and comparisons
// whose message leaves out a compared value.
func messages(c *model.Check) []model.CheckFinding {
	m, ok := checks.Macros[c.Macro]
	if !ok || m.Op != "" || c.Kind == model.CheckWarning {
		return nil
	}
	if len(c.Args) == 0 {
		if alwaysTrue(c.Condition) {
			return nil // reported as a condition that cannot fail
		}
		fix := c.Macro + "(" + c.Condition + ", \"<what was expected>: \", <the values involved>)"
		if lhs, op, rhs, ok := comparison(c.Condition); ok && m.Operands == 1 && c.Macro != "TORCH_CHECK" && c.Macro != "TORCH_INTERNAL_ASSERT" {
			fix = c.Macro + "_" + opNames[op] + "(" + lhs + ", " + rhs + ", \"<what was expected>\")"
		}
		subject := c.Macro + "(" + c.Condition + ")"
		if c.Macro == "NVF_THROW" {
			subject = "NVF_THROW()"
		}
		return []model.CheckFinding{{Kind: model.QualityNoMessage, Check: c, Subject: subject,
			Detail: "no message: the error says what failed, not why", Fix: fix}}
	}
	lhs, op, rhs, ok := comparison(c.Condition)
	if !ok || m.Operands != 1 || !strings.HasPrefix(c.Macro, "NVF_") || c.Via != "" {
		// A macro's use: its message is the macro's, reported once on
		// the check in its #define.
		return nil
	}
	if lhs == "nullptr" || rhs == "nullptr" {
		return nil // a pointer printed says nothing
	}
	var missing []string
	for _, side := range []string{lhs, rhs} {
		if literal(side) || printed(side, c.Args) {
			continue
		}
		missing = append(missing, side)
	}
	if len(missing) == 0 {
		return nil
	}
	return []model.CheckFinding{{Kind: model.QualityNoValues, Check: c, Subject: c.Condition,
		Detail: "the message does not print " + strings.Join(missing, " and "),
		Fix:    c.Macro + "_" + opNames[op] + "(" + lhs + ", " + rhs + ", " + strings.Join(c.Args, ", ") + ")"}}
}

// enumerator matches MemoryType::Global, DataType::Float: a constant.
var enumerator = regexp.MustCompile(`^(?:[A-Za-z_][A-Za-z0-9_]*::)*[A-Z][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$`)

var opNames = map[string]string{"==": "EQ", "!=": "NE", "<": "LT", "<=": "LE", ">": "GT", ">=": "GE"}

// comparison splits a condition that is one comparison at its top level
// (a == b, a.size() < n) into its sides; ok is false for anything else
// (a && b, f(a == b), templates: a "<" or ">" counts only with spaces
// around it).
func comparison(cond string) (lhs, op, rhs string, ok bool) {
	depth := 0
	at := -1
	for i := 0; i < len(cond); i++ {
		ch := cond[i]
		switch ch {
		case '(', '[', '{':
			depth++
			continue
		case ')', ']', '}':
			depth--
			continue
		case '"', '\'':
			return "", "", "", false // literals in a condition: leave it
		}
		if depth != 0 {
			continue
		}
		two := ""
		if i+1 < len(cond) {
			two = cond[i : i+2]
		}
		switch {
		case two == "&&" || two == "||" || ch == '?':
			return "", "", "", false
		case two == "==" || two == "!=" || (two == "<=" || two == ">=") && (i == 0 || cond[i-1] != cond[i]) && (i+2 >= len(cond) || cond[i+2] != '>'):
			if at >= 0 {
				return "", "", "", false
			}
			at, op = i, two
			i++
		case (ch == '<' || ch == '>') && i > 0 && cond[i-1] == ' ' && i+1 < len(cond) && cond[i+1] == ' ':
			if at >= 0 {
				return "", "", "", false
			}
			at, op = i, string(ch)
		}
	}
	if at < 0 {
		return "", "", "", false
	}
	lhs, rhs = strings.TrimSpace(cond[:at]), strings.TrimSpace(cond[at+len(op):])
	if lhs == "" || rhs == "" || strings.HasPrefix(lhs, "!") {
		return "", "", "", false
	}
	return lhs, op, rhs, true
}

// literal says whether a side of a comparison is a constant there is no
// point printing (nullptr, a number, true/false, an enumerator).
func literal(s string) bool {
	switch s {
	case "nullptr", "NULL", "true", "false":
		return true
	}
	if s != "" && (s[0] >= '0' && s[0] <= '9' || s[0] == '-' && len(s) > 1 && s[1] >= '0' && s[1] <= '9') {
		return true
	}
	return enumerator.MatchString(s)
}

// printed says whether one of the message's arguments prints side.
func printed(side string, args []string) bool {
	for _, a := range args {
		if strings.Contains(a, side) {
			return true
		}
	}
	return false
}

// mention finds NAME and NAME=option[,option] in a message.
var mention = regexp.MustCompile(`\b(?:PYTORCH_)?NVFUSER_[A-Z0-9_]*[A-Z0-9]\b(?:=([A-Za-z0-9_.]+(?:,[A-Za-z0-9_.]+)*))?`)

// goneNames finds a message naming a variable the history saw go, or an
// option its family no longer has.
func goneNames(h *model.Handbook, c *model.Check) []model.CheckFinding {
	text := strings.Join(c.Pieces, " ")
	if !strings.Contains(text, "NVFUSER_") {
		return nil
	}
	var out []model.CheckFinding
	seen := map[string]bool{}
	for _, m := range mention.FindAllString(text, -1) {
		name, value, _ := strings.Cut(m, "=")
		if seen[m] {
			continue
		}
		seen[m] = true
		if v := h.Variable(name); v != nil && v.Removed() {
			out = append(out, model.CheckFinding{Kind: model.QualityGoneName, Check: c, Subject: name,
				Detail: "names " + name + ", which nvFuser no longer reads" + gone(v.History),
				Fix:    "drop the advice, or name what replaced " + name})
			continue
		}
		if value == "" || h.Family(name) == nil {
			continue
		}
		for _, o := range strings.Split(value, ",") {
			opt := h.Option(name, o)
			switch {
			case opt == nil:
				out = append(out, model.CheckFinding{Kind: model.QualityGoneName, Check: c, Subject: name + "=" + o,
					Detail: name + " has no option " + o, Fix: "name an option " + name + " accepts"})
			case opt.Removed():
				out = append(out, model.CheckFinding{Kind: model.QualityGoneName, Check: c, Subject: name + "=" + o,
					Detail: name + "=" + o + " no longer exists" + gone(opt.History), Fix: "drop the advice, or name what replaced " + o})
			case len(opt.ReadAt) == 0 && !opt.DefinedAt.IsZero():
				out = append(out, model.CheckFinding{Kind: model.QualityGoneName, Check: c, Subject: name + "=" + o,
					Detail: name + " accepts " + o + " but no code consults it: setting it changes nothing", Fix: "drop the advice, or name the option that does it now"})
			}
		}
	}
	return out
}

func gone(h *model.History) string {
	if h == nil || h.Removed == nil {
		return ""
	}
	s := " (removed " + h.Removed.Since()
	if len(h.ReplacedBy) > 0 {
		s += ", replaced by " + strings.Join(h.ReplacedBy, ", ")
	}
	return s + ")"
}

// duplicates groups checks printing the same message from different
// functions. A message needs three words of its own to count: "{}" or
// "Invalid" alone says nothing in the first place.
func duplicates(cs []*model.Check) []model.CheckFinding {
	groups := map[string][]*model.Check{}
	var keys []string
	for _, c := range cs {
		if c.Kind == model.CheckWarning {
			continue
		}
		own := strings.Fields(strings.Map(func(r rune) rune {
			if r == '{' || r == '}' {
				return ' '
			}
			return r
		}, checks.OwnText(c)))
		if len(own) < 3 {
			continue
		}
		key := strings.Join(strings.Fields(c.Message()), " ")
		if groups[key] == nil {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], c)
	}
	var out []model.CheckFinding
	for _, key := range keys {
		g := groups[key]
		fns := map[string]bool{}
		via := map[string]bool{}
		for _, c := range g {
			fns[fnOf(c)] = true
			via[c.Via] = true
		}
		if len(fns) < 2 {
			continue
		}
		fix := "make each message say where it comes from (the step or the object it checks), or raise it from one helper"
		if len(via) == 1 && g[0].Via != "" {
			fix = "the macro " + g[0].Via + " prints the same text at every use: have its message stringize its argument (#x), as NVFUSER_NVRTC_SAFE_CALL does"
		}
		out = append(out, model.CheckFinding{Kind: model.QualityDuplicate, Check: g[0], Others: g[1:], Subject: key,
			Detail: "raised from " + itoa(len(g)) + " places in " + itoa(len(fns)) + " functions", Fix: fix})
	}
	return out
}

func fnOf(c *model.Check) string {
	switch {
	case c.Within != "":
		return c.Within
	case c.Function != "":
		return c.Function
	}
	return c.InMacro
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// rank orders the findings by what costs users most: checks users are
// known to hit first (a note quotes the error, then a test expects it),
// then internal asserts (the reader can only report them, so the message
// is all they have), throws, user checks, warnings; then by kind in
// model.QualityKinds' order, then by place.
func rank(fs []model.CheckFinding) {
	kindOrder := map[string]int{}
	for i, k := range model.QualityKinds {
		kindOrder[k.Kind] = i
	}
	checkOrder := map[string]int{model.CheckInternal: 0, model.CheckThrow: 1, model.CheckUser: 2, model.CheckWarning: 3}
	hit := func(f model.CheckFinding) int {
		best := 2
		for _, c := range append([]*model.Check{f.Check}, f.Others...) {
			switch {
			case len(c.Notes) > 0:
				best = 0
			case len(c.Tests) > 0 && best > 1:
				best = 1
			}
		}
		return best
	}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if ha, hb := hit(a), hit(b); ha != hb {
			return ha < hb
		}
		if ca, cb := checkOrder[a.Check.Kind], checkOrder[b.Check.Kind]; ca != cb {
			return ca < cb
		}
		if ka, kb := kindOrder[a.Kind], kindOrder[b.Kind]; ka != kb {
			return ka < kb
		}
		if a.Check.Where.File != b.Check.Where.File {
			return a.Check.Where.File < b.Check.Where.File
		}
		if a.Check.Where.Line != b.Check.Where.Line {
			return a.Check.Where.Line < b.Check.Where.Line
		}
		return a.Subject < b.Subject
	})
	for i := range fs {
		fs[i].Rank = i + 1
	}
}
