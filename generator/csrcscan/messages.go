package csrcscan

import (
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Message is an error or warning nvFuser prints through one of its
// checking macros, NVF_ERROR(cond, "text ", value, "more text") and the
// like: the message is the concatenation of the arguments after the
// condition. Only messages that name an NVFUSER_ variable are kept: they are
// the hints the handbook connects to its pages.
type Message struct {
	Macro string
	Kind  string // model.HintError or model.HintWarning
	// Text is the message with its string literals resolved (adjacent
	// literals joined, escapes decoded); Placeholder stands for each value
	// computed at run time.
	Text  string
	Where model.Location // the macro's line
	// spans map offsets in Text to the source line of the literal there.
	spans []span
}

type span struct{ start, line int }

// Placeholder stands for a run-time value inside a message's Text.
const Placeholder = "…"

// LineAt is the source line of the literal holding Text[offset].
func (m Message) LineAt(offset int) int {
	i := sort.Search(len(m.spans), func(i int) bool { return m.spans[i].start > offset })
	if i == 0 {
		return m.Where.Line
	}
	return m.spans[i-1].line
}

// messageMacros are nvFuser's (and PyTorch's) checking and warning macros,
// with the number of arguments before the message (the condition, or the
// two operands of a comparison).
var messageMacros = map[string]struct {
	skip int
	kind string
}{
	"NVF_ERROR":             {1, model.HintError},
	"NVF_CHECK":             {1, model.HintError},
	"NVF_THROW":             {0, model.HintError},
	"TORCH_CHECK":           {1, model.HintError},
	"TORCH_INTERNAL_ASSERT": {1, model.HintError},
	"TORCH_WARN":            {0, model.HintWarning},
	"TORCH_WARN_ONCE":       {0, model.HintWarning},
	"NVF_ERROR_EQ":          {2, model.HintError},
	"NVF_ERROR_NE":          {2, model.HintError},
	"NVF_ERROR_LT":          {2, model.HintError},
	"NVF_ERROR_LE":          {2, model.HintError},
	"NVF_ERROR_GT":          {2, model.HintError},
	"NVF_ERROR_GE":          {2, model.HintError},
	"NVF_CHECK_EQ":          {2, model.HintError},
	"NVF_CHECK_NE":          {2, model.HintError},
	"NVF_CHECK_LT":          {2, model.HintError},
	"NVF_CHECK_LE":          {2, model.HintError},
	"NVF_CHECK_GT":          {2, model.HintError},
	"NVF_CHECK_GE":          {2, model.HintError},
}

// mentionMarker is what a message must contain to be kept.
const mentionMarker = "NVFUSER_"

// messageAt reads the macro call starting at code[i], if it is one whose
// message names a variable.
func messageAt(file string, code []cpplex.Token, i int) (Message, bool) {
	mac, ok := messageMacros[code[i].Text]
	if !ok || i+1 >= len(code) || !code[i+1].Is("(") {
		return Message{}, false
	}
	args, ok := callArgs(code, i+1)
	if !ok || len(args) <= mac.skip {
		return Message{}, false
	}
	m := Message{Macro: code[i].Text, Kind: mac.kind, Where: model.Location{File: file, Line: code[i].Line}}
	var b strings.Builder
	for _, arg := range args[mac.skip:] {
		if !allStrings(arg) {
			b.WriteString(Placeholder)
			continue
		}
		for _, t := range arg {
			m.spans = append(m.spans, span{start: b.Len(), line: t.Line})
			b.WriteString(t.StringValue())
		}
	}
	m.Text = b.String()
	return m, strings.Contains(m.Text, mentionMarker)
}

// callArgs splits the arguments of the call whose "(" is code[open] at
// its top-level commas. ok is false when the call is not closed, or a
// bracket inside it closes the wrong kind (code the lexer read past).
func callArgs(code []cpplex.Token, open int) (args [][]cpplex.Token, ok bool) {
	closing := map[string]string{"(": ")", "[": "]", "{": "}"}
	var stack []string
	start := open + 1
	for j := open; j < len(code); j++ {
		t := code[j]
		if t.Kind != cpplex.Punct {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			stack = append(stack, closing[t.Text])
		case ")", "]", "}":
			if len(stack) == 0 || stack[len(stack)-1] != t.Text {
				return nil, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				if j > start {
					args = append(args, code[start:j])
				}
				return args, true
			}
		case ",":
			if len(stack) == 1 {
				args = append(args, code[start:j])
				start = j + 1
			}
		}
	}
	return nil, false
}

func allStrings(toks []cpplex.Token) bool {
	for _, t := range toks {
		if t.Kind != cpplex.String {
			return false
		}
	}
	return len(toks) > 0
}
