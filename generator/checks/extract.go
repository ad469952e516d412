package checks

import (
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// FromTokens returns the checks in one file's tokens (cpplex.Lex output,
// comments and directives included), in source order, without ids
// (AssignIDs gives them once every file is read), knowing only the macros
// and functions the file itself defines (see FromTokensWith).
func FromTokens(file string, toks []cpplex.Token) []model.Check {
	d := ReadDefs(file, toks)
	d.Resolve()
	return extract(file, toks, d, false)
}

// FromTokensWith returns the checks in one file's tokens as the compiler
// sees them, knowing what the whole tree defines (defs, resolved):
//
//   - the checks written in the file's functions;
//   - the checks written in its #define bodies (InMacro set), stringizing
//     and pasting ones included, except in the file that defines the
//     checking macros themselves (csrc/exceptions.h);
//   - at each use of a macro whose body raises a check, wherever it is
//     defined, the check the expansion raises there (Via set): its line is
//     the use's (what __LINE__ gives), its function the one around the use
//     (or, for a macro that defines functions, the one it defines), its
//     message and condition with the arguments put in;
//   - at each use of a macro that hands its arguments to a function whose
//     check prints them (NVFUSER_LOWER_VALIDATE -> GpuLower::validate), that
//     function's check with the use's message.
//
// Each check also carries the id the extractor gave it before it read
// these right (Legacy, resolved by AssignIDs).
func FromTokensWith(file string, toks []cpplex.Token, defs *Defs) []model.Check {
	return extract(file, toks, defs, true)
}

func extract(file string, toks []cpplex.Token, defs *Defs, withLegacy bool) []model.Check {
	code, bodies := split(toks)
	var out []model.Check
	tr := &tracker{code: code, macros: defs.invocations(file), open: -1}
	for i := 0; i < len(code); i++ {
		t := code[i]
		if t.Kind == cpplex.Ident {
			if _, known := Macros[t.Text]; known {
				if c, ok := CallAt(code, i); ok {
					fn, within, from := tr.where(i)
					c.from, c.str = from, defs.Stringizers
					out = append(out, newCheck(file, code, i, c, fn, within, ""))
				}
			} else if w := defs.Wrappers[t.Text]; w != nil && i+1 < len(code) && code[i+1].Is("(") {
				out = append(out, defs.expand(file, code, i, w, tr, 0)...)
			}
		}
		i += tr.step(i)
	}
	if !defs.checking[file] {
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
				if !ok {
					continue
				}
				c.str = defs.Stringizers
				out = append(out, newCheck(file, body, i, c, "", "", name))
			}
		}
	}
	sortByLine(out)
	if withLegacy {
		markLegacy(out, legacyChecks(file, code, bodies))
	}
	return out
}

// split separates a file's code from its #define bodies (each its own
// token run, the macro's name first); comments and directives go.
func split(toks []cpplex.Token) (code []cpplex.Token, bodies [][]cpplex.Token) {
	code = make([]cpplex.Token, 0, len(toks))
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
	return code, bodies
}

// where returns the function around code[i] for a check there: __func__,
// the named function, and where that function's body starts.
func (t *tracker) where(i int) (fn, within string, from int) {
	if s := t.function(); s != nil {
		return s.name, s.within, s.start
	}
	return "", "", 0
}

func newCheck(file string, code []cpplex.Token, i int, c Call, fn, within, inMacro string) model.Check {
	pieces, values := c.Template()
	return model.Check{
		Macro:     c.Name,
		Kind:      c.Macro.Kind,
		Pieces:    pieces,
		Values:    slotsFor(pieces, values),
		Condition: c.Condition(),
		Args:      c.ArgText(),
		Where:     model.Location{File: file, Line: code[i].Line},
		EndLine:   code[c.End].EndLine,
		Function:  fn,
		Within:    within,
		InMacro:   inMacro,
		Caught:    c.Caught(),
	}
}

func sortByLine(cs []model.Check) {
	// Insertion sort, stable: the runs (code, macro bodies) are each
	// nearly sorted.
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Where.Line < cs[j-1].Where.Line; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// slotsFor keeps the slots' labels when there is one for each value of
// the template, else none: a label on the wrong value is worse than none.
func slotsFor(pieces, values []string) []string {
	if len(values) == 0 || len(values) != len(pieces)-1 {
		return nil
	}
	return values
}
