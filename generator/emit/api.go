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
	APILife
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
	// Accepts is what nvFuser's own checks on the read path accept; null
	// when they state nothing. CodeDefault is the value when unset as the
	// reading code states it (Default is env_options.yaml's text); null
	// when the code states none.
	Accepts     *APIAccepts     `json:"accepts"`
	CodeDefault *APICodeDefault `json:"code_default"`
	APILife
}

// APIAccepts is the range or choices a variable's value is checked
// against by nvFuser, and what nvFuser prints outside them.
type APIAccepts struct {
	Min     *int64   `json:"min"` // inclusive; null when unbounded
	Max     *int64   `json:"max"`
	Choices []string `json:"choices"`
	// Kind is the check's kind: "warning" (nvFuser warns and goes on)
	// or an error kind (it stops).
	Kind string `json:"kind"`
	// Pieces are the message's literal runs, one run-time value (the
	// value read) between two.
	Pieces   []string `json:"pieces"`
	CheckURL string   `json:"check_url"`
	At       string   `json:"at"`
}

// APICodeDefault is a variable's value when unset, as its reading code
// states it.
type APICodeDefault struct {
	Value string `json:"value"`
	At    string `json:"at"`
}

// apiAccepts and apiCodeDefault write the model's for the API.
func apiAccepts(a *model.Accepts, abs func(string) string) *APIAccepts {
	if a == nil {
		return nil
	}
	out := &APIAccepts{Min: a.Min, Max: a.Max, Choices: nonNil(a.Choices), Kind: a.Kind, Pieces: nonNil(a.Pieces), At: a.At.String()}
	if a.Check != "" {
		out.CheckURL = abs(urls.Check(a.Check))
	}
	return out
}

func apiCodeDefault(d *model.CodeDefault) *APICodeDefault {
	if d == nil {
		return nil
	}
	return &APICodeDefault{Value: d.Value, At: d.At.String()}
}

// APILife is what an option's or a variable's entry says beyond its own
// sources: its git history and the messages nvFuser prints that suggest
// it. The fields follow the entry's own (embedded, so the JSON is flat).
type APILife struct {
	// From the checkout's git history; added is null without one, removed
	// is null while it exists.
	Added      *model.Event `json:"added"`
	Removed    *model.Event `json:"removed"`
	ReplacedBy []string     `json:"replaced_by"`
	Replaces   []string     `json:"replaces"`
	Hints      []APIHint    `json:"hints"`
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
	ID    string `json:"id"`
	Title string `json:"title"`
	// ListTitle tells notes with the same title apart (model.Note.ListTitle).
	ListTitle string `json:"list_title,omitempty"`
	URL       string `json:"url"`
	ShortURL  string `json:"short_url"`
	Kind      string `json:"kind"`
	Status    string `json:"status"`
	Source    string `json:"source"`
	// SourceURL is a doc's file in nvFuser at the checkout's commit.
	SourceURL  string          `json:"source_url,omitempty"`
	Env        []string        `json:"env"`
	Options    []APINoteOption `json:"options"`
	Files      []string        `json:"files"`
	Tests      []string        `json:"tests"`
	Symbols    []string        `json:"symbols"`
	Signatures []string        `json:"signatures"`
	// Freshness has a verdict per file reference when the source is a git
	// checkout and the note has a date; [] otherwise.
	Freshness  []model.Freshness `json:"freshness"`
	LinkedFrom []string          `json:"linked_from"` // "path:line" in nvFuser's tree that link to the note
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
		a := APIOption{Env: o.Env, Name: o.Name, Enum: o.Enum, Description: o.Description,
			DefinedAt: o.DefinedAt.String(), ReadAt: strs(o.ReadAt), Documented: o.Documented, URL: abs(urls.Option(o.Family, o.Name)), APILife: apiLife(o.History, o.Hints)}
		opts = append(opts, a)
	}
	vars := []APIVariable{}
	for _, v := range e.h.Variables {
		a := APIVariable{Name: v.Name, Category: v.Category, Type: v.Type, Default: v.Default,
			Choices: nonNil(v.Choices), Description: v.Description, ReadAt: strs(v.ReadAt), Documented: v.Documented, URL: abs(urls.Var(v.Name)), APILife: apiLife(v.History, v.Hints),
			Accepts: apiAccepts(v.Accepts, abs), CodeDefault: apiCodeDefault(v.CodeDefault)}
		vars = append(vars, a)
	}
	drift := []APIDrift{}
	for _, d := range e.h.Drift {
		drift = append(drift, APIDrift{Kind: d.Kind, Subject: d.Subject, Detail: d.Text(), Where: e.publishedWhere(d).String()})
	}
	notes := []APIRunbook{}
	for _, n := range e.h.Notes {
		r := APIRunbook{ID: n.ID, Title: n.Title, ListTitle: n.ListTitle, URL: abs(urls.Note(n.Kind, n.ID)), ShortURL: abs(urls.Short(n.ID)),
			Kind: n.Kind, Status: n.Status, Source: notePath(n), SourceURL: e.docSourceURL(n), Env: []string{}, Options: []APINoteOption{},
			Files: []string{}, Tests: nonNil(n.Tests), Symbols: nonNil(n.Symbols), Signatures: []string{}, Freshness: n.Freshness}
		if r.Freshness == nil {
			r.Freshness = []model.Freshness{}
		}
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
		r.LinkedFrom = strs(e.linkedFrom(e.notePaths(n)...))
		notes = append(notes, r)
	}
	memo := e.w.Memo.lookupMemo()
	if memo == nil {
		memo = e.w.Lookup
	}
	idx := lookup.BuildWith(e.h.Notes, func(n *model.Note) string { return abs(urls.Note(n.Kind, n.ID)) }, memo)
	idx.Options = lookupOptions(e.h, abs)
	for _, v := range e.h.Variables {
		idx.Vars = append(idx.Vars, lookup.VarDoc{Name: v.Name, URL: abs(urls.Var(v.Name))})
	}
	quotes := map[string][]string{}
	for _, c := range e.h.Checks {
		for _, n := range c.Notes {
			quotes[n.ID] = append(quotes[n.ID], c.ID)
		}
	}
	idx.WithChecks(e.h.Checks, abs(urls.Checks), quotes)
	idx.WithPast(e.h.PastSpots, e.h.RemovedChecks)
	idx.BuildCommits = lookup.BuildCommitsOf(e.h.Mainline, e.h.Versions)
	if e.site.RepoURL != "" {
		idx.Report = urls.NewIssue(e.site.RepoURL)
		idx.CommitURL = urls.Commit(e.site.RepoURL, "")
	}
	for name, v := range map[string]any{"options.json": opts, "env.json": vars, "drift.json": drift, "runbooks.json": notes, "lookup.json": idx, "errors.json": e.apiErrors(abs)} {
		if err := e.writeJSON(StaticDir+"/api/"+name, v); err != nil {
			return err
		}
	}
	return nil
}

func (e *emitter) writeJSON(rel string, v any) error {
	b, err := indentedJSON(v)
	if err != nil {
		return err
	}
	return e.w.Write(rel, b)
}

func indentedJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// lookupOptions are the options the error lookup can name: every option
// that has a page, with its history.
func lookupOptions(h *model.Handbook, abs func(string) string) []lookup.OptionDoc {
	var out []lookup.OptionDoc
	for _, o := range h.Options {
		d := lookup.OptionDoc{Env: o.Env, Family: o.Family, Name: o.Name, URL: abs(urls.Option(o.Family, o.Name))}
		if hist := o.History; hist != nil {
			d.Added, d.Earliest = hist.Added.Version, hist.Earliest
			if hist.Removed != nil {
				d.Removed, d.RemovedOn, d.ReplacedBy = hist.Removed.Version, hist.Removed.Date, hist.ReplacedBy
			}
		}
		out = append(out, d)
	}
	return out
}
