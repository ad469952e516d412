package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"

	hugoversion "github.com/gohugoio/hugo/common/hugo"

	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/generator/search"
)

// versionCmd prints the versions a bug report needs: gen's own (module
// and commit), the Hugo library linked in, the pinned Pagefind and
// whether it is installed, and Go's.
func versionCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen version", flag.ContinueOnError)
	cfgFile := fs.String("config", defaultConfig, "the project whose Pagefind to report (its folder holds package.json; default: config.toml here, else the one built into gen)")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gen version: unexpected argument %q\n", fs.Arg(0))
		return errUsage
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "config" })
	w, err := findConfig(*cfgFile, given)
	if err != nil {
		return err
	}
	g := pipeline.GeneratorVersion()
	gen := g.Version
	if g.Revision != "" {
		gen += " " + g.Revision
		if g.Modified {
			gen += " (with local changes)"
		}
	}
	fmt.Fprintf(stdout, "gen       %s\n", gen)
	fmt.Fprintf(stdout, "hugo      %s (linked in)\n", hugoversion.CurrentVersion.String())
	pinned, installed, err := search.Version(filepath.Dir(w.file))
	switch {
	case err != nil:
		fmt.Fprintf(stdout, "pagefind  unknown (%v)\n", err)
	case installed:
		fmt.Fprintf(stdout, "pagefind  %s\n", pinned)
	default:
		fmt.Fprintf(stdout, "pagefind  %s (pinned; not installed yet: the first build runs npm ci)\n", pinned)
	}
	fmt.Fprintf(stdout, "go        %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintln(stdout, w)
	return nil
}
