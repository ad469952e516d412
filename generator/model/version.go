package model

import "strings"

// CompareVersions orders nvFuser's dotted numeric versions ("0.2.24",
// python/version.txt's form): -1, 0 or 1. A part counts by the digits it
// starts with ("10rc1" is 10), as the browser port's parseInt reads it,
// and a missing part is 0 ("0.2" is "0.2.0"). The history walk, the
// ranking and the lookup all order builds by this one rule.
func CompareVersions(a, b string) int {
	// Part by part without splitting: the ranking compares versions for
	// every past line of every check, and a split per call was a fifth
	// of the lookup index's time.
	for a != "" || b != "" {
		var pa, pb string
		pa, a, _ = strings.Cut(a, ".") // "" once used up: reads as 0
		pb, b, _ = strings.Cut(b, ".")
		if x, y := leadingInt(pa), leadingInt(pb); x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// leadingInt reads the digits a version part starts with, at most nine.
func leadingInt(s string) int {
	n := 0
	for i := 0; i < len(s) && s[i] >= '0' && s[i] <= '9' && i < 9; i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}
