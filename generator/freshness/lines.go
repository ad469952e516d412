package freshness

import (
	"regexp"
	"strconv"
)

// hunk is one "@@ -s,c +t,d @@" header of a zero-context diff. A count of
// 0 means an insertion (old side) or a deletion (new side) after line s/t.
type hunk struct {
	oldStart, oldCount int
	newStart, newCount int
}

var hunkRE = regexp.MustCompile(`(?m)^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// parseHunks reads the hunk headers of `git diff -U0` output, in order.
func parseHunks(diff string) []hunk {
	var out []hunk
	for _, m := range hunkRE.FindAllStringSubmatch(diff, -1) {
		out = append(out, hunk{atoi(m[1]), countOf(m[2]), atoi(m[3]), countOf(m[4])})
	}
	return out
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// countOf reads a hunk count, which the header omits when it is 1.
func countOf(s string) int {
	if s == "" {
		return 1
	}
	return atoi(s)
}

// oldEnd is the last old line the hunk replaces; for an insertion it is the
// line the new lines follow.
func (h hunk) oldEnd() int {
	if h.oldCount == 0 {
		return h.oldStart
	}
	return h.oldStart + h.oldCount - 1
}

// mapRange follows old lines a..b through the hunks of a diff. touched
// reports whether a hunk rewrote any of them or inserted lines between two
// of them; c..d is where they are in the new file (c > d when every one of
// them was deleted). Lines outside every hunk only shift.
func mapRange(hunks []hunk, a, b int) (c, d int, touched bool) {
	for _, h := range hunks {
		if h.oldCount == 0 {
			if h.oldStart >= a && h.oldStart < b {
				touched = true
			}
			continue
		}
		if h.oldStart <= b && h.oldEnd() >= a {
			touched = true
		}
	}
	return newLine(hunks, a, true), newLine(hunks, b, false), touched
}

// newLine maps old line x to the new file. A line inside a rewritten hunk
// maps to the hunk's first new line (first=true) or its last; when the hunk
// deleted everything, to the lines around the gap, so a range that was
// wholly deleted comes out with its start after its end.
func newLine(hunks []hunk, x int, first bool) int {
	delta := 0
	for _, h := range hunks {
		if h.oldCount == 0 {
			if h.oldStart < x {
				delta += h.newCount
			}
			continue
		}
		if h.oldEnd() < x {
			delta += h.newCount - h.oldCount
			continue
		}
		if h.oldStart <= x { // inside the hunk
			if h.newCount == 0 { // deleted: newStart is the line before the gap
				if first {
					return h.newStart + 1
				}
				return h.newStart
			}
			if first {
				return h.newStart
			}
			return h.newStart + h.newCount - 1
		}
		break // hunks are in order: the rest come after x
	}
	return x + delta
}
