package csrcscan

import (
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// valueRule is what one read site states about the value: the range or
// choices a check or warning on its read path accepts, found before the
// checks are extracted; Scan then takes the message from the check at
// (file, msgLine).
type valueRule struct {
	accepts model.Accepts
	msgLine int
}

// readWindow bounds how far after a read its value's checks are looked
// for (tokens), and the read's enclosing block bounds it too.
const readWindow = 600

// parseFuncs turn the text read into a number.
var parseFuncs = map[string]bool{"atoi": true, "atol": true, "atoll": true, "stoi": true, "stol": true, "stoll": true, "strtol": true, "strtoll": true}

// readValue reads what the code after a read at code[i] (getNvFuserEnv
// or getenv) states about the value: the variable holding it, the number
// parsed from it, the checks on either, and a default the code falls
// back to. It knows the shapes nvFuser writes:
//
//	const char* v = getNvFuserEnv("X");   if (auto v = getNvFuserEnv("X"))
//	int n = atoi(v);                      bool b = v ? atoi(v) : false;
//	if (n >= 0 && n <= 4) {...} else { TORCH_WARN(...) }
//	if (n < 0 || n > 4) { TORCH_WARN(...) }
//	NVF_CHECK(n > 0 && n <= limit, "...")
//	if (strcmp(v, "a") == 0 || v == std::string("b")) {...} else { NVF_THROW(...) }
//
// Only literal bounds count ("n <= limit" bounds nothing the handbook can
// check); a condition mixing && and || states nothing.
func readValue(all []cpplex.Token, at int) (rule *valueRule, def *model.CodeDefault) {
	lo := max(0, at-3)
	code, i := joinOperators(all[lo:min(len(all), at+readWindow+64)], at-lo)
	start := i
	if i >= 2 && code[i-1].Is("::") && code[i-2].Is("std") {
		start = i - 2
	}
	end := closing(code, i+1)
	if end < 0 {
		return nil, nil
	}
	// getNvFuserEnv("X", "fallback")
	if end-i == 5 && code[end-2].Is(",") && code[end-1].Kind == cpplex.String {
		def = &model.CodeDefault{Value: code[end-1].StringValue(), At: model.Location{Line: code[end-1].Line}}
	}
	holders := map[string]bool{}
	if start >= 2 && code[start-1].Is("=") && code[start-2].Kind == cpplex.Ident {
		holders[code[start-2].Text] = true
	}
	if len(holders) == 0 {
		return nil, def
	}
	nums := map[string]bool{}
	depth := 0
	limit := min(len(code), end+readWindow)
	for j := end + 1; j < limit; j++ {
		t := code[j]
		switch {
		case t.Is("getNvFuserEnv") || t.Is("getenv"):
			return rule, def // the next read: a holder may be reused for it
		case t.Is("{"):
			depth++
		case t.Is("}"):
			depth--
			if depth < 0 {
				return rule, def // the read's block ends
			}
		case parseFuncs[t.Text] && j+2 < len(code) && code[j+1].Is("(") && holders[code[j+2].Text]:
			if n, d := assignee(code, j); n != "" {
				nums[n] = true
				if d != nil && def == nil {
					def = d
				}
			}
		case t.Is("if") && j+1 < len(code) && code[j+1].Is("("):
			if d := unsetDefault(code, j, holders); d != nil && def == nil {
				def = d
			}
			if rule == nil {
				rule = ifRule(code, j, holders, nums)
			}
		case checks.Macros[t.Text].Operands == 1 && j+1 < len(code) && code[j+1].Is("(") && rule == nil:
			// NVF_CHECK(cond, ...): cond is what is accepted.
			stop := topComma(code, j+2)
			if stop > 0 {
				if a, ok := condition(code[j+2:stop], holders, nums, true); ok {
					rule = &valueRule{accepts: a, msgLine: t.Line}
					rule.accepts.At = model.Location{Line: t.Line}
				}
			}
		}
	}
	return rule, def
}

// joinOperators returns code with the two-character operators the lexer
// gives as two tokens ("&" "&") joined, as conditions are read, and the
// index i has there.
func joinOperators(code []cpplex.Token, i int) ([]cpplex.Token, int) {
	out := make([]cpplex.Token, 0, len(code))
	ni := i
	for k := 0; k < len(code); k++ {
		t := code[k]
		if k+1 < len(code) && t.Kind == cpplex.Punct && code[k+1].Kind == cpplex.Punct && code[k+1].Line == t.Line && code[k+1].Col == t.Col+1 {
			switch op := t.Text + code[k+1].Text; op {
			case "&&", "||", "<=", ">=", "==", "!=":
				t.Text = op
				if k < i {
					ni--
				}
				out = append(out, t)
				k++
				continue
			}
		}
		out = append(out, t)
	}
	return out, ni
}

// assignee is the variable a parse at code[j] is assigned to ("n" in
// "int n = atoi(v);"), and the default when it is "v ? atoi(v) : X;".
func assignee(code []cpplex.Token, j int) (string, *model.CodeDefault) {
	eq := -1
	for k := j - 1; k >= 0 && k >= j-6; k-- {
		if code[k].Is(";") || code[k].Is("{") || code[k].Is("}") {
			break
		}
		if code[k].Is("=") {
			eq = k
			break
		}
	}
	if eq < 1 || code[eq-1].Kind != cpplex.Ident {
		return "", nil
	}
	var def *model.CodeDefault
	if end := closing(code, j+1); end > 0 && end+3 < len(code) && code[eq+2].Is("?") && code[end+1].Is(":") && code[end+3].Is(";") {
		switch d := code[end+2]; d.Kind {
		case cpplex.Number, cpplex.Ident:
			if d.Kind == cpplex.Number || d.Text == "true" || d.Text == "false" {
				def = &model.CodeDefault{Value: d.Text, At: model.Location{Line: d.Line}}
			}
		}
	}
	return code[eq-1].Text, def
}

// unsetDefault reads "if (v == nullptr) { ... return X; }" (or "!v"):
// X is the value when unset, a number or flag literal or a name the
// block sets to one ("constexpr int n = 8; return n;").
func unsetDefault(code []cpplex.Token, j int, holders map[string]bool) *model.CodeDefault {
	ce := closing(code, j+1)
	if ce < 0 {
		return nil
	}
	cond := code[j+2 : ce]
	unset := len(cond) == 2 && cond[0].Is("!") && holders[cond[1].Text] ||
		len(cond) == 3 && holders[cond[0].Text] && cond[1].Is("==") && (cond[2].Is("nullptr") || cond[2].Is("NULL"))
	if !unset || ce+1 >= len(code) {
		return nil
	}
	end := statementEnd(code, ce+1)
	for k := ce + 1; k+2 <= end; k++ {
		if !code[k].Is("return") || !code[k+2].Is(";") {
			continue
		}
		v := code[k+1]
		if v.Kind == cpplex.Ident && v.Text != "true" && v.Text != "false" {
			// the name's literal, set in the block
			for m := ce + 1; m+3 <= k; m++ {
				if code[m].Is(v.Text) && code[m+1].Is("=") && code[m+2].Kind == cpplex.Number && code[m+3].Is(";") {
					v = code[m+2]
					break
				}
			}
		}
		// A number or a flag is the value the function stands for; a
		// string returned ("" from a reader of paths) is what the
		// function gives without it, not a value of the variable.
		if v.Kind == cpplex.Number || v.Is("true") || v.Is("false") {
			return &model.CodeDefault{Value: v.Text, At: model.Location{Line: v.Line}}
		}
		return nil
	}
	return nil
}

// ifRule reads "if (cond) {...} else {...}": the message in the else
// branch means cond is what is accepted; in the then branch (no else),
// what is refused.
func ifRule(code []cpplex.Token, j int, holders, nums map[string]bool) *valueRule {
	ce := closing(code, j+1)
	if ce < 0 || ce+1 >= len(code) {
		return nil
	}
	thenEnd := statementEnd(code, ce+1)
	if thenEnd < 0 {
		return nil
	}
	line, inThen := messageIn(code, ce+1, thenEnd)
	accepted := false
	if thenEnd+1 < len(code) && code[thenEnd+1].Is("else") {
		elseEnd := statementEnd(code, thenEnd+2)
		if elseEnd < 0 {
			return nil
		}
		if l, ok := messageIn(code, thenEnd+2, elseEnd); ok {
			line, accepted = l, true
		} else if !inThen {
			return nil
		}
	} else if !inThen {
		return nil
	}
	a, ok := condition(code[j+2:ce], holders, nums, accepted)
	if !ok {
		return nil
	}
	a.At = model.Location{Line: code[j].Line}
	return &valueRule{accepts: a, msgLine: line}
}

// messageIn finds the first check or warning macro in code[from:to].
func messageIn(code []cpplex.Token, from, to int) (int, bool) {
	for k := from; k <= to && k < len(code); k++ {
		if checks.Macros[code[k].Text].Kind != "" && k+1 < len(code) && code[k+1].Is("(") {
			return code[k].Line, true
		}
	}
	return 0, false
}

// condition reads a condition over the value: comparisons of a parsed
// number with literals, or of the text with string literals, joined by
// one connective. accepted says whether the condition holds for the
// values nvFuser takes (else it holds for those it refuses).
func condition(cond []cpplex.Token, holders, nums map[string]bool, accepted bool) (model.Accepts, bool) {
	var a model.Accepts
	and, or := false, false
	for _, t := range cond {
		and = and || t.Is("&&")
		or = or || t.Is("||")
	}
	if and && or {
		return a, false
	}
	// A conjunction of bounds, or a disjunction of choices, describes the
	// accepted set; a disjunction of bounds or a conjunction of "!="
	// the refused one. One comparison is either.
	for _, part := range split(cond) {
		if n, op, c, ok := numCompare(part, nums); ok {
			if !accepted {
				op = negate[op]
			}
			if !accepted && and || accepted && or {
				return a, false
			}
			bound(&a, n, op, c)
			continue
		}
		if len(part) == 3 && nums[part[0].Text] && negate[part[1].Text] != "" && part[2].Kind == cpplex.Ident && accepted && !or {
			continue // "n <= limit": a bound known only at run time
		}
		if s, eq, ok := textCompare(part, holders, nums); ok {
			if eq != accepted || accepted && and || !accepted && or {
				return a, false
			}
			a.Choices = append(a.Choices, s)
			continue
		}
		return model.Accepts{}, false
	}
	if a.Min == nil && a.Max == nil && len(a.Choices) == 0 {
		return a, false
	}
	return a, true
}

var negate = map[string]string{"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
var flip = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<="}

// bound narrows a by "n op c" holding for the accepted values.
func bound(a *model.Accepts, _ string, op string, c int64) {
	switch op {
	case ">=":
		a.Min = tighter(a.Min, c, true)
	case ">":
		a.Min = tighter(a.Min, c+1, true)
	case "<=":
		a.Max = tighter(a.Max, c, false)
	case "<":
		a.Max = tighter(a.Max, c-1, false)
	}
}

func tighter(p *int64, c int64, low bool) *int64 {
	if p == nil || low && c > *p || !low && c < *p {
		return &c
	}
	return p
}

// split cuts a condition at its top-level && and ||, dropping the outer
// parentheses of each part.
func split(cond []cpplex.Token) [][]cpplex.Token {
	var out [][]cpplex.Token
	depth, from := 0, 0
	for k, t := range cond {
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case depth == 0 && (t.Is("&&") || t.Is("||")):
			out = append(out, unparen(cond[from:k]))
			from = k + 1
		}
	}
	return append(out, unparen(cond[from:]))
}

func unparen(p []cpplex.Token) []cpplex.Token {
	for len(p) >= 2 && p[0].Is("(") && closing(p, 0) == len(p)-1 {
		p = p[1 : len(p)-1]
	}
	return p
}

// numCompare reads "n OP 4" or "4 OP n" (n a parsed number), as "n OP c".
func numCompare(p []cpplex.Token, nums map[string]bool) (string, string, int64, bool) {
	if len(p) < 3 {
		return "", "", 0, false
	}
	neg := len(p) == 4 && p[2].Is("-")
	if len(p) != 3 && !neg {
		return "", "", 0, false
	}
	op := p[1].Text
	if negate[op] == "" {
		return "", "", 0, false
	}
	lit := p[len(p)-1]
	if nums[p[0].Text] && lit.Kind == cpplex.Number {
		c, err := strconv.ParseInt(strings.TrimRight(lit.Text, "uUlL"), 0, 64)
		if neg {
			c = -c
		}
		return p[0].Text, op, c, err == nil
	}
	if len(p) == 3 && p[0].Kind == cpplex.Number && nums[p[2].Text] {
		c, err := strconv.ParseInt(strings.TrimRight(p[0].Text, "uUlL"), 0, 64)
		return p[2].Text, flip[op], c, err == nil
	}
	return "", "", 0, false
}

// textCompare reads a comparison of the text with a string literal:
// "v == "a"", "std::string(v) == "a"", "strcmp(v, "a") == 0" (and "!=").
func textCompare(p []cpplex.Token, holders, nums map[string]bool) (string, bool, bool) {
	var txt []string
	for _, t := range p {
		txt = append(txt, t.Text)
	}
	s := strings.Join(txt, " ")
	lit := func(t cpplex.Token) (string, bool) { return t.StringValue(), t.Kind == cpplex.String }
	n := len(p)
	switch {
	case n == 3 && (holders[p[0].Text] || nums[p[0].Text]) && (p[1].Is("==") || p[1].Is("!=")):
		v, ok := lit(p[2])
		return v, p[1].Is("=="), ok
	case n == 8 && strings.HasPrefix(s, "strcmp (") && holders[p[2].Text] && p[3].Is(",") && p[7].Text == "0" && (p[6].Is("==") || p[6].Is("!=")):
		v, ok := lit(p[4])
		return v, p[6].Is("=="), ok
	case n == 8 && strings.HasPrefix(s, "std :: string (") && holders[p[4].Text] && p[5].Is(")") && (p[6].Is("==") || p[6].Is("!=")):
		v, ok := lit(p[7])
		return v, p[6].Is("=="), ok
	}
	return "", false, false
}

// closing is the index of the ")" (or "}") matching code[open], -1 if
// none.
func closing(code []cpplex.Token, open int) int {
	if open >= len(code) {
		return -1
	}
	o, c := "(", ")"
	if code[open].Is("{") {
		o, c = "{", "}"
	} else if !code[open].Is("(") {
		return -1
	}
	depth := 0
	for k := open; k < len(code); k++ {
		switch {
		case code[k].Is(o):
			depth++
		case code[k].Is(c):
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// statementEnd is the last token of the statement at code[k]: a block's
// "}" or a statement's ";".
func statementEnd(code []cpplex.Token, k int) int {
	if k >= len(code) {
		return -1
	}
	if code[k].Is("{") {
		return closing(code, k)
	}
	for ; k < len(code); k++ {
		if code[k].Is("{") {
			if e := closing(code, k); e > 0 {
				k = e
				continue
			}
			return -1
		}
		if code[k].Is(";") {
			return k
		}
	}
	return -1
}

// topComma is the index of the first "," at depth 0 from code[k] on.
func topComma(code []cpplex.Token, k int) int {
	depth := 0
	for ; k < len(code); k++ {
		switch {
		case code[k].Is("(") || code[k].Is("{") || code[k].Is("["):
			depth++
		case code[k].Is(")") || code[k].Is("}") || code[k].Is("]"):
			depth--
			if depth < 0 {
				return -1
			}
		case depth == 0 && code[k].Is(","):
			return k
		}
	}
	return -1
}

// attachMessages gives each pending rule the check that prints its
// message; a rule whose message is no check is dropped (the handbook
// could not say what nvFuser prints). The first rule of a variable, in
// file order, is kept.
func (r *Reads) attachMessages() {
	at := map[model.Location]*model.Check{}
	for k := range r.Checks {
		c := &r.Checks[k]
		if _, ok := at[c.Where]; !ok {
			at[c.Where] = c
		}
	}
	for _, p := range r.pending {
		if _, done := r.Accepts[p.name]; done {
			continue
		}
		c := at[model.Location{File: p.file, Line: p.rule.msgLine}]
		if c == nil {
			continue
		}
		a := p.rule.accepts
		a.At.File = p.file
		a.Kind, a.Pieces, a.Check = c.Kind, c.Pieces, c.ID
		r.Accepts[p.name] = a
	}
	r.pending = nil
}
