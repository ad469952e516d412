package config

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gohugoio/hugo/common/hmaps"

	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/internal/pathglob"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Docs modes: whether nvFuser's own docs (the docs_include files of the
// checkout) are read as guides.
const (
	DocsAuto = "auto" // read them when the checkout has any (the default)
	DocsOn   = "on"   // read them; a checkout without any is a warning
	DocsOff  = "off"  // never (gen --no-docs)
)

// Default globs of the docs read from the checkout (generator/inputs):
// the Markdown under doc/, but for the Sphinx sources of the Python API
// reference.
var (
	DefaultDocsInclude = inputs.DocsInclude
	DefaultDocsExclude = inputs.DocsExclude
)

// Override sets the kind, title or status of the notes and docs whose
// path matches, from [[params.handbook.overrides]]: for files one cannot
// add front matter to (nvFuser's docs, a shared notes folder). The path
// matched is the one a page shows as its source: a doc's path in the
// checkout (doc/dev/tma.md), a note's path inside its notes folder.
type Override struct {
	Match  string
	Kind   string // "" keeps the derived or front-matter kind
	Title  string
	Status string
	// At is the entry's place in config.toml (the line of its
	// [[params.handbook.overrides]] header, when the file has it).
	At model.Location
}

// Name names the entry in messages: config.toml's path and line, and
// the entry's match.
func (o Override) Name() string {
	return fmt.Sprintf("%s: [[params.handbook.overrides]] match = %q", o.At, o.Match)
}

// overrideKeys are the keys an override entry may have.
var overrideKeys = map[string]bool{"match": true, "kind": true, "title": true, "status": true}

// loadDocs reads docs, docs_include, docs_exclude and overrides into s.
func (s *Settings) loadDocs(configFile string, data string, h hmaps.Params) error {
	where := func(k string) string {
		if line := keyLine(data, k); line > 0 {
			return configFile + ":" + strconv.Itoa(line)
		}
		return configFile
	}
	s.Docs = DocsAuto
	switch v := h["docs"].(type) {
	case nil:
	case bool:
		s.Docs = map[bool]string{true: DocsOn, false: DocsOff}[v]
	case string:
		switch m := strings.ToLower(strings.TrimSpace(v)); m {
		case DocsAuto, DocsOn, DocsOff:
			s.Docs = m
		default:
			return fmt.Errorf("%s: params.handbook.docs = %q: want \"auto\", \"on\" or \"off\"", where("docs"), v)
		}
	default:
		return fmt.Errorf("%s: params.handbook.docs: want \"auto\", \"on\" or \"off\", got %T", where("docs"), v)
	}
	var err error
	if s.DocsInclude, err = globList(h, "docs_include", where, DefaultDocsInclude); err != nil {
		return err
	}
	if s.DocsExclude, err = globList(h, "docs_exclude", where, DefaultDocsExclude); err != nil {
		return err
	}
	s.Overrides, err = overrides(configFile, data, h["overrides"])
	return err
}

// globList reads a list of globs, def when the key is not set.
func globList(h hmaps.Params, key string, where func(string) string, def []string) ([]string, error) {
	raw, set := h[key]
	if !set {
		return append([]string(nil), def...), nil
	}
	var out []string
	switch v := raw.(type) {
	case []any:
		for _, x := range v {
			p, ok := x.(string)
			if !ok {
				return nil, fmt.Errorf("%s: params.handbook.%s: expected strings, got %T", where(key), key, x)
			}
			out = append(out, p)
		}
	case []string:
		out = append(out, v...)
	case string:
		out = []string{v}
	default:
		return nil, fmt.Errorf("%s: params.handbook.%s: expected a list of globs, got %T", where(key), key, raw)
	}
	for _, p := range out {
		if _, err := pathglob.Compile(p); err != nil {
			return nil, fmt.Errorf("%s: params.handbook.%s: %v", where(key), key, err)
		}
	}
	return out, nil
}

// overrides reads [[params.handbook.overrides]]. Each entry is checked
// here, so a mistyped kind stops the run with config.toml's line and the
// entry's match; whether its glob matches anything is known only once the
// notes are read (assemble warns).
func overrides(configFile, data string, raw any) ([]Override, error) {
	var entries []map[string]any
	switch v := raw.(type) {
	case nil:
		return nil, nil
	case []any:
		for _, e := range v {
			m, ok := asMap(e)
			if !ok {
				return nil, fmt.Errorf("%s: params.handbook.overrides: expected [[params.handbook.overrides]] tables, got %T", configFile, e)
			}
			entries = append(entries, m)
		}
	case []map[string]any:
		entries = v
	case []hmaps.Params:
		for _, m := range v {
			entries = append(entries, m)
		}
	default:
		return nil, fmt.Errorf("%s: params.handbook.overrides: expected [[params.handbook.overrides]] tables, got %T", configFile, raw)
	}
	lines := tableLines(data, "[[params.handbook.overrides]]")
	var out []Override
	for i, e := range entries {
		o := Override{At: model.Location{File: configFile}}
		if i < len(lines) {
			o.At.Line = lines[i]
		}
		str := func(k string) (string, error) {
			switch x := e[k].(type) {
			case nil:
				return "", nil
			case string:
				return strings.TrimSpace(x), nil
			default:
				return "", fmt.Errorf("%s: override %d: %s: expected a string, got %T", o.At, i+1, k, x)
			}
		}
		var err error
		for _, f := range []struct {
			key string
			to  *string
		}{{"match", &o.Match}, {"kind", &o.Kind}, {"title", &o.Title}, {"status", &o.Status}} {
			if *f.to, err = str(f.key); err != nil {
				return nil, err
			}
		}
		o.Kind, o.Status = strings.ToLower(o.Kind), strings.ToLower(o.Status)
		if err := o.check(e); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// check validates one entry: a glob that compiles, a known kind and
// status, something to set, no unknown key.
func (o Override) check(e map[string]any) error {
	var unknown []string
	for k := range e {
		if !overrideKeys[strings.ToLower(k)] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	switch {
	case len(unknown) > 0:
		return fmt.Errorf("%s: unknown key %s; an override has match, kind, title and status", o.Name(), strings.Join(unknown, ", "))
	case o.Match == "":
		return fmt.Errorf("%s: match is missing: the path or glob of the files it sets (doc/dev/ragged*.md)", o.Name())
	case o.Kind == "" && o.Title == "" && o.Status == "":
		return fmt.Errorf("%s: sets nothing: give a kind, title or status", o.Name())
	}
	if _, err := pathglob.Compile(o.Match); err != nil {
		return fmt.Errorf("%s: %v", o.Name(), err)
	}
	switch o.Kind {
	case "", model.KindRunbook, model.KindGuide, model.KindNotes:
	default:
		return fmt.Errorf("%s: kind %q is not one of runbook, guide, notes", o.Name(), o.Kind)
	}
	switch o.Status {
	case "", model.StatusOpen, model.StatusWorkaround, model.StatusResolved:
	default:
		return fmt.Errorf("%s: status %q is not one of open, workaround, resolved", o.Name(), o.Status)
	}
	return nil
}

func asMap(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case hmaps.Params:
		return m, true
	}
	return nil, false
}

// tableLines are the lines on which header opens an array-of-tables
// entry in data, in order.
func tableLines(data, header string) []int {
	var out []int
	for i, line := range strings.Split(data, "\n") {
		if strings.TrimSpace(line) == header {
			out = append(out, i+1)
		}
	}
	return out
}
