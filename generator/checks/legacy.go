package checks

import (
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Before issue 33 the extractor read some checks wrong: the function of a
// check after a macro invocation with no ";" (NVFUSER_DEFINE_UNARY_IS_OP
// instead of arithOpOverloads), operator[] taken for a lambda, a message
// taking another function's default argument, a stream written by a
// printer object losing its value. Their pages were published under ids
// made from the wrong reading; those ids stay as aliases. The old reading
// is kept here, small, so that the old id of every check can be computed
// again (and numbered as it was: among the checks of the old reading).

// legacyMark prefixes a base id of the old reading in Check.Legacy until
// AssignIDs numbers it.
const legacyMark = "\x00"

// legacyChecks are the file's checks as the old extractor read them.
func legacyChecks(file string, code []cpplex.Token, bodies [][]cpplex.Token) []model.Check {
	var out []model.Check
	tr := &tracker{code: code, legacy: true, open: -1}
	for i := 0; i < len(code); i++ {
		if _, known := Macros[code[i].Text]; known && code[i].Kind == cpplex.Ident {
			if c, ok := CallAt(code, i); ok {
				fn, within := tr.current()
				c.legacy = true
				out = append(out, newCheck(file, code, i, c, fn, within, ""))
			}
		}
		i += tr.step(i)
	}
	for _, body := range bodies {
		for i := 1; i < len(body); i++ {
			if _, known := Macros[body[i].Text]; !known || body[i].Kind != cpplex.Ident {
				continue
			}
			c, ok := CallAt(body, i)
			if !ok || forwards(body[i:c.End]) {
				continue
			}
			c.legacy = true
			out = append(out, newCheck(file, body, i, c, "", "", body[0].Text))
		}
	}
	return out
}

// forwards: the old reading skipped a body check that stringizes or
// forwards __VA_ARGS__.
func forwards(toks []cpplex.Token) bool {
	for _, t := range toks {
		if t.Text == "__VA_ARGS__" || t.Is("#") {
			return true
		}
	}
	return false
}

// markLegacy gives each check the old reading also found its old base id.
func markLegacy(cs []model.Check, old []model.Check) {
	type key struct {
		line     int
		macro, m string
	}
	byKey := map[key]*model.Check{}
	for i := range old {
		byKey[key{old[i].Where.Line, old[i].Macro, old[i].InMacro}] = &old[i]
	}
	for i := range cs {
		if cs[i].Via != "" {
			continue
		}
		if o := byKey[key{cs[i].Where.Line, cs[i].Macro, cs[i].InMacro}]; o != nil {
			cs[i].Legacy = legacyMark + BaseID(o)
		}
	}
}

// numberLegacy replaces each marked Legacy by the id the old reading
// numbered, kept only where it differs from the check's id. cs are in
// AssignIDs' order.
func numberLegacy(cs []model.Check) {
	used := map[string]bool{}
	for i := range cs {
		base, ok := strings.CutPrefix(cs[i].Legacy, legacyMark)
		if !ok {
			cs[i].Legacy = ""
			continue
		}
		id := base
		for n := 2; used[id]; n++ {
			id = base + "-" + strconv.Itoa(n)
		}
		used[id] = true
		cs[i].Legacy = ""
		if id != cs[i].ID {
			cs[i].Legacy = id
		}
	}
	current := make(map[string]bool, len(cs))
	for i := range cs {
		current[cs[i].ID] = true
	}
	for i := range cs {
		if current[cs[i].Legacy] {
			cs[i].Legacy = "" // another check has that id now: its page answers there
		}
	}
}
