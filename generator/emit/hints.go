package emit

import (
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// hintFront is a message nvFuser prints that suggests the page's variable
// or option; layouts/_partials/hints.html shows them.
type hintFront struct {
	Kind    string `toml:"kind"` // model.HintError, ...
	When    string `toml:"when"` // "it fails a check": the sentence's end, by kind
	Macro   string `toml:"macro,omitempty"`
	Message string `toml:"message"`
	At      Link   `toml:"at"` // the line, pinned to the checkout's commit
	// Check is the page of the check that prints the message, when it is
	// one of the handbook's checks: the link a reader follows first.
	Check string `toml:"check_url,omitempty"`
}

// hintWhen finishes "nvFuser suggests this when …" for each kind of hint.
var hintWhen = map[string]string{
	model.HintError:     "a check fails",
	model.HintWarning:   "it warns",
	model.HintRejection: "a scheduler turns a fusion down",
	model.HintMessage:   "it prints or returns this text",
}

func (e *emitter) hints(hs []model.Hint) []hintFront {
	var out []hintFront
	for _, h := range hs {
		f := hintFront{Kind: h.Kind, When: hintWhen[h.Kind], Macro: h.Macro, Message: h.Message, At: e.link(h.Where)}
		if h.CheckID != "" {
			f.Check = urls.Check(h.CheckID)
		}
		out = append(out, f)
	}
	return out
}

// APIHint is a message nvFuser prints that names the entry: the "hints"
// field of api/options.json and api/env.json.
type APIHint struct {
	Kind    string `json:"kind"`
	Macro   string `json:"macro"`
	Message string `json:"message"`
	Where   string `json:"where"`
}

func apiHints(hs []model.Hint) []APIHint {
	out := []APIHint{}
	for _, h := range hs {
		out = append(out, APIHint{Kind: h.Kind, Macro: h.Macro, Message: h.Message, Where: h.Where.String()})
	}
	return out
}
