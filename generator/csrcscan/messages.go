package csrcscan

import (
	"regexp"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
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

// rejectReason is canScheduleRejectReason(scheduler type, "why"): a
// scheduler's reason for turning a fusion down, printed with the scheduler
// debug dumps. It is not a check (nothing is raised), so generator/checks
// does not list it.
const rejectReason = "canScheduleRejectReason"

// mentionMarker is what a message must contain to be kept.
const mentionMarker = "NVFUSER_"

// messageAt reads the macro call starting at code[i], if it is one whose
// message names a variable. end is the index of the call's closing ")"
// (i when it could not be read), so its literals are not read again.
// Checking macros are read by generator/checks, the one reading of them.
func messageAt(file string, code []cpplex.Token, i int) (m Message, end int, ok bool) {
	var msg [][]cpplex.Token
	kind := model.HintRejection
	if c, isCheck := checks.CallAt(code, i); isCheck {
		msg, end = c.Message(), c.End
		kind = model.HintError
		if c.Macro.Kind == model.CheckWarning {
			kind = model.HintWarning
		}
	} else if code[i].Text == rejectReason && i+1 < len(code) && code[i+1].Is("(") {
		args, e, closed := checks.Args(code, i+1)
		if !closed || len(args) < 2 {
			return Message{}, i, false
		}
		msg, end = args[1:], e
	} else {
		return Message{}, i, false
	}
	m = Message{Macro: code[i].Text, Kind: kind, Where: model.Location{File: file, Line: code[i].Line}}
	var b strings.Builder
	for _, arg := range msg {
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

func allStrings(toks []cpplex.Token) bool {
	for _, t := range toks {
		if t.Kind != cpplex.String {
			return false
		}
	}
	return len(toks) > 0
}
