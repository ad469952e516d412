package notes

import (
	"fmt"
	"strings"
	"testing"
)

func TestFindFileRefs(t *testing.T) {
	exists := func(p string) (bool, bool) { return p == "tests/cpp/test_gpu1.cpp", true }
	tests := []struct {
		in   string
		want []string // "path[:a[-b]] raw=..." per match
	}{
		{"see csrc/ir/storage.cpp:88-108 for it", []string{"csrc/ir/storage.cpp:88-108 raw=csrc/ir/storage.cpp:88-108"}},
		{"at /opt/pytorch/nvfuser/csrc/fusion.cpp:123:7 in f", []string{"csrc/fusion.cpp:123 raw=/opt/pytorch/nvfuser/csrc/fusion.cpp:123:7"}},
		{"/workspace/Fuser/tests/python/test_ops.py::test_x", []string{"tests/python/test_ops.py raw=/workspace/Fuser/tests/python/test_ops.py"}},
		{"/root/workspace/Fuser/main/tools/env-config", []string{"tools/env-config raw=/root/workspace/Fuser/main/tools/env-config"}},
		{"~/Fuser/benchmarks/python/test_rope.py.", []string{"benchmarks/python/test_rope.py raw=~/Fuser/benchmarks/python/test_rope.py"}},
		{`ASSERT FAILED at "/opt/pytorch/nvfuser/csrc/index_compute.cpp":1995, please`, []string{"csrc/index_compute.cpp:1995 raw=/opt/pytorch/nvfuser/csrc/index_compute.cpp"}},
		{`File "/home/u/nvfuser/python/nvfuser/__init__.py", line 12, in run`, []string{"python/nvfuser/__init__.py:12 raw=/home/u/nvfuser/python/nvfuser/__init__.py"}},
		{"https://github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp#L40-L52", []string{"csrc/options.cpp:40-52 raw=/github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp#L40-L52"}},
		// Not nvFuser's: no checkout directory on the path and not in the checkout.
		{"/opt/pytorch/lightning-thunder/thunder/tests/test_grad.py", nil},
		// The same shape is trusted once the checkout confirms the file.
		{"/scratch/build7/tests/cpp/test_gpu1.cpp:10", []string{"tests/cpp/test_gpu1.cpp:10 raw=/scratch/build7/tests/cpp/test_gpu1.cpp:10"}},
		{"pytest tests/python/<test_file e.g. x.py>", nil},
		{"IrContainer/Fusion and build/running", nil},
		{"./python is the package; csrc/ alone too", nil},
		{"csrc/a.cpp:99999999 csrc/b.cpp:20-10", []string{"csrc/a.cpp raw=csrc/a.cpp", "csrc/b.cpp:20 raw=csrc/b.cpp:20-10"}},
	}
	for _, tc := range tests {
		var got []string
		for _, m := range FindFileRefs(tc.in, exists) {
			got = append(got, fmt.Sprintf("%s raw=%s", m.Ref.String(), m.Ref.Raw))
			if tc.in[m.Start:m.End] != m.Ref.Raw && !strings.HasPrefix(tc.in[m.Start:], m.Ref.Raw) {
				t.Errorf("%q: span %q does not hold raw %q", tc.in, tc.in[m.Start:m.End], m.Ref.Raw)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("FindFileRefs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestBareFileNames checks that stack-frame file names without a directory
// are resolved through the note's other references, then through csrc/,
// and otherwise kept as written.
func TestBareFileNames(t *testing.T) {
	n := mustParse(t, "b.md", "# Crash\n\n"+
		"1. `Foo::bar()` [fusion_executor_cache.cpp:459]\n"+
		"2. `Baz::qux()` [options.cpp:58]\n"+
		"3. `Q::r()` [mystery_file.cpp:7]\n\n"+
		"Edited csrc/runtime/fusion_executor_cache.cpp.\n")
	for _, want := range []string{"csrc/runtime/fusion_executor_cache.cpp:459", "csrc/options.cpp:58", "mystery_file.cpp:7"} {
		if !hasFile(n, want) {
			t.Errorf("missing %s in %+v", want, n.Files)
		}
	}
	for _, f := range n.Files {
		if f.Path == "csrc/options.cpp" && !f.Exists {
			t.Errorf("csrc/options.cpp should exist: %+v", f)
		}
		if f.Path == "mystery_file.cpp" && f.Exists {
			t.Errorf("unresolved bare name marked existing")
		}
	}
}
