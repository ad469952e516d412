// Package preview is gen serve: the pipeline kept alive for a note author.
// A pipeline.Session keeps what was read and parsed, a site.Live keeps Hugo
// in memory, and a file watcher feeds them each change:
//
//	a note          re-read and re-parse that note, emit, Hugo re-renders what depends on it
//	the checkout    read and extract it again, emit, Hugo re-renders what changed
//	layouts, content, assets, static
//	                straight to Hugo, as hugo server does
//	config.toml     start over (settings, session and Hugo)
//
// The browser reloads itself through Hugo's livereload once the pages are
// written; the search index is rebuilt afterwards, in the background.
package preview

import (
	"errors"
	"fmt"
	"github.com/nvfuser-handbook/handbook/generator/internal/gcpolicy"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/gohugoio/hugo/livereload"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/generator/site"
)

// Options configure a preview.
type Options struct {
	Settings *config.Settings
	// Reload reads the settings again after the config file changed (the
	// command line's flags still apply); nil keeps Settings.
	Reload func() (*config.Settings, error)
	Addr   string // host:port to listen on; port 0 picks one
	// Poll, when not zero, polls the files at this interval instead of
	// waiting for the operating system's change events (network drives).
	Poll time.Duration
	// Batch is how long changes are gathered before a rebuild (an editor's
	// save is several events); 0 means 100ms.
	Batch time.Duration
	// Search refreshes the search index after each change that alters a
	// search document; off, the site is served without one.
	Search bool
	Out    io.Writer // one line per rebuild
	Errors io.Writer
	// Progress, when set, hears about the first run's stages as they run.
	Progress pipeline.Progress
	// Ready, when set, receives the served URL once the first render is
	// served (tests wait on it).
	Ready func(url string)
	// Rebuilt, when set, is called after every rebuild with what it did.
	Rebuilt func(Rebuild)
}

// Rebuild describes one rebuild after a change.
type Rebuild struct {
	Kind     string        // "notes", "checkout", "site", "config"
	Took     time.Duration // from the change's arrival to the changed pages written
	Pipeline bool          // whether the whole pipeline ran (first render and config changes only)
	Stages   []pipeline.Stage
	// Generated are the generated content files emit rewrote or removed.
	Generated []string
	Pages     []string // site paths Hugo wrote
	// Warnings are the run's warnings not printed before (a saved note's
	// broken image, at its line), printed with the rebuild's line.
	Warnings []string
	Err      error
}

// Dir is where gen serve renders, under the generated folder (gen's own).
func Dir(s *config.Settings) string { return filepath.Join(s.GeneratedDir(), "serve") }

var initLivereload sync.Once

// Run serves until stop closes.
func Run(opt Options, stop <-chan struct{}) error {
	// The whole session rebuilds under a build's collector policy, with
	// the small machine's memory limit: it stays up beside the editor.
	defer gcpolicy.ForServe()()
	if opt.Batch == 0 {
		opt.Batch = 100 * time.Millisecond
	}
	if opt.Errors == nil {
		opt.Errors = io.Discard
	}
	if opt.Out == nil {
		opt.Out = io.Discard
	}
	ln, err := net.Listen("tcp", opt.Addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	url := "http://" + ln.Addr().String() + "/"

	p := &preview{opt: opt, s: opt.Settings, url: url}
	// gen serve's own folder: what a previous serve left is stale. (A
	// restart after a config change renders over it instead, so that a
	// failed restart leaves the pages being served in place.)
	if err := os.RemoveAll(Dir(p.s)); err != nil {
		return err
	}
	// Watching starts before the first render, so that a file saved
	// meanwhile is not missed.
	w, err := newWatcher(p.s, opt.Batch, opt.Poll)
	if err != nil {
		return err
	}
	defer func() { w.close() }()
	defer p.close()
	if err := p.start(); err != nil {
		// Nothing to serve yet (a note that does not parse, a template
		// error): say so, in the terminal and in the browser, and start
		// again on the next change.
		p.mu.Lock()
		p.failed = err
		p.mu.Unlock()
		fmt.Fprintf(opt.Errors, "gen serve: %v\n  (nothing to serve yet: waiting for a change that fixes it)\n", err)
	}

	initLivereload.Do(livereload.Initialize)
	srv := &http.Server{Handler: p.handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	fmt.Fprintf(opt.Out, "serving at %s (Ctrl-C to stop); pages reload themselves when a note, layout or the checkout changes\n", url)
	if opt.Ready != nil {
		opt.Ready(url)
	}

	for {
		select {
		case <-stop:
			return nil
		case err := <-w.errors():
			if err != nil && !errors.Is(err, os.ErrNotExist) {
				fmt.Fprintf(opt.Errors, "gen serve: watching: %v\n", err)
			}
		case evs := <-w.events():
			start := time.Now()
			c := w.classify(evs)
			if c.empty() {
				continue
			}
			rb := p.apply(c, start)
			p.report(rb)
			if c.config && rb.Err == nil {
				// The settings moved the sources: watch the new ones.
				w.close()
				if w, err = newWatcher(p.s, opt.Batch, opt.Poll); err != nil {
					return err
				}
			}
		}
	}
}

// preview is a running gen serve.
type preview struct {
	mu      sync.Mutex // guards live and failed against the watcher goroutine
	failed  error      // the last rebuild's error, shown on every page until one succeeds
	opt     Options
	s       *config.Settings
	url     string
	session *pipeline.Session
	live    *site.Live
	search  *indexer
	warned  map[string]bool // warnings already printed, so each is told once
}

// newWarnings are the warnings of r not printed before.
func (p *preview) newWarnings(r *pipeline.Result) []string {
	if p.warned == nil {
		p.warned = map[string]bool{}
	}
	var out []string
	for _, w := range r.Warnings() {
		if !p.warned[w] {
			p.warned[w] = true
			out = append(out, w)
		}
	}
	return out
}

// start runs the whole pipeline once and renders the site.
func (p *preview) start() error {
	t := time.Now()
	p.session = pipeline.NewSession(p.s)
	p.session.Progress = p.opt.Progress
	r, err := p.session.Update(false)
	p.session.Progress = nil // later runs print one line each
	for _, warning := range p.newWarnings(r) {
		fmt.Fprintf(p.opt.Out, "warning: %s\n", warning)
	}
	if err != nil {
		return err
	}
	st, _, err := p.session.Finish()
	if err != nil {
		return err
	}
	if p.opt.Progress != nil {
		p.opt.Progress.Done(st)
	}
	dir := Dir(p.s)
	r.Start("render", "Hugo renders the site, then stays in memory for the changes to come", false)
	t0 := time.Now()
	live, _, err := site.NewLive(p.liveOptions(dir), p.url)
	if err != nil {
		return err
	}
	p.setLive(live)
	if p.opt.Progress != nil {
		p.opt.Progress.Done(pipeline.Stage{Name: "render", Took: time.Since(t0), Detail: "Hugo in memory, rendered into " + pipeline.ShowDir(p.s.ProjectDir, dir)})
	}
	p.search = newIndexer(p.s.ProjectDir, dir, p.opt)
	if p.opt.Search {
		p.search.refresh()
	}
	fmt.Fprintf(p.opt.Out, "ready in %s\n", time.Since(t).Round(time.Millisecond))
	return nil
}

func (p *preview) liveOptions(dir string) site.Options {
	return site.Options{ProjectDir: p.s.ProjectDir, ConfigFile: p.s.ConfigFile, GeneratedDir: p.s.GeneratedDir(),
		OutDir: dir, Log: p.opt.Errors, Origin: p.session.Origin, Extra: p.session.Twins()}
}

func (p *preview) setLive(l *site.Live) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.live = l
}

// current is the site being served; nil until a first render succeeds.
func (p *preview) current() *site.Live {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.live
}

// visit renders a page a change may have left stale before it is served.
func (p *preview) visit(path string) error {
	if live := p.current(); live != nil {
		return live.Visit(path)
	}
	return nil
}

func (p *preview) close() {
	if p.search != nil {
		p.search.stop()
	}
	if p.live != nil {
		p.live.Close()
	}
}

// apply rebuilds after one batch of changes.
func (p *preview) apply(c changes, start time.Time) Rebuild {
	if c.config || p.current() == nil {
		// A new config, or a first render that failed: start over.
		rb := p.restart()
		if !c.config {
			rb.Kind = "start"
		}
		rb.Took = time.Since(start)
		return rb
	}
	rb := Rebuild{Kind: "site"}
	var hugoChanges []site.Change
	for _, f := range c.site {
		hugoChanges = append(hugoChanges, site.Change{Path: f})
	}
	if c.checkout || c.notes {
		rb.Kind = "notes"
		if c.checkout {
			rb.Kind = "checkout"
		}
		r, err := p.session.Update(!c.checkout)
		rb.Stages = r.Stages
		if err != nil {
			rb.Err = err
			return rb
		}
		rb.Generated = r.Changed
		rb.Warnings = p.newWarnings(r)
		for _, f := range r.Changed {
			hugoChanges = append(hugoChanges, site.Change{Path: f})
		}
	}
	if len(hugoChanges) == 0 {
		return rb
	}
	t := time.Now()
	p.live.SetExtra(p.session.Twins())
	pages, err := p.live.Rebuild(hugoChanges)
	rb.Stages = append(rb.Stages, pipeline.Stage{Name: "render", Took: time.Since(t)})
	rb.Took = time.Since(start)
	rb.Pages = pages
	if err != nil {
		rb.Err = err
		return rb
	}
	p.reloadBuilt(pages)
	// The pages are on screen; now the JSON API and the removal of stale
	// files, then the search index in the background.
	if c.checkout || c.notes {
		t = time.Now()
		st, changed, err := p.session.Finish()
		if err != nil {
			rb.Err = err
			return rb
		}
		var more []site.Change
		for _, f := range changed {
			more = append(more, site.Change{Path: f})
		}
		if len(more) > 0 {
			written, err := p.live.Rebuild(more)
			if err != nil {
				rb.Err = err
				return rb
			}
			rb.Generated = append(rb.Generated, changed...)
			rb.Pages = append(rb.Pages, written...)
		}
		st.Took = time.Since(t)
		rb.Stages = append(rb.Stages, st)
	}
	if p.opt.Search && touchesSearch(rb.Pages) {
		p.search.refresh()
	}
	return rb
}

// restart reads the settings again and starts over: the config can move
// every source and Hugo's whole configuration.
func (p *preview) restart() Rebuild {
	rb := Rebuild{Kind: "config", Pipeline: true}
	s := p.s
	if p.opt.Reload != nil {
		var err error
		if s, err = p.opt.Reload(); err != nil {
			rb.Err = err
			return rb
		}
	}
	oldS, oldSession, oldLive, oldSearch := p.s, p.session, p.live, p.search
	p.s, p.search = s, nil
	p.setLive(nil)
	if err := p.start(); err != nil {
		p.close()
		// Keep serving what was there.
		p.s, p.session, p.search = oldS, oldSession, oldSearch
		p.setLive(oldLive)
		rb.Err = err
		return rb
	}
	if oldSearch != nil {
		oldSearch.stop()
	}
	if oldLive != nil {
		oldLive.Close()
	}
	p.clearFailure()
	livereload.ForceRefresh()
	return rb
}

// reloadBuilt tells the open pages that a change built. The last error
// is dropped first: a browser reloads the moment it is told to, and while
// it navigates it is disconnected from livereload, so a second reload sent
// once the rest of the rebuild is done would be lost and the page would
// keep the error banner over the fixed text. After an error every open
// page had the banner, changed or not, so they all reload.
func (p *preview) reloadBuilt(pages []string) {
	if p.clearFailure() {
		livereload.ForceRefresh()
		return
	}
	reload(pages)
}

// clearFailure forgets the last rebuild's error and reports whether there
// was one.
func (p *preview) clearFailure() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	was := p.failed
	p.failed = nil
	return was != nil
}

func (p *preview) report(rb Rebuild) {
	p.mu.Lock()
	was := p.failed
	p.failed = rb.Err
	p.mu.Unlock()
	if rb.Err != nil || was != nil {
		// Open pages show the error, or stop showing it (see banner.go).
		livereload.ForceRefresh()
	}
	if rb.Err != nil {
		if p.current() == nil {
			fmt.Fprintf(p.opt.Errors, "gen serve: %v\n  (nothing to serve yet: waiting for a change that fixes it)\n", rb.Err)
		} else {
			fmt.Fprintf(p.opt.Errors, "gen serve: %v\n  (still serving the previous pages)\n", rb.Err)
		}
	} else {
		fmt.Fprintf(p.opt.Out, "%s changed: rebuilt in %s", rb.Kind, rb.Took.Round(time.Millisecond))
		for _, st := range rb.Stages {
			fmt.Fprintf(p.opt.Out, ", %s %s", st.Name, st.Took.Round(time.Millisecond))
			switch st.Name {
			case "emit":
				fmt.Fprintf(p.opt.Out, " (%d file(s) changed)", len(rb.Generated))
			case "render":
				fmt.Fprintf(p.opt.Out, " (%d page file(s) written)", len(rb.Pages))
			}
		}
		fmt.Fprintln(p.opt.Out)
		for _, w := range rb.Warnings {
			fmt.Fprintf(p.opt.Out, "warning: %s\n", w)
		}
	}
	if p.opt.Rebuilt != nil {
		p.opt.Rebuilt(rb)
	}
}
