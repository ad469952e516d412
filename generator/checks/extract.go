package checks

import (
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// FromTokens returns the checks in one file's tokens (cpplex.Lex output,
// comments and directives included), in source order, without ids
// (AssignIDs gives them once every file is read).
//
// Checks in a #define body are kept with InMacro set, except in the
// definitions of the checking macros themselves (a body that stringizes
// or forwards __VA_ARGS__ builds messages, it does not raise one).
func FromTokens(file string, toks []cpplex.Token) []model.Check {
	var out []model.Check
	code := make([]cpplex.Token, 0, len(toks))
	var bodies [][]cpplex.Token // #define bodies, each its own token run
	inBody := false
	for _, t := range toks {
		switch {
		case t.Kind == cpplex.Comment:
		case t.Kind == cpplex.Preproc:
			inBody = false
		case t.Directive:
			if !inBody {
				bodies = append(bodies, nil)
				inBody = true
			}
			bodies[len(bodies)-1] = append(bodies[len(bodies)-1], t)
		default:
			inBody = false
			code = append(code, t)
		}
	}
	tr := &tracker{code: code}
	for i := 0; i < len(code); i++ {
		if _, known := Macros[code[i].Text]; known && code[i].Kind == cpplex.Ident {
			if c, ok := CallAt(code, i); ok {
				fn, within := tr.current()
				out = append(out, newCheck(file, code, i, c, fn, within, ""))
			}
		}
		i += tr.step(i)
	}
	for _, body := range bodies {
		if len(body) == 0 {
			continue
		}
		name := body[0].Text
		for i := 1; i < len(body); i++ {
			if _, known := Macros[body[i].Text]; !known || body[i].Kind != cpplex.Ident {
				continue
			}
			c, ok := CallAt(body, i)
			if !ok || forwards(body[i:c.End]) {
				continue
			}
			out = append(out, newCheck(file, body, i, c, "", "", name))
		}
	}
	sortByLine(out)
	return out
}

func newCheck(file string, code []cpplex.Token, i int, c Call, fn, within, inMacro string) model.Check {
	return model.Check{
		Macro:     c.Name,
		Kind:      c.Macro.Kind,
		Pieces:    c.Pieces(),
		Condition: c.Condition(),
		Where:     model.Location{File: file, Line: code[i].Line},
		EndLine:   code[c.End].EndLine,
		Function:  fn,
		Within:    within,
		InMacro:   inMacro,
	}
}

// forwards says whether a call in a macro body builds on the macro's own
// arguments the way the checking macros' definitions do.
func forwards(toks []cpplex.Token) bool {
	for _, t := range toks {
		if t.Text == "__VA_ARGS__" || t.Is("#") {
			return true
		}
	}
	return false
}

func sortByLine(cs []model.Check) {
	// Insertion sort: the two runs (code, macro bodies) are each sorted.
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Where.Line < cs[j-1].Where.Line; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}
