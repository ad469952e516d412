package csrcscan

import (
	"os"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestChecksOnRealCheckout reads nvFuser's own sources: thousands of
// checks, every one in a function or a macro body, ids unique, and the
// two checks issue 24 names found with their function.
func TestChecksOnRealCheckout(t *testing.T) {
	fuser := testsite.Fuser(t)
	r, err := Scan(os.DirFS(fuser), nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Checks); n < 4000 {
		t.Errorf("%d checks, want the ~4,300 sites nvFuser has", n)
	}
	ids := map[string]bool{}
	outside := 0
	for _, c := range r.Checks {
		if ids[c.ID] {
			t.Errorf("id %s repeated", c.ID)
		}
		ids[c.ID] = true
		if c.Function == "" && c.InMacro == "" {
			outside++
			t.Logf("outside any function: %s", c.Where)
		}
	}
	if outside > len(r.Checks)/200 {
		t.Errorf("%d checks outside any function", outside)
	}
	for _, w := range []struct{ text, file, fn string }{
		{"Vectorized accesses cannot be inline with computation", "csrc/device_lower/validation.cpp", "validateAndCollectVectorizeInfo"},
		{"Multiple use of replicated upcast tensor found", "csrc/fusion_segmenter.cpp", ""},
	} {
		found := false
		for _, c := range r.Checks {
			if strings.Contains(c.Message(), w.text) {
				found = true
				if c.Where.File != w.file || c.Function == "" || (w.fn != "" && c.Function != w.fn) {
					t.Errorf("%q: at %s in %q, want %s in %q", w.text, c.Where, c.Function, w.file, w.fn)
				}
				t.Logf("%s: %s (%s)", c.ID, c.Where, c.Function)
			}
		}
		if !found {
			t.Errorf("no check says %q", w.text)
		}
	}
}

// TestCaughtOnRealCheckout: the checks that carry caught errors are the
// parallel compiler's, and each prints its inner errors after the text
// nvFuser's runtime writes before them.
func TestCaughtOnRealCheckout(t *testing.T) {
	r, err := Scan(os.DirFS(testsite.Fuser(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var wrappers []string
	for _, c := range r.Checks {
		if len(c.Caught) > 0 {
			wrappers = append(wrappers, c.ID)
			t.Logf("%s at %s: %q", c.ID, c.Where, c.Caught)
			if !strings.HasPrefix(c.Message(), "Detected exception while compiling fusion segments in parallel") || len(c.Caught) != 1 || c.Caught[0] != "Error from segmentation group {}:" {
				t.Errorf("%s at %s carries %q", c.ID, c.Where, c.Caught)
			}
		}
	}
	if len(wrappers) == 0 {
		t.Error("no check carries a caught error: the parallel compiler's wrapper was not found")
	}
}
