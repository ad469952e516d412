package emit

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// The check-quality report (generator/quality's findings): a page at
// /errors/quality/ and api/check-quality.json.

type qualityFront struct {
	Title       string        `toml:"title"`
	Description string        `toml:"description"`
	Layout      string        `toml:"layout"`
	Params      qualityParams `toml:"params"`
}

type qualityParams struct {
	Kind   string         `toml:"kind"`
	Total  int            `toml:"total"`
	Counts []qualityCount `toml:"counts,omitempty"`
	// Top are the findings that cost users most, across kinds.
	Top    []qualityItem  `toml:"top,omitempty"`
	Groups []qualityGroup `toml:"groups,omitempty"`
}

type qualityCount struct {
	Kind  string `toml:"kind"`
	Title string `toml:"title"`
	Count int    `toml:"count"`
}

type qualityGroup struct {
	Kind  string        `toml:"kind"`
	Title string        `toml:"title"`
	What  string        `toml:"what"`
	Items []qualityItem `toml:"items"`
}

type qualityItem struct {
	Rank    int         `toml:"rank"`
	Subject string      `toml:"subject"`
	Detail  string      `toml:"detail"`
	Fix     string      `toml:"fix"`
	Where   Link        `toml:"where"`
	Check   string      `toml:"check"` // the check's page path
	Kind    string      `toml:"check_kind"`
	Others  []qualityAt `toml:"others,omitempty"`
}

type qualityAt struct {
	Where Link   `toml:"where"`
	Check string `toml:"check"`
	Fn    string `toml:"fn,omitempty"`
}

// qualityTop is how many findings the page lists first, across kinds.
const qualityTop = 20

// qualityPage writes /errors/quality/ when the handbook has checks.
func (e *emitter) qualityPage() error {
	if len(e.h.Checks) == 0 {
		return nil
	}
	f := qualityFront{
		Title:       "Check quality",
		Description: fmt.Sprintf("What nvFuser's %d checks could say better: %d findings, each with its place, its check's page and a suggested fix, most costly to users first.", len(e.h.Checks), len(e.h.Quality)),
		Layout:      "quality",
	}
	f.Params.Kind, f.Params.Total = "check-quality", len(e.h.Quality)
	byKind := map[string][]qualityItem{}
	for i, q := range e.h.Quality {
		it := e.qualityItem(q)
		byKind[q.Kind] = append(byKind[q.Kind], it)
		if i < qualityTop {
			f.Params.Top = append(f.Params.Top, it)
		}
	}
	for _, k := range model.QualityKinds {
		items := byKind[k.Kind]
		f.Params.Counts = append(f.Params.Counts, qualityCount{Kind: k.Kind, Title: k.Title, Count: len(items)})
		if len(items) > 0 {
			f.Params.Groups = append(f.Params.Groups, qualityGroup{Kind: k.Kind, Title: k.Title, What: k.What, Items: items})
		}
	}
	return e.put("errors/quality/_index.md", page{front: f})
}

func (e *emitter) qualityItem(q model.CheckFinding) qualityItem {
	it := qualityItem{Rank: q.Rank, Subject: q.Subject, Detail: q.Detail, Fix: q.Fix, Where: e.link(q.Check.Where),
		Check: urls.Check(q.Check.ID), Kind: q.Check.Kind}
	if q.Kind == model.QualityDuplicate {
		// The subject is the message template: its values read "…" on the
		// page, as in the check's own title, not "{}".
		it.Subject = strings.ReplaceAll(q.Subject, model.Placeholder, "…")
	}
	for _, o := range q.Others {
		it.Others = append(it.Others, qualityAt{Where: e.link(o.Where), Check: urls.Check(o.ID), Fn: fnName(o)})
	}
	return it
}

func fnName(c *model.Check) string {
	if c.Within != "" {
		return c.Within
	}
	return c.Function
}

// APIQuality is api/check-quality.json.
type APIQuality struct {
	Counts   map[string]int      `json:"counts"`
	Findings []APIQualityFinding `json:"findings"`
}

// APIQualityFinding is one finding of api/check-quality.json.
type APIQualityFinding struct {
	Rank  int    `json:"rank"`
	Kind  string `json:"kind"`
	Check string `json:"check"` // the check's id
	// Base is the check's id before twins are numbered (checks.BaseID):
	// what gen check --since compares, so that a twin added above does
	// not make a finding new.
	Base    string `json:"base"`
	URL     string `json:"url"`   // its page
	Where   string `json:"where"` // path:line
	Subject string `json:"subject"`
	Detail  string `json:"detail"`
	Fix     string `json:"fix"`
	// Others are the other checks of a duplicated message.
	Others []APIQualityPlace `json:"others"`
}

// APIQualityPlace is another check a finding is about.
type APIQualityPlace struct {
	Check string `json:"check"`
	URL   string `json:"url"`
	Where string `json:"where"`
}

// QualityAPI is the report as api/check-quality.json holds it (gen check
// --since compares two of them).
func QualityAPI(fs []model.CheckFinding, abs func(string) string) APIQuality {
	out := APIQuality{Counts: map[string]int{}, Findings: []APIQualityFinding{}}
	for _, k := range model.QualityKinds {
		out.Counts[k.Kind] = 0
	}
	for _, q := range fs {
		out.Counts[q.Kind]++
		f := APIQualityFinding{Rank: q.Rank, Kind: q.Kind, Check: q.Check.ID, Base: checks.BaseID(q.Check), URL: abs(urls.Check(q.Check.ID)), Where: q.Check.Where.String(),
			Subject: q.Subject, Detail: q.Detail, Fix: q.Fix, Others: []APIQualityPlace{}}
		for _, o := range q.Others {
			f.Others = append(f.Others, APIQualityPlace{Check: o.ID, URL: abs(urls.Check(o.ID)), Where: o.Where.String()})
		}
		out.Findings = append(out.Findings, f)
	}
	return out
}

func (e *emitter) qualityAPI() error {
	abs := func(p string) string { return urls.Absolute(e.site.BaseURL, p) }
	return e.writeJSON(StaticDir+"/api/check-quality.json", QualityAPI(e.h.Quality, abs))
}
