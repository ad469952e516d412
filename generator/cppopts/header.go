package cppopts

import (
	"fmt"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// Enum is an enum definition in options.h.
type Enum struct {
	Name   string // "DebugDumpOption"
	Doc    string // the comment block right above it; paragraphs separated by "\n\n"
	Env    string // "NVFUSER_DUMP", from "set through the `NVFUSER_DUMP` environment variable"; "" if absent
	Line   int    // line of the "enum" keyword
	Values []Enumerator
}

// Enumerator is one value of an Enum. EndOfOption, the counting sentinel,
// is not reported.
type Enumerator struct {
	Name string // "FusionIr"
	Doc  string // its description, joined into one line; "" if it has none
	Line int
}

// sentinel is the last enumerator of every option enum; it counts the
// others and is not an option.
const sentinel = "EndOfOption"

// ParseHeader returns the enums defined in src. path is only used in
// errors. The enums parsed before an error are returned along with it.
func ParseHeader(path string, src []byte) ([]Enum, error) {
	toks, err := lex(path, src)
	if err != nil {
		return nil, err
	}
	var enums []Enum
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Kind != cpplex.Ident || t.Text != "enum" || t.Directive {
			continue
		}
		e, open, ok, err := enumHead(path, toks, i)
		if err != nil {
			return enums, err
		}
		if !ok {
			continue
		}
		e.Doc = joinParagraphs(docAbove(toks, i))
		e.Env = docEnv(e.Doc)
		close, err := enumBody(path, toks, open, &e)
		if err != nil {
			return enums, err
		}
		enums = append(enums, e)
		i = close
	}
	return enums, nil
}

// enumHead reads "enum [class|struct] Name [: type] {" at i. ok is false for
// things that are not enum definitions (forward declarations, "enum X x;",
// anonymous enums); an error is returned only when the input ends mid-head.
func enumHead(path string, toks []cpplex.Token, i int) (Enum, int, bool, error) {
	e := Enum{Line: toks[i].Line}
	j := nextCode(toks, i+1)
	if j < len(toks) && (toks[j].Is("class") || toks[j].Is("struct")) {
		j = nextCode(toks, j+1)
	}
	if j >= len(toks) {
		return e, 0, false, &ParseError{File: path, Line: e.Line, Msg: "enum declaration cut short"}
	}
	if toks[j].Kind != cpplex.Ident {
		return e, 0, false, nil
	}
	e.Name = toks[j].Text
	j = nextCode(toks, j+1)
	if j < len(toks) && toks[j].Is(":") { // underlying type: std::uint8_t
		j = nextCode(toks, j+1)
		for j < len(toks) && (toks[j].Kind == cpplex.Ident || toks[j].Is("::")) {
			j = nextCode(toks, j+1)
		}
	}
	if j >= len(toks) {
		return e, 0, false, &ParseError{File: path, Line: e.Line, Msg: fmt.Sprintf("enum %s cut short", e.Name)}
	}
	if !toks[j].Is("{") {
		return e, 0, false, nil
	}
	return e, j, true, nil
}

// nextCode returns the index of the first non-comment token at or after i.
func nextCode(toks []cpplex.Token, i int) int {
	for i < len(toks) && toks[i].Kind == cpplex.Comment {
		i++
	}
	return i
}

// docAbove returns the lines of the own-line comments that end on the line
// just above toks[i], contiguous with each other.
func docAbove(toks []cpplex.Token, i int) []string {
	want := toks[i].Line - 1
	start := i
	for k := i - 1; k >= 0; k-- {
		c := toks[k]
		if c.Kind != cpplex.Comment || c.Trailing || c.EndLine != want {
			break
		}
		start, want = k, c.Line-1
	}
	var lines []string
	for k := start; k < i; k++ {
		lines = append(lines, commentLines(toks[k])...)
	}
	return lines
}
