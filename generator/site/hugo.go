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
	"github.com/gohugoio/hugo/common/loggers"
	"github.com/gohugoio/hugo/config"
	"github.com/gohugoio/hugo/deps"
	"github.com/gohugoio/hugo/hugofs"
	"github.com/gohugoio/hugo/hugolib"
	"github.com/spf13/afero"

	gencfg "github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/internal/fsutil"
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
	// TemplateMetrics writes Hugo's time per template to Log.
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
}

// renderTimeout bounds a render. Hugo 0.165 stops reading render errors
// after the tenth and its workers then block for ever (a template bug that
// breaks many pages does that): a build must fail, not hang CI.
const renderTimeout = 20 * time.Minute

func buildWithWatchdog(sites *hugolib.HugoSites) error {
	done := make(chan error, 1)
	go func() { done <- sites.Build(hugolib.BuildCfg{}) }()
	select {
	case err := <-done:
		return err
	case <-time.After(renderTimeout):
		return fmt.Errorf("%w in %s; Hugo stops responding when many pages fail to render, so look for a template error", errRenderTimeout, renderTimeout)
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
	projectDir, err := filepath.Abs(opt.ProjectDir)
	if err != nil {
		return Result{}, err
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
		return Result{}, err
	}
	logOut := opt.Log
	if logOut == nil {
		logOut = io.Discard
	}
	mapper := newOriginMapper(opt.GeneratedDir, opt.Origin)
	if mapper != nil {
		lw := &lineWriter{w: logOut, m: mapper}
		defer lw.Flush()
		logOut = lw
	}

	flags := config.New()
	flags.Set("workingDir", projectDir)
	flags.Set("publishDir", outDir)
	flags.Set("cacheDir", filepath.Join(projectDir, "generated", ".hugo_cache"))
	if opt.GeneratedDir != "" {
		// The generated tree's location is a run-time setting, so the
		// content mounts are set here rather than written in config.toml.
		flags.Set("module", map[string]any{"mounts": mounts(projectDir, opt.GeneratedDir)})
	}

	if opt.BaseURL != "" {
		flags.Set("baseURL", opt.BaseURL)
	}
	if opt.TemplateMetrics {
		flags.Set("templateMetrics", true) // Hugo prints them to Log
	}
	var logBuf bytes.Buffer
	w := io.MultiWriter(logOut, &logBuf)
	logger := loggers.New(loggers.Options{Level: logg.LevelWarn, StdOut: w, StdErr: w, DistinctLevel: logg.LevelWarn})

	// The same loader gen read its settings with, plus this render's
	// run-time flags (publish folder, mounts).
	configs, err := gencfg.LoadHugo(configFile, flags, logger)
	if err != nil {
		return Result{}, fmt.Errorf("hugo: %w", err)
	}
	flags.Set("publishDirStatic", outDir)
	flags.Set("publishDirDynamic", outDir)
	var dest afero.Fs = hugofs.Os
	if opt.Gate != nil {
		dest = newGatedFs(dest, opt.Gate)
	}
	fs := hugofs.NewFromSourceAndDestination(hugofs.Os, dest, flags)

	sites, err := hugolib.NewHugoSites(deps.DepsCfg{
		Configs:  configs,
		Fs:       fs,
		LogLevel: logg.LevelWarn,
		StdOut:   w,
		StdErr:   w,
	})
	if err != nil {
		return Result{}, mapper.mapError(fmt.Errorf("hugo: %w", err))
	}
	if err := buildWithWatchdog(sites); err != nil {
		if !errors.Is(err, errRenderTimeout) {
			// Release Hugo's caches and their goroutines: serve keeps
			// running after a failed build. (After a timeout the build
			// still runs, and closing under it is not safe.)
			closeSites(sites)
		}
		return Result{}, mapper.mapError(fmt.Errorf("hugo: %w%s", err, logTail(logBuf.String())))
	}
	defer closeSites(sites)
	n := 0
	for _, s := range sites.Sites {
		n += len(s.Pages())
	}
	// Copying static files is the hugo command's job, not the library's:
	// do it here, project files first, generated ones over them.
	static := []string{filepath.Join(projectDir, "static")}
	if opt.GeneratedDir != "" {
		static = append(static, filepath.Join(opt.GeneratedDir, "static"))
	}
	for _, dir := range static {
		if err := gate(opt, func() error { return fsutil.CopyTree(dir, outDir) }); err != nil {
			return Result{}, fmt.Errorf("static files: %w", err)
		}
	}
	return Result{Pages: n}, nil
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
