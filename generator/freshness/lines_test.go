package freshness

import "testing"

func TestMapRange(t *testing.T) {
	tests := []struct {
		name    string
		diff    string
		a, b    int
		c, d    int
		touched bool
	}{
		{"no change", "", 10, 14, 10, 14, false},
		{"edit inside", "@@ -12 +12 @@\n", 10, 14, 10, 14, true},
		{"edit at the first line", "@@ -10 +10 @@\n", 10, 14, 10, 14, true},
		{"edit just after", "@@ -15 +15 @@\n", 10, 14, 10, 14, false},
		{"insertion above shifts", "@@ -0,0 +1,3 @@\n", 5, 6, 8, 9, false},
		{"insertion after the last line", "@@ -14,0 +15,2 @@\n", 10, 14, 10, 14, false},
		{"insertion between lines", "@@ -11,0 +12,2 @@\n", 10, 14, 10, 16, true},
		{"insertion before the first line", "@@ -9,0 +10,2 @@\n", 10, 14, 12, 16, false},
		{"deletion above shifts", "@@ -2,3 +1,0 @@\n", 10, 14, 7, 11, false},
		{"whole range deleted", "@@ -5,4 +4,0 @@\n", 5, 8, 5, 4, true},
		{"part deleted", "@@ -5,2 +4,0 @@\n", 5, 8, 5, 6, true},
		{"growth in a hunk before", "@@ -2 +2,5 @@\n", 10, 14, 14, 18, false},
		{"several hunks", "@@ -1 +1,2 @@\n@@ -30 +31 @@\n", 10, 14, 11, 15, false},
		{"single line edited", "@@ -7 +7 @@\n", 7, 7, 7, 7, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, d, touched := mapRange(parseHunks(tc.diff), tc.a, tc.b)
			if c != tc.c || d != tc.d || touched != tc.touched {
				t.Errorf("mapRange(%d-%d) = %d-%d touched=%v, want %d-%d touched=%v", tc.a, tc.b, c, d, touched, tc.c, tc.d, tc.touched)
			}
		})
	}
}

func TestParseHunks(t *testing.T) {
	got := parseHunks("diff --git a/x b/x\n@@ -3,0 +4,2 @@ func f() {\n+a\n+b\n@@ -10 +12,3 @@\n")
	want := []hunk{{3, 0, 4, 2}, {10, 1, 12, 3}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("hunk %d = %v, want %v", i, got[i], want[i])
		}
	}
}

// FuzzMapRange: whatever the hunks, lines no hunk touches keep their
// count, and a mapped range is never inverted by more than one (the mark
// of a wholly deleted range).
func FuzzMapRange(f *testing.F) {
	f.Add("@@ -12 +12 @@\n@@ -30,0 +31,4 @@\n", 10, 14)
	f.Add("@@ -5,4 +4,0 @@\n", 5, 8)
	f.Fuzz(func(t *testing.T, diff string, a, b int) {
		if a < 1 || b < a || b > 1e6 {
			return
		}
		hs := parseHunks(diff)
		delta := 0
		for _, h := range hs {
			if h.oldCount > 0 && h.oldStart == 0 || h.newCount > 0 && h.newStart == 0 {
				return // line 0 only ever precedes an insertion or follows a deletion
			}
			// Lines between hunks are the same lines: each hunk starts
			// where the hunks before it have shifted the file to.
			oldFirst, newFirst := h.oldStart, h.newStart
			if h.oldCount == 0 {
				oldFirst++
			}
			if h.newCount == 0 {
				newFirst++
			}
			if newFirst-oldFirst != delta {
				return
			}
			delta += h.newCount - h.oldCount
		}
		for i := 1; i < len(hs); i++ {
			if hs[i].oldStart <= hs[i-1].oldEnd() || hs[i].newStart <= hs[i-1].newStart {
				return // not a diff git would print
			}
		}
		c, d, touched := mapRange(hs, a, b)
		if !touched && d-c != b-a {
			t.Fatalf("untouched %d-%d became %d-%d (%q)", a, b, c, d, diff)
		}
		if c > d+1 {
			t.Fatalf("%d-%d mapped to %d-%d (%q)", a, b, c, d, diff)
		}
	})
}
