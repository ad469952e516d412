// Package triage reads a CI log and finds the runbooks that explain its
// failures, for GitHub Actions: workflow commands that annotate the run
// with a link to each runbook, and a markdown summary for the job's page.
// It ranks with the error lookup (generator/lookup) and also matches each
// failing test the log names against the tests the runbooks name.
package triage

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
)

// MaxMatches bounds how many runbooks one log is annotated with: past a
// handful the annotations stop being read.
const MaxMatches = 5

// Report is what a log matched.
type Report struct {
	Matches []lookup.Match // runbooks the whole log matches, best first
	Failed  []FailedTest   // failing tests the log names, in log order
}

// FailedTest is a test the log reports as failed, with the runbooks that
// name it.
type FailedTest struct {
	Name     string
	Runbooks []lookup.Match
}

// failRE match the lines test runners print for a failed test: gtest
// ("[  FAILED  ] Suite.Name (12 ms)"), pytest's summary and verbose lines
// ("FAILED tests/x.py::test_y - ...", "tests/x.py::test_y FAILED"),
// unittest ("FAIL: test_y (pkg.Class)", "ERROR: ...") and ctest
// ("1/3 Test #1: name ......***Failed").
var failRE = []*regexp.Regexp{
	regexp.MustCompile(`\[\s+FAILED\s+\]\s+([A-Za-z_][\w/]*\.[\w/]+)`),
	regexp.MustCompile(`(?:^|\s)FAILED\s+(\S+::\S+)`),
	regexp.MustCompile(`(\S+::\S+)\s+FAILED\b`),
	regexp.MustCompile(`^(?:FAIL|ERROR): (\w+) \(([\w.]+)\)`),
	regexp.MustCompile(`Test\s+#\d+: (\S+) \.*\s*\*\*\*(?:Failed|Exception)`),
}

// Run ranks the log against the index and matches its failing tests.
func Run(idx *lookup.Index, log string) Report { return RunFor(idx, log, "") }

// RunFor is Run for a log from the nvFuser build given ("" to read it
// from the log). Only the results the lookup puts forward as the answer
// annotate the run, with the settings the log names beside them: a page
// merely related to the log is no finding.
func RunFor(idx *lookup.Index, log, version string) Report {
	r := Report{Matches: []lookup.Match{}}
	ranked := idx.RankFor(log, version)
	for _, m := range ranked {
		// The settings the log names follow a finding; alone they are none.
		if m.Claimed() || m.How == lookup.HowSetting && len(ranked) > 0 && ranked[0].Claimed() {
			r.Matches = append(r.Matches, m)
		}
	}
	if len(r.Matches) > MaxMatches {
		r.Matches = r.Matches[:MaxMatches]
	}
	for _, name := range failedTests(log) {
		r.Failed = append(r.Failed, FailedTest{Name: name, Runbooks: naming(idx, name)})
	}
	return r
}

// failedTests lists the distinct failing tests in the log, in order.
func failedTests(log string) []string {
	var out []string
	for _, line := range strings.Split(log, "\n") {
		line = strings.TrimSpace(stripANSI(line))
		for _, re := range failRE {
			m := re.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			name := m[1]
			if len(m) > 2 && m[2] != "" { // unittest: pkg.Class.test
				name = m[2] + "." + m[1]
			}
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
			break
		}
	}
	return out
}

var ansiRE = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)

func stripANSI(s string) string { return ansiRE.ReplaceAllString(s, "") }

// naming returns the runbooks whose own test features include one of the
// test's: the same normalisation the lookup applies, matched exactly, so
// a test a runbook names is found however little else the log shares.
func naming(idx *lookup.Index, test string) []lookup.Match {
	var want []string
	for _, f := range lookup.Features(test) {
		if strings.HasPrefix(f, "test:") {
			want = append(want, f)
		}
	}
	var out []lookup.Match
	for _, d := range idx.Docs {
		var ev []string
		for _, f := range want {
			if slices.Contains(d.Features, f) {
				ev = append(ev, f)
			}
		}
		if len(ev) > 0 {
			out = append(out, lookup.Match{ID: d.ID, Title: d.Title, URL: d.URL, Evidence: ev})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
