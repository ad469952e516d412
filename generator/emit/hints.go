package emit

import "github.com/nvfuser-handbook/handbook/generator/model"

// hintFront is a message nvFuser prints that suggests the page's variable
// or option; layouts/_partials/hints.html shows them.
type hintFront struct {
	Kind    string `toml:"kind"` // "error" or "warning"
	Macro   string `toml:"macro"`
	Message string `toml:"message"`
	At      Link   `toml:"at"` // the line, pinned to the checkout's commit
}

func (e *emitter) hints(hs []model.Hint) []hintFront {
	var out []hintFront
	for _, h := range hs {
		out = append(out, hintFront{Kind: h.Kind, Macro: h.Macro, Message: h.Message, At: e.link(h.Where)})
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
