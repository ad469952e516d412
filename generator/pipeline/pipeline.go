// Package pipeline runs the generator's stages in order, timing each:
//
//	read     sources   find the checkout and the notes
//	extract  assemble  parse env_options.yaml, options.cpp/.h, csrc reads, notes
//	model    assemble  merge the sources; drift: find disagreements
//	emit     emit      write Hugo content and the JSON API under generated/
//	render   site      Hugo renders the site (and its search documents) into a staging folder
//	search   search    Pagefind indexes the search documents (a hook: see hooks.go)
//	check    check     links, anchors, lost URLs, drift (a hook, gen check only)
//	publish  publish   swap the staging folder in place of the live site
//
// Any stage's error stops the run before publish, so the live site is kept.
package pipeline

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/assemble"
	"github.com/nvfuser-handbook/handbook/generator/check"
	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/explain"
	"github.com/nvfuser-handbook/handbook/generator/history"
	"github.com/nvfuser-handbook/handbook/generator/internal/bincache"
	"github.com/nvfuser-handbook/handbook/generator/internal/buildid"
	"github.com/nvfuser-handbook/handbook/generator/internal/flock"
	"github.com/nvfuser-handbook/handbook/generator/internal/gcpolicy"
	"github.com/nvfuser-handbook/handbook/generator/linkscan"
	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/publish"
	"github.com/nvfuser-handbook/handbook/generator/search"
	"github.com/nvfuser-handbook/handbook/generator/site"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// Stage is one timed step of a run.
type Stage struct {
	Name   string
	Took   time.Duration
	Detail string
}

// Result is what a run read and produced.
type Result struct {
	Stages   []Stage
	Handbook *model.Handbook
	Inputs   *sources.Inputs
	Written  int // generated files whose bytes changed
	Removed  int
	// Changed are the generated files written or removed, absolute paths
	// (Session.Update fills it, for Hugo to re-render what they touch).
	Changed []string
	Pages   int
	Out     string
	// SearchDocs holds the render's search documents, moved out of the
	// staged site (see search.TakeDocs); "" when there are none.
	SearchDocs string
	// Notices are non-fatal findings for the user (drift warnings in check).
	Notices []string
	// emitWarnings are emit's, about inputs (a note's formula shown as
	// code), at the input's file and line.
	emitWarnings []model.Diagnostic

	progress Progress
}

// Progress hears about stages as they run (gen prints them as they
// finish, and says what a long one is doing); nil hears nothing.
type Progress interface {
	// Start says a stage began and what it does. A person is told at once
	// when now is set (a first-time install), else only if the stage is
	// still running a few seconds later.
	Start(stage, doing string, now bool)
	// Done reports a finished stage.
	Done(Stage)
}

// Warnings are what the run found worth telling but not fatal: missing
// inputs, files skipped, and findings such as check's drift notices.
func (r *Result) Warnings() []string {
	if r == nil {
		return nil
	}
	var out []string
	if r.Inputs != nil {
		// Several readers may refuse the same file of the checkout (a
		// named pipe csrc/x.cpp is csrcscan's and linkscan's): said once.
		seen := map[string]bool{}
		for _, d := range r.Inputs.Warnings {
			if w := d.String(); !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	for _, d := range r.emitWarnings {
		out = append(out, d.String())
	}
	return append(out, r.Notices...)
}

// Start tells the run's Progress that a stage began (hooks call it too).
func (r *Result) Start(stage, doing string, now bool) {
	if r.progress != nil {
		r.progress.Start(stage, doing, now)
	}
}

// Hooks let callers add work between rendering and publishing (search
// indexing, link checks) against the staged site.
type Hooks struct {
	// Search, when set, is the project folder whose Pagefind (installed
	// there with npm ci on first use) indexes the site: the search
	// documents emit wrote (the checks' and the notes') while Hugo renders,
	// the others after it, before the AfterRender hooks.
	Search string
	// AfterRender runs on the staged site, in order (see Check in
	// hooks.go); an error aborts the publish.
	AfterRender []Hook
	// Progress, when set, hears about each stage as it runs.
	Progress Progress
}

// Model runs read, extract and model: everything up to, not including,
// writing files. Tools that only need the handbook's facts use this.
func Model(s *config.Settings, r *Result) error { return modelWith(s, r, nil) }

// modelWith is Model with what the last build kept of the model stage's
// work (stored, nil for none), which a build reads beside the extraction.
func modelWith(s *config.Settings, r *Result, stored func() modelCache) error {
	in, facts, err := readAndExtract(s, r)
	if err != nil {
		return err
	}
	if stored != nil {
		c := stored()
		facts.Stored, facts.Quotes = c.parses, c.quotes
	}
	return merge(in, facts, r)
}

// modelCache is what a build keeps of the model stage's work for the
// next build, under generated/cache, for this gen binary: each note as
// parsed (notes.bin) and the checks each note's text quotes (quotes.bin).
type modelCache struct {
	parses *assemble.ParseStore
	quotes *assemble.QuoteStore
}

// readModelCache starts reading the model stage's caches the last build
// of this project left. A binary whose build ID cannot be read keeps
// none.
func readModelCache(s *config.Settings) func() modelCache {
	return async(func() modelCache {
		id, err := buildid.Self()
		if err != nil {
			return modelCache{}
		}
		dir := filepath.Join(s.GeneratedDir(), "cache")
		return modelCache{
			parses: assemble.OpenParseStore(filepath.Join(dir, "notes.bin"), id),
			quotes: assemble.OpenQuoteStore(filepath.Join(dir, "quotes.bin"), id),
		}
	})
}

// readAndExtract runs read and extract: the checkout's facts and the
// notes' bytes.
func readAndExtract(s *config.Settings, r *Result) (*sources.Inputs, *assemble.Facts, error) {
	r.Start("read", "finding the checkout and reading the notes", false)
	t := time.Now()
	in, err := sources.OpenDocs(s.Source, s.Notes, docsToRead(s))
	if err != nil {
		return nil, nil, err
	}
	r.Inputs = in
	r.add("read", t, fmt.Sprintf("%s, %d note file(s)", in.TreeName, len(in.Notes)))

	r.Start("extract", "parsing the option sources, csrc, the notes and, on a first run, the checkout's git history", false)
	t = time.Now()
	// The git history (its cache, or a walk) and the links into the
	// handbook are read beside the sources' extraction: none needs the
	// others, and the extraction leaves a core idle much of its time.
	type histRead struct {
		hist *history.Result
		err  error
	}
	histDone := async(func() histRead {
		if in.Dir == "" || in.Shallow { // a shallow clone has no history (sources warned)
			return histRead{}
		}
		hist, err := history.Read(in.Dir, filepath.Join(s.GeneratedDir(), "cache"))
		return histRead{hist, err}
	})
	type linksRead struct {
		links   []model.InboundLink
		skipped []model.Diagnostic
	}
	linksDone := async(func() (l linksRead) {
		if pre, ok := linkscan.NewPrefix(s.BaseURL); ok && in.Tree != nil {
			l.links, l.skipped = linkscan.Scan(in.Tree, pre)
		}
		return l
	})
	facts, err := assemble.Extract(in)
	hr, lr := histDone(), linksDone()
	if err != nil {
		return nil, nil, err
	}
	if hr.err != nil {
		return nil, nil, fmt.Errorf("history of %s: %w", in.Dir, hr.err)
	}
	// Warnings in the order they had when read one after the other.
	if hr.hist != nil {
		facts.History = hr.hist
		in.Warnings = append(in.Warnings, history.Warnings(hr.hist)...)
	}
	facts.Inbound = lr.links
	in.Warnings = append(in.Warnings, lr.skipped...)
	facts.FreshnessCache = filepath.Join(s.GeneratedDir(), "cache", "freshness.json")
	facts.Overrides = s.Overrides
	facts.CheckSteps = s.CheckSteps
	facts.RequireExplanations = s.RequireExplanations
	xs, err := explain.Read(s.Explanations, filepath.Base(s.Explanations))
	if err != nil {
		return nil, nil, err
	}
	facts.Explanations = xs
	detail := fmt.Sprintf("%d option tables, %d variables and options read in csrc, %d note file(s), %d links from nvFuser", len(facts.Tables), len(facts.Reads.Env)+len(facts.Reads.Options), len(in.Notes), len(facts.Inbound))
	if facts.History != nil {
		detail += fmt.Sprintf(", %d changes in the git history", len(facts.History.Changes))
	}
	r.add("extract", t, detail)
	return in, facts, nil
}

// docsToRead is what config.toml's docs settings ask the read stage
// for; nil for none.
func docsToRead(s *config.Settings) *sources.Docs {
	if s.Docs == config.DocsOff {
		return nil
	}
	return &sources.Docs{Include: s.DocsInclude, Exclude: s.DocsExclude, Required: s.Docs == config.DocsOn}
}

// merge merges the facts and the notes into the handbook.
func merge(in *sources.Inputs, facts *assemble.Facts, r *Result) error {
	r.Start("model", "merging the sources, parsing notes and checking dated notes against git", false)
	t := time.Now()
	h, err := assemble.Handbook(in, facts)
	if err != nil {
		return err
	}
	r.Inputs = in
	r.Handbook = h
	detail := fmt.Sprintf("%d variables, %d options in %d families, %d notes, %d drift findings", len(h.Variables), len(h.Options), len(h.Families), len(h.Notes), len(h.Drift))
	if fresh := freshnessVerdicts(h); fresh > 0 {
		detail += fmt.Sprintf(", %d code references of dated notes checked against git", fresh)
	}
	if reused, of := facts.Stored.Reused(); of > 0 {
		detail += fmt.Sprintf("; %d of %d notes as the last build parsed them", reused, of)
	}
	if reused, of := facts.Quotes.Reused(); of > 0 {
		detail += fmt.Sprintf(", %d of %d matched against the checks as it did", reused, of)
	}
	r.add("model", t, detail)
	return nil
}

// emitContent runs emit: the handbook as Hugo content and the JSON API
// under s.GeneratedDir(), rewriting only files whose bytes change.
func emitContent(s *config.Settings, r *Result, cache func() buildCache, splitSearch bool) (*emit.Writer, *emit.Pending, error) {
	r.Start("emit", "writing Hugo content", false)
	t := time.Now()
	w, pending, err := emitPages(s, r.Handbook, nil, cache, splitSearch)
	if err != nil {
		return nil, nil, err
	}
	// The JSON API is left to Build, which writes it while Hugo renders.
	if err := pending.HugoInputs(); err != nil {
		return nil, nil, err
	}
	r.Written, r.Removed = len(w.Written), len(w.Removed)
	r.emitWarnings = w.Warnings()
	r.add("emit", t, emitDetail(s, w))
	return w, pending, nil
}

// emitPages runs the first part of emit, the pages; the JSON API and the
// pruning of stale files are left pending. memo (nil for none) carries
// what the previous emit of this process knew; cache (nil for none) the
// check pages and features of the last build; splitSearch says the
// search documents emit writes get an index of their own (emit.Site).
func emitPages(s *config.Settings, h *model.Handbook, memo *emit.Memo, cache func() buildCache, splitSearch bool) (*emit.Writer, *emit.Pending, error) {
	w := emit.NewWriter(s.GeneratedDir())
	w.Memo = memo
	if cache != nil {
		c := cache()
		w.Cache, w.Lookup = c.pages, c.lookup
	}
	siteCfg := emit.Site{BaseURL: s.BaseURL, Locale: s.Locale, RepoURL: s.RepoURL, RepoRef: emit.SourceRef(h.Revision, s.RepoRef),
		NotesEditBase: s.NotesEditBase, ExplainURL: s.ExplainURL, Generator: GeneratorVersion(), StaleAfterDays: s.StaleAfterDays, Published: published(s),
		SplitSearch: splitSearch}
	pending, err := emit.Pages(h, siteCfg, w)
	return w, pending, err
}

// published are the site paths the last published build served: the site
// in --out and url_manifest's list, which gen check holds the new site
// to. Emit keeps a note's old pages among them answering when its kind
// changed. What cannot be read counts for nothing here: gen check reports
// a manifest it cannot read.
func published(s *config.Settings) map[string]bool {
	out := map[string]bool{}
	if urls, err := check.PublishedURLs(s.Out); err == nil {
		for _, u := range urls {
			out[u] = true
		}
	}
	if s.URLManifest != "" {
		if urls, err := check.ReadManifest(s.URLManifest); err == nil {
			for _, u := range urls {
				out[u] = true
			}
		}
	}
	return out
}

func emitDetail(s *config.Settings, w *emit.Writer) string {
	d := fmt.Sprintf("%d file(s) changed, %d removed, under %s", len(w.Written), len(w.Removed), ShowDir(s.ProjectDir, s.GeneratedDir()))
	if c := w.Cache; c != nil && c.Reused+c.Made > 0 {
		d += fmt.Sprintf("; %d of %d check pages as the last build made them", c.Reused, c.Reused+c.Made)
	}
	return d
}

// Build runs every stage and publishes into s.Out.
func Build(s *config.Settings, hooks Hooks, log io.Writer) (*Result, error) {
	defer gcpolicy.ForBuild()()
	r := &Result{Out: s.Out, progress: hooks.Progress}
	// Before anything is written: gen publishes only where it may (see
	// publish.CheckOut and OutGuards).
	if err := publish.CheckOut(s.Out, OutGuards(s)); err != nil {
		return r, err
	}
	// Two runs on one project would interleave their generated files.
	unlock, err := flock.Lock(filepath.Join(s.GeneratedDir(), ".lock"))
	if err != nil {
		return r, err
	}
	defer unlock()
	// The build's caches (85 MB on the real handbook) are read while the
	// checkout is, and written while Hugo renders: neither waits on them.
	cache := readBuildCache(s)
	if err := modelWith(s, r, readModelCache(s)); err != nil {
		return r, err
	}

	// Pagefind, installed before the render (npm ci on a first run), for
	// the index of emit's search documents built while Hugo renders.
	var pagefind string
	if hooks.Search != "" {
		if !search.Installed(hooks.Search) {
			r.Start("search", "installing Pagefind with npm ci (first run only; it needs the npm registry)", true)
		}
		if pagefind, err = search.Pagefind(hooks.Search); err != nil {
			return r, err
		}
	}
	// A build gives emit's search documents an index of their own, with
	// or without --no-search: what emit writes does not depend on it.
	w, emitted, err := emitContent(s, r, cache, true)
	if err != nil {
		return r, err
	}
	beside := "the JSON API is written beside it"
	if pagefind != "" {
		beside = "the JSON API and the search index of the notes and check pages are made beside it"
	}
	r.Start("render", fmt.Sprintf("Hugo renders %d notes and the reference pages; %s", len(r.Handbook.Notes), beside), false)
	t := time.Now()
	// The JSON API goes under generated/static, which Hugo does not read:
	// it is written on the core Hugo leaves idle, and the render waits for
	// it only to copy the static files. Every return waits for it.
	var apiTook time.Duration // set before waitAPI returns
	waitAPI := async(func() error {
		t := time.Now()
		defer func() { apiTook = time.Since(t) }()
		return emitted.API()
	})
	defer waitAPI()
	// The caches are saved only after a whole emit: a failed one keeps the
	// last. The check pages go at once; the lookup features once the API,
	// which builds the lookup index, has filled them. Every return waits
	// for the save (before the lock is let go).
	waitSaved := async(func() error {
		c := cache()
		err := c.savePages()
		if err == nil && waitAPI() == nil {
			err = c.saveLookup()
		}
		if err != nil {
			return fmt.Errorf("emit: saving the build's cache under %s: %w", ShowDir(s.ProjectDir, s.GeneratedDir()), err)
		}
		return nil
	})
	defer waitSaved()
	staged, err := publish.Staging(s.Out)
	if err != nil {
		return r, err
	}
	// Every write into the staging folder goes through publish's gate, so
	// an interrupt (publish.Abort) never races one.
	gate := func(op func() error) error { return publish.WhileStaged(staged, op) }
	// The index of the notes and check pages is made while Hugo renders:
	// emit wrote their search documents, and Pagefind takes what of the
	// cores Hugo leaves idle. Every return waits for it.
	type indexed struct {
		summary string
		err     error
	}
	waitEmittedIndex := async(func() (x indexed) {
		if docs := emitted.SearchDocs(); pagefind != "" && len(docs) > 0 {
			x.err = gate(func() (err error) {
				x.summary, err = search.IndexDocs(pagefind, docs, staged+".emitted-search", staged)
				return err
			})
		}
		return x
	})
	defer waitEmittedIndex()
	res, err := site.Build(site.Options{ProjectDir: s.ProjectDir, ConfigFile: s.ConfigFile, GeneratedDir: s.GeneratedDir(), OutDir: staged, Log: log, TemplateMetrics: s.TemplateMetrics, Gate: gate, Origin: w.Locate,
		BaseURL: s.BaseURL, Extra: emitted.Twins(), BeforeStatic: waitAPI})
	if err != nil {
		publish.Discard(staged)
		return r, err
	}
	r.Pages = res.Pages
	if err := waitAPI(); err != nil {
		publish.Discard(staged)
		return r, err
	}
	r.Written, r.Removed = len(w.Written), len(w.Removed)
	err = gate(func() (err error) {
		r.SearchDocs, err = search.TakeDocs(staged)
		return err
	})
	if err != nil {
		publish.Discard(staged)
		return r, err
	}
	if r.SearchDocs != "" {
		defer os.RemoveAll(r.SearchDocs)
	}
	detail := fmt.Sprintf("%d pages; beside it, the JSON API in %s", res.Pages, apiTook.Round(time.Millisecond))
	if c := cache(); c.lookup != nil {
		if reused, of := c.lookup.Reused(); of > 0 {
			detail += fmt.Sprintf(", with the lookup features of %d of %d checks as the last build made them", reused, of)
		}
	}
	r.add("render", t, detail)

	if pagefind != "" {
		r.Start("search", "Pagefind indexes the search documents", false)
		t = time.Now()
		emittedIx := waitEmittedIndex()
		err := emittedIx.err
		var summary string
		if err == nil {
			err = gate(func() (err error) {
				summary, err = search.Index(pagefind, staged, r.SearchDocs)
				return err
			})
		}
		if err != nil {
			publish.Discard(staged)
			return r, err
		}
		if emittedIx.summary != "" {
			summary += "; the notes' and check pages', made while Hugo rendered: " + emittedIx.summary
		}
		r.add("search", t, summary)
	}

	for _, hook := range hooks.AfterRender {
		t = time.Now()
		var st Stage
		err := gate(func() (err error) {
			st, err = hook(staged, r)
			return err
		})
		if err != nil {
			publish.Discard(staged)
			return r, err
		}
		st.Took = time.Since(t)
		r.done(st)
	}

	if err := waitSaved(); err != nil {
		publish.Discard(staged)
		return r, err
	}
	r.Start("publish", "swapping the new site in", false)
	t = time.Now()
	if err := publish.Swap(staged, s.Out); err != nil {
		publish.Discard(staged)
		return r, err
	}
	r.add("publish", t, ShowDir(s.ProjectDir, s.Out))
	return r, nil
}

func (r *Result) add(name string, start time.Time, detail string) {
	r.done(Stage{Name: name, Took: time.Since(start), Detail: detail})
}

func (r *Result) done(st Stage) {
	r.Stages = append(r.Stages, st)
	if r.progress != nil {
		r.progress.Done(st)
	}
}

// ShowDir is a folder as a person reads it in gen's output: relative to
// base, with a trailing slash, when it is inside base; else as given.
func ShowDir(base, p string) string {
	if r, err := filepath.Rel(base, p); err == nil && !filepath.IsAbs(r) && len(r) > 0 && r[0] != '.' {
		return r + "/"
	}
	return p
}

// freshnessVerdicts counts the notes' code references that were checked
// against the checkout's git history.
func freshnessVerdicts(h *model.Handbook) int {
	n := 0
	for _, note := range h.Notes {
		n += len(note.Freshness)
	}
	return n
}

// buildCache is what a build keeps of emit's work for the next build,
// under generated/cache: the check pages (emit.PageCache) and the checks'
// lookup features (lookup.Memo), both for this gen binary.
type buildCache struct {
	gen        string // the binary's Go build ID; "" for no cache
	lookupFile string
	pages      *emit.PageCache
	lookup     *lookup.Memo
}

// readBuildCache starts reading the caches the last build of this
// project left, and returns what waits for them. A binary whose build ID
// cannot be read keeps no cache.
func readBuildCache(s *config.Settings) func() buildCache {
	return async(func() buildCache {
		id, err := buildid.Self()
		if err != nil {
			return buildCache{}
		}
		dir := filepath.Join(s.GeneratedDir(), "cache")
		c := buildCache{gen: id, lookupFile: filepath.Join(dir, "lookup-features.bin"), lookup: lookup.NewMemo()}
		c.pages = emit.OpenPageCache(filepath.Join(dir, "check-pages.bin"), id)
		if data, err := os.ReadFile(c.lookupFile); err == nil {
			_ = c.lookup.UnmarshalTexts(data, id) // a damaged cache is none
		}
		return c
	})
}

// savePages writes the check pages this build's emit left in the cache
// over their file.
func (c buildCache) savePages() error {
	if c.gen == "" {
		return nil
	}
	return c.pages.Save()
}

// saveLookup writes the checks' lookup features over their file: only
// once the lookup index (the JSON API) is built, which fills them; before
// that the file is left as it is.
func (c buildCache) saveLookup() error {
	if c.gen == "" || !c.lookup.Filled() {
		return nil
	}
	return bincache.WriteFile(c.lookupFile, c.lookup.MarshalTexts(c.gen))
}
