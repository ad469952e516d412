package notes

import (
	"regexp"
	"strings"
	"time"
)

var (
	// symbolRE matches qualified C++ names, allowing one level of template
	// arguments without spaces: preseg_passes::OptimizationPass<X>::runPass.
	symbolRE = regexp.MustCompile(`(?:[A-Za-z_]\w*(?:<[^<>\s()]*(?:<[^<>\s()]*>)?[^<>\s()]*>)?::)+~?[A-Za-z_]\w*`)
	// pytestRE matches pytest node ids: path.py::Class::test[param].
	pytestRE = regexp.MustCompile(`[\w./~+-]*\.py(?:::[A-Za-z_]\w*(?:\[[^\]\s]*\])?)+`)
	// gtestRE matches Suite.Name where the suite names a test fixture, with
	// optional parameterisation (Prefix/Suite.Name/0).
	gtestRE       = regexp.MustCompile(`\b(?:[A-Za-z]\w*/)?[A-Z]\w*Test\w*\.[A-Z]\w*(?:/\d+)?\b`)
	gtestFilterRE = regexp.MustCompile(`--gtest_filter[= ]("[^"]*"|'[^']*'|\S+)`)
	gtestRunRE    = regexp.MustCompile(`^\[\s*(?:RUN|OK|FAILED)\s*\]\s+(\S+\.\S+?)(?:\s|$)`)

	commitCtxRE = regexp.MustCompile(`(?i)\b(?:commit|commits|sha|revision|rev|cherry-picked from|reverts?)[\s:#]+([0-9a-f]{7,40})\b`)
	commitURLRE = regexp.MustCompile(`(?i)github\.com/nvidia/fuser/commit/([0-9a-f]{7,40})`)
	wholeHexRE  = regexp.MustCompile(`^[0-9a-f]{7,40}$`)
	issueHashRE = regexp.MustCompile(`(?:^|[^\w&#/])#(\d{1,6})\b`)
	issueWordRE = regexp.MustCompile(`\b(?:PR|[Pp]ull [Rr]equest|[Ii]ssue)(?:\s+#?|\s*#)(\d{2,6})\b`)
	issueURLRE  = regexp.MustCompile(`(?i)github\.com/nvidia/fuser/(?:pull|issues)/(\d{1,6})\b`)
	isoDateRE   = regexp.MustCompile(`\b(\d{4}-\d{2}-\d{2})\b`)
	monthDateRE = regexp.MustCompile(`\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b`)
	dayMonthRE  = regexp.MustCompile(`\b(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? (\d{4})\b`)
	dateLabelRE = regexp.MustCompile(`(?i)^(?:\*\*)?(?:date|dated|created|reported|opened)(?:\*\*)?\s*:`)
)

// symbols collects qualified C++ names. A leading "nvfuser::" is dropped
// when a qualified name remains, so "nvfuser::Fusion::copy" in a stack
// frame and "Fusion::copy" in prose are one symbol. The standard library
// and pytest ids ("test_x.py::TestA::test_b") are not symbols.
func (x *extractor) symbols() {
	for _, u := range x.doc.units {
		if u.kind == unitURL {
			continue
		}
		if !strings.Contains(u.text, "::") {
			continue // cheap prefilter: every symbol is qualified
		}
		for _, m := range findSymbols(u.text) {
			x.note.Symbols = append(x.note.Symbols, m.name)
		}
	}
}

// found is a match in a piece of text: text[start:end], read as name.
type found struct {
	start, end int
	name       string
}

// findSymbols finds the qualified C++ names symbols collects, each with
// the name it records.
func findSymbols(s string) []found {
	var out []found
	for _, m := range symbolRE.FindAllStringIndex(s, -1) {
		if m[0] > 0 && strings.IndexByte(".:/-", s[m[0]-1]) >= 0 {
			continue
		}
		sym := s[m[0]:m[1]]
		if strings.HasPrefix(sym, "std::") || strings.HasPrefix(sym, "__gnu_cxx::") || strings.HasPrefix(sym, "py::") {
			continue
		}
		if t := strings.TrimPrefix(sym, "nvfuser::"); strings.Contains(t, "::") {
			sym = t
		}
		out = append(out, found{m[0], m[1], sym})
	}
	return out
}

// tests collects pytest node ids (paths normalised like file references),
// gtest Suite.Name ids, and --gtest_filter values that are not
// placeholders.
func (x *extractor) tests() {
	for _, u := range x.doc.units {
		if u.kind == unitURL {
			continue
		}
		if !strings.Contains(u.text, ".py::") && !strings.Contains(u.text, "Test") && !strings.Contains(u.text, "gtest") && !strings.Contains(u.text, "]") {
			continue // cheap prefilter: no test id can match
		}
		for _, m := range findTestIDs(u.text, x.opt.FileExists) {
			x.note.Tests = append(x.note.Tests, m.name)
		}
		for _, m := range gtestFilterRE.FindAllStringSubmatch(u.text, -1) {
			if f := unquoteShell(m[1]); f != "" && !strings.ContainsAny(f, "<>$") {
				x.note.Tests = append(x.note.Tests, f)
			}
		}
		if m := gtestRunRE.FindStringSubmatch(strings.TrimSpace(u.text)); m != nil {
			x.note.Tests = append(x.note.Tests, m[1])
		}
	}
}

// findTestIDs finds pytest node ids (their path made repo-relative) and
// gtest Suite.Name ids in s, pytest ids first.
func findTestIDs(s string, exists func(string) (bool, bool)) []found {
	var out []found
	for _, m := range pytestRE.FindAllStringIndex(s, -1) {
		file, rest, _ := strings.Cut(s[m[0]:m[1]], "::")
		if rel, ok := repoRelative(file, exists); ok {
			file = rel
		}
		out = append(out, found{m[0], m[1], file + "::" + rest})
	}
	for _, m := range gtestRE.FindAllStringIndex(s, -1) {
		if m[1] < len(s) && strings.IndexByte("*?-:", s[m[1]]) >= 0 {
			continue // part of a gtest filter pattern, taken whole by tests
		}
		out = append(out, found{m[0], m[1], s[m[0]:m[1]]})
	}
	return out
}

// commits collects hashes named as commits ("commit 1a2b3c4", "rev:
// ..."), in GitHub commit URLs of nvFuser, or alone in inline code. A hash
// needs a digit and a letter, so words ("defaced") and numbers are not
// taken; hex after "0x" never matches because of the word boundaries.
func (x *extractor) commits() {
	add := func(h string) {
		h = strings.ToLower(h)
		if strings.ContainsAny(h, "0123456789") && strings.ContainsAny(h, "abcdef") {
			x.note.Commits = append(x.note.Commits, h)
		}
	}
	for _, u := range x.doc.units {
		if u.kind != unitCode && !containsAny(u.lower, commitHints) {
			continue // cheap prefilter: no commit context in this unit
		}
		for _, m := range commitURLRE.FindAllStringSubmatch(u.text, -1) {
			add(m[1])
		}
		if u.kind == unitURL {
			continue
		}
		for _, m := range commitCtxRE.FindAllStringSubmatch(u.text, -1) {
			add(m[1])
		}
		if u.kind == unitCode && wholeHexRE.MatchString(u.text) {
			add(u.text)
		}
	}
}

// issues collects nvFuser PR and issue numbers as "#1234": "#1234" in
// prose or inline code (never in code blocks, where "#3" is a stack frame),
// "PR 1234", and github.com/NVIDIA/Fuser/pull|issues/N URLs. Links to other
// repositories' issues are not nvFuser's and are skipped.
func (x *extractor) issues() {
	for _, u := range x.doc.units {
		if !strings.Contains(u.text, "#") && !containsAny(u.lower, issueHints) {
			continue // cheap prefilter
		}
		for _, m := range issueURLRE.FindAllStringSubmatch(u.text, -1) {
			x.issue(m[1])
		}
		if u.kind != unitProse && u.kind != unitCode {
			continue
		}
		for _, m := range issueHashRE.FindAllStringSubmatch(u.text, -1) {
			x.issue(m[1])
		}
		for _, m := range issueWordRE.FindAllStringSubmatch(u.text, -1) {
			x.issue(m[1])
		}
	}
}

func (x *extractor) issue(n string) {
	n = strings.TrimLeft(n, "0")
	if n != "" {
		x.note.Issues = append(x.note.Issues, "#"+n)
	}
}

// Substrings without which the commit and issue patterns cannot match;
// checking them first keeps the regular expressions off most lines.
var (
	commitHints = []string{"commit", "sha", "rev", "cherry-picked"}
	issueHints  = []string{"pr", "pull request", "issue", "github.com"}
)

// monthHints are the capitalised month abbreviations the month-name date
// patterns start from.
var monthHints = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

var months = map[string]time.Month{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7,
	"aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}

// dates collects calendar dates as YYYY-MM-DD from "2026-01-26",
// "Jan 5, 2026" and "5 January 2026". Impossible dates are dropped. The
// note's own date is a date on a "Date:" line, else the first date in a
// heading or prose; code blocks (log timestamps) never set it.
func (x *extractor) dates() {
	labelled, first := "", ""
	for _, u := range x.doc.units {
		if u.kind == unitURL {
			continue
		}
		for _, d := range findDates(u.text) {
			x.note.Dates = append(x.note.Dates, d)
			if u.kind == unitProse {
				if first == "" {
					first = d
				}
				if labelled == "" && dateLabelRE.MatchString(u.text) {
					labelled = d
				}
			}
		}
	}
	if labelled != "" {
		x.date = labelled
	} else {
		x.date = first
	}
}

func findDates(s string) []string {
	if !strings.ContainsAny(s, "0123456789") {
		return nil // cheap prefilter: every date has a year
	}
	var out []string
	if strings.Contains(s, "-") {
		for _, m := range isoDateRE.FindAllStringSubmatch(s, -1) {
			if t, err := time.Parse("2006-01-02", m[1]); err == nil {
				out = append(out, t.Format("2006-01-02"))
			}
		}
	}
	if !containsAny(s, monthHints) {
		return out
	}
	mk := func(mon, day, year string) {
		mo, ok := months[strings.ToLower(mon)]
		if !ok {
			return
		}
		s := year + "-" + twoDigits(int(mo)) + "-" + pad2(day)
		if t, err := time.Parse("2006-01-02", s); err == nil {
			out = append(out, t.Format("2006-01-02"))
		}
	}
	for _, m := range monthDateRE.FindAllStringSubmatch(s, -1) {
		mk(m[1], m[2], m[3])
	}
	for _, m := range dayMonthRE.FindAllStringSubmatch(s, -1) {
		mk(m[2], m[1], m[3])
	}
	return out
}

func twoDigits(n int) string { return string([]byte{byte('0' + n/10), byte('0' + n%10)}) }

func pad2(s string) string {
	if len(s) == 1 {
		return "0" + s
	}
	return s
}
