package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// CheckStep is a step a check page lists under "what to try" for every
// check of some kinds ([[params.handbook.check_steps]]): what to do, and
// where it comes from. A page says nothing about what to try that is not
// in the checkout, a note, or such a rule.
type CheckStep struct {
	Kinds []string // model.CheckInternal, ...: the checks it is for
	Text  string   // what to do, in the handbook's words
	// Try is a setting to paste ("NVFUSER_DISABLE=parallel_compile"): the
	// build fails when the checkout has no such option or variable.
	Try string
	// Guide is the path of a note or one of nvFuser's docs (as its page
	// shows it: doc/dev/debug.md) that explains the step; the build fails
	// when there is none.
	Guide string
	URL   string // an outside page instead (nvFuser's issue tracker)
	At    model.Location
}

var checkStepKeys = map[string]bool{"kinds": true, "text": true, "try": true, "guide": true, "url": true}

// Name names the rule in messages: config.toml's path and line.
func (s CheckStep) Name() string { return fmt.Sprintf("%s: [[params.handbook.check_steps]]", s.At) }

// checkSteps reads [[params.handbook.check_steps]]; what the entries name
// (options, guides) is checked once the checkout and notes are read.
func checkSteps(configFile, data string, raw any) ([]CheckStep, error) {
	var entries []map[string]any
	switch v := raw.(type) {
	case nil:
		return nil, nil
	case []any:
		for _, e := range v {
			m, ok := asMap(e)
			if !ok {
				return nil, fmt.Errorf("%s: params.handbook.check_steps: expected [[params.handbook.check_steps]] tables, got %T", configFile, e)
			}
			entries = append(entries, m)
		}
	case []map[string]any:
		entries = v
	default:
		return nil, fmt.Errorf("%s: params.handbook.check_steps: expected [[params.handbook.check_steps]] tables, got %T", configFile, raw)
	}
	lines := tableLines(data, "[[params.handbook.check_steps]]")
	var out []CheckStep
	for i, e := range entries {
		s := CheckStep{At: model.Location{File: configFile}}
		if i < len(lines) {
			s.At.Line = lines[i]
		}
		var unknown []string
		for k := range e {
			if !checkStepKeys[strings.ToLower(k)] {
				unknown = append(unknown, k)
			}
		}
		sort.Strings(unknown)
		if len(unknown) > 0 {
			return nil, fmt.Errorf("%s: unknown key %s; a step has kinds, text, try, guide and url", s.Name(), strings.Join(unknown, ", "))
		}
		for _, f := range []struct {
			key string
			to  *string
		}{{"text", &s.Text}, {"try", &s.Try}, {"guide", &s.Guide}, {"url", &s.URL}} {
			switch x := e[f.key].(type) {
			case nil:
			case string:
				*f.to = strings.TrimSpace(x)
			default:
				return nil, fmt.Errorf("%s: %s: expected a string, got %T", s.Name(), f.key, x)
			}
		}
		kinds, _ := e["kinds"].([]any)
		for _, k := range kinds {
			ks, _ := k.(string)
			switch ks {
			case model.CheckInternal, model.CheckUser, model.CheckThrow, model.CheckWarning:
				s.Kinds = append(s.Kinds, ks)
			default:
				return nil, fmt.Errorf("%s: kinds: %v is not one of %s, %s, %s, %s", s.Name(), k, model.CheckInternal, model.CheckUser, model.CheckThrow, model.CheckWarning)
			}
		}
		if ss, ok := e["kinds"].([]string); ok {
			s.Kinds = append(s.Kinds, ss...)
		}
		switch {
		case len(s.Kinds) == 0:
			return nil, fmt.Errorf("%s: kinds is missing: the kinds of checks it is for (%q, ...)", s.Name(), model.CheckInternal)
		case s.Text == "":
			return nil, fmt.Errorf("%s: text is missing: what to do", s.Name())
		case s.URL != "" && !strings.HasPrefix(s.URL, "https://"):
			return nil, fmt.Errorf("%s: url %q: want an https:// address", s.Name(), s.URL)
		}
		out = append(out, s)
	}
	return out, nil
}
