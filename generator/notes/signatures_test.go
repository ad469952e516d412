package notes

import (
	"os"
	"strings"
	"testing"
)

// Every signature pattern's hints must be a true prefilter: a line the
// pattern's expression matches contains one of its hints, or the hint
// would hide a signature the expression alone finds.
func TestSignatureHintsPrefilter(t *testing.T) {
	lines := []string{
		"= Invalid __global__ read of size 4",
		"========= ERROR SUMMARY: 2 errors",
		"==17== Invalid read of size 8",
		"SUMMARY: AddressSanitizer: heap-use-after-free",
		"csrc/a.cpp:12:3: runtime error: signed integer overflow",
		"RuntimeError: INTERNAL ASSERT FAILED at csrc/x.cpp:1",
		"[  FAILED  ] SynthTest.Case1",
		"Fatal Python error: Segmentation fault",
		"#3 0x7f in nvfuser::run() csrc/a.cpp:4",
	}
	samples := len(lines) // each matches some pattern
	for _, f := range fixtureFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	matched := 0
	for _, l := range lines {
		lower := strings.ToLower(l)
		for _, p := range sigPatterns {
			if p.re.MatchString(l) {
				matched++
				if !containsAny(lower, p.hints) {
					t.Errorf("%s pattern matches %q, but none of its hints %q is in it", p.kind, l, p.hints)
				}
			}
		}
	}
	if matched < samples {
		t.Fatalf("only %d lines matched a pattern; the test lines no longer exercise the patterns", matched)
	}
}
