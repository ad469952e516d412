package checks

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// Call is one call of a checking macro, read from code tokens.
type Call struct {
	Name  string
	Macro Macro
	// Args are the call's arguments split at top-level commas.
	Args [][]cpplex.Token
	// End is the index of the closing parenthesis.
	End int
	// code and at are the tokens the call was read from and the index of
	// its name: a message streamed beforehand is read from them.
	code []cpplex.Token
	at   int
	// from is where the function around the call starts (streams are
	// read after it); legacy reads messages as before issue 33.
	from   int
	legacy bool
	// str are the macros that stringize their argument (STRINGIZE).
	str map[string]bool
}

// Message returns the arguments after the operands (the message parts).
func (c Call) Message() [][]cpplex.Token {
	if len(c.Args) <= c.Macro.Operands {
		return nil
	}
	return c.Args[c.Macro.Operands:]
}

// CallAt reads the call of a checking macro whose name is code[i]. ok is
// false when code[i] is not a known macro followed by "(", when the call is
// not closed, or when it has fewer arguments than operands.
func CallAt(code []cpplex.Token, i int) (c Call, ok bool) {
	mac, known := Macros[code[i].Text]
	if !known || code[i].Kind != cpplex.Ident || i+1 >= len(code) || !code[i+1].Is("(") {
		return Call{}, false
	}
	args, end, closed := Args(code, i+1)
	if !closed || len(args) < mac.Operands {
		return Call{}, false
	}
	return Call{Name: code[i].Text, Macro: mac, Args: args, End: end, code: code, at: i}, true
}

// Pieces is the message template of a call: literal runs with one run-time
// value between two of them. An argument made only of string literals is
// text (adjacent literals joined, escapes decoded); a string stream
// written just before is what was written into it (stream.go); any other
// argument is a value.
func (c Call) Pieces() []string {
	pieces, _ := c.Template()
	return pieces
}

// Template is the message template (Pieces) and, for each value between
// two pieces, the expression nvFuser prints there as the source spells it
// (a compared operand, a message argument, what was streamed into a
// stream): the labels of a check page's slots.
func (c Call) Template() (pieces, slots []string) {
	if c.Macro.Op != "" {
		pieces = append(pieces, comparisonPieces...)
		slots = append(slots, Spell(c.Args[0]), Spell(c.Args[1]))
	} else {
		pieces = []string{""}
	}
	for _, arg := range c.Message() {
		if name, ok := streamName(arg); ok && c.code != nil {
			if streamed, values, ok := streamPieces(c.code, c.at, name, c.from, !c.legacy); ok {
				pieces[len(pieces)-1] += streamed[0]
				pieces = append(pieces, streamed[1:]...)
				slots = append(slots, values...)
				continue
			}
		}
		if !allStrings(arg) {
			if c.legacy {
				pieces = append(pieces, "")
				slots = append(slots, Spell(arg))
				continue
			}
			pieces, slots = appendConcat(pieces, slots, arg, c.str)
			continue
		}
		var b strings.Builder
		for _, t := range arg {
			b.WriteString(t.StringValue())
		}
		pieces[len(pieces)-1] += b.String()
	}
	return pieces, slots
}

// ArgText is each message argument spelled as the source has it.
func (c Call) ArgText() []string {
	var out []string
	for _, a := range c.Message() {
		out = append(out, Spell(a))
	}
	return out
}

// Condition is the checked expression as the preprocessor stringizes it:
// the argument's text with each run of white space (comments included)
// made one space. The comparison forms print "(a)==(b)".
func (c Call) Condition() string {
	switch {
	case c.Macro.Operands == 1:
		return Spell(c.Args[0])
	case c.Macro.Operands == 2:
		return "(" + Spell(c.Args[0]) + ")" + c.Macro.Op + "(" + Spell(c.Args[1]) + ")"
	}
	return ""
}

// Spell writes tokens back as source text, one space where the source had
// any gap between two tokens and none where they touched.
func Spell(toks []cpplex.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && !touches(toks[i-1], t) {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// touches says whether b starts right where a ends.
func touches(a, b cpplex.Token) bool {
	if a.EndLine != b.Line {
		return false
	}
	if a.EndLine != a.Line { // a multi-line token: its last line's length
		last := a.Text[strings.LastIndexByte(a.Text, '\n')+1:]
		return b.Col == len(last)+1
	}
	return b.Col == a.Col+len(a.Text)
}

// Args splits the arguments of the call whose "(" is code[open] at
// its top-level commas. ok is false when the call is not closed, or a
// bracket inside it closes the wrong kind (code the lexer read past).
func Args(code []cpplex.Token, open int) (args [][]cpplex.Token, end int, ok bool) {
	var stack []byte
	start := open + 1
	for j := open; j < len(code); j++ {
		t := code[j]
		if t.Kind != cpplex.Punct || len(t.Text) != 1 {
			continue
		}
		switch c := t.Text[0]; c {
		case '(':
			stack = append(stack, ')')
		case '[':
			stack = append(stack, ']')
		case '{':
			stack = append(stack, '}')
		case ')', ']', '}':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return nil, j, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				if j > start {
					args = append(args, code[start:j])
				}
				return args, j, true
			}
		case ',':
			if len(stack) == 1 {
				args = append(args, code[start:j])
				start = j + 1
			}
		}
	}
	return nil, len(code), false
}

func allStrings(toks []cpplex.Token) bool {
	for _, t := range toks {
		if t.Kind != cpplex.String {
			return false
		}
	}
	return len(toks) > 0
}

// appendConcat adds an argument that is not only string literals to the
// pieces: one value, unless it is literals joined with what the
// preprocessor turns into literals (a stringized macro parameter #x, which
// stays a value in a macro body, or STRINGIZE(__LINE__), a number once
// expanded; STRINGIZE(__FILE__) is the path the compiler was given, a
// value).
func appendConcat(pieces, slots []string, arg []cpplex.Token, str map[string]bool) ([]string, []string) {
	var parts []string // literal text, or "\x00" for a value
	var values []string
	const value = "\x00"
	whole := func() ([]string, []string) { return append(pieces, ""), append(slots, Spell(arg)) }
	for k := 0; k < len(arg); k++ {
		t := arg[k]
		switch {
		case t.Kind == cpplex.String:
			parts = append(parts, t.StringValue())
		case t.Is("#") && k+1 < len(arg) && arg[k+1].Kind == cpplex.Ident:
			parts = append(parts, value)
			values = append(values, "#"+arg[k+1].Text)
			k++
		case t.Kind == cpplex.Ident && str[t.Text] && k+1 < len(arg) && arg[k+1].Is("("):
			inner, end, ok := Args(arg, k+1)
			if !ok || len(inner) != 1 {
				return whole()
			}
			if s := Spell(inner[0]); s == "__FILE__" {
				parts = append(parts, `"`, value, `"`) // a string literal, stringized
				values = append(values, s)
			} else if s == "__LINE__" || s == "__func__" || isNumber(inner[0]) {
				// The use's line (a number once expanded): a value, so
				// that the check's id does not change when lines move.
				parts = append(parts, value)
				values = append(values, s)
			} else {
				parts = append(parts, s)
			}
			k = end
		default:
			return whole()
		}
	}
	for _, p := range parts {
		if p == value {
			pieces = append(pieces, "")
		} else {
			pieces[len(pieces)-1] += p
		}
	}
	return pieces, append(slots, values...)
}

func isNumber(toks []cpplex.Token) bool {
	return len(toks) == 1 && toks[0].Kind == cpplex.Number
}
