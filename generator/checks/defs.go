package checks

import (
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Defs are what C++ files define that checks in other files depend on: the
// macros that expand to a check (wrappers), the functions whose check
// prints the arguments they are given, the macros that stringize. Read
// from every file first (ReadDefs, Merge, Resolve), then each file's
// checks are read knowing them (FromTokensWith). Nothing here is a hand
// list: a wrapper is any function-like macro whose body raises a check.
type Defs struct {
	// Wrappers are the function-like macros whose body raises a check, or
	// hands its arguments to a checking function, by name.
	Wrappers map[string]*Wrapper
	// Funcs are the functions holding a check whose message is their
	// parameter pack (template <class... Args> void validate(Val* c,
	// Args... args) { ... NVF_ERROR(..., to_str(args...)) }), by name.
	Funcs map[string]*CheckFunc
	// Stringizers are the macros that turn their argument into a string
	// literal: #define STRINGIZE_IMPL(x) #x, #define STRINGIZE(x)
	// STRINGIZE_IMPL(x).
	Stringizers map[string]bool
	// macros are every function-like macro name, with the files defining
	// it: the scope walk reads their invocations as the preprocessor does.
	macros map[string]map[string]bool
	// candidates are function-like macro definitions not yet known to be
	// wrappers (one may call a checking function defined elsewhere).
	candidates map[string]*Wrapper
	// checking are the files that define the checking macros (NVF_ERROR
	// ...): their bodies build checks, they raise none.
	checking map[string]bool
	// aliases are macros whose whole body is another macro's name
	// (#define STRINGIZE(x) STRINGIZE_IMPL(x)), resolved by Resolve.
	aliases map[string]string
}

// Wrapper is a function-like macro whose expansion raises a check.
type Wrapper struct {
	Name string
	File string
	Line int
	// Params are the parameter names, "__VA_ARGS__" for "...".
	Params []string
	Body   []cpplex.Token
}

// CheckFunc is a function whose check prints the arguments of its
// parameter pack: a call's arguments from Pack on are the message.
type CheckFunc struct {
	Name  string
	Check model.Check // its own check: macro, kind, condition, place
	Pack  int         // index of the pack among the parameters
}

// NewDefs returns empty definitions.
func NewDefs() *Defs {
	return &Defs{Wrappers: map[string]*Wrapper{}, Funcs: map[string]*CheckFunc{}, Stringizers: map[string]bool{},
		macros: map[string]map[string]bool{}, candidates: map[string]*Wrapper{}, checking: map[string]bool{}, aliases: map[string]string{}}
}

// ReadDefs reads what one file defines (unresolved: see Resolve).
func ReadDefs(file string, toks []cpplex.Token) *Defs {
	d := NewDefs()
	code, bodies := split(toks)
	for _, body := range bodies {
		d.readDefine(file, body)
	}
	d.readFuncs(file, code)
	return d
}

// readDefine reads one #define (its name first).
func (d *Defs) readDefine(file string, body []cpplex.Token) {
	if len(body) < 3 || !body[1].Is("(") || body[1].Line != body[0].Line || body[1].Col != body[0].Col+len(body[0].Text) {
		return // object-like
	}
	name := body[0].Text
	if _, known := Macros[name]; known {
		d.checking[file] = true
	}
	params, end, ok := Args(body, 1)
	if !ok {
		return
	}
	w := &Wrapper{Name: name, File: file, Line: body[0].Line, Body: body[end+1:]}
	for _, p := range params {
		switch {
		case len(p) == 3 && p[0].Is(".") && p[1].Is(".") && p[2].Is("."):
			w.Params = append(w.Params, "__VA_ARGS__")
		case len(p) == 1 && p[0].Kind == cpplex.Ident:
			w.Params = append(w.Params, p[0].Text)
		default:
			return
		}
	}
	if d.macros[name] == nil {
		d.macros[name] = map[string]bool{}
	}
	d.macros[name][file] = true
	b := w.Body
	switch {
	case len(w.Params) == 1 && len(b) == 2 && b[0].Is("#") && b[1].Is(w.Params[0]):
		d.Stringizers[name] = true
		return
	case len(w.Params) == 1 && len(b) == 4 && b[0].Kind == cpplex.Ident && b[1].Is("(") && b[2].Is(w.Params[0]) && b[3].Is(")"):
		d.aliases[name] = b[0].Text
	}
	for i := range b {
		if _, known := Macros[b[i].Text]; known && b[i].Kind == cpplex.Ident {
			if _, ok := CallAt(b, i); ok {
				d.Wrappers[name] = w
				return
			}
		}
	}
	d.candidates[name] = w
}

// readFuncs finds the functions whose check prints their parameter pack.
func (d *Defs) readFuncs(file string, code []cpplex.Token) {
	tr := &tracker{code: code, macros: d.invocations(file), open: -1}
	for i := 0; i < len(code); i++ {
		if _, known := Macros[code[i].Text]; known && code[i].Kind == cpplex.Ident {
			if s := tr.function(); s != nil && s.name == s.within && s.params != nil {
				if c, ok := CallAt(code, i); ok {
					if pack, name := packParam(s.params); pack >= 0 && printsPack(code, s.start, c, name) {
						ck := newCheck(file, code, i, c, s.name, s.within, "")
						d.Funcs[s.name] = &CheckFunc{Name: s.name, Check: ck, Pack: pack}
					}
				}
			}
		}
		i += tr.step(i)
	}
}

// packParam returns the index and name of a parameter pack (Args... args)
// in a parameter list, -1 if none.
func packParam(params []cpplex.Token) (int, string) {
	idx := 0
	depth := 0
	for i, t := range params {
		switch {
		case t.Is("(") || t.Is("<") || t.Is("["):
			depth++
		case t.Is(")") || t.Is(">") || t.Is("]"):
			depth--
		case t.Is(",") && depth == 0:
			idx++
		case t.Is(".") && depth == 0 && i+3 < len(params) && params[i+1].Is(".") && params[i+2].Is(".") && params[i+3].Kind == cpplex.Ident:
			return idx, params[i+3].Text
		}
	}
	return -1, ""
}

// printsPack says whether a check's message is the pack name (args...),
// or a variable the function set from it (std::string m = to_str(args...)).
func printsPack(code []cpplex.Token, from int, c Call, pack string) bool {
	msg := c.Message()
	if len(msg) != 1 {
		return false
	}
	if mentions(msg[0], pack) {
		return true
	}
	if len(msg[0]) != 1 || msg[0][0].Kind != cpplex.Ident {
		return false
	}
	v := msg[0][0].Text
	for j := c.at - 1; j > from+1; j-- {
		if code[j].Is(v) && code[j+1].Is("=") {
			k := j + 2
			for k < c.at && !code[k].Is(";") {
				k++
			}
			return mentions(code[j+2:k], pack)
		}
	}
	return false
}

func mentions(toks []cpplex.Token, pack string) bool {
	for i, t := range toks {
		if t.Is(pack) && i+1 < len(toks) && toks[i+1].Is(".") {
			return true
		}
	}
	return false
}

// Merge adds another file's definitions. A name defined in two files
// keeps the first (files are merged in path order).
func (d *Defs) Merge(o *Defs) {
	for k, v := range o.Wrappers {
		if d.Wrappers[k] == nil {
			d.Wrappers[k] = v
		}
	}
	for k, v := range o.candidates {
		if d.candidates[k] == nil {
			d.candidates[k] = v
		}
	}
	for k, v := range o.Funcs {
		if d.Funcs[k] == nil {
			d.Funcs[k] = v
		}
	}
	for k := range o.Stringizers {
		d.Stringizers[k] = true
	}
	for k, v := range o.aliases {
		d.aliases[k] = v
	}
	for k, files := range o.macros {
		if d.macros[k] == nil {
			d.macros[k] = map[string]bool{}
		}
		for f := range files {
			d.macros[k][f] = true
		}
	}
	for k := range o.checking {
		d.checking[k] = true
	}
}

// Resolve settles what needs every file: a macro that only renames a
// stringizer stringizes; a macro that calls a checking function, or
// another wrapper, wraps.
func (d *Defs) Resolve() {
	for n, w := range d.Wrappers {
		if d.checking[w.File] {
			delete(d.Wrappers, n) // NVF_ERROR_COMPARE builds NVF_ERROR_EQ
		}
	}
	for n, w := range d.candidates {
		if d.checking[w.File] {
			delete(d.candidates, n)
		}
	}
	for name, to := range d.aliases {
		if d.Stringizers[to] {
			d.Stringizers[name] = true
		}
	}
	for changed := true; changed; {
		changed = false
		names := make([]string, 0, len(d.candidates))
		for n := range d.candidates {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			w := d.candidates[n]
			for i, t := range w.Body {
				if t.Kind != cpplex.Ident || i+1 >= len(w.Body) || !w.Body[i+1].Is("(") || t.Text == n {
					continue
				}
				if d.Wrappers[t.Text] != nil || d.Funcs[t.Text] != nil && forwardsArgs(w.Body, i+1) {
					d.Wrappers[n] = w
					delete(d.candidates, n)
					changed = true
					break
				}
			}
		}
	}
}

// forwardsArgs says whether the call opening at body[open] passes the
// macro's variadic arguments on.
func forwardsArgs(body []cpplex.Token, open int) bool {
	args, _, ok := Args(body, open)
	if !ok {
		return false
	}
	for _, a := range args {
		for _, t := range a {
			if t.Text == "__VA_ARGS__" {
				return true
			}
		}
	}
	return false
}

// invocations are the function-like macros the scope walk of file treats
// as the preprocessor does: the file's own, and the tree's written in
// capitals (a lower-case macro elsewhere must not hide a function here).
func (d *Defs) invocations(file string) map[string]bool {
	out := map[string]bool{}
	for name, files := range d.macros {
		if files[file] || strings.ToUpper(name) == name {
			out[name] = true
		}
	}
	return out
}

// Names are the wrappers' and checking functions' names, sorted: a file
// naming none of them needs nothing but its own definitions.
func (d *Defs) Names() []string {
	var out []string
	for n := range d.Wrappers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
