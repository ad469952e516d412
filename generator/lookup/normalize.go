// Package lookup matches an error message to the runbooks that explain it.
//
// Both the `gen lookup` command and the browser's /lookup/ page use this
// algorithm; static/js/lookup.js is a line-for-line port and a test runs
// both on the same inputs. Change them together.
//
// An error text and every note's signatures are reduced to features
// (qualified symbols, source file names, sanitizer kinds, signals, test
// names, message word pairs) after normalisation removes what differs
// between machines and runs: ANSI colour, absolute path prefixes, line
// numbers, hex addresses, thread ids, tensor and domain numbers, template
// arguments. A note scores the sum, over shared features, of the feature's
// kind weight times its inverse document frequency, so a symbol found in one
// note counts far more than "SIGSEGV", found in many.
package lookup

import (
	"regexp"
	"strings"
)

var (
	reANSI = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)
	reHex  = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	reURL  = regexp.MustCompile(`https?://[^ \t\n\f\r\v"'<>]+`)
	// A source file, optionally with a directory prefix and :line[:col].
	reFile = regexp.MustCompile(`(?:[A-Za-z0-9_.~+-]*/)*([A-Za-z0-9_+-]+\.(?:cpp|cc|cuh|cu|hpp|h|py))(?::[0-9]+)*`)
	// Template argument lists and parameter lists, innermost first.
	reAngle = regexp.MustCompile(`<[^<>]*>`)
	reParen = regexp.MustCompile(`\([^()]*\)`)
	reQual  = regexp.MustCompile(`[A-Za-z_~][A-Za-z0-9_]*(?:::[A-Za-z_~][A-Za-z0-9_]*)+`)
	reASan  = regexp.MustCompile(`(?i)(Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer:?[ \t]+([a-z][a-z-]+)`)
	reCSan  = regexp.MustCompile(`(?i)(Invalid __(?:global|shared|local)__ (?:read|write)|Race reported|uninitialized __global__ memory read)`)
	reTestP = regexp.MustCompile(`\b(test_[A-Za-z0-9_]+)`)
	reTestG = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*Test[A-Za-z0-9_]*)\.([A-Za-z0-9_]+)`)
	reExc   = regexp.MustCompile(`\b([A-Z][A-Za-z]*(?:Error|Exception))\b`)
	reWord  = regexp.MustCompile(`[a-z][a-z_]+`)
	reDigit = regexp.MustCompile(`[0-9]+`)
)

// signals maps how a signal is written to its name.
var signals = []struct{ pattern, name string }{
	{"sigsegv", "SIGSEGV"}, {"segmentation fault", "SIGSEGV"},
	{"sigbus", "SIGBUS"}, {"bus error", "SIGBUS"},
	{"sigabrt", "SIGABRT"}, {"aborted (core dumped)", "SIGABRT"},
	{"sigfpe", "SIGFPE"}, {"floating point exception", "SIGFPE"},
	{"sigill", "SIGILL"}, {"illegal instruction", "SIGILL"},
}

// stopwords are words too common in errors and prose to identify anything:
// nvFuser's assertion boilerplate included.
var stopwords = toSet(`the a an and or of to in on at for with by from is are was were be been it this that
these those as not no but if then else when while into out over under than via per
internal assert assertion failed failure fail error errors exception raised raise please report bug bugs repro script
nvfuser fuser expected got file line function frame thread process core dumped signal received
traceback most recent call last during handling above another occurred
info warning note debug run running test tests passed ok
sigsegv sigbus sigabrt segmentation fault bus aborted address summary sanitizer`)

func toSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Normalize removes what differs between machines and runs from text.
func Normalize(text string) string {
	t := reANSI.ReplaceAllString(text, "")
	t = strings.ReplaceAll(t, "\r", "")
	t = reURL.ReplaceAllString(t, " ")
	t = reHex.ReplaceAllString(t, " ")
	return t
}

// stripTemplates removes template and parameter lists from a line so that
// nvfuser::Foo<int, std::allocator<int> >::bar(const T&) reads Foo::bar.
func stripTemplates(s string) string {
	for i := 0; i < 8; i++ {
		n := reAngle.ReplaceAllString(s, "")
		n = reParen.ReplaceAllString(n, " ")
		if n == s {
			break
		}
		s = n
	}
	return s
}
