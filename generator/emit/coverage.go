package emit

import (
	"fmt"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/explain"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// The coverage of the error index (generator/coverage's model.Coverage):
// a page at /errors/coverage/ and api/coverage.json.

type coverageFront struct {
	Title       string         `toml:"title"`
	Description string         `toml:"description"`
	Layout      string         `toml:"layout"`
	Params      coverageParams `toml:"params"`
}

type coverageParams struct {
	Kind   string        `toml:"kind"`
	All    coverageRow   `toml:"all"`
	ByKind []coverageRow `toml:"by_kind"`
	ByArea []coverageRow `toml:"by_area"`
	// Gaps are the internal asserts and throws users hit with no
	// explanation, most hit first.
	Gaps []coverageGap `toml:"gaps,omitempty"`
}

// coverageRow is one line of a coverage table: counts and their share
// of the row's checks.
type coverageRow struct {
	Key       string       `toml:"key"`
	Title     string       `toml:"title"`
	URL       string       `toml:"url,omitempty"`
	Checks    int          `toml:"checks"`
	Explained coverageCell `toml:"explained"`
	Tested    coverageCell `toml:"tested"`
	Noted     coverageCell `toml:"noted"`
	Commented coverageCell `toml:"commented"`
}

// coverageCell is a count and its share in percent, rounded down, "<1%"
// for a share that is not none.
type coverageCell struct {
	N   int    `toml:"n"`
	Pct string `toml:"pct"`
}

type coverageGap struct {
	Title   string `toml:"title"`
	URL     string `toml:"url"`
	Kind    string `toml:"kind"`
	Where   Link   `toml:"where"`
	Fn      string `toml:"fn,omitempty"`
	Notes   int    `toml:"notes"`
	Tests   int    `toml:"tests"`
	Explain string `toml:"explain_url,omitempty"` // GitHub's new-file editor, filled in
}

func cell(n, of int) coverageCell {
	switch {
	case of == 0 || n == 0:
		return coverageCell{N: n, Pct: "0%"}
	case 100*n < of:
		return coverageCell{N: n, Pct: "<1%"}
	}
	return coverageCell{N: n, Pct: fmt.Sprintf("%d%%", 100*n/of)}
}

func row(c model.CoverageCount, url string) coverageRow {
	return coverageRow{Key: c.Key, Title: c.Title, URL: url, Checks: c.Checks, Explained: cell(c.Explained, c.Checks),
		Tested: cell(c.Tested, c.Checks), Noted: cell(c.Noted, c.Checks), Commented: cell(c.Commented, c.Checks)}
}

// coveragePage writes /errors/coverage/ when the handbook has checks.
func (e *emitter) coveragePage() error {
	if len(e.h.Checks) == 0 {
		return nil
	}
	cov := e.h.Coverage
	f := coverageFront{
		Title: "Coverage of the error index",
		Description: fmt.Sprintf("How many of nvFuser's %d checks have an explanation (%d), a test that reaches them (%d), a note that quotes them (%d) or a comment of their authors (%d), by kind and by area; and the %d internal asserts and throws users hit that nobody has explained yet.",
			cov.All.Checks, cov.All.Explained, cov.All.Tested, cov.All.Noted, cov.All.Commented, len(cov.Unexplained)),
		Layout: "coverage",
	}
	p := &f.Params
	p.Kind, p.All = "check-coverage", row(cov.All, "")
	for _, k := range cov.ByKind {
		p.ByKind = append(p.ByKind, row(k, ""))
	}
	for _, a := range cov.ByArea {
		p.ByArea = append(p.ByArea, row(a, urls.CheckArea(a.Key)))
	}
	for _, g := range cov.Unexplained {
		c := g.Check
		title := checks.Headline(c)
		p.Gaps = append(p.Gaps, coverageGap{Title: title, URL: urls.Check(c.ID), Kind: kindTitle(c.Kind), Where: e.link(c.Where), Fn: fnName(c),
			Notes: g.Notes, Tests: g.Tests, Explain: urls.NewExplanation(e.site.ExplainURL, c.ID, explain.Template(title))})
	}
	return e.put("errors/coverage/_index.md", page{front: f})
}

// APICoverage is api/coverage.json.
type APICoverage struct {
	All         APICoverageCount   `json:"all"`
	ByKind      []APICoverageCount `json:"by_kind"`
	ByArea      []APICoverageCount `json:"by_area"`
	Unexplained []APICoverageGap   `json:"unexplained"`
}

// APICoverageCount is what is known about a set of checks.
type APICoverageCount struct {
	Key       string `json:"key"` // the kind or area; "" for all
	Checks    int    `json:"checks"`
	Explained int    `json:"explained"`
	Tested    int    `json:"tested"`
	Noted     int    `json:"noted"`
	Commented int    `json:"commented"`
}

// APICoverageGap is a check users hit with no explanation yet.
type APICoverageGap struct {
	Check string `json:"check"` // its id (api/errors.json)
	URL   string `json:"url"`
	Kind  string `json:"kind"`
	Where string `json:"where"`
	Notes int    `json:"notes"`
	Tests int    `json:"tests"`
}

func apiCount(c model.CoverageCount) APICoverageCount {
	return APICoverageCount{Key: c.Key, Checks: c.Checks, Explained: c.Explained, Tested: c.Tested, Noted: c.Noted, Commented: c.Commented}
}

func (e *emitter) coverageAPI() error {
	cov := e.h.Coverage
	out := APICoverage{All: apiCount(cov.All), ByKind: []APICoverageCount{}, ByArea: []APICoverageCount{}, Unexplained: []APICoverageGap{}}
	for _, k := range cov.ByKind {
		out.ByKind = append(out.ByKind, apiCount(k))
	}
	for _, a := range cov.ByArea {
		out.ByArea = append(out.ByArea, apiCount(a))
	}
	for _, g := range cov.Unexplained {
		out.Unexplained = append(out.Unexplained, APICoverageGap{Check: g.Check.ID, URL: urls.Absolute(e.site.BaseURL, urls.Check(g.Check.ID)),
			Kind: g.Check.Kind, Where: g.Check.Where.String(), Notes: g.Notes, Tests: g.Tests})
	}
	return e.writeJSON(StaticDir+"/api/coverage.json", out)
}
