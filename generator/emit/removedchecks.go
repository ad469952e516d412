package emit

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// A removed check keeps its URL. An id reworded into a check that exists
// today is an alias of that check's page (checkPage: a redirect saying
// where it went; the page lists it under "Formerly"). Every other id the
// history saw go away gets a lean page of its own at /errors/<id>/: when
// it appeared, when it went (commit, date, version), where it was last
// seen, and what replaced it. HTML only (no Markdown twin, no search
// document): there are thousands, and they say little more than the
// /errors/removed/ list.

type removedFront struct {
	Title       string        `toml:"title"`
	Description string        `toml:"description"`
	Layout      string        `toml:"layout"`
	Outputs     []string      `toml:"outputs"`
	Params      removedParams `toml:"params"`
}

// removedParams are a removed check's facts. Those tagged toml:"-" reach
// the page through its article, rendered by emit (removedArticle); the
// front matter keeps what the layout shows itself.
type removedParams struct {
	Kind     string `toml:"kind"` // "removed-check"
	ID       string `toml:"id"`
	Fn       string `toml:"-"`
	LastSeen string `toml:"-"` // file:line
	Since    string `toml:"-"`
	Added    Link   `toml:"-"`
	Removed  string `toml:"-"`
	Commit   Link   `toml:"-"`
	Replaced string `toml:"-"`
	// ReplacedURL is the page of what replaced it: today's check, or the
	// removed page of the id it was reworded into.
	ReplacedURL string `toml:"-"`
	ListURL     string `toml:"-"`
	// Explanation is the file of explanations/ written while the check
	// existed: the page's body.
	Explanation string `toml:"explanation,omitempty"`
	// What the last revision that had it wrote (when the history read
	// it): kind, macro, message, condition, the code (highlighted as a
	// live check's), "last seen at" pinned to that revision (Where), and
	// the commit of that revision (Last).
	CheckKind string `toml:"check_kind,omitempty"`
	KindTitle string `toml:"check_kind_title,omitempty"`
	Macro     string `toml:"macro,omitempty"`
	Message   string `toml:"-"`
	Condition string `toml:"-"`
	CodeHTML  string `toml:"-"`
	Where     Link   `toml:"-"`
	Last      Link   `toml:"-"`
	LastWhen  string `toml:"-"`
	// SameMessage are today's checks printing its last message elsewhere.
	SameMessage []Ref `toml:"-"`
	// ArticleHTML is the page below its header and explanation.
	ArticleHTML string `toml:"article_html"`
}

// maxSameMessage bounds the checks listed as printing the same text.
const maxSameMessage = 5

// removedWithPages are the removed ids that are not an alias of a check
// that exists today: each has a page of its own.
func (e *emitter) removedWithPages() []model.RemovedCheck {
	taken := map[string]bool{} // ids with a page or an alias today
	for _, c := range e.h.Checks {
		taken[c.ID] = true
		for _, old := range c.Formerly {
			taken[old] = true
		}
	}
	var out []model.RemovedCheck
	for _, r := range e.h.RemovedChecks {
		if !taken[r.ID] {
			out = append(out, r)
		}
	}
	return out
}

// removedCheckPages writes a page for every removed id that is not an
// alias of a check that exists today.
func (e *emitter) removedCheckPages() error {
	current := map[string]string{} // base id -> the page id of its first twin
	for _, c := range e.h.Checks {
		if b := checks.BaseID(c); current[b] == "" {
			current[b] = c.ID
		}
	}
	removed := e.removedWithPages()
	// Thousands of independent pages, each depending on the checkout
	// alone: gen serve keeps them while the checkout is the one read.
	siteKey := e.siteKey()
	pages := make([]keptPage, len(removed))
	for i, r := range removed {
		pages[i] = keptPage{rel: "errors/" + r.ID + ".md", key: siteKey, build: func() (page, error) {
			return e.removedCheckPage(r, current), nil
		}, finish: func(p *page) error {
			f := p.front.(removedFront)
			var err error
			if f.Params.ArticleHTML, err = e.removedArticle(&f.Params); err != nil {
				return fmt.Errorf("article of removed check %s: %w", r.ID, err)
			}
			p.front = f
			return nil
		}}
	}
	return e.putAllKept(pages)
}

// removedCheckPage is removed check r's page; current gives today's page of
// each base id.
func (e *emitter) removedCheckPage(r model.RemovedCheck, current map[string]string) page {
	var f removedFront
	f.Title = removedTitle(r.ID, r.Function)
	if l := r.Last; l != nil {
		// The readable title a live check has, from its last text.
		f.Title = "Removed check: " + checks.Headline(&model.Check{Pieces: l.Pieces, Condition: l.Condition, Macro: l.Macro, Function: r.Function})
	}
	f.Description = fmt.Sprintf("A check nvFuser had from %s until %s.", r.Added.Since(), r.Removed.Since())
	f.Layout, f.Outputs = "removed", []string{"html"}
	p := &f.Params
	p.Kind, p.ID, p.Fn, p.ListURL = "removed-check", r.ID, r.Function, urls.RemovedChecks
	if r.Where.File != "" {
		p.LastSeen = r.Where.String()
	}
	p.Since, p.Removed = r.Added.Since(), r.Removed.Since()
	p.Added, p.Commit = e.commitLink(r.Added), e.commitLink(r.Removed)
	if id := r.ReplacedBy; id != "" {
		p.Replaced = id
		if page := current[id]; page != "" {
			p.ReplacedURL = urls.Check(page)
		} else {
			p.ReplacedURL = urls.Check(id) // a removed page, or an alias of today's check
		}
	}
	if l := r.Last; l != nil {
		p.CheckKind, p.KindTitle, p.Macro, p.Message, p.Condition = l.Kind, kindTitle(l.Kind), l.Macro, l.Message(), l.Condition
		p.Where = Link{Text: r.Where.String(), URL: urls.Source(e.site.RepoURL, l.At.Commit, r.Where)}
		p.Last, p.LastWhen = e.commitLink(l.At), l.At.Since()
		if l.Code != "" {
			spans := l.CodeSpans
			if len(spans) == 0 {
				spans = []model.CodeSpan{{Role: model.CodeSpace, Text: l.Code}}
			}
			p.CodeHTML = highlight(spans, l.CodeStart, r.Where.Line, max(l.EndLine, r.Where.Line))
		}
		for i, c := range r.SameMessage {
			if i == maxSameMessage {
				break
			}
			p.SameMessage = append(p.SameMessage, Ref{Title: c.Where.String(), URL: urls.Check(c.ID)})
		}
	}
	var body string
	if r.Explanation != nil {
		body = r.Explanation.Body
		p.Explanation = r.Explanation.File
	}
	return page{front: f, body: body}
}

// removedTitle names a removed check by what the history keeps of it: the
// first words of its message (the id after its function's part) and its
// function, "“vectorized accesses cannot be” in validate (removed)".
func removedTitle(id, fn string) string {
	words := id
	if f := strings.ToLower(fn); f != "" {
		words = strings.TrimPrefix(strings.TrimPrefix(id, f), "-")
	}
	words = strings.ReplaceAll(words, "-", " ")
	if fn == "" {
		return "Removed check: " + words
	}
	return "Removed check in " + fn + ": “" + words + "”"
}
