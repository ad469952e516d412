package lookup

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/rank"
)

// TestUndecided: the sentence counts the sites, names each, and says "or
// more" when the ties kept were capped.
func TestUndecided(t *testing.T) {
	site := Site{ID: "x", File: "csrc/a.cpp", Line: 3, Fn: "f"}
	capped := make([]Site, rank.MaxTied)
	for i := range capped {
		capped[i] = site
	}
	for _, c := range []struct {
		name  string
		twins []Site
		want  string
	}{
		{"none", nil, ""},
		{"two", []Site{site, {ID: "y", File: "csrc/b.h", Line: 9}}, "2 checks print this text and nothing in the paste (frame, file, line, function, values) tells which raised it: csrc/a.cpp:3 in f; csrc/b.h:9."},
		{"capped", capped, "12 or more checks print this text"},
	} {
		got := Match{Twins: c.twins}.Undecided()
		if c.want == "" && got != "" || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
