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
	"github.com/nvfuser-handbook/handbook/generator/triage"
)

// lookupCmd ranks runbooks for an error read from FILE or stdin, using the
// index in the built site.
func lookupCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen lookup", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print [{id, title, url, score, evidence, kind, note, check, level, how, wrapper, build, since, twins}] as JSON (same as --format json)")
	version := fs.String("version", "", "the nvFuser build the error came from (0.2.24, 0.2.24+git6eb2bc0, or a commit); default: read from the text")
	format := fs.String("format", "text", "text, json, or github: GitHub Actions annotations linking each matching runbook, plus a markdown summary")
	summary := fs.String("summary", "", "with --format github: append the markdown summary to this file (default $GITHUB_STEP_SUMMARY, when set)")
	out := fs.String("out", "", "the built site (default: the site the last build published, else out in the config)")
	cfgFile := fs.String("config", defaultConfig, "Hugo config with [params.handbook] settings (default: config.toml here, else the one built into gen)")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "config" })
	siteDir, why := *out, "--out"
	if siteDir == "" {
		s, w, err := loadConfig(*cfgFile, given)
		if err != nil {
			return err
		}
		siteDir, why = s.Out, "out in "+w.String()
		if last := lastPublished(s); last != "" {
			siteDir, why = last, "the site the last build published"
		}
	}
	siteDir = filepath.Clean(siteDir)
	fmt.Fprintf(stderr, "gen lookup: searching %s (%s)\n", siteDir, why)
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
	if note := placeholderNote(idx.URL()); note != "" {
		fmt.Fprintf(stderr, "gen lookup: the links below are paths on the site: %s\n", note)
	}
	if *asJSON {
		*format = "json"
	}
	switch *format {
	case "text", "json":
	case "github":
		return githubTriage(idx, string(text), *version, *summary, stdout)
	default:
		fmt.Fprintf(stderr, "gen lookup: --format is text, json or github, not %q\n", *format)
		return errUsage
	}
	matches := idx.RankFor(string(text), *version)
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(matches)
	}
	if len(matches) > 0 && matches[0].Build != "" {
		fmt.Fprintf(stdout, "resolved against nvfuser %s\n", matches[0].Build)
	}
	if len(matches) == 0 || !matches[0].Claimed() {
		fmt.Fprintf(stdout, "no nvFuser check or runbook matched this error (searched %d checks and %d notes in %s)\n", len(idx.Checks), len(idx.Docs), siteDir)
		if len(matches) > 0 {
			fmt.Fprintln(stdout, "related pages (set in the paste, or sharing words with it):")
		}
	}
	for i, m := range matches {
		fmt.Fprintf(stdout, "%d. %s  [%s: %s; score %.1f]\n   %s\n   matched: %s\n", i+1, m.Shown(), levelWords(m.Level), m.How, m.Score, m.URL, strings.Join(m.Evidence, ", "))
		if m.Wrapper != "" {
			fmt.Fprintf(stdout, "   inside the wrapper check %s\n", m.Wrapper)
		}
		if m.BuildVia != "" && i == 0 {
			fmt.Fprintf(stdout, "   build: %s\n", m.BuildVia)
		}
		if u := m.Undecided(); u != "" {
			fmt.Fprintf(stdout, "   %s\n", u)
			for _, s := range m.Twins {
				fmt.Fprintf(stdout, "     - %s  %s\n", s.Where(), s.URL)
			}
		}
		if len(m.Since) > 0 || len(m.Changes) > 0 {
			fmt.Fprintf(stdout, "   since nvfuser %s:\n", m.Build)
			for _, s := range m.Since {
				fmt.Fprintf(stdout, "     - %s\n", s)
			}
			for _, c := range m.Changes {
				fmt.Fprintf(stdout, "     - %s\n", c)
			}
		}
		if m.Note != "" {
			fmt.Fprintf(stdout, "   %s\n", m.Note)
		}
	}
	var first *lookup.Match
	if len(matches) > 0 && matches[0].Claimed() {
		first = &matches[0]
	}
	if u := idx.ReportURL(string(text), first); u != "" {
		fmt.Fprintf(stdout, "report this to nvFuser: %s\n", u)
	}
	return nil
}

// levelWords is how a result's level reads.
func levelWords(level string) string {
	switch level {
	case lookup.LevelRaised:
		return "this check raised it"
	case lookup.LevelProbably:
		return "probably"
	}
	return "related"
}

// githubTriage prints GitHub Actions workflow commands for a CI log and
// appends the markdown summary to the job's summary file.
func githubTriage(idx *lookup.Index, log, version, summary string, stdout io.Writer) error {
	r := triage.RunFor(idx, log, version)
	if err := r.Annotate(stdout); err != nil {
		return err
	}
	if summary == "" {
		summary = os.Getenv("GITHUB_STEP_SUMMARY")
	}
	if summary == "" {
		return nil
	}
	f, err := os.OpenFile(summary, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if err := r.Summary(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// published records, in the project's generated/ folder, the folder the
// last build published, so that gen lookup searches the site just built
// wherever --out put it.
const published = "published"

func recordPublished(s *config.Settings) error {
	if err := os.MkdirAll(s.GeneratedDir(), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(s.GeneratedDir(), published), []byte(s.Out+"\n"), 0o644)
}

// lastPublished is the folder the last build published, when it still
// holds a site with a lookup index; else "".
func lastPublished(s *config.Settings) string {
	data, err := os.ReadFile(filepath.Join(s.GeneratedDir(), published))
	if err != nil {
		return ""
	}
	dir := strings.TrimSpace(string(data))
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(lookup.IndexPath))); err != nil || dir == "" {
		return ""
	}
	return dir
}
