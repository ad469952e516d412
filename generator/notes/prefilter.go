package notes

import (
	"regexp"
	"strings"
)

// prefiltered is a case-insensitive regular expression over a note's
// prose with the words one of which every match holds: a text whose
// lower-case form holds none of them is not searched. Go's regexp runs
// these alternations at tens of nanoseconds a byte, and a note's status
// reads every prose unit with half a dozen of them: read, extract and
// model of 10,000 notes took 2.71-2.76 s with the expressions alone,
// 2.58-2.71 s prefiltered (go test -bench, side by side). The words use no k and no s: under (?i) the Kelvin sign
// and the long s match those, and strings.ToLower does not turn them into
// ASCII. Every other letter of them matches only itself and its capital,
// which ToLower makes it. FuzzPrefiltered holds each to its expression.
type prefiltered struct {
	re    *regexp.Regexp
	needs []string
}

func mustPrefiltered(expr string, needs ...string) prefiltered {
	for _, w := range needs {
		if strings.ContainsAny(w, "ksKS") || strings.ToLower(w) != w {
			panic("notes: prefilter word " + w + " must be lower case, without k or s")
		}
	}
	return prefiltered{re: regexp.MustCompile(expr), needs: needs}
}

func (p prefiltered) maybe(s string) bool {
	low := strings.ToLower(s)
	for _, w := range p.needs {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// MatchString is p.re.MatchString(s).
func (p prefiltered) MatchString(s string) bool { return p.maybe(s) && p.re.MatchString(s) }

// FindStringSubmatch is p.re.FindStringSubmatch(s).
func (p prefiltered) FindStringSubmatch(s string) []string {
	if !p.maybe(s) {
		return nil
	}
	return p.re.FindStringSubmatch(s)
}
