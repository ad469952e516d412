package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/lookup"
)

// lookupCmd ranks runbooks for an error read from FILE or stdin, using the
// index in the built site.
func lookupCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen lookup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print [{id, title, url, score, evidence, kind, note}] as JSON")
	out := fs.String("out", "", "the built site (default: config, else public/)")
	cfgFile := fs.String("config", "config.toml", "Hugo config with [params.handbook] settings")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	siteDir := *out
	if siteDir == "" {
		siteDir = "public"
		if s, err := config.Load(*cfgFile); err == nil {
			siteDir = s.Out
		}
	}
	var text []byte
	var err error
	switch fs.NArg() {
	case 0:
		text, err = io.ReadAll(stdin)
	case 1:
		text, err = os.ReadFile(fs.Arg(0))
	default:
		fmt.Fprintln(stderr, "gen lookup: at most one FILE")
		return errUsage
	}
	if err != nil {
		return err
	}
	idx, err := lookup.Load(siteDir)
	if err != nil {
		return err
	}
	matches := idx.Rank(string(text))
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(matches)
	}
	if len(matches) == 0 {
		fmt.Fprintf(stdout, "no runbook matches this error (searched %d notes in %s)\n", len(idx.Docs), filepath.Clean(siteDir))
		return nil
	}
	for i, m := range matches {
		fmt.Fprintf(stdout, "%d. %s  (score %.1f)\n   %s\n   matched: %s\n", i+1, m.Title, m.Score, m.URL, strings.Join(m.Evidence, ", "))
		if m.Note != "" {
			fmt.Fprintf(stdout, "   %s\n", m.Note)
		}
	}
	return nil
}
