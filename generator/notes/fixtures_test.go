package notes

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// TestFixtures runs every hand-written note in testdata through Parse.
// Each note is written in a different style (no headings, bullets only,
// pasted sanitizer output, tracebacks, gtest logs, front matter,
// checklists, a scraped page) so the rules are not tuned to one shape.
func TestFixtures(t *testing.T) {
	tests := []struct {
		file   string
		id     string
		kind   string
		status string
		check  func(t *testing.T, n *model.Note)
	}{
		{"quick_paste_no_headings.md", "quick-paste-no-headings", model.KindRunbook, model.StatusResolved, func(t *testing.T, n *model.Note) {
			if n.Title != "Quick paste no headings" {
				t.Errorf("title %q, want the humanised id", n.Title)
			}
			if !slices.Equal(commandKindsList(n), []string{"pytest"}) {
				t.Errorf("commands %+v", n.Commands)
			}
			if !slices.Contains(n.Tests, "tests/python/test_normalization.py::test_layer_norm_bwd[bfloat16]") {
				t.Errorf("tests %v", n.Tests)
			}
			// PYTORCH_NVFUSER_DUMP is the deprecated spelling of NVFUSER_DUMP.
			if !hasOption(n, "NVFUSER_DUMP", "segmented_fusion", true) || !hasOption(n, "NVFUSER_DISABLE", "parallel_compile", true) {
				t.Errorf("options %+v", n.Options)
			}
			if !hasFile(n, "csrc/runtime/executor.cpp:812") || !noteFileExists(n, "csrc/runtime/executor.cpp") {
				t.Errorf("files %+v", n.Files)
			}
			if !slices.Equal(n.Issues, []string{"#4123"}) || !slices.Equal(n.Commits, []string{"3f9a0c1d"}) {
				t.Errorf("issues %v commits %v", n.Issues, n.Commits)
			}
			if !hasSignature(n, "signal", "SIGSEGV") || !slices.Contains(n.Symbols, "KernelExecutor::compile") {
				t.Errorf("signatures %+v symbols %v", n.Signatures, n.Symbols)
			}
		}},
		{"bullets_only.md", "bullets-only", model.KindRunbook, model.StatusWorkaround, func(t *testing.T, n *model.Note) {
			if !slices.Equal(n.Tests, []string{"MatmulSchedulerTest.EpilogueBias*", "MatmulSchedulerTest.EpilogueBiasRelu/3"}) {
				t.Errorf("tests %v", n.Tests)
			}
			if !hasSignature(n, "assert", "Expected smem_offset % 16 == 0 to be true, but got false.") {
				t.Errorf("signatures %+v", n.Signatures)
			}
			if !hasFile(n, "csrc/scheduler/matmul_utils.cpp:455-470") {
				t.Errorf("files %+v", n.Files)
			}
			if !slices.Equal(n.Issues, []string{"#3987", "#3990"}) || !slices.Equal(n.Tools, []string{"compute-sanitizer"}) {
				t.Errorf("issues %v tools %v", n.Issues, n.Tools)
			}
			if !slices.Equal(commandKindsList(n), []string{"gtest"}) {
				t.Errorf("commands %+v", n.Commands)
			}
		}},
		{"asan_heap_use_after_free.md", "asan-heap-use-after-free", model.KindRunbook, model.StatusOpen, func(t *testing.T, n *model.Note) {
			if !hasSignature(n, "sanitizer", "ERROR: AddressSanitizer: heap-use-after-free on address 0x6070001b2f40") ||
				!hasSignature(n, "sanitizer", "SUMMARY: AddressSanitizer: heap-use-after-free") ||
				!hasSignature(n, "frame", "#0 0x7f3a1c2d9e0f in nvfuser::SegmentedGroup::~SegmentedGroup()") {
				t.Errorf("signatures %+v", n.Signatures)
			}
			// Paths from another machine's checkout are repo-relative.
			if !hasFile(n, "csrc/fusion_segmenter.cpp:142") || !noteFileExists(n, "csrc/fusion_segmenter.cpp") || !hasFile(n, "csrc/runtime/fusion_kernel_runtime.cpp:77") {
				t.Errorf("files %+v", n.Files)
			}
			if !slices.Contains(n.Symbols, "SegmentedGroup::~SegmentedGroup") || !slices.Contains(n.Symbols, "SegmentedFusion::cleanUnused") {
				t.Errorf("symbols %v", n.Symbols)
			}
			// The continuation line is joined into one command.
			if len(n.Commands) != 2 || n.Commands[1].Kind != "pytest" || n.Commands[1].Line != 12 {
				t.Errorf("commands %+v", n.Commands)
			}
			if got := envValues(n, "ASAN_OPTIONS"); !slices.Equal(got, []string{"detect_leaks=0:protect_shadow_gap=0"}) {
				t.Errorf("ASAN_OPTIONS %v", got)
			}
			if !slices.Equal(n.Tools, []string{"asan"}) {
				t.Errorf("tools %v", n.Tools)
			}
		}},
		{"python_traceback_resolved.md", "python-traceback-resolved", model.KindRunbook, model.StatusResolved, func(t *testing.T, n *model.Note) {
			if n.Title != "Reduction with keepdim fails shape check" || n.Date != "2025-11-03" || n.BodyLine != 8 {
				t.Errorf("title %q date %q bodyline %d", n.Title, n.Date, n.BodyLine)
			}
			if !slices.Equal(n.Aliases, []string{"keepdim-shape-check", "old-keepdim-note"}) {
				t.Errorf("aliases %v", n.Aliases)
			}
			if !hasSignature(n, "frame", `File "/workspace/Fuser/python/nvfuser/__init__.py", line 207, in execute`) ||
				!hasSignature(n, "assert", "RuntimeError: Expected out.size(2) == 1 but got 64") {
				t.Errorf("signatures %+v", n.Signatures)
			}
			for _, s := range n.Signatures {
				if s.Kind == "assert" && s.Line != 20 {
					t.Errorf("assert on line %d, want 20 (front matter counted)", s.Line)
				}
			}
			if !hasFile(n, "csrc/ops/arith.cpp:1120") || !hasFile(n, "python/nvfuser/__init__.py:207") {
				t.Errorf("files %+v", n.Files)
			}
			if !slices.Equal(commandKindsList(n), []string{"python"}) {
				t.Errorf("commands %+v", n.Commands)
			}
		}},
		{"gtest_bus_error.md", "gtest-bus-error", model.KindRunbook, model.StatusOpen, func(t *testing.T, n *model.Note) {
			if n.Date != "2026-02-09" {
				t.Errorf("date %q", n.Date)
			}
			if !hasSignature(n, "signal", "Bus error (core dumped)") || !hasSignature(n, "gtest", "[  FAILED  ] PointwiseTest.UnrollWithInnerBroadcast") ||
				!hasSignature(n, "gtest", "tests/cpp/test_pointwise.cpp:233: Failure") {
				t.Errorf("signatures %+v", n.Signatures)
			}
			if !slices.Contains(n.Tests, "PointwiseTest.UnrollWithInnerBroadcast") {
				t.Errorf("tests %v", n.Tests)
			}
			if n.Checklist.Done != 1 || n.Checklist.Total != 3 {
				t.Errorf("checklist %+v", n.Checklist)
			}
		}},
		{"toml_frontmatter_guide.md", "profiling-kernels", model.KindGuide, "", func(t *testing.T, n *model.Note) {
			if n.Title != "Profiling generated kernels" || n.Date != "2025-06-30" || !slices.Equal(n.Aliases, []string{"kernel-profiling"}) {
				t.Errorf("front matter not applied: %q %q %v", n.Title, n.Date, n.Aliases)
			}
			if !hasOption(n, "NVFUSER_PROF", "print", true) || !hasOption(n, "NVFUSER_ENABLE", "kernel_lineinfo", true) {
				t.Errorf("options %+v", n.Options)
			}
			if !slices.Equal(n.Tools, []string{"ncu", "nsys"}) {
				t.Errorf("tools %v", n.Tools)
			}
		}},
		{"triage_checklist.md", "triage-checklist", model.KindRunbook, model.StatusOpen, func(t *testing.T, n *model.Note) {
			if n.Checklist.Done != 2 || n.Checklist.Total != 5 || n.Checklist.Items[0].Text != "Reproduced with `python tests/python/repro_inner_persistent.py`" {
				t.Errorf("checklist %+v", n.Checklist)
			}
			if !slices.Equal(n.Commits, []string{"9c1e2f7", "a04b6d3"}) {
				t.Errorf("commits %v", n.Commits)
			}
			if !hasOption(n, "NVFUSER_DUMP", "scheduler_params", true) || !hasOption(n, "NVFUSER_DUMP", "segmenter_logging", true) {
				t.Errorf("options %+v", n.Options)
			}
		}},
		{"bisect_howto.md", "bisect-howto", model.KindGuide, "", func(t *testing.T, n *model.Note) {
			// Output lines under a "$ " prompt block are not commands.
			for _, c := range n.Commands {
				if c.Text == "Successfully installed nvfuser" {
					t.Errorf("output taken as a command")
				}
			}
			if len(n.Commands) != 4 {
				t.Errorf("commands %+v", n.Commands)
			}
			if !slices.Contains(envValues(n, "NVFUSER_JIT_OPT_LEVEL"), "0") {
				t.Errorf("env %+v", n.Env)
			}
		}},
		{"scraped_issue_page.md", "scraped-issue-page", model.KindNotes, "", func(t *testing.T, n *model.Note) {
			if !slices.Equal(n.Issues, []string{"#5012"}) || n.Date != "2026-03-02" {
				t.Errorf("issues %v date %q", n.Issues, n.Date)
			}
			if !hasSignature(n, "signal", "Fatal Python error: Segmentation fault") {
				t.Errorf("signatures %+v", n.Signatures)
			}
			// fuse_multiple_matmuls is not in fakeOptions: flagged unknown.
			if !hasOption(n, "NVFUSER_ENABLE", "fuse_multiple_matmuls", false) {
				t.Errorf("options %+v", n.Options)
			}
		}},
		{"odd_options_lldb.md", "odd-options-lldb", model.KindRunbook, model.StatusOpen, func(t *testing.T, n *model.Note) {
			if !hasOption(n, "NVFUSER_DUMP", "fusion_ir", true) || !hasOption(n, "NVFUSER_DUMP", "segmented_fusion_old", false) {
				t.Errorf("options %+v", n.Options)
			}
			var good, bad bool
			for _, o := range n.Options {
				if o.Name == "launch_param" && slices.Equal(o.Args, []string{"3", "4"}) && o.Known {
					good = true
				}
				if o.Name == "launch_param" && slices.Equal(o.Args, []string{"3,4"}) && !o.Known {
					bad = true // the unclosed "(" is flagged
				}
			}
			if !good || !bad {
				t.Errorf("launch_param uses %+v", n.Options)
			}
			// ~/Fuser and /root/workspace/Fuser/main are checkouts; the
			// bare "options.cpp:58" in the lldb frame resolves through them;
			// the Thunder path is not nvFuser's.
			for _, want := range []string{"csrc/options.cpp:40-90", "csrc/options.h:12", "csrc/options.cpp:58"} {
				if !hasFile(n, want) {
					t.Errorf("missing %s in %+v", want, n.Files)
				}
			}
			if len(n.Files) != 3 {
				t.Errorf("files %+v", n.Files)
			}
			if !hasSignature(n, "frame", "frame #4: 0x00007fffd0a1b2c4") || !hasSignature(n, "exception", "terminate called after throwing") ||
				!hasSignature(n, "signal", "stop reason = signal SIGABRT") {
				t.Errorf("signatures %+v", n.Signatures)
			}
			if n.Date != "2025-03-03" || !slices.Equal(n.Tools, []string{"lldb"}) {
				t.Errorf("date %q tools %v", n.Date, n.Tools)
			}
		}},
	}
	seen := map[string]bool{}
	for _, tc := range tests {
		seen[tc.file] = true
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			n := mustParse(t, filepath.Join("testdata", tc.file), string(data))
			if n.ID != tc.id || n.Kind != tc.kind || n.Status != tc.status {
				t.Errorf("id/kind/status = %q/%q/%q, want %q/%q/%q", n.ID, n.Kind, n.Status, tc.id, tc.kind, tc.status)
			}
			if n.Symptom == "" {
				t.Errorf("no symptom")
			}
			tc.check(t, n)
		})
	}
	for _, f := range fixtureFiles(t) {
		if !seen[filepath.Base(f)] {
			t.Errorf("fixture %s has no expectations", f)
		}
	}
}

func commandKindsList(n *model.Note) []string {
	var k []string
	for _, c := range n.Commands {
		k = append(k, c.Kind)
	}
	return k
}

func hasOption(n *model.Note, env, name string, known bool) bool {
	for _, o := range n.Options {
		if o.Env == env && o.Name == name && o.Known == known {
			return true
		}
	}
	return false
}

func noteFileExists(n *model.Note, path string) bool {
	for _, f := range n.Files {
		if f.Path == path && f.Exists {
			return true
		}
	}
	return false
}
