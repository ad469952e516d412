// Command gen builds the nvFuser debugging handbook.
//
//	gen [build] [flags]   generate content and build the site into --out
//	gen check [flags]     build, then fail on broken links, lost URLs, bad input
//	gen serve [flags]     build, serve locally, rebuild when an input changes
//	gen lookup [FILE]     rank runbooks for an error message
//
// Run `gen help` for the flags.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "build"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "build":
		err = build(args, stdout, stderr, false)
	case "check":
		err = build(args, stdout, stderr, true)
	case "serve":
		err = serveCmd(args, stdout, stderr, interrupt())
	case "lookup":
		err = lookupCmd(args, stdin, stdout, stderr)
	case "help", "-h", "--help":
		usage(stdout)
		return 0
	default:
		fmt.Fprintf(stderr, "gen: unknown command %q\n\n", cmd)
		usage(stderr)
		return 2
	}
	if err != nil {
		if err == errUsage {
			return 2
		}
		fmt.Fprintf(stderr, "gen: %v\n", err)
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: gen [command] [flags]

commands:
  build    (default) read the sources, write generated content, build the site
  check    build, then fail on broken links or anchors, lost URLs and drift (--strict)
  serve    [--addr 127.0.0.1:1313] [--poll 500ms]: build, serve locally, rebuild when an input changes
  lookup   [--json] [--out DIR] [--config FILE] [FILE]: rank runbooks for an error (stdin or FILE)
  help     this text

flags (build, check, serve):
  --config FILE   Hugo config with [params.handbook] settings (default config.toml)
  --source DIR    nvFuser checkout to read (default: config, else the embedded example)
  --notes PATH    note file, folder or glob; repeatable (default: config)
  --out DIR       where the site is published (default: config, else public/)

  --source and --notes given here must exist (config defaults that are missing
  only warn). --out must be a new or empty folder, or one gen made (it holds
  .handbook-site); gen refuses a file, someone else's folder, a symlink, the
  project, the source checkout, a notes path, generated/, or any folder that
  contains one of them, and changes nothing. Ctrl-C leaves the published site
  as it was and removes the run's staging folder (exit status 130).

flags (build, check):
  --template-metrics  print the time Hugo spent in each template (finding slow pages)

flags (check only):
  --strict          drift findings (stale options in notes, undocumented variables) are errors
  --write-manifest  after a clean check, record the published URLs in url_manifest
`)
}
