package csrcscan

import (
	"regexp"
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
	// canScheduleRejectReason(scheduler type, "why"): printed with the
	// scheduler debug dumps.
	"canScheduleRejectReason": {1, model.HintRejection},
}

// mentionMarker is what a message must contain to be kept.
const mentionMarker = "NVFUSER_"

// messageAt reads the macro call starting at code[i], if it is one whose
// message names a variable. end is the index of the call's closing ")"
// (i when it could not be read), so its literals are not read again.
func messageAt(file string, code []cpplex.Token, i int) (m Message, end int, ok bool) {
	mac, known := messageMacros[code[i].Text]
	if !known || i+1 >= len(code) || !code[i+1].Is("(") {
		return Message{}, i, false
	}
	args, end, closed := callArgs(code, i+1)
	if !closed || len(args) <= mac.skip {
		return Message{}, i, false
	}
	m = Message{Macro: code[i].Text, Kind: mac.kind, Where: model.Location{File: file, Line: code[i].Line}}
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
	return m, end, strings.Contains(m.Text, mentionMarker)
}

// assignment is NAME=value inside a literal outside the macros: a message
// streamed to a log or returned as a reason ("Enable it using
// NVFUSER_ENABLE=fuse_matmul"). A bare variable name in such a literal is
// too often code (generated kernel text, build flags) to count.
var assignment = regexp.MustCompile(`NVFUSER_[A-Z0-9_]*[A-Z0-9]=[a-z0-9_]`)

// literalRun reads the adjacent string literals starting at code[i] (the
// compiler joins them into one). end is the index of the last one.
func literalRun(file string, code []cpplex.Token, i int) (m Message, end int, ok bool) {
	m = Message{Kind: model.HintMessage, Where: model.Location{File: file, Line: code[i].Line}}
	var b strings.Builder
	end = i
	for ; end < len(code) && code[end].Kind == cpplex.String; end++ {
		m.spans = append(m.spans, span{start: b.Len(), line: code[end].Line})
		b.WriteString(code[end].StringValue())
	}
	m.Text = b.String()
	return m, end - 1, assignment.MatchString(m.Text)
}

// callArgs splits the arguments of the call whose "(" is code[open] at
// its top-level commas. ok is false when the call is not closed, or a
// bracket inside it closes the wrong kind (code the lexer read past).
func callArgs(code []cpplex.Token, open int) (args [][]cpplex.Token, end int, ok bool) {
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
				return nil, j, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				if j > start {
					args = append(args, code[start:j])
				}
				return args, j, true
			}
		case ",":
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
