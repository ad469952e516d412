package emit

import (
	"errors"
	"fmt"
	"html/template"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// Site holds the settings pages need for absolute and outbound links.
type Site struct {
	BaseURL string
	// Locale is the site's language ("en-us"; "" for "en"), which the
	// search documents emit writes declare.
	Locale  string
	RepoURL string // nvFuser repository, for source links
	RepoRef string
	// NotesEditBase, when set, turns a note's source path into an edit URL
	// (NotesEditBase + source). Empty means no edit link.
	NotesEditBase string
	// ExplainURL, when set, is the handbook repository's new-file page
	// (https://github.com/OWNER/REPO/new/BRANCH): a check page's "explain
	// this check" link opens it with explanations/<id>.md filled in.
	ExplainURL string
	// Generator identifies the binary, for api/build.json.
	Generator Generator
	// StaleAfterDays is config's stale_after_days, for api/build.json: the
	// age of the nvFuser commit past which pages say they may be behind.
	StaleAfterDays int
	// Published are the site paths the last published build served (the
	// site in --out, and url_manifest): a note whose kind changed since
	// keeps answering at its page under the old kind (see movedPaths).
	Published map[string]bool
	// SplitSearch says the search documents emit writes (the check
	// pages' and the notes') are indexed apart (urls.EmittedSearchIndex), as a build does: the search page then
	// merges that index with the main one. gen serve indexes them with the
	// others.
	SplitSearch bool
}

// EditURL is where a note can be edited, or "": notes_edit_url joined
// with the note's path relative to its notes folder (urls.Edit escapes
// each segment, so a file name can neither break out of the URL nor change
// its scheme). A notes_edit_url that is not http(s) or relative (a
// "javascript:" one) gives no edit link at all.
func (s Site) EditURL(rel string) string {
	if safe, _ := notes.URLSafety(s.NotesEditBase); !safe {
		return ""
	}
	return urls.Edit(s.NotesEditBase, rel)
}

// IssueURL links "#1234" to the repository's issue tracker (GitHub redirects
// issue numbers to pull requests and back).
func (s Site) IssueURL(ref string) string { return urls.Issue(s.RepoURL, ref) }

// Content is where generated content lives under the generated root.
const (
	ContentDir = "content"
	StaticDir  = "static"
	DataDir    = "data" // Hugo's site.Data, for lists templates render
	AssetsDir  = "assets"
)

type emitter struct {
	h    *model.Handbook
	site Site
	w    *Writer
	// The notes that use each variable and option, and the drift details
	// about each: built once, before pages are written.
	varUsedBy map[*model.Variable][]Ref
	optUsedBy map[*model.Option][]Ref
	varDrift  map[*model.Variable][]string
	optDrift  map[*model.Option][]string
	postings  map[feature][]*model.Note   // see indexRelated
	inbound   map[string][]model.Location // site path -> places in nvFuser linking to it
	twins     twinSet                     // see withTwin
	moved     map[*model.Note][]string    // see movedPaths
	// The check article's template, its site paths under this site's
	// base URL: see checkArticle.
	articleOnce sync.Once
	article     *template.Template
	articleErr  error
}

// Emit writes every generated page and the JSON API through w.
func Emit(h *model.Handbook, site Site, w *Writer) error {
	p, err := Pages(h, site, w)
	if err != nil {
		return err
	}
	return p.Finish()
}

// Pending is an emit whose pages are written, and whose JSON API (read by
// browsers and tools, never by Hugo) and removal of stale files are not
// yet: gen serve has Hugo render the pages in between, so that a saved
// note is on screen before the API of the whole handbook is rewritten.
type Pending struct{ e *emitter }

// Pages writes every generated page (Hugo content and data) through w;
// Finish writes the rest.
func Pages(h *model.Handbook, site Site, w *Writer) (*Pending, error) {
	e := &emitter{h: h, site: site, w: w, moved: movedPaths(h, site.Published)}
	e.indexUsage()
	e.indexDrift()
	e.indexRelated()
	e.indexInbound()
	if err := e.run(e.reference, e.notes, e.sections, e.driftPage, e.changesPage, e.checkPages, e.qualityPage, e.coveragePage, e.finishTwins); err != nil {
		return nil, err
	}
	return &Pending{e}, nil
}

// Finish is HugoInputs, then API.
func (p *Pending) Finish() error {
	if err := p.HugoInputs(); err != nil {
		return err
	}
	return p.API()
}

// HugoInputs writes the last files Hugo reads (llms-full.txt's pages,
// the build record and the schemas, which are data too) and removes the
// stale files among Hugo's inputs (content, data, assets): after it, the
// generated folder is what Hugo is to render.
func (p *Pending) HugoInputs() error {
	e := p.e
	if err := e.run(e.writeLLMsFull, e.build, e.schemas); err != nil {
		return err
	}
	return e.w.RemoveStale(ContentDir, DataDir, AssetsDir)
}

// API writes the JSON API under the static folder, which Hugo does not
// read (the render copies it after rendering): a build writes it while
// Hugo renders. Then it removes the stale static files and records what
// this emit produced.
func (p *Pending) API() error {
	e := p.e
	if err := e.run(e.api, e.qualityAPI, e.coverageAPI); err != nil {
		return err
	}
	return e.w.Prune(StaticDir)
}

func (e *emitter) run(steps ...func() error) error {
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

func (e *emitter) put(rel string, p page) error {
	_, _, _, err := e.putPage(rel, p)
	return err
}

// putPage is put, returning the file written and the page's twin (ok
// false for none).
func (e *emitter) putPage(rel string, p page) (data []byte, tw twinDoc, ok bool, err error) {
	// Every page's Markdown, not only a note's: a description from the
	// checkout may hold a code fence too.
	p.body = cleanFences(escapeRawHTML(p.body))
	// Text from nvFuser's sources may hold "\(...\)": KaTeX under the
	// same budget as a note's (mdconf.BudgetMath).
	p.body, _ = mdconf.BudgetMath(p.body)
	data, _, err = e.w.Memo.render(rel, p)
	if err != nil {
		return nil, twinDoc{}, false, fmt.Errorf("emit %s: %w", rel, err)
	}
	if tw, ok, err = e.withTwin(rel, p); err != nil {
		return nil, twinDoc{}, false, err
	}
	if p.search.file != "" {
		e.addSearchDoc(p.search.file, p.search.doc)
	}
	return data, tw, ok, e.w.Write(path.Join(ContentDir, rel), data)
}

func (e *emitter) reference() error {
	for _, v := range e.h.Variables {
		rel := "env/" + strings.ToLower(v.Name) + ".md"
		e.originAt(rel, v.DocumentedAt)
		p := e.variablePage(v)
		p.twinAt = urls.Var(v.Name)
		if err := e.put(rel, p); err != nil {
			return err
		}
	}
	for _, f := range e.h.Families {
		p := e.familyPage(f)
		p.twinAt = urls.Family(f.Key)
		if err := e.put("options/"+f.Key+"/_index.md", p); err != nil {
			return err
		}
	}
	for _, o := range e.h.Options {
		rel := "options/" + o.Family + "/" + strings.ToLower(o.Name) + ".md"
		// Its description is the YAML's, else the comment in options.h.
		at := o.DocumentedAt
		if at.File == "" {
			at = o.DeclaredAt
		}
		e.originAt(rel, at)
		p := e.optionPage(o)
		p.twinAt = urls.Option(o.Family, o.Name)
		if err := e.put(rel, p); err != nil {
			return err
		}
	}
	return nil
}

// originAt records that the page at rel (under the content folder) is
// made from the text at one place of the checkout, so that a problem
// Hugo finds in it names that file and line; nothing for a page made
// from no one place.
func (e *emitter) originAt(rel string, at model.Location) {
	if at.File != "" && at.Line > 0 {
		e.w.SetOrigin(path.Join(ContentDir, rel), Origin{Source: at.File, At: at.Line})
	}
}

// notes writes every note's page. Notes are independent (the related and
// used-by indexes are built before), so they are rendered in parallel.
func (e *emitter) notes() error {
	errs := make([]error, len(e.h.Notes))
	parallel.For(len(e.h.Notes), func(i int) {
		n := e.h.Notes[i]
		rel := path.Join(urls.Section(n.Kind), n.ID+".md") // under the content folder, as put's
		file := path.Join(ContentDir, rel)
		p := e.notePage(n)
		p.twinAt = urls.Note(n.Kind, n.ID)
		data, bodyLine, err := e.w.Memo.render(rel, p)
		if err != nil {
			errs[i] = fmt.Errorf("emit %s: %w", file, err)
			return
		}
		search, err := e.w.Memo.search(rel, e.site.Locale, func() (searchDoc, error) {
			file, doc, err := e.noteSearchDoc(p.front.(noteFront), p.body)
			return searchDoc{file, doc}, err
		})
		if err != nil {
			errs[i] = fmt.Errorf("emit %s: search document: %w", file, err)
			return
		}
		e.addSearchDoc(search.file, search.doc)
		if _, _, err := e.withTwin(rel, p); err != nil {
			errs[i] = err
			return
		}
		e.w.SetOrigin(file, Origin{Source: n.Source, BodyLine: bodyLine, NoteLine: n.BodyLine})
		errs[i] = errors.Join(e.w.Write(file, data), e.noteAssets(n))
	})
	if m := e.w.Memo; m != nil {
		pages := make(map[string]bool, len(e.h.Notes))
		for _, n := range e.h.Notes {
			pages[urls.Note(n.Kind, n.ID)] = true
		}
		m.keepBodies(pages)
	}
	return errors.Join(errs...)
}

// indexUsage records which notes mention each variable and option, for the
// "used by" lists on reference pages.
func (e *emitter) indexUsage() {
	e.varUsedBy = map[*model.Variable][]Ref{}
	e.optUsedBy = map[*model.Option][]Ref{}
	for _, n := range e.h.Notes {
		ref := noteRef(n)
		seenVar := map[*model.Variable]bool{}
		for _, s := range n.Env {
			if v := e.h.Variable(s.Name); v != nil && !seenVar[v] {
				seenVar[v] = true
				e.varUsedBy[v] = append(e.varUsedBy[v], ref)
			}
		}
		seenOpt := map[*model.Option]bool{}
		for _, o := range n.Options {
			if opt := e.h.Option(o.Env, o.Name); opt != nil && o.Known && !seenOpt[opt] {
				seenOpt[opt] = true
				e.optUsedBy[opt] = append(e.optUsedBy[opt], ref)
			}
		}
	}
	byID := func(refs []Ref) {
		sort.Slice(refs, func(i, j int) bool { return refs[i].ID < refs[j].ID })
	}
	for _, refs := range e.varUsedBy {
		byID(refs)
	}
	for _, refs := range e.optUsedBy {
		byID(refs)
	}
}

// indexDrift collects, for each variable and option page, the details of
// the findings about it (the page's "sources disagree" box), without when
// it went away: the page's own banner says that.
func (e *emitter) indexDrift() {
	e.varDrift = map[*model.Variable][]string{}
	e.optDrift = map[*model.Option][]string{}
	for _, d := range e.h.Drift {
		switch {
		case d.Variable != nil:
			e.varDrift[d.Variable] = append(e.varDrift[d.Variable], d.Detail)
		case d.Option != nil:
			e.optDrift[d.Option] = append(e.optDrift[d.Option], d.Detail)
		}
	}
}

// resolver gives linkify the destinations of mentions in one note. Internal
// destinations are content paths, which the render-link hook resolves with
// Hugo's page lookup, so a wrong one fails the build instead of 404ing.
type resolver struct {
	e *emitter
	// missing collects the source links given to files not in the checkout:
	// the note page lists them (not_in_checkout) so that render-link shows
	// them flagged instead of linking to a 404.
	missing map[string]bool
}

func (r resolver) Env(name string) string {
	if r.e.h.Variable(name) == nil {
		return ""
	}
	return urls.PagePath(urls.Var(name))
}

func (r resolver) Option(env, name string) string {
	o := r.e.h.Option(env, name)
	if o == nil || o.DefinedAt.IsZero() && !o.Documented && !o.Removed() {
		return ""
	}
	return urls.PagePath(urls.Option(o.Family, o.Name))
}

func (r resolver) File(f model.FileRef) string {
	u := urls.SourceRange(r.e.site.RepoURL, r.e.site.RepoRef, f)
	if !f.Exists && r.e.h.HasSource { // the extract stage looked it up
		r.missing[u] = true
	}
	return u
}

func (r resolver) PR(num string) string { return r.e.site.IssueURL(num) }
