package notes

import (
	"testing"
)

// prefilteredREs are the classification's prefiltered expressions.
var prefilteredREs = map[string]prefiltered{
	"resolvedProse": resolvedProseRE, "statusLine": statusLineRE, "workaround": workaroundRE,
	"noWorkaround": noWorkaroundRE, "stillOpen": stillOpenRE, "reopened": reopenedRE,
}

// prefilterCases are texts each expression matches, in any case and in
// the Unicode letters (?i) takes for ASCII ones, and texts near them.
var prefilterCases = []string{
	"Fixed in #123", "FIXED BY abcdef1", "resolved via https://github.com/NVIDIA/Fuser/pull/2", "Addressed in PR 5",
	"closed with commit", "the fix landed in #9", "Merged as 0123456789", "Fixes #12", "  Resolves #3", "Closes #4",
	"Status: open", "**STATUS**: worked around", "ſtatus: resolved", "status - WIP",
	"as a WORKAROUND, set X", "work-arounds exist", "Work around", "no known workaround", "have not found any work-around",
	"lacks a viable workaround", "no fix yet", "still open", "not yet fixed", "UNRESOLVED", "no known fix", "ſtill open",
	"still crashes", "fails again", "it came back", "reopened", "the fix didn't help", "workaround doesnt work", "not actually fixed",
	"STILL FAILS", "ſtill hangſ", "Kelvin: \u212a", "fixed", "status", "works around the clock", "", "nothing here",
}

// TestPrefiltered: each prefiltered expression answers as its regular
// expression does on every case.
func TestPrefiltered(t *testing.T) {
	matched := 0
	for name, p := range prefilteredREs {
		for _, s := range prefilterCases {
			want := p.re.MatchString(s)
			if got := p.MatchString(s); got != want {
				t.Errorf("%s.MatchString(%q) = %v, the expression says %v", name, s, got, want)
			}
			if want {
				matched++
			}
			if got, want := p.FindStringSubmatch(s), p.re.FindStringSubmatch(s); len(got) != len(want) {
				t.Errorf("%s.FindStringSubmatch(%q) = %q, the expression says %q", name, s, got, want)
			}
		}
	}
	if matched < len(prefilterCases)/2 {
		t.Errorf("only %d matches over the cases: they no longer exercise the expressions", matched)
	}
}

func FuzzPrefiltered(f *testing.F) {
	for _, s := range prefilterCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, p := range prefilteredREs {
			if got, want := p.MatchString(s), p.re.MatchString(s); got != want {
				t.Errorf("%s.MatchString(%q) = %v, the expression says %v", name, s, got, want)
			}
		}
	})
}
