package emit

import "testing"

// TestFirstSentence: a summary ends at the first period that ends a
// sentence; an abbreviation's period ends none.
func TestFirstSentence(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"One. Two.", "One."},
		{"No period", "No period"},
		{"Dump the fusion (aka. the math) before lowering. Then more.", "Dump the fusion (aka. the math) before lowering."},
		{"Use a flag, e.g. dump. Then more.", "Use a flag, e.g. dump."},
		{"Same as X, i.e. the kernel. More.", "Same as X, i.e. the kernel."},
		{"Host vs. device time. More.", "Host vs. device time."},
		{"See (cf. the docs). More.", "See (cf. the docs)."},
		{"Dumps IR, CUDA, etc. and more. Next.", "Dumps IR, CUDA, etc. and more."},
		{"Dumps IR, CUDA, etc. Next sentence.", "Dumps IR, CUDA, etc."},
		{"Ends with etc.", "Ends with etc."},
		{"AKA. upper case too. More.", "AKA. upper case too."},
		{"Version 1.2 works. More.", "Version 1.2 works."},
		{"First paragraph, aka. x\n\nSecond. Paragraph.", "First paragraph, aka. x"},
		{"a. b", "a."},
	} {
		if got := firstSentence(tc.in); got != tc.want {
			t.Errorf("firstSentence(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
