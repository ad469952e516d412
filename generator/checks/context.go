package checks

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// What the source says around a check, for its page's "what it means":
// the comment block right above the call, and the named function it is in
// (where its declaration starts and its body ends, and the comment right
// above that declaration). Found from the same tokens the extractor read,
// with the same scope walk, so a comment inside a string or a function
// inside a lambda is read as the extractor reads it.

// FunctionSpan is one named function's definition in a file.
type FunctionSpan struct {
	Name      string
	Start     int // the line its declaration starts on (template<...> included)
	End       int // the line of its body's closing brace
	Doc       model.SourceComment
	declToken int // index in the code tokens of the declaration's first token
}

// Functions returns the named functions defined in a file's tokens, in
// source order: their lines and doc comments. Lambdas and local classes'
// functions are part of the function around them.
func Functions(toks []cpplex.Token) []FunctionSpan {
	code := make([]cpplex.Token, 0, len(toks))
	for _, t := range toks {
		if t.Kind != cpplex.Comment && t.Kind != cpplex.Preproc && !t.Directive {
			code = append(code, t)
		}
	}
	var out []FunctionSpan
	tr := &tracker{code: code}
	decl := 0   // first token of the declaration being read at outer scope
	open := -1  // index into out of the function whose body we are in
	depth := -1 // stack depth of that body
	for i := 0; i < len(code); i++ {
		before := len(tr.stack)
		wasOuter := tr.outer()
		var top scopeKind
		if before > 0 {
			top = tr.stack[before-1].kind
		}
		i += tr.step(i)
		t := code[i]
		switch {
		case open < 0 && len(tr.stack) == before+1 && tr.stack[before].kind == scopeFunc && wasOuter:
			out = append(out, FunctionSpan{Name: tr.stack[before].name, Start: code[decl].Line, declToken: decl})
			open, depth = len(out)-1, before+1
		case open >= 0 && len(tr.stack) < depth:
			out[open].End = t.EndLine
			open, depth = -1, -1
			decl = i + 1
		case wasOuter && t.Is(";"):
			decl = i + 1
		case wasOuter && t.Is("{") && len(tr.stack) == before+1 && tr.stack[before].kind == scopeOuter:
			decl = i + 1 // a class or namespace opens
		case t.Is("}") && len(tr.stack) < before && top != scopeInit && tr.outer():
			decl = i + 1 // a class or namespace closes
		}
	}
	for k := range out {
		// "public:" before a member function is not part of it.
		d := out[k].declToken
		for d+1 < len(code) && isAccess(code[d].Text) && code[d+1].Is(":") {
			d += 2
		}
		out[k].declToken = d
		if d < len(code) {
			out[k].Start = code[d].Line
		}
		if out[k].End == 0 {
			out[k].End = code[len(code)-1].EndLine
		}
		out[k].Doc = CommentAbove(toks, out[k].Start)
	}
	return out
}

func isAccess(s string) bool { return s == "public" || s == "private" || s == "protected" }

// CommentAbove returns the comment block that ends on the line right
// above line: consecutive comments with nothing but white space between
// them and line. A trailing comment (code before it on its line) ends the
// block; so does a blank line or code. License headers are left out.
func CommentAbove(toks []cpplex.Token, line int) model.SourceComment {
	// The last token that starts before line.
	j := -1
	lo, hi := 0, len(toks)
	for lo < hi {
		m := (lo + hi) / 2
		if toks[m].Line < line {
			j, lo = m, m+1
		} else {
			hi = m
		}
	}
	var block []cpplex.Token
	want := line - 1 // the line the next comment up must end on
	for ; j >= 0; j-- {
		t := toks[j]
		if t.Kind != cpplex.Comment || t.Trailing || t.EndLine != want {
			break
		}
		block = append(block, t)
		want = t.Line - 1
	}
	if len(block) == 0 {
		return model.SourceComment{}
	}
	var lines []string
	for k := len(block) - 1; k >= 0; k-- {
		lines = append(lines, commentText(block[k])...)
	}
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	if text == "" || isBoilerplate(text) {
		return model.SourceComment{}
	}
	return model.SourceComment{Text: text, Line: block[len(block)-1].Line, EndLine: block[0].EndLine}
}

// commentText is a comment's lines with the markers taken off ("//",
// "///", "//!", "/*", "*/", a block's leading "*") and the common
// indentation removed; the words are as written.
func commentText(t cpplex.Token) []string {
	s := t.Text
	if rest, ok := strings.CutPrefix(s, "//"); ok {
		rest = strings.TrimLeft(rest, "/!")
		return []string{strings.TrimSpace(rest)}
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "/*"), "*/")
	s = strings.TrimLeft(s, "*!")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if i > 0 {
			l = strings.TrimSpace(strings.TrimPrefix(l, "*"))
		}
		lines[i] = l
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// isBoilerplate is a license header or a linter's switch: no reader's
// business.
func isBoilerplate(text string) bool {
	for _, p := range []string{"clang-format", "NOLINT", "SPDX-", "Copyright"} {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return false
}

// AttachContext gives each check of one file the comment block above its
// call and its function's span and doc comment (cs are that file's
// checks, toks its tokens).
func AttachContext(toks []cpplex.Token, cs []model.Check) {
	if len(cs) == 0 {
		return
	}
	fns := Functions(toks)
	for i := range cs {
		c := &cs[i]
		c.Comment = CommentAbove(toks, c.Where.Line)
		c.ConditionWords = ConditionInWords(c.Condition)
		if c.InMacro != "" {
			continue // raised wherever the macro is used
		}
		// The innermost named function holding the line.
		for k := range fns {
			f := &fns[k]
			if f.Start <= c.Where.Line && c.Where.Line <= f.End && (c.Within == "" || f.Name == c.Within) {
				c.FuncStart, c.FuncEnd, c.FuncDoc = f.Start, f.End, f.Doc
			}
		}
	}
}
