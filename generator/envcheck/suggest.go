package envcheck

import (
	"sort"
	"strings"
)

// maxSuggestions bounds the names offered instead of a rejected one.
const maxSuggestions = 5

// nearest returns the names closest to s: within an edit distance of
// max(2, len(s)/3) code points, or starting with s when s has at least
// three; closest first, then by name. Distances count code points, as the
// browser port does.
func nearest(s string, names []string) []string {
	type cand struct {
		name string
		d    int
	}
	rs := []rune(s)
	limit := max(2, len(rs)/3)
	var cs []cand
	for _, n := range names {
		d := distance(rs, []rune(n))
		if d <= limit || (len(rs) >= 3 && strings.HasPrefix(n, s)) {
			cs = append(cs, cand{n, d})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].name < cs[j].name
	})
	out := []string{}
	for i := 0; i < len(cs) && i < maxSuggestions; i++ {
		out = append(out, cs[i].name)
	}
	return out
}

// distance is the Levenshtein distance between a and b.
func distance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
