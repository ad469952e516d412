package emit

import "testing"

// TestPlainSummary: a list's one-line summary never shows TeX: formulas
// that are plain text stay as text, others are dropped with the brackets
// and spaces they leave; text without math,
// code spans and prices in dollars included, is kept as it is.
func TestPlainSummary(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Split partitions an IterDomain of extent $N$ into two ($N_o N_i \\ge N$), outer first.",
			"Split partitions an IterDomain of extent N into two, outer first."},
		{`The tile is \(2\times 2\) wide.`, "The tile is wide."},
		{"Theorem 1: If $a > b$, then $5/2=2$ and $\\frac{a}{b}$.", "Theorem 1: If a > b, then 5/2=2 and."},
		{"No math here, `a $b` in code.", "No math here, `a $b` in code."},
		{"It costs $5 and $6 to run.", "It costs $5 and $6 to run."},
		{"", ""},
	} {
		if got := plainSummary(c.in); got != c.want {
			t.Errorf("plainSummary(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
