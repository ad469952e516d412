package emit

import (
	"path"
	"path/filepath"
	"strings"

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
	Kind     string      `toml:"kind"`
	Kinds    []driftKind `toml:"kinds"`
	Findings []driftItem `toml:"findings,omitempty"`
}

// driftKind describes a kind of finding; the layout lists kinds in order.
type driftKind struct {
	Kind  string `toml:"kind"`
	Title string `toml:"title"`
	What  string `toml:"what"`
}

type driftItem struct {
	Kind    string `toml:"kind"`
	Subject string `toml:"subject"`
	Detail  string `toml:"detail"`
	Where   Link   `toml:"where"`
	Path    string `toml:"path,omitempty"` // the subject's page, when it has one
}

// driftPage lists every disagreement between the sources, grouped by kind
// in the layout.
func (e *emitter) driftPage() error {
	f := driftFront{
		Title:       "Drift report",
		Description: "Where env_options.yaml, csrc/options.cpp, csrc/options.h, the code and the notes disagree.",
		Layout:      "drift",
		Weight:      60,
	}
	f.Params.Kind = "drift"
	for _, k := range model.DriftKinds {
		f.Params.Kinds = append(f.Params.Kinds, driftKind{Kind: k.Kind, Title: k.Title, What: k.What})
	}
	for _, d := range e.h.Drift {
		it := driftItem{Kind: d.Kind, Subject: d.Subject, Detail: d.Detail, Where: e.whereLink(d)}
		it.Path = e.subjectPath(d, e.bySource)
		f.Params.Findings = append(f.Params.Findings, it)
	}
	return e.put("drift.md", page{front: f})
}

// inNote says whether a finding's subject lives in a note (its Where is
// the note's source).
func inNote(d model.Drift) bool {
	switch d.Kind {
	case model.DriftStaleNoteOption, model.DriftNoteMissingFile, model.DriftNoteUnknownVar:
		return true
	}
	return false
}

// whereLink links a finding's place: notes stay as text (their source is
// local), repository files link to the repository.
func (e *emitter) whereLink(d model.Drift) Link {
	if inNote(d) {
		return Link{Text: e.publishedWhere(d).String()}
	}
	return e.link(d.Where)
}

// publishedWhere is a finding's place as published: a note is named by
// its path relative to its notes folder, not the path gen was given
// (which may be absolute, on the build machine).
func (e *emitter) publishedWhere(d model.Drift) model.Location {
	if !inNote(d) {
		return d.Where
	}
	if n := e.bySource[d.Where.File]; n != nil {
		return model.Location{File: notePath(n), Line: d.Where.Line}
	}
	return model.Location{File: path.Base(filepath.ToSlash(d.Where.File)), Line: d.Where.Line}
}

// subjectPath is the page a finding's subject has, if any; bySource maps
// a note's source to the note.
func (e *emitter) subjectPath(d model.Drift, bySource map[string]*model.Note) string {
	if inNote(d) {
		if n := bySource[d.Where.File]; n != nil {
			return urls.PagePath(urls.Note(n.Kind, n.ID))
		}
		return ""
	}
	switch d.Kind {
	case model.DriftUndocumentedVar, model.DriftUnreadVar:
		return resolver{e: e}.Env(d.Subject)
	case model.DriftUndocumentedOption, model.DriftRemovedOption, model.DriftUnusedOption, model.DriftUndeclaredOption:
		if env, name, ok := strings.Cut(d.Subject, "="); ok && e.h.Option(env, name) != nil {
			return resolver{e: e}.Option(env, name)
		}
	}
	return ""
}
