package emit

import "github.com/nvfuser-handbook/handbook/generator/model"

// hintFront is a message nvFuser prints that suggests the page's variable
// or option; layouts/_partials/hints.html shows them.
type hintFront struct {
	Kind    string `toml:"kind"` // model.HintError, ...
	When    string `toml:"when"` // "it fails a check": the sentence's end, by kind
	Macro   string `toml:"macro,omitempty"`
	Message string `toml:"message"`
	At      Link   `toml:"at"` // the line, pinned to the checkout's commit
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
		out = append(out, hintFront{Kind: h.Kind, When: hintWhen[h.Kind], Macro: h.Macro, Message: h.Message, At: e.link(h.Where)})
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
