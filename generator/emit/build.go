package emit

import (
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// Generator identifies the gen binary that built the site, from its Go
// build information (never from the clock, so a rebuild by the same binary
// is byte-identical).
type Generator struct {
	Module   string `json:"module"`
	Version  string `json:"version"`            // module version, "(devel)" for a local build
	Revision string `json:"revision,omitempty"` // the handbook repository's commit, when Go recorded it
	Modified bool   `json:"modified,omitempty"` // built from a work tree with uncommitted changes
}

// APIBuild is api/build.json: what the site was built from. Templates read
// the same record (hugo.Data.build) for the home page and the footer.
type APIBuild struct {
	NvFuser   APIRevision `json:"nvfuser"`
	Generator Generator   `json:"generator"`
	// StaleAfterDays: when the nvFuser commit is older than this many days
	// (counted in the reader's browser, from NvFuser.Date), pages say the
	// handbook may be behind nvFuser; 0 never.
	StaleAfterDays int `json:"stale_after_days"`
}

// APIRevision is the nvFuser revision the pages describe.
type APIRevision struct {
	Repo string `json:"repo"`
	// Ref is what source links carry: the checkout's commit, or the
	// configured repo_ref for a tree that is not a git checkout.
	Ref    string `json:"ref"`
	Commit string `json:"commit"` // "" when the tree is not a git checkout
	Short  string `json:"short"`
	Date   string `json:"date"` // the commit's date, ISO 8601
	Day    string `json:"day"`  // its date part
	// URL is the commit's page in the repository browser, or "".
	URL string `json:"url"`
}

func (e *emitter) build() error {
	rev := e.h.Revision
	b := APIBuild{
		NvFuser: APIRevision{Repo: e.site.RepoURL, Ref: e.site.RepoRef, Commit: rev.Commit, Short: rev.Short(),
			Date: rev.Date, Day: rev.Day()},
		Generator:      e.site.Generator,
		StaleAfterDays: e.site.StaleAfterDays,
	}
	if !rev.IsZero() {
		b.NvFuser.URL = urls.Commit(e.site.RepoURL, rev.Commit)
	}
	if err := e.writeJSON(StaticDir+"/api/build.json", b); err != nil {
		return err
	}
	// The layouts' own ids, which a note's heading must not take
	// (render-heading.html, render-link.html read hugo.Data.page_ids).
	if err := e.writeJSON(DataDir+"/page_ids.json", urls.PageIDs); err != nil {
		return err
	}
	if err := e.writeJSON(DataDir+"/build.json", b); err != nil {
		return err
	}
	// The search page's second index (layouts/search.html): the one of
	// the search documents emit wrote (checks and notes), when they have
	// one.
	var idx searchIndexes
	if e.emittedIndexed() {
		idx.Emitted = urls.EmittedSearchIndex + "/"
	}
	return e.writeJSON(DataDir+"/search.json", idx)
}

// searchIndexes is data/search.json: the Pagefind indexes the search page
// merges with the main one, as paths below the site ("" for none).
type searchIndexes struct {
	Emitted string `json:"emitted"`
}

// SourceRef is the ref source links should carry: the checkout's commit
// when it is a git checkout (a line number then always means the line the
// page describes), else the configured ref.
func SourceRef(rev model.Revision, configured string) string {
	if !rev.IsZero() {
		return rev.Commit
	}
	return configured
}
