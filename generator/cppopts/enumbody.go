package cppopts

import (
	"fmt"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// value is an enumerator being read, with the comments that may describe it.
type value struct {
	Enumerator
	col      int
	trailing []string // comment after it on its line, plus continuation lines
	leading  []string // own-line comments directly above it
}

// How comments become descriptions:
//
//  1. A trailing comment — one that starts on the line where the
//     enumerator's code ends ("Foo, //!< text") — describes it.
//  2. Own-line comments on the lines right after a trailing comment
//     continue it when they are indented further than the enumerator name;
//     that is how clang-format lays out wrapped "//!<" and "//!" text.
//  3. Own-line comments directly above an enumerator (no blank line) are
//     its leading comment. They describe it only when it has no trailing
//     comment: in nvFuser such lines are remarks about the code, as in
//     "// TODO(...): rename the following", placed above an enumerator that
//     has its own description.
//  4. A comment whose text starts with TODO, FIXME, XXX, HACK, NOLINT or
//     clang-format is never a description, whatever its position.
//  5. Lines are joined with single spaces.
//
// enumBody reads the enumerators between the '{' at open and its '}' into
// e and returns the index of the '}'.
func enumBody(path string, toks []cpplex.Token, open int, e *Enum) (int, error) {
	var (
		vals         []*value
		cur          *value // the enumerator being read or just finished
		expectName   = true
		depth        int // nesting inside an initializer: X = f(1, 2),
		lastCodeLine = toks[open].Line
		cont         *value // whose trailing comment may go on
		contLine     int
		pending      []cpplex.Token // own-line comments since the last code
	)
	for i := open + 1; i < len(toks); i++ {
		t := toks[i]
		if t.Kind == cpplex.Comment {
			switch {
			case t.Trailing:
				if cur != nil && t.Line == lastCodeLine {
					cur.trailing = append(cur.trailing, commentLines(t)...)
					cont, contLine = cur, t.EndLine
				}
				pending = nil
			case cont != nil && t.Line == contLine+1 && t.Col > cont.col:
				cont.trailing = append(cont.trailing, commentLines(t)...)
				contLine = t.EndLine
			default:
				cont = nil
				if n := len(pending); n > 0 && pending[n-1].EndLine != t.Line-1 {
					pending = nil // a blank line separates comment blocks
				}
				pending = append(pending, t)
			}
			continue
		}
		if t.Kind == cpplex.Preproc || t.Directive {
			continue // #if inside an enum: take every branch
		}
		cont = nil
		if depth == 0 && t.Is("}") {
			e.Values = finish(vals)
			return i, nil
		}
		switch {
		case expectName:
			if t.Kind != cpplex.Ident {
				return 0, &ParseError{File: path, Line: t.Line, Msg: fmt.Sprintf("enum %s: expected an enumerator, found %q", e.Name, t.Text)}
			}
			cur = &value{Enumerator: Enumerator{Name: t.Text, Line: t.Line}, col: t.Col}
			if n := len(pending); n > 0 && (pending[n-1].EndLine == t.Line-1 || pending[n-1].EndLine == t.Line) {
				for _, c := range pending {
					cur.leading = append(cur.leading, commentLines(c)...)
				}
			}
			vals = append(vals, cur)
			expectName = false
		case t.Is("(") || t.Is("[") || t.Is("{"):
			depth++
		case t.Is(")") || t.Is("]") || t.Is("}"):
			depth--
		case t.Is(",") && depth == 0:
			expectName = true
		}
		pending = nil
		lastCodeLine = t.EndLine
	}
	return 0, &ParseError{File: path, Line: e.Line, Msg: fmt.Sprintf("enum %s has no closing brace", e.Name)}
}

// finish applies the description rules and drops the sentinel.
func finish(vals []*value) []Enumerator {
	var out []Enumerator
	for _, v := range vals {
		if v.Name == sentinel {
			continue
		}
		doc := joinLines(v.trailing)
		if isNote(doc) {
			doc = ""
		}
		if doc == "" && len(v.trailing) == 0 {
			doc = joinLines(v.leading)
			if isNote(doc) {
				doc = ""
			}
		}
		v.Doc = doc
		out = append(out, v.Enumerator)
	}
	return out
}
