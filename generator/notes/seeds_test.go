package notes

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// seedDir is the shared corpus of real notes, outside the module. It is
// not redistributed with the handbook, so the test skips without it.
func seedDir(t *testing.T) string {
	return testsite.Shared(t, "seeds")
}

func readSeed(t *testing.T, prefix string) (string, []byte) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(seedDir(t), prefix+"_*.txt"))
	if len(matches) != 1 {
		t.Fatalf("want one seed %s_*.txt in %s, found %v", prefix, seedDir(t), matches)
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	return matches[0], data
}

// TestSeeds checks the real notes: kinds, statuses and the facts the
// handbook pages depend on. It asserts on facts, never on the notes'
// wording.
func TestSeeds(t *testing.T) {
	tests := []struct {
		prefix string
		kind   string
		status string
		check  func(t *testing.T, n *model.Note)
	}{
		// An investigation brief whose report section is still empty.
		{"000", model.KindRunbook, model.StatusOpen, func(t *testing.T, n *model.Note) {
			if len(n.Commands) != 1 || n.Commands[0].Kind != "pytest" {
				t.Errorf("commands %+v", n.Commands)
			}
			for _, name := range []string{"NVFUSER_BUILD_WITH_ASAN", "NVFUSER_SOURCE_DIR", "LD_PRELOAD"} {
				if len(envValues(n, name)) == 0 {
					t.Errorf("no %s in %+v", name, n.Env)
				}
			}
			// /root/workspace/Fuser/main/tools/... is a checkout path; the
			// Thunder test path is not nvFuser's.
			if !hasFile(n, "tools/env-config") || len(n.Files) != 1 {
				t.Errorf("files %+v", n.Files)
			}
			for _, tool := range []string{"asan", "gdb", "lldb"} {
				if !slices.Contains(n.Tools, tool) {
					t.Errorf("tools %v lack %s", n.Tools, tool)
				}
			}
			if !hasSignature(n, "signal", "SIGSEGV") {
				t.Errorf("signatures %+v", n.Signatures)
			}
		}},
		// The serialization segfault: a skip_serde_check workaround is in place.
		{"001", model.KindRunbook, model.StatusWorkaround, func(t *testing.T, n *model.Note) {
			if got := envValues(n, "DEBUG_SERDE"); !slices.Equal(got, []string{"Debug"}) {
				t.Errorf("DEBUG_SERDE = %v", got)
			}
			for _, id := range []string{
				"tests/python/test_python_frontend.py::TestNvFuserFrontend",
				"tests/python/test_python_frontend.py::TestNvFuserFrontend::test_issue1270",
				"tests/python/test_python_frontend.py::TestNvFuserFrontend::test_addcmul",
			} {
				if !slices.Contains(n.Tests, id) {
					t.Errorf("tests lack %s: %v", id, n.Tests)
				}
			}
			for _, ref := range []string{
				"csrc/ir/storage.cpp:88-108", "csrc/ir/storage.cpp:70-86", "csrc/ir/cloner.cpp:16-19",
				"csrc/ir/base_nodes.cpp:348", "csrc/fusion.cpp:122-145", "tests/python/test_python_frontend.py:2946-2950",
				"tests/python/test_python_frontend.py",       // from /opt/pytorch/nvfuser/tests/...
				"csrc/runtime/fusion_executor_cache.cpp:459", // bare [fusion_executor_cache.cpp:459], resolved
			} {
				if !hasFile(n, ref) {
					t.Errorf("files lack %s", ref)
				}
			}
			for _, f := range n.Files {
				if strings.HasPrefix(f.Path, "/") {
					t.Errorf("absolute path kept: %+v", f)
				}
			}
			pytest := 0
			for _, c := range n.Commands {
				if c.Kind == "pytest" {
					pytest++
				}
			}
			if pytest < 4 {
				t.Errorf("commands %+v", n.Commands)
			}
			if !hasSignature(n, "signal", "SIGSEGV") || !hasSignature(n, "signal", "Segfault at address") {
				t.Errorf("signatures %+v", n.Signatures)
			}
			if !slices.Equal(n.Commits, []string{"08073013a", "6a2a9f8b9", "b48a11674", "ee2e2a990"}) {
				t.Errorf("commits %v", n.Commits)
			}
			if n.Checklist.Done != 2 || n.Checklist.Total != 3 || n.Date != "2026-01-26" {
				t.Errorf("checklist %+v date %q", n.Checklist, n.Date)
			}
			for _, s := range []string{"IrStorage::swap", "Fusion::copy", "FusionExecutorCache::deserialize"} {
				if !slices.Contains(n.Symbols, s) {
					t.Errorf("symbols lack %s: %v", s, n.Symbols)
				}
			}
			if len(n.Issues) != 0 {
				t.Errorf("test names taken as issues: %v", n.Issues)
			}
			if !strings.Contains(n.Symptom, "deserialization") {
				t.Errorf("symptom %q", n.Symptom)
			}
		}},
		// Crash analysis of parallel test runs; no conclusion.
		{"002", model.KindRunbook, model.StatusOpen, func(t *testing.T, n *model.Note) {
			if n.Date != "2024-07-16" {
				t.Errorf("date %q", n.Date)
			}
			if !hasSignature(n, "signal", "SIGSEGV") || !hasSignature(n, "signal", "SIGBUS") {
				t.Errorf("signatures %+v", n.Signatures)
			}
			for _, id := range []string{"ResizeTest.SliceReduceScheduler2", "NVFuserTest.FusionMagicSchedulerRMSNormalization_CUDA"} {
				if !slices.Contains(n.Tests, id) {
					t.Errorf("tests %v", n.Tests)
				}
			}
			if !slices.Contains(n.Symbols, "preseg_passes::OptimizationPass<preseg_passes::PreSegmenter>::runPass") {
				t.Errorf("symbols %v", n.Symbols)
			}
		}},
		// A scraped pull request page: chrome, not a runbook.
		{"003", model.KindNotes, "", func(t *testing.T, n *model.Note) {
			// The pull request's title, not the page's chrome nor the file name.
			if n.Title != "AI Notes for my development [Do not merge]" {
				t.Errorf("title %q", n.Title)
			}
			if !slices.Contains(n.Issues, "#4296") {
				t.Errorf("issues %v", n.Issues)
			}
		}},
		// nvFuser's debugging guide.
		{"004", model.KindGuide, "", func(t *testing.T, n *model.Note) {
			if n.Title != "Debugging" {
				t.Errorf("title %q", n.Title)
			}
			for _, o := range []string{"python_definition_segments", "cuda_kernel", "segmenter_logging", "cuda_to_file"} {
				if !hasOption(n, "NVFUSER_DUMP", o, true) {
					t.Errorf("option %s missing: %+v", o, n.Options)
				}
			}
			if !hasOption(n, "NVFUSER_ENABLE", "kernel_lineinfo", true) {
				t.Errorf("options %+v", n.Options)
			}
			if !hasSignature(n, "assert", "INTERNAL ASSERT FAILED") || !hasSignature(n, "frame", `File "`) {
				t.Errorf("signatures %+v", n.Signatures)
			}
			if !hasFile(n, "csrc/runtime/fusion_kernel_runtime.cpp:368") || !hasFile(n, "csrc/options.cpp") {
				t.Errorf("files %+v", n.Files)
			}
			for _, tool := range []string{"asan", "gdb", "ncu", "nsys", "tcmalloc"} {
				if !slices.Contains(n.Tools, tool) {
					t.Errorf("tools %v lack %s", n.Tools, tool)
				}
			}
			if k := commandKinds(n); k["gtest"] == 0 || k["python"] == 0 || k["shell"] == 0 {
				t.Errorf("command kinds %v", k)
			}
			if len(n.Issues) != 0 {
				t.Errorf("another repository's issue taken: %v", n.Issues)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.prefix, func(t *testing.T) {
			path, data := readSeed(t, tc.prefix)
			n, err := Parse(path, data, fakeOptions())
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, n, data)
			if n.Kind != tc.kind || n.Status != tc.status {
				t.Errorf("kind/status = %s/%s, want %s/%s", n.Kind, n.Status, tc.kind, tc.status)
			}
			tc.check(t, n)
		})
	}
}
