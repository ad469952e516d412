package checks

import (
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// maxDepth bounds wrappers expanding to wrappers (and a macro naming
// itself, which the preprocessor would not expand again).
const maxDepth = 4

// site is where a wrapper is used: what every check its expansion raises
// reports.
type site struct {
	file          string
	line, endLine int    // the use's first line (__LINE__) and its ")"'s
	fn, within    string // the function around the use
	via           string // the macro written there
}

// expand returns the checks the use of w at code[i] raises.
func (d *Defs) expand(file string, code []cpplex.Token, i int, w *Wrapper, tr *tracker, depth int) []model.Check {
	args, end, ok := Args(code, i+1)
	if !ok {
		return nil
	}
	fn, within, _ := tr.where(i)
	s := site{file: file, line: code[i].Line, endLine: code[end].EndLine, fn: fn, within: within, via: w.Name}
	return d.expandAt(s, w, args, depth)
}

func (d *Defs) expandAt(s site, w *Wrapper, args [][]cpplex.Token, depth int) []model.Check {
	if depth >= maxDepth {
		return nil
	}
	exp := substitute(w, args, s.line)
	// The expansion read on its own: a macro that defines functions
	// (FUSION_INFO_DEFINE_FUNCTIONS) raises from the function it defines,
	// one used in a function from that function (or a lambda in it).
	tr := &tracker{code: exp, macros: map[string]bool{}, open: -1}
	var out []model.Check
	for j := 0; j < len(exp); j++ {
		t := exp[j]
		if t.Kind != cpplex.Ident || j+1 >= len(exp) || !exp[j+1].Is("(") {
			j += tr.step(j)
			continue
		}
		fn, within := s.fn, s.within
		if f := tr.function(); f != nil {
			fn, within = f.name, f.within
			if within == "" {
				within = s.within
			}
		}
		switch _, known := Macros[t.Text]; {
		case known:
			if c, ok := CallAt(exp, j); ok {
				c.str = d.Stringizers
				ck := newCheck(s.file, exp, j, c, fn, within, "")
				ck.Where.Line, ck.EndLine, ck.Via = s.line, s.endLine, s.via
				out = append(out, ck)
			}
		case d.Wrappers[t.Text] != nil && t.Text != w.Name:
			if inner, _, ok := Args(exp, j+1); ok {
				in := s
				in.fn, in.within = fn, within
				out = append(out, d.expandAt(in, d.Wrappers[t.Text], inner, depth+1)...)
			}
		case d.Funcs[t.Text] != nil:
			f := d.Funcs[t.Text]
			inner, _, ok := Args(exp, j+1)
			if !ok || len(inner) <= f.Pack {
				break
			}
			c := Call{Name: f.Check.Macro, Macro: Macro{Kind: f.Check.Kind, Operands: f.Pack}, Args: inner, code: exp, at: j, str: d.Stringizers}
			ck := f.Check
			var values []string
			ck.Pieces, values = c.Template()
			ck.Values, ck.Args = slotsFor(ck.Pieces, values), c.ArgText()
			ck.Where = model.Location{File: s.file, Line: s.line}
			ck.EndLine, ck.Via = s.endLine, s.via
			ck.Within = within // the page is known by the function using the macro
			if ck.Within == "" {
				ck.Within = fn
			}
			out = append(out, ck)
		}
		j += tr.step(j)
	}
	return out
}

// substitute expands w's body with args as the preprocessor does, for
// what a check needs: parameters replaced by their arguments, #p made a
// string literal of the argument's spelling, a##b pasted into one token,
// ", ##__VA_ARGS__" losing its comma when no argument is left, __LINE__
// the use's line. Every token of the body takes the use's line.
func substitute(w *Wrapper, args [][]cpplex.Token, line int) []cpplex.Token {
	vals := map[string][]cpplex.Token{}
	for k, p := range w.Params {
		if p == "__VA_ARGS__" {
			var rest []cpplex.Token
			for n := k; n < len(args); n++ {
				if n > k {
					rest = append(rest, cpplex.Token{Kind: cpplex.Punct, Text: ",", Line: line, EndLine: line})
				}
				rest = append(rest, args[n]...)
			}
			vals[p] = rest
			break
		}
		if k < len(args) {
			vals[p] = args[k]
		} else {
			vals[p] = nil
		}
	}
	at := func(t cpplex.Token) cpplex.Token {
		t.Line, t.EndLine, t.Directive = line, line, false
		return t
	}
	value := func(t cpplex.Token) []cpplex.Token {
		if v, ok := vals[t.Text]; ok && t.Kind == cpplex.Ident {
			out := make([]cpplex.Token, len(v))
			for n, a := range v {
				a.Directive = false
				out[n] = a
			}
			return out
		}
		if t.Is("__LINE__") {
			return []cpplex.Token{{Kind: cpplex.Number, Text: strconv.Itoa(line), Line: line, EndLine: line, Col: t.Col}}
		}
		return []cpplex.Token{at(t)}
	}
	b := w.Body
	var out []cpplex.Token
	var gaps []bool // gaps[n]: white space before out[n] where it came from
	mark := func(from int, gap bool) {
		for len(gaps) < len(out) {
			n := len(gaps)
			g := gap
			if n > from { // inside one argument: as its source had it
				g = !touches(out[n-1], out[n])
			}
			gaps = append(gaps, g)
		}
	}
	for k := 0; k < len(b); k++ {
		from := len(out)
		gap := k > 0 && !touches(b[k-1], b[k])
		t := b[k]
		paste := t.Is("#") && k+1 < len(b) && b[k+1].Is("#") && b[k+1].Line == t.Line && b[k+1].Col == t.Col+1
		switch {
		case paste && k+2 < len(b) && b[k+2].Is("__VA_ARGS__"):
			// GNU's ", ##__VA_ARGS__": the comma goes with no arguments.
			if len(vals["__VA_ARGS__"]) == 0 && len(out) > 0 && out[len(out)-1].Is(",") {
				out = out[:len(out)-1]
			}
			k++
		case paste && k+2 < len(b):
			next := value(b[k+2])
			k += 2
			if len(out) == 0 || len(next) == 0 {
				out = append(out, next...)
				continue
			}
			last := &out[len(out)-1]
			last.Text += next[0].Text
			if last.Kind != cpplex.Ident && next[0].Kind == cpplex.Ident {
				last.Kind = cpplex.Ident
			}
			out = append(out, next[1:]...)
		case t.Is("#") && k+1 < len(b) && b[k+1].Kind == cpplex.Ident && isParam(w, b[k+1].Text):
			text := Spell(vals[b[k+1].Text])
			quoted := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(text) + `"`
			out = append(out, cpplex.Token{Kind: cpplex.String, Text: quoted, Line: line, EndLine: line, Col: t.Col})
			k++
		default:
			out = append(out, value(t)...)
		}
		if len(gaps) > len(out) {
			gaps = gaps[:len(out)]
		}
		mark(from, gap)
	}
	return layout(out, gaps, line)
}

// layout puts the expansion's tokens on the use's line, one column of
// space where gaps says the source had white space: what Spell and
// touches read.
func layout(toks []cpplex.Token, gaps []bool, line int) []cpplex.Token {
	col := 1
	for n := range toks {
		if n < len(gaps) && gaps[n] && n > 0 {
			col++
		}
		t := &toks[n]
		t.Line, t.EndLine, t.Col = line, line, col
		col += len(t.Text)
	}
	return toks
}

func isParam(w *Wrapper, name string) bool {
	for _, p := range w.Params {
		if p == name {
			return true
		}
	}
	return false
}
