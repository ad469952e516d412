package emit

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// varFront is a variable page's front matter; layouts/env reads it.
type varFront struct {
	Title       string    `toml:"title"`
	Description string    `toml:"description,omitempty"`
	Categories  []string  `toml:"categories,omitempty"`
	Params      varParams `toml:"params"`
}

type varParams struct {
	Kind         string `toml:"kind"` // "variable", for search filters
	Name         string `toml:"name"`
	Category     string `toml:"category,omitempty"`
	CategoryName string `toml:"category_name,omitempty"`
	CategoryURL  string `toml:"category_url,omitempty"` // the category's page
	FamilyURL    string `toml:"family_url,omitempty"`   // the options of the family it selects
	Type         string `toml:"type,omitempty"`
	Default      string `toml:"default,omitempty"`
	// CodeDefault is the value when unset as nvFuser's reading code
	// states it; Default above is env_options.yaml's text.
	CodeDefault *codeDefaultFront `toml:"code_default,omitempty"`
	// Accepts is the range or choices nvFuser's checks on the read path
	// accept, and what it prints outside them.
	Accepts      *acceptsFront `toml:"accepts,omitempty"`
	Choices      []string      `toml:"choices,omitempty"`
	Family       string        `toml:"family,omitempty"`
	Documented   bool          `toml:"documented"`
	DocumentedAt Link          `toml:"documented_at,omitempty"`
	ReadAt       []Link        `toml:"read_at,omitempty"`
	Example      string        `toml:"example"`
	Options      []Ref         `toml:"options,omitempty"`
	refLife
}

type codeDefaultFront struct {
	Value string `toml:"value"`
	At    Link   `toml:"at"`
	// SameAsYAML: env_options.yaml's default says the same.
	SameAsYAML bool `toml:"same_as_yaml,omitempty"`
}

type acceptsFront struct {
	Text    string `toml:"text"`    // "0 to 4", "1 or more", "one of 'a', 'b'"
	Warning bool   `toml:"warning"` // outside, nvFuser warns (else it stops)
	Prints  string `toml:"prints"`  // the message, "…" where it prints the value
	Check   string `toml:"check,omitempty"`
	At      Link   `toml:"at"`
}

// acceptsText words a range or choices.
func acceptsText(a *model.Accepts) string {
	if len(a.Choices) > 0 {
		return "one of '" + strings.Join(a.Choices, "', '") + "'"
	}
	switch {
	case a.Min != nil && a.Max != nil:
		return fmt.Sprintf("%d to %d", *a.Min, *a.Max)
	case a.Min != nil:
		return fmt.Sprintf("%d or more", *a.Min)
	default:
		return fmt.Sprintf("at most %d", *a.Max)
	}
}

// refLife is what a variable's or an option's page says beyond its own
// sources: the messages nvFuser prints that suggest it, nvFuser's links to
// it, the notes that use it, the drift about it and its git history.
type refLife struct {
	Hints      []hintFront `toml:"hints,omitempty"`
	LinkedFrom []Link      `toml:"linked_from,omitempty"`
	UsedBy     []Ref       `toml:"used_by,omitempty"`
	Drift      []string    `toml:"drift,omitempty"`
	// Removed marks one only the git history knows; its page stays.
	Removed bool          `toml:"removed,omitempty"`
	History historyParams `toml:"history,omitempty"`
}

type optionFront struct {
	Title       string       `toml:"title"`
	Description string       `toml:"description,omitempty"`
	Categories  []string     `toml:"categories,omitempty"`
	Params      optionParams `toml:"params"`
}

type optionParams struct {
	Kind              string `toml:"kind"` // "option"
	Env               string `toml:"env"`
	EnvURL            string `toml:"env_url,omitempty"` // the variable's page
	Family            string `toml:"family"`
	Name              string `toml:"name"`
	Enum              string `toml:"enum,omitempty"`
	Type              string `toml:"type,omitempty"`
	Default           string `toml:"default,omitempty"`
	HeaderDescription string `toml:"header_description,omitempty"`
	YAMLDescription   string `toml:"yaml_description,omitempty"`
	DefinedAt         Link   `toml:"defined_at,omitempty"`
	DeclaredAt        Link   `toml:"declared_at,omitempty"`
	Documented        bool   `toml:"documented"`
	DocumentedAt      Link   `toml:"documented_at,omitempty"`
	ReadAt            []Link `toml:"read_at,omitempty"`
	Example           string `toml:"example"`
	refLife
}

type sectionFront struct {
	Title       string `toml:"title"`
	Description string `toml:"description,omitempty"`
	Weight      int    `toml:"weight,omitempty"`
	Params      struct {
		Kind       string `toml:"kind,omitempty"`
		Env        string `toml:"env,omitempty"`
		EnvURL     string `toml:"env_url,omitempty"` // the variable's page
		Family     string `toml:"family,omitempty"`
		Enum       string `toml:"enum,omitempty"`
		DefinedAt  Link   `toml:"defined_at,omitempty"`
		DeclaredAt Link   `toml:"declared_at,omitempty"`
	} `toml:"params"`
}

func (e *emitter) link(loc model.Location) Link {
	if loc.IsZero() {
		return Link{}
	}
	return Link{Text: loc.String(), URL: urls.Source(e.site.RepoURL, e.site.RepoRef, loc)}
}

func (e *emitter) links(locs []model.Location) []Link {
	var out []Link
	for _, l := range locs {
		out = append(out, e.link(l))
	}
	return out
}

func (e *emitter) categoryName(key string) string {
	for _, c := range e.h.Categories {
		if c.Key == key {
			return c.DisplayName
		}
	}
	return key
}

func (e *emitter) variablePage(v *model.Variable) page {
	f := varFront{Title: v.Name, Description: firstSentence(v.Description)}
	if v.Category != "" {
		f.Categories = []string{v.Category}
	}
	p := &f.Params
	p.Kind, p.Name, p.Category, p.CategoryName = "variable", v.Name, v.Category, e.categoryName(v.Category)
	if v.Category != "" {
		p.CategoryURL = urls.Category(v.Category)
	}
	if v.Family != "" {
		p.FamilyURL = urls.Family(v.Family)
	}
	p.Type, p.Default, p.Choices, p.Family = v.Type, v.Default, v.Choices, v.Family
	if d := v.CodeDefault; d != nil {
		p.CodeDefault = &codeDefaultFront{Value: d.Value, At: e.link(d.At), SameAsYAML: v.Default != "" && model.SameDefault(d.Value, v.Default)}
	}
	if a := v.Accepts; a != nil {
		p.Accepts = &acceptsFront{Text: acceptsText(a), Warning: a.Kind == model.CheckWarning, Prints: strings.Join(a.Pieces, "…"), At: e.link(a.At)}
		if a.Check != "" {
			p.Accepts.Check = urls.Check(a.Check)
		}
	}
	p.Documented, p.DocumentedAt, p.ReadAt = v.Documented, e.link(v.DocumentedAt), e.links(v.ReadAt)
	p.Example = exampleForVariable(v, e.h)
	p.Hints = e.hints(v.Hints)
	p.LinkedFrom = e.links(e.linkedFrom(urls.Var(v.Name)))
	if v.Family != "" {
		for _, o := range e.h.Options {
			if o.Family == v.Family && !o.Removed() {
				p.Options = append(p.Options, Ref{Title: o.Name, URL: urls.Option(o.Family, o.Name), Note: firstSentence(o.Description)})
			}
		}
	}
	p.UsedBy = e.varUsedBy[v]
	p.Drift = e.varDrift[v]
	p.Removed, p.History = v.Removed(), e.historyParams(v.History)
	if p.Removed {
		p.Example = "" // nothing to paste: no nvFuser source reads it
	}
	body := v.Description
	if body == "" && p.Removed {
		body = "No source describes this variable any more."
	}
	return page{front: f, body: body}
}

func (e *emitter) optionPage(o *model.Option) page {
	f := optionFront{Title: o.Name, Description: firstSentence(o.Description), Categories: []string{e.optionCategory(o)}}
	if f.Categories[0] == "" {
		f.Categories = nil
	}
	p := &f.Params
	p.Kind, p.Env, p.Family, p.Name, p.Enum = "option", o.Env, o.Family, o.Name, o.Enum
	p.EnvURL = e.varURL(o.Env)
	p.Type, p.Default = o.Type, o.Default
	p.HeaderDescription, p.YAMLDescription = o.HeaderDescription, o.YAMLDescription
	p.DefinedAt, p.DeclaredAt = e.link(o.DefinedAt), e.link(o.DeclaredAt)
	p.Documented, p.DocumentedAt, p.ReadAt = o.Documented, e.link(o.DocumentedAt), e.links(o.ReadAt)
	p.Example = o.Env + "=" + o.Name
	p.Hints = e.hints(o.Hints)
	p.LinkedFrom = e.links(e.linkedFrom(urls.Option(o.Family, o.Name)))
	p.UsedBy = e.optUsedBy[o]
	p.Drift = e.optDrift[o]
	p.Removed, p.History = o.Removed(), e.historyParams(o.History)
	if p.Removed {
		p.Example = "" // nothing to paste: nvFuser rejects it
	}
	body := o.Description
	if body == "" {
		body = "No source describes this option yet."
	}
	return page{front: f, body: body}
}

// varURL is the page of a variable the handbook knows, else "".
func (e *emitter) varURL(name string) string {
	if e.h.Variable(name) == nil {
		return ""
	}
	return urls.Var(name)
}

func (e *emitter) optionCategory(o *model.Option) string {
	if v := e.h.Variable(o.Env); v != nil {
		return v.Category
	}
	return ""
}

func (e *emitter) familyPage(f *model.Family) page {
	fr := sectionFront{Title: f.Env + " options", Description: firstSentence(f.Doc), Weight: vocab.Order(f.Key)}
	fr.Params.Kind, fr.Params.Env, fr.Params.Family, fr.Params.Enum = "family", f.Env, f.Key, f.Enum
	fr.Params.EnvURL = e.varURL(f.Env)
	fr.Params.DefinedAt, fr.Params.DeclaredAt = e.link(f.DefinedAt), e.link(f.DeclaredAt)
	return page{front: fr, body: f.Doc}
}

// exampleForVariable is a NAME=value line a user can paste.
func exampleForVariable(v *model.Variable, h *model.Handbook) string {
	if v.Family != "" {
		var names []string
		for _, o := range h.Options {
			if o.Family == v.Family && !o.DefinedAt.IsZero() && len(names) < 2 {
				names = append(names, o.Name)
			}
		}
		if len(names) > 0 {
			return v.Name + "=" + strings.Join(names, ",")
		}
	}
	for _, c := range v.Choices {
		if c != "" {
			return v.Name + "=" + c
		}
	}
	switch {
	case v.Default != "":
		return v.Name + "=" + v.Default
	case v.Type == "int":
		return v.Name + "=1"
	case v.Type == "string":
		return v.Name + "=..."
	default:
		return v.Name + "=1"
	}
}

// firstSentence is a one-line summary: the first sentence of the first
// paragraph, at most 200 characters.
func firstSentence(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n\n")
	s = strings.Join(strings.Fields(s), " ")
	if i := sentenceEnd(s); i > 0 {
		s = s[:i+1]
	}
	if r := []rune(s); len(r) > 200 {
		s = string(r[:197]) + "..."
	}
	return s
}

// abbreviations end in a period that ends no sentence ("(aka.
// NVFUSER_X)", "e.g. a"); "etc." ends one when a capital follows.
var abbreviations = map[string]bool{"aka": true, "e.g": true, "i.e": true, "vs": true, "cf": true, "approx": true, "resp": true, "incl": true, "etc": true, "eg": true, "ie": true}

// sentenceEnd is the index of the period of s's first ". " that ends a
// sentence, -1 if none does.
func sentenceEnd(s string) int {
	for off := 0; ; {
		i := strings.Index(s[off:], ". ")
		if i < 0 {
			return -1
		}
		i += off
		word := s[strings.LastIndexAny(s[:i], " (\"'[")+1 : i]
		if !abbreviations[strings.ToLower(word)] || strings.EqualFold(word, "etc") && i+2 < len(s) && s[i+2] >= 'A' && s[i+2] <= 'Z' {
			return i
		}
		off = i + 2
	}
}
