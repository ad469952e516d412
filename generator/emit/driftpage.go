package emit

import (
	"fmt"
	"sort"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

type driftFront struct {
	Title       string      `toml:"title"`
	Description string      `toml:"description"`
	Layout      string      `toml:"layout"`
	Weight      int         `toml:"weight"`
	Params      driftParams `toml:"params"`
}

type driftParams struct {
	Kind   string       `toml:"kind"`
	Total  int          `toml:"total"` // findings in all groups
	Groups []driftGroup `toml:"groups,omitempty"`
	// GroupsHTML is the groups with their findings, rendered by emit
	// (articles.go): the front matter keeps each group's kind, title and
	// count for the page's summary.
	GroupsHTML string `toml:"groups_html"`
}

// driftGroup is the findings of one kind, in report order (see groupDrift).
type driftGroup struct {
	Kind  string `toml:"kind"`
	Title string `toml:"title"`
	What  string `toml:"what,omitempty"` // what the kind means, from model.DriftKinds
	// Count is len(Items), for the page's summary: the findings
	// themselves reach the page rendered (GroupsHTML), not as data.
	Count int         `toml:"count"`
	Items []driftItem `toml:"-"`
}

// driftItem is one finding, as articles.html's drift-group shows it (the
// findings are not front matter).
type driftItem struct {
	Subject string
	Detail  string
	Where   Link
	URL     string // the page of what it is about, when it has one
}

// driftPage lists every disagreement between the sources, grouped by kind.
func (e *emitter) driftPage() error {
	f := driftFront{
		Title:       "Drift report",
		Description: "Where env_options.yaml, csrc/options.cpp, csrc/options.h, the code and the notes disagree.",
		Layout:      "drift",
		Weight:      60,
	}
	f.Params.Kind = "drift"
	f.Params.Total = len(e.h.Drift)
	f.Params.Groups = e.groupDrift()
	html, err := e.driftGroups(f.Params.Groups)
	if err != nil {
		return fmt.Errorf("drift report: %w", err)
	}
	f.Params.GroupsHTML = html
	return e.put("drift.md", page{front: f, twinAt: urls.Drift})
}

// groupDrift groups the findings by kind: first the kinds model.DriftKinds
// describes, in its order, then any other kind by name; a kind without
// findings is left out. Findings keep their order (drift.Find sorts them).
func (e *emitter) groupDrift() []driftGroup {
	byKind := map[string][]driftItem{}
	for _, d := range e.h.Drift {
		byKind[d.Kind] = append(byKind[d.Kind], driftItem{Subject: d.Subject, Detail: d.Text(), Where: e.whereLink(d), URL: e.aboutURL(d)})
	}
	var out []driftGroup
	for _, k := range model.DriftKinds {
		if items := byKind[k.Kind]; len(items) > 0 {
			out = append(out, driftGroup{Kind: k.Kind, Title: k.Title, What: k.What, Items: items})
			delete(byKind, k.Kind)
		}
	}
	var other []string
	for k := range byKind {
		other = append(other, k)
	}
	sort.Strings(other)
	for _, k := range other {
		out = append(out, driftGroup{Kind: k, Title: k, Items: byKind[k]})
	}
	for i := range out {
		out[i].Count = len(out[i].Items)
	}
	return out
}

// whereLink links a finding's place: a note's stays text (its source is a
// local file), a repository file links to the repository.
func (e *emitter) whereLink(d model.Drift) Link {
	if d.Note != nil {
		return Link{Text: e.publishedWhere(d).String()}
	}
	return e.link(d.Where)
}

// aboutURL is the page of what a finding is about: its note, option or
// variable (every one the handbook knows has a page, written by emit).
func (e *emitter) aboutURL(d model.Drift) string {
	switch {
	case d.Note != nil:
		return urls.Note(d.Note.Kind, d.Note.ID)
	case d.Option != nil:
		return urls.Option(d.Option.Family, d.Option.Name)
	case d.Variable != nil:
		return urls.Var(d.Variable.Name)
	}
	return ""
}

// publishedWhere is a finding's place as published: a note is named by
// its path relative to its notes folder, not the path gen was given
// (which may be absolute, on the build machine).
func (e *emitter) publishedWhere(d model.Drift) model.Location {
	if d.Note == nil {
		return d.Where
	}
	return model.Location{File: notePath(d.Note), Line: d.Where.Line}
}
