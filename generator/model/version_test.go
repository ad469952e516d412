package model

import "testing"

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"0.2.10", "0.2.9", 1},
		{"0.2.9", "0.2.10", -1},
		{"0.2", "0.2.0", 0},
		{"1.0", "0.99.99", 1},
		{"0.2.10rc1", "0.2.10", 0},
		{"0.2.24", "0.2.24", 0},
		{"", "0.0.1", -1},
		{"0.1.5", "", 1},
	} {
		if got := CompareVersions(c.a, c.b); got != c.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := CompareVersions(c.b, c.a); got != -c.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d (the reverse order)", c.b, c.a, got, -c.want)
		}
	}
}
