package emit

import (
	"errors"

	"fmt"
	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
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

type removedParams struct {
	Kind     string `toml:"kind"` // "removed-check"
	ID       string `toml:"id"`
	Fn       string `toml:"fn,omitempty"`
	LastSeen string `toml:"last_seen,omitempty"` // file:line
	Since    string `toml:"since"`
	Added    Link   `toml:"added"`
	Removed  string `toml:"removed"`
	Commit   Link   `toml:"commit"`
	Replaced string `toml:"replaced_by,omitempty"`
	// ReplacedURL is the page of what replaced it: today's check, or the
	// removed page of the id it was reworded into.
	ReplacedURL string `toml:"replaced_url,omitempty"`
	ListURL     string `toml:"list_url"`
	// Explanation is the file of explanations/ written while the check
	// existed: the page's body.
	Explanation string `toml:"explanation,omitempty"`
}

// removedCheckPages writes a page for every removed id that is not an
// alias of a check that exists today.
func (e *emitter) removedCheckPages() error {
	taken := map[string]bool{}     // ids with a page or an alias today
	current := map[string]string{} // base id -> the page id of its first twin
	for _, c := range e.h.Checks {
		taken[c.ID] = true
		for _, old := range c.Formerly {
			taken[old] = true
		}
		if b := checks.BaseID(c); current[b] == "" {
			current[b] = c.ID
		}
	}
	// Thousands of independent pages: on every core.
	errs := make([]error, len(e.h.RemovedChecks))
	parallel.For(len(e.h.RemovedChecks), func(i int) {
		r := e.h.RemovedChecks[i]
		if taken[r.ID] {
			return
		}
		var f removedFront
		f.Title = removedTitle(r.ID, r.Function)
		f.Description = fmt.Sprintf("A check nvFuser had from %s until %s.", r.Added.Since(), r.Removed.Since())
		f.Layout, f.Outputs = "removed", []string{"html"}
		p := &f.Params
		p.Kind, p.ID, p.Fn, p.ListURL = "removed-check", r.ID, r.Function, urls.RemovedChecks
		if r.Where.File != "" {
			p.LastSeen = r.Where.String()
		}
		p.Since, p.Removed = r.Added.Since(), r.Removed.Since()
		p.Added = Link{Text: shortHash(r.Added.Commit), URL: urls.Commit(e.site.RepoURL, r.Added.Commit)}
		p.Commit = Link{Text: shortHash(r.Removed.Commit), URL: urls.Commit(e.site.RepoURL, r.Removed.Commit)}
		if id := r.ReplacedBy; id != "" {
			p.Replaced = id
			if page := current[id]; page != "" {
				p.ReplacedURL = urls.Check(page)
			} else {
				p.ReplacedURL = urls.Check(id) // a removed page, or an alias of today's check
			}
		}
		var body string
		if r.Explanation != nil {
			body = r.Explanation.Body
			p.Explanation = r.Explanation.File
		}
		errs[i] = e.put("errors/"+r.ID+".md", page{front: f, body: body})
	})
	return errors.Join(errs...)

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
