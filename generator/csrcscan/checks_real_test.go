package csrcscan

import (
	"os"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
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

// TestMatchOnRealCheckout pastes errors shaped as nvFuser prints them, at
// an older build's line numbers, and wants the check that raised them
// first.
func TestMatchOnRealCheckout(t *testing.T) {
	fuser := testsite.Fuser(t)
	r, err := Scan(os.DirFS(fuser), nil)
	if err != nil {
		t.Fatal(err)
	}
	ptrs := make([]*model.Check, len(r.Checks))
	for i := range r.Checks {
		ptrs[i] = &r.Checks[i]
	}
	entries := checks.Entries(ptrs)
	for _, c := range []struct{ text, want string }{
		{"RuntimeError:  INTERNAL ASSERT FAILED at /opt/pytorch/nvfuser/csrc/device_lower/validation.cpp:799, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. \nExpected def == nullptr || def->isA<LoadStoreOp>() . Vectorized accesses cannot be inline with computation: T3_l_float[iS7{4}]\n   = T2 + T1\nException raised from validateAndCollectVectorizeInfo at /opt/pytorch/nvfuser/csrc/device_lower/validation.cpp:799 (most recent call first):\nframe #0: nvfuser::nvfCheckFail(char const*, char const*, long, std::string const&) + 0x9f", "validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with"},
		{"E   RuntimeError: Multiple use of replicated upcast tensor found: T5 and T6", "revertprivatizedops-multiple-use-of-replicated-upcast-tensor"},
	} {
		hits := checks.Match(entries, c.text)
		if len(hits) == 0 || hits[0].Entry.ID != c.want {
			for _, h := range hits {
				t.Logf("  %s %d %v", h.Entry.ID, h.Points, h.Evidence)
			}
			t.Errorf("%.60q: want %s first", c.text, c.want)
		}
		for _, h := range hits {
			t.Logf("%s %d %v", h.Entry.ID, h.Points, h.Evidence)
		}
	}
}
