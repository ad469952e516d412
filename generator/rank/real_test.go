package rank

import (
	"os"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/csrcscan"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestMatchOnRealCheckout pastes errors shaped as nvFuser prints them, at
// an older build's line numbers, and wants the check that raised them
// first.
func TestMatchOnRealCheckout(t *testing.T) {
	fuser := testsite.Fuser(t)
	r, err := csrcscan.Scan(os.DirFS(fuser), nil)
	if err != nil {
		t.Fatal(err)
	}
	ptrs := make([]*model.Check, len(r.Checks))
	for i := range r.Checks {
		ptrs[i] = &r.Checks[i]
	}
	entries := Entries(ptrs)
	for _, c := range []struct{ text, want string }{
		{"RuntimeError:  INTERNAL ASSERT FAILED at /opt/pytorch/nvfuser/csrc/device_lower/validation.cpp:799, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. \nExpected def == nullptr || def->isA<LoadStoreOp>() . Vectorized accesses cannot be inline with computation: T3_l_float[iS7{4}]\n   = T2 + T1\nException raised from validateAndCollectVectorizeInfo at /opt/pytorch/nvfuser/csrc/device_lower/validation.cpp:799 (most recent call first):\nframe #0: nvfuser::nvfCheckFail(char const*, char const*, long, std::string const&) + 0x9f", "validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with"},
		{"E   RuntimeError: Multiple use of replicated upcast tensor found: T5 and T6", "revertprivatizedops-multiple-use-of-replicated-upcast-tensor"},
	} {
		hits := Match(entries, c.text)
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
