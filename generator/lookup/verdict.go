package lookup

import (
	"regexp"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/rank"
)

// How sure a result is. Every result says how it matched (How) and a
// level the page shows in words (Level): "this check raised it" (raised),
// "probably", or "related". Below probably, nothing is put first as the
// answer: the page says no nvFuser check matched and offers the related
// pages, the settings the paste names and how to report it.
const (
	LevelRaised   = "raised"
	LevelProbably = "probably"
	LevelRelated  = "related"
)

// Claimed reports whether a result is put forward as the answer.
func (m Match) Claimed() bool { return m.Level == LevelRaised || m.Level == LevelProbably }

// How a check matched, strongest first (howRank orders claimed results).
const (
	HowBuild     = "exact line at the paste's build"
	HowLine      = "exact line"
	HowMessage   = "message template in full"
	HowPast      = "line it had in an older build"
	HowPart      = "message in part"
	HowOld       = "an older wording"
	HowCondition = "condition"
	HowFunction  = "function only"
	HowWords     = "words"
	HowText      = "quotes the output"
	HowOption    = "names the option"
	HowSetting   = "set in the paste"
)

var howRank = map[string]int{HowOption: 0, HowBuild: 0, HowLine: 1, HowMessage: 2, HowPast: 3, HowPart: 4, HowOld: 4, HowText: 4, HowCondition: 5, HowFunction: 6, HowWords: 7}

// SureMessage is the points from which most of a message, found alone,
// puts its check forward (a paste cut short, or reworded at the end).
const SureMessage = 4000

// NotePinned is how many specific features (a symbol, a sanitizer kind,
// a test, a word pair; a file name is too common) put a note forward
// below NoteSure: one alone beside a signal is a crash that merely passed
// through the same place.
const NotePinned = 2

// NoteSure is the score from which a note's features alone put it
// forward; below it a note is related unless it quotes the check that
// matched or most of the pasted output.
const NoteSure = 30.0

// reReported is the sentence nvFuser's internal asserts print before
// their message; reMessageAfter is a message printed after it.
var reMessageAfter = regexp.MustCompile(`please report a bug (?:with repro script )?to (?:NVFuser|PyTorch)[^.]*\.[\t ]*\r?\n?(?:Expected [^\n]* \. )?([A-Za-z][A-Za-z ]{3})`)

// checkHow is how a check hit matched and how sure that makes it;
// contradicted says the paste prints a message where the check has one
// of its own and none of it is there.
func checkHow(h rank.Hit, contradicted bool) (level, how string) {
	var exact, build, past, fn, fnIn, cond, all, part, old bool
	for _, ev := range h.Evidence {
		switch {
		case strings.HasPrefix(ev, "build:"):
			build = true
		case strings.HasPrefix(ev, "frame:"):
			exact = true
		case strings.HasPrefix(ev, "past:"):
			past = true
		case strings.HasPrefix(ev, "function:"):
			fn, fnIn = true, fnIn || strings.Contains(ev, " in ")
		case ev == "condition":
			cond = true
		case strings.HasPrefix(ev, "wording:"):
			old = true
		case strings.HasPrefix(ev, "message:"):
			var found, counted int
			if n, _ := fmtScan(ev, &found, &counted); n == 2 && found == counted {
				all = true
			} else {
				part = true
			}
		}
	}
	switch {
	case build:
		return LevelRaised, HowBuild
	case exact && (all || part || cond || fn):
		return LevelRaised, HowLine
	case all && (fn || past || cond):
		return LevelRaised, HowMessage
	case exact:
		return LevelProbably, HowLine
	case all:
		return LevelProbably, HowMessage
	case past && !contradicted:
		return LevelProbably, HowPast
	case part && (fnIn || cond || past || h.Points >= SureMessage) && !contradicted:
		return LevelProbably, HowPart
	case cond && fnIn && !contradicted:
		return LevelProbably, HowCondition
	case old && (fn || past || h.Points >= SureMessage):
		return LevelProbably, HowOld
	case fn && !contradicted && (h.Entry.FnChecks == 1 || fnIn && h.Entry.FnInFile == 1):
		// The function has this one check: the frame pins it.
		return LevelProbably, HowFunction
	case part:
		return LevelRelated, HowPart
	case old:
		return LevelRelated, HowOld
	case cond:
		return LevelRelated, HowCondition
	case fn || past:
		return LevelRelated, HowFunction
	}
	return LevelRelated, HowWords
}

// fmtScan reads "message:F of C pieces".
func fmtScan(ev string, found, counted *int) (int, error) {
	f, rest, ok := strings.Cut(strings.TrimPrefix(ev, "message:"), " of ")
	if !ok {
		return 0, nil
	}
	c, _, _ := strings.Cut(rest, " ")
	*found, *counted = atoiSafe(f), atoiSafe(c)
	return 2, nil
}

func atoiSafe(s string) int {
	n := 0
	for i := 0; i < len(s) && i < 9; i++ {
		if s[i] < '0' || s[i] > '9' {
			return n
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// contradicts: the paste prints a message after nvFuser's report line,
// the entry has words of its own in its message, and none were found.
func contradicts(e *rank.Entry, h rank.Hit, printed bool) bool {
	if !printed {
		return false
	}
	weighted := false
	for _, w := range e.Weights {
		if w > 0 {
			weighted = true
		}
	}
	if !weighted {
		return false
	}
	for _, ev := range h.Evidence {
		if strings.HasPrefix(ev, "message:") || strings.HasPrefix(ev, "wording:") {
			return false
		}
	}
	return true
}

// noteHow is a note's level: one that quotes the matched check takes the
// check's; otherwise its own evidence must be strong.
func noteHow(m Match, specificText bool) (level, how string) {
	pinned := 0
	for _, ev := range m.Evidence {
		if k, _, _ := strings.Cut(ev, ":"); specific[k] && k != "file" {
			pinned++
		}
	}
	switch {
	case specificText:
		return LevelProbably, HowText
	case m.Score >= NoteSure || pinned >= NotePinned:
		return LevelProbably, HowWords
	}
	return LevelRelated, HowWords
}

// claimFirst puts the claimed results before the others, keeping each
// group's order, and orders the claimed ones by level and how they
// matched (a line at the build before a message in part), then as ranked.
func claimFirst(ms []Match) []Match {
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.Claimed() != b.Claimed() {
			return a.Claimed()
		}
		if !a.Claimed() {
			return false
		}
		if a.Level != b.Level {
			return a.Level == LevelRaised
		}
		return howRank[a.How] < howRank[b.How]
	})
	return ms
}

// Shown is the title a reader sees: a check's title is its message
// template, whose run-time values show as "…", as on the check's page and
// in /lookup/ (lookup-page.js does the same), never as "{}".
func (m Match) Shown() string {
	if m.Kind != "check" {
		return m.Title
	}
	return strings.ReplaceAll(m.Title, "{}", "…")
}
