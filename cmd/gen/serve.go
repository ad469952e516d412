package main

import (
	"flag"
	"io"
	"os"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/preview"
	"github.com/nvfuser-handbook/handbook/generator/publish"
)

// serveCmd renders the handbook once, serves it on localhost and keeps it
// up to date as files change (see generator/preview).
func serveCmd(args []string, stdout, stderr io.Writer, stop <-chan struct{}) error {
	var addr string
	var poll time.Duration
	var noSearch bool
	parse := func() (*config.Settings, error) {
		return settings("serve", args, stdout, stderr, func(fs *flag.FlagSet) {
			fs.StringVar(&addr, "addr", "127.0.0.1:1313", "address to serve on")
			fs.DurationVar(&poll, "poll", 0, "poll for changes at this interval instead of waiting for file events (network drives)")
			fs.BoolVar(&noSearch, "no-search", false, "serve without a search index (no Pagefind run after changes)")
		})
	}
	s, err := parse()
	if err != nil {
		return err
	}
	return preview.Run(preview.Options{
		Settings: s,
		// The same flags over the edited config file.
		Reload:   parse,
		Addr:     addr,
		Poll:     poll,
		Search:   !noSearch,
		Progress: newProgress(stdout),
		Out:      stdout,
		Errors:   &syncWriter{w: stderr},
	}, stop)
}

// interrupt closes when the process is asked to stop.
func interrupt() <-chan struct{} {
	c := make(chan struct{})
	sig := make(chan os.Signal, 1)
	notify(sig)
	// A build in progress is abandoned at once: its staging folder is
	// removed and its publish refused, so the published site stays whole.
	go func() { <-sig; publish.Abort(); close(c) }()
	return c
}
