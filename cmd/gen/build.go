package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

var (
	errUsage = errors.New("usage")
	// errHelp: -h or --help was asked for and printed; the exit status is 0.
	errHelp = errors.New("help")
)

// parseFlags parses a command's flags. Help asked for (-h, --help) goes to
// stdout; a mistake goes to stderr with the flags, as errUsage.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	fs.Usage = func() {
		fmt.Fprintf(&buf, "usage: %s [flags]   (gen help: every command)\n\nflags:\n", fs.Name())
		fs.PrintDefaults()
	}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		_, _ = stdout.Write(buf.Bytes())
		return errHelp
	}
	_, _ = stderr.Write(buf.Bytes())
	if err != nil {
		return errUsage
	}
	return nil
}

// multiFlag collects a repeatable flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// settings parses the common flags over config.toml.
func settings(name string, args []string, stdout, stderr io.Writer, extra func(*flag.FlagSet)) (*config.Settings, error) {
	fs := flag.NewFlagSet("gen "+name, flag.ContinueOnError)
	cfgFile := fs.String("config", defaultConfig, "Hugo config with [params.handbook] settings (default: config.toml here, else the one built into gen)")
	source := fs.String("source", "", "nvFuser checkout to read")
	out := fs.String("out", "", "where the site is published")
	baseURL := fs.String("base-url", "", "the published site's URL (overrides baseURL in the config)")
	var notes multiFlag
	fs.Var(&notes, "notes", "note file, folder or glob (repeatable)")
	noDocs := fs.Bool("no-docs", false, "do not read the checkout's docs (doc/**/*.md) as guides (docs = \"off\")")
	if extra != nil {
		extra(fs)
	}
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gen %s: unexpected argument %q\n", name, fs.Arg(0))
		return nil, errUsage
	}
	// A path typed on the command line must exist: a typo must not build
	// an empty handbook. (Defaults from config.toml that are missing stay
	// warnings: see sources.Open.)
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, name := range []string{"config", "source", "out"} {
		if given[name] && fs.Lookup(name).Value.String() == "" {
			return nil, fmt.Errorf("--%s: empty path", name)
		}
	}
	for _, n := range notes {
		if n == "" {
			return nil, errors.New("--notes: empty path")
		}
	}
	if *baseURL != "" {
		u, err := url.Parse(*baseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			fmt.Fprintf(stderr, "gen %s: --base-url %q: want an absolute http(s) URL, such as https://owner.github.io/repo/\n", name, *baseURL)
			return nil, errUsage
		}
		// Pages reports the address without the trailing slash Hugo's
		// baseURL wants.
		*baseURL = strings.TrimSuffix(*baseURL, "/") + "/"
	}
	s, w, err := loadConfig(*cfgFile, given["config"])
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(stdout, w)
	for _, w := range s.Warnings {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	if *source != "" {
		if err := sources.CheckGiven("--source", *source, false); err != nil {
			return nil, err
		}
		s.Source, _ = filepath.Abs(*source)
	}
	if *out != "" {
		s.Out, _ = filepath.Abs(*out)
	}
	if len(notes) > 0 {
		for _, n := range notes {
			if err := sources.CheckGiven("--notes", n, true); err != nil {
				return nil, err
			}
		}
		s.Notes = notes
	}
	if *baseURL != "" {
		s.BaseURL = *baseURL
	}
	if *noDocs {
		s.Docs = config.DocsOff
	}
	return s, nil
}

func build(args []string, stdout, stderr io.Writer, check bool) error {
	name := "build"
	if check {
		name = "check"
	}
	var opt pipeline.CheckOptions
	var metrics, noSearch bool
	format := "text"
	s, err := settings(name, args, stdout, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&metrics, "template-metrics", false, "print the time Hugo spent in each template and each step of its build")
		if !check {
			// gen check always indexes: what it checks is what is published.
			fs.BoolVar(&noSearch, "no-search", false, "build without the search index: Pagefind never runs (faster; the search page finds nothing)")
		}
		if check {
			fs.BoolVar(&opt.Strict, "strict", false, "treat drift, check-quality findings and missing required explanations as errors")
			fs.StringVar(&opt.Since, "since", "", "check-quality findings new since REV (a commit of --source) or FILE (a published api/check-quality.json) only")
			fs.StringVar(&format, "format", "text", "text, or github: also print the check-quality findings as GitHub Actions annotations")
			fs.BoolVar(&opt.WriteManifest, "write-manifest", false, "after a clean check, write the published URLs to url_manifest")
		}
	})
	if err != nil {
		return err
	}
	switch {
	case format == "github":
		opt.Annotations = stdout
	case format != "text":
		fmt.Fprintf(stderr, "gen check: --format is text or github, not %q\n", format)
		return errUsage
	}
	s.TemplateMetrics = metrics
	stderr = &syncWriter{w: stderr} // the interrupt handler writes too
	defer stopCleanly(stderr)()
	hooks := pipeline.Hooks{Progress: newProgress(stdout)}
	if !noSearch {
		hooks.Search = s.ProjectDir
	}
	if check {
		hooks.AfterRender = append(hooks.AfterRender, pipeline.Check(s, opt))
	}
	start := time.Now()
	r, err := pipeline.Build(s, hooks, stderr)
	warnings(stdout, r)
	for _, c := range r.Copies() {
		fmt.Fprintf(stdout, "note: %s\n", c)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nbuilt %d pages in %s -> %s\n", r.Pages, time.Since(start).Round(time.Millisecond), s.Out)
	fmt.Fprintf(stdout, "  browse it with `go run ./cmd/gen serve` (or any static server on %s); the drift report is /drift/, the JSON API /api/\n", s.Out)
	if note := placeholderNote(s.BaseURL); note != "" {
		fmt.Fprintf(stdout, "  note: %s\n", note)
	}
	if err := recordPublished(s); err != nil {
		fmt.Fprintf(stderr, "warning: %v\n", err)
	}
	return nil
}

// warnings prints the run's warnings (its stages were printed as they
// finished).
func warnings(w io.Writer, r *pipeline.Result) {
	for _, warning := range r.Warnings() {
		fmt.Fprintf(w, "warning: %s\n", warning)
	}
}
