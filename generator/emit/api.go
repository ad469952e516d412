package emit

import (
	"bytes"
	"encoding/json"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// The JSON API is a contract for tools and for links printed by nvFuser:
// field names and meanings only ever grow. Paths are "path:line" strings.

// APIOption is one entry of api/options.json.
type APIOption struct {
	Env         string   `json:"env"`
	Name        string   `json:"name"`
	Enum        string   `json:"enum"`
	Description string   `json:"description"`
	DefinedAt   string   `json:"defined_at"`
	ReadAt      []string `json:"read_at"`
	Documented  bool     `json:"documented"`
	URL         string   `json:"url"`
}

// APIVariable is one entry of api/env.json.
type APIVariable struct {
	Name        string   `json:"name"`
	Category    string   `json:"category"`
	Type        string   `json:"type"`
	Default     string   `json:"default"`
	Choices     []string `json:"choices"`
	Description string   `json:"description"`
	ReadAt      []string `json:"read_at"`
	Documented  bool     `json:"documented"`
	URL         string   `json:"url"`
}

// APIDrift is one entry of api/drift.json.
type APIDrift struct {
	Kind    string `json:"kind"`
	Subject string `json:"subject"`
	Detail  string `json:"detail"`
	Where   string `json:"where"`
}

// APIRunbook is one entry of api/runbooks.json (every note, whatever its kind).
type APIRunbook struct {
	ID         string          `json:"id"`
	Title      string          `json:"title"`
	URL        string          `json:"url"`
	ShortURL   string          `json:"short_url"`
	Kind       string          `json:"kind"`
	Status     string          `json:"status"`
	Source     string          `json:"source"`
	Env        []string        `json:"env"`
	Options    []APINoteOption `json:"options"`
	Files      []string        `json:"files"`
	Tests      []string        `json:"tests"`
	Symbols    []string        `json:"symbols"`
	Signatures []string        `json:"signatures"`
}

// APINoteOption is an option a note sets.
type APINoteOption struct {
	Env   string `json:"env"`
	Name  string `json:"name"`
	Known bool   `json:"known"`
}

func strs(locs []model.Location) []string {
	out := []string{}
	for _, l := range locs {
		out = append(out, l.String())
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (e *emitter) api() error {
	abs := func(p string) string { return urls.Absolute(e.site.BaseURL, p) }
	opts := []APIOption{}
	for _, o := range e.h.Options {
		opts = append(opts, APIOption{Env: o.Env, Name: o.Name, Enum: o.Enum, Description: o.Description,
			DefinedAt: o.DefinedAt.String(), ReadAt: strs(o.ReadAt), Documented: o.Documented, URL: abs(urls.Option(o.Family, o.Name))})
	}
	vars := []APIVariable{}
	for _, v := range e.h.Variables {
		vars = append(vars, APIVariable{Name: v.Name, Category: v.Category, Type: v.Type, Default: v.Default,
			Choices: nonNil(v.Choices), Description: v.Description, ReadAt: strs(v.ReadAt), Documented: v.Documented, URL: abs(urls.Var(v.Name))})
	}
	drift := []APIDrift{}
	for _, d := range e.h.Drift {
		drift = append(drift, APIDrift{Kind: d.Kind, Subject: d.Subject, Detail: d.Detail, Where: e.publishedWhere(d).String()})
	}
	notes := []APIRunbook{}
	for _, n := range e.h.Notes {
		r := APIRunbook{ID: n.ID, Title: n.Title, URL: abs(urls.Note(n.Kind, n.ID)), ShortURL: abs(urls.Short(n.ID)),
			Kind: n.Kind, Status: n.Status, Source: notePath(n), Env: []string{}, Options: []APINoteOption{},
			Files: []string{}, Tests: nonNil(n.Tests), Symbols: nonNil(n.Symbols), Signatures: []string{}}
		r.Env = append(r.Env, n.Variables()...)
		for _, o := range n.Options {
			r.Options = append(r.Options, APINoteOption{Env: o.Env, Name: o.Name, Known: o.Known})
		}
		for _, f := range n.Files {
			r.Files = append(r.Files, f.String())
		}
		for _, s := range n.Signatures {
			r.Signatures = append(r.Signatures, s.Text)
		}
		notes = append(notes, r)
	}
	idx := lookup.Build(e.h.Notes, func(n *model.Note) string { return abs(urls.Note(n.Kind, n.ID)) })
	for name, v := range map[string]any{"options.json": opts, "env.json": vars, "drift.json": drift, "runbooks.json": notes, "lookup.json": idx} {
		if err := e.writeJSON("api/"+name, v); err != nil {
			return err
		}
	}
	return nil
}

func (e *emitter) writeJSON(rel string, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return e.w.Write(StaticDir+"/"+rel, buf.Bytes())
}
