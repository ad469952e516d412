package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/assemble"
	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/generator/publish"
)

// serveCmd builds, serves the site on localhost, and rebuilds when an input
// changes. The emit stage rewrites only generated files whose bytes change,
// so an edited note touches its own page and the pages that list it.
func serveCmd(args []string, stdout, stderr io.Writer, stop <-chan struct{}) error {
	var addr string
	var interval time.Duration
	s, err := settings("serve", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&addr, "addr", "127.0.0.1:1313", "address to serve on")
		fs.DurationVar(&interval, "poll", 500*time.Millisecond, "how often inputs are checked for changes")
	})
	if err != nil {
		return err
	}
	hooks := pipeline.Hooks{AfterRender: []pipeline.Hook{pipeline.SearchIndex(s.ProjectDir)}}
	rebuild := func() {
		start := time.Now()
		r, err := pipeline.Build(s, hooks, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "gen serve: %v (still serving the previous site)\n", err)
			return
		}
		fmt.Fprintf(stdout, "rebuilt in %s: %d generated file(s) changed, %d removed, %d pages\n", time.Since(start).Round(time.Millisecond), r.Written, r.Removed, r.Pages)
	}
	rebuild()

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	// http.Dir opens files by path on every request, so the server follows
	// publish swapping the folder.
	srv := &http.Server{Handler: http.FileServer(http.Dir(s.Out))}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	fmt.Fprintf(stdout, "serving %s at http://%s/ (Ctrl-C to stop)\n", s.Out, ln.Addr())

	last := inputsStamp(s)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return nil
		case <-tick.C:
			if now := inputsStamp(s); now != last {
				last = now
				rebuild()
			}
		}
	}
}

// inputsStamp summarises the modification times and sizes of everything a
// build reads, so polling notices any change.
func inputsStamp(s *config.Settings) string {
	var parts []string
	add := func(root string) {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || p == s.Out || p == s.GeneratedDir()) {
				return filepath.SkipDir
			}
			if info, err := d.Info(); err == nil && !d.IsDir() {
				parts = append(parts, fmt.Sprintf("%s %d %d", p, info.ModTime().UnixNano(), info.Size()))
			}
			return nil
		})
	}
	for _, dir := range []string{"layouts", "content", "static", "assets"} {
		add(filepath.Join(s.ProjectDir, dir))
	}
	add(s.ConfigFile)
	if s.Source != "" {
		for _, p := range assemble.Inputs() {
			add(filepath.Join(s.Source, p))
		}
	}
	for _, n := range s.Notes {
		matches, _ := filepath.Glob(n)
		if len(matches) == 0 {
			matches = []string{n}
		}
		for _, m := range matches {
			add(m)
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, "\n")
}

// interrupt closes when the process is asked to stop.
func interrupt() <-chan struct{} {
	c := make(chan struct{})
	sig := make(chan os.Signal, 1)
	notify(sig)
	// A rebuild in progress is abandoned at once: its staging folder is
	// removed and its publish refused, so the served site stays whole.
	go func() { <-sig; publish.Abort(); close(c) }()
	return c
}
