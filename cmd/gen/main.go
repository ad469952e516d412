// Command gen builds the nvFuser debugging handbook.
//
//	gen [build] [flags]   generate content and build the site into --out
//	gen check [flags]     build, then fail on broken links, lost URLs, bad input
//	gen serve [flags]     preview: serve locally, pages reload themselves as files change
//	gen lookup [FILE]     rank runbooks for an error message
//	gen version           gen's, Hugo's, Pagefind's and Go's versions
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
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		cmd = "help" // gen -h: every command, not build's flags
	} else if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
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
	case "version":
		err = versionCmd(args, stdout, stderr)
	case "help", "-h", "--help", "-help":
		usage(stdout)
		return 0
	default:
		fmt.Fprintf(stderr, "gen: unknown command %q\n\n", cmd)
		usage(stderr)
		return 2
	}
	if err != nil {
		if err == errHelp {
			return 0
		}
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
  check    build, then fail on broken links or anchors, lost URLs, drift and check-quality findings (--strict)
  serve    [--addr 127.0.0.1:1313] [--poll DURATION] [--no-search]: preview for note authors.
           Renders once, serves on --addr and keeps Hugo in memory: a saved note is
           re-read and re-parsed alone, only the pages that depend on it are rendered
           again, and open pages reload themselves (Hugo's livereload). Layouts,
           static files, content, the nvFuser checkout and config.toml are watched too.
           The search index is refreshed in the background after each change
           (--no-search: none). A change that does not build keeps the previous
           pages and shows its error on top of them. --poll polls the files at that interval instead of
           waiting for file events (network drives). Renders into generated/serve/;
           the published site (--out) is not touched.
  lookup   [--format text|json|github] [--json] [--version V] [--summary FILE] [--out DIR] [--config FILE] [FILE]:
           rank runbooks for an error or a CI log (stdin or FILE) against the site the
           last build published (else out in the config; --out: that site), and say
           which site it searched; an option an "Invalid option" error names comes
           first, with whether it exists in the "nvfuser version: X" the text reports;
           the options and variables the text sets (NVFUSER_DUMP=x python ...) follow
           the best match; --format github prints GitHub Actions annotations linking each matching
           runbook (and each failing test a runbook names) and appends a markdown
           summary to --summary FILE, default $GITHUB_STEP_SUMMARY. Each result says how it
           matched and how sure it is (this check raised it / probably / related); an
           error inside the parallel compiler's wrapper lands on each inner check; the
           build (--version V, else the text's "nvfuser version: X+gitH", pip lines,
           wheel names, or a commit alone: "+gitH", git rev-parse output, a checkout
           folder, whose version the history gives) resolves FILE:LINE against that
           build's lines, and an older build lists the commits since, with subjects;
           and it prints a link that opens a prefilled nvFuser issue
  version  gen's, Hugo's, Pagefind's and Go's versions (for bug reports)
  help     this text; -h or --help after any command lists its flags

flags (build, check, serve):
  --config FILE   Hugo config with [params.handbook] settings (default: config.toml in
                  the working folder, else the default built into gen, which publishes
                  into public/ in the working folder); build, check, serve and version
                  print which
  --source DIR    nvFuser checkout to read (default: config, else the embedded example)
  --notes PATH    note file, folder or glob; repeatable (default: config)
  --no-docs       do not read the checkout's own docs (doc/**/*.md but doc/sphinx,
                  read as guides by default: docs in config.toml)
  --out DIR       where the site is published (default: config, else public/)
  --base-url URL  the published site's URL (default: baseURL in the config, the
                  placeholder https://nvfuser-handbook.example/); absolute links, the
                  JSON API's urls and the handbook links gen check finds in the
                  nvFuser checkout are read against it

  --source and --notes given here must exist (config defaults that are missing
  only warn). --out must be a new or empty folder, or one gen made (it holds
  .handbook-site); gen refuses a file, someone else's folder, a symlink, the
  project, the source checkout, a notes path, generated/, or any folder that
  contains one of them, and changes nothing. Ctrl-C leaves the published site
  as it was and removes the run's staging folder (exit status 130).

Every stage prints its line as it finishes; one still running after a few
seconds says what it is doing, and a first-time npm ci announces itself.
Builds and serve run Go's collector less often (GOGC=400) under a soft memory
limit: a quarter of the machine's memory for a build (1.5 to 8 GiB), 1.5 GiB
for serve; a GOGC or GOMEMLIMIT in the environment wins (GOGC=100 for the
least memory).

flags (build, check):
  --template-metrics  print the time Hugo spent in each template and each step of
                      its build (assemble, each output format): finding slow pages

flags (build only):
  --no-search       no search index: Pagefind never runs (faster; the search page
                    finds nothing). gen check always builds the index.

flags (check only):
  --strict          drift findings (stale options in notes, undocumented variables),
                    check-quality findings (/errors/quality/) and checks config.toml's
                    require_explanations names without an explanation are errors
  --since REV|FILE  check-quality findings only if new since REV, a commit of the --source
                    checkout (its C++ read again), or since FILE, a published
                    api/check-quality.json: for nvFuser's CI on a pull request
  --format github   also print those findings as GitHub Actions annotations on their
                    file and line (default text)
  --write-manifest  after a clean check, record the published URLs in url_manifest
`)
}
