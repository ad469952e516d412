// Package site renders the Hugo project (config.toml, layouts/, content/ and
// the generated content) into a static site, in-process, with Hugo as a Go
// library. It renders into a fresh directory; publishing that directory over
// the live site is the publish stage's job.
package site

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bep/logg"
	"github.com/fsnotify/fsnotify"
	"github.com/gohugoio/hugo/common/hmaps"
	"github.com/gohugoio/hugo/common/loggers"
	"github.com/gohugoio/hugo/common/urls"
	"github.com/gohugoio/hugo/config"
	"github.com/gohugoio/hugo/deps"
	"github.com/gohugoio/hugo/hugofs"
	"github.com/gohugoio/hugo/hugolib"
	"github.com/spf13/afero"

	gencfg "github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
)

// Options says what to render and where.
type Options struct {
	// ProjectDir holds config.toml, layouts/ and content/.
	ProjectDir string
	// ConfigFile is config.toml's path (absolute or relative to ProjectDir).
	ConfigFile string
	// GeneratedDir is the generated Hugo content root (mounted by config.toml).
	GeneratedDir string
	// OutDir receives the rendered site; it should be new and empty.
	OutDir string
	// Log receives Hugo's warnings and errors.
	Log io.Writer
	// TemplateMetrics writes Hugo's time per template and per build step
	// (assemble, each output format) to Log.
	TemplateMetrics bool
	// BaseURL, when set, overrides config.toml's baseURL (gen --base-url:
	// the publishing workflow takes it from GitHub Pages).
	BaseURL string
	// Origin maps generated content files back to the inputs they came
	// from, in errors and log lines; nil leaves Hugo's messages as they are.
	Origin Origin
	// Gate, when set, runs every operation that creates something under
	// OutDir; it fails the operation once the publish stage abandoned the
	// folder (an interrupt), so nothing is written into it afterwards.
	Gate func(op func() error) error
	// Extra are files written over the rendered site after the static
	// files, by path below it ("runbooks/x/index.md"): emit's Markdown
	// twins, which exist only in memory.
	Extra map[string][]byte
	// BeforeStatic, when set, is waited for after the render and before
	// the static folders are copied: a build writes the JSON API under
	// generated/static while Hugo renders.
	BeforeStatic func() error
}

// renderTimeout bounds a render. Hugo 0.165 stops reading render errors
// after the tenth and its workers then block for ever (a template bug that
// breaks many pages does that): a build must fail, not hang CI, and a
// rebuild in gen serve must not freeze the server (a variable so a test
// can shorten it).
var renderTimeout = 20 * time.Minute

// hugoBuild runs one Hugo build (a variable so a test can make it hang).
var hugoBuild = func(sites *hugolib.HugoSites, cfg hugolib.BuildCfg, events ...fsnotify.Event) error {
	return sites.Build(cfg, events...)
}

// buildWithWatchdog is a full build under the watchdog.
func buildWithWatchdog(sites *hugolib.HugoSites) error {
	return watched(sites, hugolib.BuildCfg{})
}

// watched runs a Hugo build, full or partial, and gives up on it after
// renderTimeout. A build given up on still runs: its sites must not be
// closed or built again.
func watched(sites *hugolib.HugoSites, cfg hugolib.BuildCfg, events ...fsnotify.Event) error {
	// Both variables are read here, not in the goroutine: a build given
	// up on may outlive the caller (and a test that sets them back).
	build, timeout := hugoBuild, renderTimeout
	done := make(chan error, 1)
	go func() { done <- build(sites, cfg, events...) }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
		return fmt.Errorf("%w in %s; Hugo stops responding when many pages fail to render, so look for a template error", errRenderTimeout, timeout)
	}
}

var errRenderTimeout = errors.New("render did not finish")

// closeSites releases a HugoSites (a variable so a test can count calls).
var closeSites = func(s *hugolib.HugoSites) { _ = s.Close() }

func gate(opt Options, op func() error) error {
	if opt.Gate == nil {
		return op()
	}
	return opt.Gate(op)
}

// Result describes a finished render.
type Result struct {
	Pages int
}

// Build renders the site. Hugo errors, including errorf in templates and
// unresolved refs, make it fail.
func Build(opt Options) (Result, error) {
	h, err := newHugo(opt, nil)
	if err != nil {
		return Result{}, err
	}
	defer h.flush()
	if err := buildWithWatchdog(h.sites); err != nil {
		if !errors.Is(err, errRenderTimeout) {
			// Release Hugo's caches and their goroutines: serve keeps
			// running after a failed build. (After a timeout the build
			// still runs, and closing under it is not safe.)
			closeSites(h.sites)
		}
		return Result{}, h.fail(err)
	}
	defer closeSites(h.sites)
	// Hugo keeps what it computed (each formula KaTeX typeset, about 7 KB)
	// in its cache folder (cacheDir) and never removes any by itself: prune what
	// this full build did not use, as "hugo --gc" does, so the cache holds
	// at most one build's math (bounded by the math budget,
	// mdconf.BudgetMath) instead of every formula any note ever held.
	if _, err := h.sites.GC(); err != nil {
		return Result{}, fmt.Errorf("pruning Hugo's cache in %s: %w", cacheDir(h.projectDir, opt.GeneratedDir), err)
	}
	// Before the cache moved under cache/, gen gave Hugo this folder.
	_ = os.RemoveAll(filepath.Join(h.projectDir, "generated", ".hugo_cache"))
	if opt.BeforeStatic != nil {
		if err := opt.BeforeStatic(); err != nil {
			return Result{}, err
		}
	}
	if err := h.copyStatic(); err != nil {
		return Result{}, err
	}
	if err := gate(opt, func() error { return writeExtra(h.outDir, opt.Extra, nil, nil) }); err != nil {
		return Result{}, err
	}
	return Result{Pages: h.pages()}, nil
}

// writeExtra writes the files of extra under dir, skipping those whose
// bytes are what old had (nil: none), and removes those old had and extra
// has not. written, when set, is told each file it wrote or removed.
func writeExtra(dir string, extra, old map[string][]byte, written func(string)) error {
	// Emit names these files from ids and site paths it made; a name that
	// would leave the site (an absolute path, "..") is refused before
	// anything is written, whatever built it (fsutil.WriteAll).
	todo := make(map[string][]byte, len(extra))
	for rel, data := range extra {
		if prev, ok := old[rel]; !ok || !bytes.Equal(prev, data) {
			todo[rel] = data
		}
	}
	if err := fsutil.WriteAll(dir, todo); err != nil {
		return fmt.Errorf("extra files: %w", err)
	}
	if written != nil {
		for rel := range todo {
			written(filepath.Join(dir, filepath.FromSlash(rel)))
		}
	}
	for rel := range old {
		if _, ok := extra[rel]; ok {
			continue
		}
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.Remove(dst); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("extra files: %w", err)
		}
		if written != nil {
			written(dst)
		}
	}
	return nil
}

// hugo is one Hugo site set up from Options: the in-process equivalent of
// what the hugo command loads before it renders.
type hugo struct {
	opt        Options
	projectDir string
	outDir     string
	sites      *hugolib.HugoSites
	logBuf     *bytes.Buffer // Hugo's log, for the tail quoted in errors
	mapper     *originMapper
	flush      func()
}

// server holds the settings that make Hugo render as hugo server does:
// pages carry the livereload script, rebuilds are partial.
type server struct {
	baseURL string    // http://host:port/
	record  *writeLog // receives the files each render writes
}

// cacheDir is where Hugo keeps what outlives a build: each formula KaTeX
// typeset and KaTeX's compiled WebAssembly (together a second of CPU in a
// build of nvFuser's math docs). It sits in the generated folder's cache/,
// beside the history and freshness caches, so whatever restores those
// (the publishing workflow's cache, gen bench -warm) restores it too.
func cacheDir(projectDir, generated string) string {
	if generated == "" {
		generated = filepath.Join(projectDir, "generated")
	}
	return filepath.Join(generated, "cache", "hugo")
}

func newHugo(opt Options, srv *server) (*hugo, error) {
	projectDir, err := filepath.Abs(opt.ProjectDir)
	if err != nil {
		return nil, err
	}
	configFile := opt.ConfigFile
	if configFile == "" {
		configFile = "config.toml"
	}
	if !filepath.IsAbs(configFile) {
		configFile = filepath.Join(projectDir, configFile)
	}
	outDir, err := filepath.Abs(opt.OutDir)
	if err != nil {
		return nil, err
	}
	logOut := opt.Log
	if logOut == nil {
		logOut = io.Discard
	}
	h := &hugo{opt: opt, projectDir: projectDir, outDir: outDir, logBuf: &bytes.Buffer{}, flush: func() {}}
	h.mapper = newOriginMapper(opt.GeneratedDir, opt.Origin)
	if h.mapper != nil {
		lw := &lineWriter{w: logOut, m: h.mapper, quiet: srv != nil}
		h.flush = lw.Flush
		logOut = lw
	}

	flags := config.New()
	flags.Set("workingDir", projectDir)
	flags.Set("publishDir", outDir)
	flags.Set("cacheDir", cacheDir(projectDir, opt.GeneratedDir))
	if opt.GeneratedDir != "" {
		// The generated tree's location is a run-time setting, so the
		// content mounts are set here rather than written in config.toml.
		flags.Set("module", map[string]any{"mounts": mounts(projectDir, opt.GeneratedDir)})
	}

	if opt.BaseURL != "" {
		flags.Set("baseURL", opt.BaseURL)
	}
	if srv != nil {
		flags.Set("baseURL", srv.baseURL)
		flags.Set("environment", "development")
		flags.Set("internal", hmaps.Params{"running": true, "watch": true, "fastRenderMode": true})
	}
	level := logg.LevelWarn
	if opt.TemplateMetrics {
		flags.Set("templateMetrics", true) // Hugo prints them to Log
		// Hugo logs how long each step of its build took (reading and
		// assembling the pages, rendering each output format, one after
		// the other) at the info level: where a slow render's time went
		// before it reached a template.
		level = logg.LevelInfo
	}
	w := io.MultiWriter(logOut, h.logBuf)
	logger := loggers.New(loggers.Options{Level: level, StdOut: w, StdErr: w, DistinctLevel: logg.LevelWarn})

	// The same loader gen read its settings with, plus this render's
	// run-time flags (publish folder, mounts).
	configs, err := gencfg.LoadHugo(configFile, flags, logger)
	if err != nil {
		h.flush()
		return nil, fmt.Errorf("hugo: %w", err)
	}
	if srv != nil {
		// As hugo server does after loading: the pages' livereload script
		// connects back to the address the site is served from.
		u, err := urls.NewBaseURLFromString(srv.baseURL)
		if err != nil {
			h.flush()
			return nil, err
		}
		for _, lc := range configs.LanguageConfigMap {
			lc.C.SetServerInfo(u, u, u.URL().Hostname())
		}
	}
	flags.Set("publishDirStatic", outDir)
	flags.Set("publishDirDynamic", outDir)
	var dest afero.Fs = hugofs.Os
	if opt.Gate != nil {
		dest = newGatedFs(dest, opt.Gate)
	}
	if srv != nil && srv.record != nil {
		dest = recordingFs{Fs: dest, log: srv.record}
	}
	fs := hugofs.NewFromSourceAndDestination(hugofs.Os, dest, flags)

	h.sites, err = hugolib.NewHugoSites(deps.DepsCfg{
		Configs:  configs,
		Fs:       fs,
		LogLevel: level,
		StdOut:   w,
		StdErr:   w,
	})
	if err != nil {
		h.flush()
		return nil, h.mapper.mapError(fmt.Errorf("hugo: %w", err))
	}
	return h, nil
}

// fail words a render error: generated files named as the notes they came
// from, and the end of Hugo's log.
func (h *hugo) fail(err error) error {
	return h.mapper.mapError(fmt.Errorf("hugo: %w%s", err, logTail(h.logBuf.String())))
}

func (h *hugo) pages() int {
	n := 0
	for _, s := range h.sites.Sites {
		n += len(s.Pages())
	}
	return n
}

// staticDirs are the folders copied over the rendered site, in order:
// project files first, generated ones over them.
func (h *hugo) staticDirs() []string {
	static := []string{filepath.Join(h.projectDir, "static")}
	if h.opt.GeneratedDir != "" {
		static = append(static, filepath.Join(h.opt.GeneratedDir, "static"))
	}
	return static
}

// copyStatic copies the static files: that is the hugo command's job, not
// the library's.
func (h *hugo) copyStatic() error {
	for _, dir := range h.staticDirs() {
		if err := gate(h.opt, func() error { return fsutil.CopyTree(dir, h.outDir) }); err != nil {
			return fmt.Errorf("static files: %w", err)
		}
	}
	return nil
}

// mounts are config.toml's content mounts plus the generated tree, so that
// hand-written content/ and generated content form one Hugo content tree
// without ever mixing on disk.
func mounts(projectDir, generated string) []map[string]any {
	rel, err := filepath.Rel(projectDir, generated)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel = generated
	}
	var m []map[string]any
	for _, c := range []string{"content", "layouts", "assets", "data", "archetypes"} {
		if _, err := os.Stat(filepath.Join(projectDir, c)); err == nil {
			m = append(m, map[string]any{"source": c, "target": c})
		}
		if _, err := os.Stat(filepath.Join(generated, c)); err == nil {
			m = append(m, map[string]any{"source": filepath.ToSlash(filepath.Join(rel, c)), "target": c})
		}
	}
	return m
}

func logTail(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > 20 {
		lines = lines[len(lines)-20:]
	}
	return "\n" + strings.Join(lines, "\n")
}
