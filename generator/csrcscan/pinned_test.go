package csrcscan

import (
	"os"
	"os/exec"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// pinned is the nvFuser commit whose checks TestChecksAtPinnedCommit counts.
const pinned = "81c4b22fd"

// TestChecksAtPinnedCommit reads nvFuser at a pinned commit (from the
// clone's history, whatever its HEAD) and holds the extraction to what
// the compiler sees there: the macro bodies that stringize or paste, every
// use of a macro wrapping a check, the functions and messages issue 33
// found wrong.
func TestChecksAtPinnedCommit(t *testing.T) {
	fuser := testsite.Fuser(t)
	if exec.Command("git", "-C", fuser, "cat-file", "-e", pinned+"^{commit}").Run() != nil {
		t.Skipf("the nvFuser clone at %s lacks commit %s (a shallow clone?)", fuser, pinned)
	}
	dir := t.TempDir()
	archive := exec.Command("sh", "-c", `git -C "$1" archive "$2" csrc python | tar -x -C "$3"`, "sh", fuser, pinned, dir)
	if out, err := archive.CombinedOutput(); err != nil {
		t.Fatalf("git archive: %v\n%s", err, out)
	}
	r, err := Scan(os.DirFS(dir), nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	via := map[string]int{}
	bodies := 0
	for _, c := range r.Checks {
		kinds[c.Kind]++
		if c.Via != "" {
			via[c.Via]++
		}
		if c.InMacro != "" {
			bodies++
		}
	}
	if len(r.Checks) != 4641 {
		t.Errorf("%d checks at %s, want 4,641 (4,359 before issue 33, 6 macro bodies and 276 wrapper uses more)", len(r.Checks), pinned)
	}
	if bodies != 15 {
		t.Errorf("%d checks in macro bodies, want 15 (9 + the 6 that stringize or paste)", bodies)
	}
	for name, n := range map[string]int{"GROUP_REDUCTION_CHECK": 12, "NVFUSER_LOWER_VALIDATE": 13, "NVFUSER_NVRTC_SAFE_CALL": 37,
		"NVFUSER_CUDA_SAFE_CALL": 108, "NVFUSER_CUDA_RT_SAFE_CALL": 62, "FUSION_INFO_DEFINE_FUNCTIONS": 18} {
		if via[name] != n {
			t.Errorf("%d uses of %s raise a check, want %d", via[name], name, n)
		}
	}
	t.Logf("kinds %v, via %v", kinds, via)
	want := map[string]struct{ fn, msg, legacy string }{
		"csrc/ops/arith.cpp:731":          {"arithOpOverloads", "", "nvfuser-define-unary-is-op-out-isa-tensorview"},
		"csrc/parallel_type_bitmap.h:147": {"operator[]", "", ""},
		"csrc/type.h:165":                 {"fieldDataType", "Field {} not found in struct {}", ""},
		"csrc/cuda_utils.h:18":            {"", "NVRTC error: {}failed with error {}", ""},
	}
	for _, c := range r.Checks {
		w, ok := want[c.Where.String()]
		if !ok || c.Via != "" {
			continue
		}
		delete(want, c.Where.String())
		if c.Function != w.fn || (w.msg != "" && c.Message() != w.msg) || c.Legacy != w.legacy {
			t.Errorf("%s: function %q, message %q, legacy id %q; want %+v", c.Where, c.Function, c.Message(), c.Legacy, w)
		}
	}
	for place := range want {
		t.Errorf("no check at %s", place)
	}
}
