package site

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/fsnotify/fsnotify"
	"github.com/gohugoio/hugo/common/types"
	"github.com/gohugoio/hugo/hugolib"
	"github.com/spf13/afero"
)

// Live is a Hugo site kept in memory between renders, as hugo server
// keeps it: a change re-renders only the pages that depend on the changed
// files (Hugo's own dependency tracking), and every HTML page carries
// Hugo's livereload script, which connects back to the server at BaseURL.
// gen serve renders one into a folder it owns and serves that folder.
type Live struct {
	mu      sync.Mutex
	opt     Options
	baseURL string
	h       *hugo
	written *writeLog
	// broken is set when the last render failed: Hugo's state after a
	// failed partial build is not worth trusting, so the next Rebuild
	// starts a fresh site (a full render) instead.
	broken bool
	// visited are the pages the browser asked for lately. As in hugo
	// server's fast render mode, a rebuild renders the changed pages and
	// these; any other page a change made stale (the runbook list, the
	// sitemap) is rendered when it is next asked for (Visit).
	visited  *types.EvictingQueue[string]
	rebuilds int
	// extra are the files (Options.Extra) the served folder has, and
	// nextExtra those the next render writes (SetExtra).
	extra, nextExtra map[string][]byte
}

// visitedPages is how many recently visited pages a rebuild keeps fresh
// (hugo server's number).
const visitedPages = 20

// NewLive renders the whole site once into opt.OutDir, to be served at
// baseURL (http://host:port/).
func NewLive(opt Options, baseURL string) (*Live, Result, error) {
	l := &Live{opt: opt, baseURL: baseURL, visited: types.NewEvictingQueue[string](visitedPages), nextExtra: opt.Extra}
	res, err := l.full()
	if err != nil {
		return nil, Result{}, err
	}
	return l, res, nil
}

// Change is one changed input file.
type Change struct {
	Path    string // absolute
	Removed bool
}

// SetExtra gives the files (Options.Extra) the next Rebuild brings the
// served folder in line with: those that changed are written, those gone
// removed.
func (l *Live) SetExtra(files map[string][]byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.nextExtra = files
}

// Rebuild renders again after the given files changed: project layouts,
// content, assets, i18n or data, generated content, or static files (those
// are copied, not rendered). It returns the site paths ("/runbooks/x/",
// "/css/site.css") whose bytes Hugo or the copy wrote, for the browser
// reload to act on. Config changes need a new Live. It does not count the
// pages, as a full render does: Hugo sorts every page of the site to list
// them, a tenth of a second on the real handbook.
func (l *Live) Rebuild(changes []Change) ([]string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.h == nil || l.broken {
		l.close()
		_, err := l.full()
		return []string{"/"}, err
	}
	var events []fsnotify.Event
	var static []Change
	for _, c := range changes {
		if l.isStatic(c.Path) {
			static = append(static, c)
			continue
		}
		op := fsnotify.Write
		if c.Removed {
			op = fsnotify.Remove
		} else if _, err := os.Stat(c.Path); err != nil {
			op = fsnotify.Remove
		}
		events = append(events, fsnotify.Event{Name: c.Path, Op: op})
	}
	l.written.reset()
	if len(events) > 0 {
		l.rebuilds++
		if err := watched(l.h.sites, hugolib.BuildCfg{RecentlyTouched: l.visited}, events...); err != nil {
			return nil, l.failed(err)
		}
	}
	for _, c := range static {
		if err := l.syncStatic(c.Path); err != nil {
			return nil, fmt.Errorf("static files: %w", err)
		}
	}
	if err := writeExtra(l.h.outDir, l.nextExtra, l.extra, l.written.add); err != nil {
		return nil, err
	}
	l.extra = l.nextExtra
	return l.written.paths(l.h.outDir), nil
}

// Visit is called before a page is served (path as requested, "/x/"):
// after a rebuild, a page that was not among the recently visited ones may
// be stale, and is rendered again first.
func (l *Live) Visit(path string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.h == nil || l.broken || l.visited.Contains(path) {
		return nil
	}
	l.visited.Add(path)
	if l.rebuilds == 0 {
		return nil // nothing changed since the full render
	}
	one := types.NewEvictingQueue[string](1)
	one.Add(path)
	if err := watched(l.h.sites, hugolib.BuildCfg{RecentlyTouched: one, PartialReRender: true}); err != nil {
		return l.failed(err)
	}
	return nil
}

// ReadFile reads a file of the rendered folder (name below it, slash
// separated, as in a URL) under the lock every render holds: Hugo
// rewrites a page in place, so a page read while a rebuild writes it
// could come out empty or cut short, without its livereload script or
// its end, and a browser tab showing it would never reload again.
func (l *Live) ReadFile(name string) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	root := l.opt.OutDir
	if l.h != nil {
		root = l.h.outDir
	}
	return os.ReadFile(filepath.Join(root, filepath.FromSlash(path.Clean("/"+name))))
}

// Close releases Hugo's caches.
func (l *Live) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.close()
}

func (l *Live) close() {
	if l.h != nil {
		closeSites(l.h.sites)
		l.h.flush()
		l.h = nil
	}
}

// full starts a fresh Hugo site and renders everything.
func (l *Live) full() (Result, error) {
	l.written = &writeLog{}
	opt := l.opt
	opt.Gate = nil
	h, err := newHugo(opt, &server{baseURL: l.baseURL, record: l.written})
	if err != nil {
		l.broken = true
		return Result{}, err
	}
	l.h = h
	if err := buildWithWatchdog(h.sites); err != nil {
		return Result{}, l.failed(err)
	}
	if err := h.copyStatic(); err != nil {
		l.broken = true
		return Result{}, err
	}
	if err := writeExtra(h.outDir, l.nextExtra, nil, nil); err != nil {
		l.broken = true
		return Result{}, err
	}
	l.extra = l.nextExtra
	l.broken = false
	return Result{Pages: h.pages()}, nil
}

// failed marks the site broken after a failed render, so the next Rebuild
// starts a fresh one, and words the error. A render the watchdog gave up
// on still runs: its sites are dropped, not closed (closing under it is
// not safe), so that the lock is released and the server keeps serving
// the pages it has.
func (l *Live) failed(err error) error {
	l.broken = true
	h := l.h
	if errors.Is(err, errRenderTimeout) {
		l.h = nil
	}
	return h.fail(err)
}

// isStatic reports whether path is under one of the static folders.
func (l *Live) isStatic(path string) bool {
	_, ok := l.staticRel(path)
	return ok
}

func (l *Live) staticRel(path string) (string, bool) {
	for _, dir := range l.h.staticDirs() {
		if r, err := filepath.Rel(dir, path); err == nil && r != "." && !strings.HasPrefix(r, "..") && !filepath.IsAbs(r) {
			return r, true
		}
	}
	return "", false
}

// syncStatic brings one static file of the served site in line with the
// static folders: the last folder that has it wins, as in a full copy;
// when none has it any more it is removed.
func (l *Live) syncStatic(path string) error {
	rel, _ := l.staticRel(path)
	dst := filepath.Join(l.h.outDir, rel)
	dirs := l.h.staticDirs()
	for i := len(dirs) - 1; i >= 0; i-- {
		src := filepath.Join(dirs[i], rel)
		st, err := os.Stat(src)
		if err != nil || st.IsDir() {
			continue
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		l.written.add(dst)
		return os.WriteFile(dst, data, 0o644)
	}
	if err := os.Remove(dst); err != nil && !os.IsNotExist(err) {
		return err
	}
	l.written.add(dst)
	return nil
}

// writeLog records the files a render writes, so the browser is told
// what changed (hugo server watches its destination the same way).
type writeLog struct {
	mu    sync.Mutex
	files map[string]bool
}

func (w *writeLog) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.files = nil
}

func (w *writeLog) add(name string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.files == nil {
		w.files = map[string]bool{}
	}
	w.files[name] = true
}

// paths are the recorded files as site paths below root, sorted; a page's
// index.html is its folder's path.
func (w *writeLog) paths(root string) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for f := range w.files {
		r, err := filepath.Rel(root, f)
		if err != nil || strings.HasPrefix(r, "..") {
			continue
		}
		p := "/" + filepath.ToSlash(r)
		p = strings.TrimSuffix(p, "index.html")
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// recordingFs is Hugo's destination with every file it opens for writing
// recorded in a writeLog.
type recordingFs struct {
	afero.Fs
	log *writeLog
}

func (r recordingFs) Create(name string) (afero.File, error) {
	r.log.add(name)
	return r.Fs.Create(name)
}

func (r recordingFs) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	if flag&(os.O_CREATE|os.O_WRONLY|os.O_RDWR|os.O_TRUNC|os.O_APPEND) != 0 {
		r.log.add(name)
	}
	return r.Fs.OpenFile(name, flag, perm)
}
