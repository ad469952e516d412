package triage

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// corpusIndex indexes the error lookup's fixture notes with the real note
// parser, as gen does.
func corpusIndex(t *testing.T) *lookup.Index {
	t.Helper()
	files, err := filepath.Glob("../lookup/testdata/notes/*.md")
	if err != nil || len(files) < 5 {
		t.Fatalf("the lookup corpus has %d notes, want at least 5: %v", len(files), err)
	}
	var ns []*model.Note
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, err := notes.Parse(f, data, notes.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ns = append(ns, n)
	}
	return lookup.Build(ns, func(n *model.Note) string { return "https://handbook.test/runbooks/" + n.ID + "/" })
}

// ciLog wraps an error in what a CI job prints around it.
func ciLog(errText string) string {
	return "##[group]Run python -m pytest tests/python -x\n" +
		"\x1b[32mcollected 412 items\x1b[0m\n" +
		"2026-11-02T10:11:12.1234567Z " + strings.ReplaceAll(strings.TrimSpace(errText), "\n", "\n2026-11-02T10:11:12.1234567Z ") + "\n" +
		"=========================== short test summary info ============================\n" +
		"##[error]Process completed with exit code 1.\n"
}

// TestTriageCorpus: every error of the lookup corpus, pasted into a CI log,
// is annotated with the runbook the lookup ranks first for the bare error
// (which the lookup's own tests hold to the right note), and unrelated
// errors annotate nothing.
func TestTriageCorpus(t *testing.T) {
	idx := corpusIndex(t)
	files, err := filepath.Glob("../lookup/testdata/errors/*.txt")
	if err != nil || len(files) < 8 {
		t.Fatalf("the lookup corpus has %d errors, want at least 8: %v", len(files), err)
	}
	matched, unmatched := 0, 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			bare := idx.Rank(string(data))
			var out strings.Builder
			if err := Run(idx, ciLog(string(data))).Annotate(&out); err != nil {
				t.Fatal(err)
			}
			warnings := linesWith(out.String(), "::warning ")
			if len(bare) == 0 {
				unmatched++
				if len(warnings) > 0 {
					t.Errorf("an error no runbook explains was annotated:\n%s", out.String())
				}
				return
			}
			matched++
			if len(warnings) == 0 || !strings.Contains(warnings[0], bare[0].URL) {
				t.Errorf("first annotation should link %s:\n%s", bare[0].URL, out.String())
			}
		})
	}
	if matched < 5 || unmatched < 3 {
		t.Errorf("corpus: %d matched and %d unrelated errors, want at least 5 and 3", matched, unmatched)
	}
}

func linesWith(s, prefix string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return out
}

func TestFailedTests(t *testing.T) {
	log := strings.Join([]string{
		"[ RUN      ] NVFuserTest.FusionReduction_CUDA",
		"[  FAILED  ] NVFuserTest.FusionReduction_CUDA (1520 ms)",
		"[  FAILED  ] 1 test, listed below:",
		"\x1b[31m[  FAILED  ] MatmulTest.Hopper/2\x1b[0m",
		"FAILED tests/python/test_ops.py::test_reduction[float32] - AssertionError",
		"tests/python/direct/test_repro.py::test_segfault FAILED              [ 10%]",
		"FAIL: test_grad (thunder.tests.test_grad.GradTest)",
		"      3/12 Test  #3: test_nvfuser .....................***Failed   12.01 sec",
		"[  FAILED  ] NVFuserTest.FusionReduction_CUDA (1520 ms)", // repeated in gtest's summary
	}, "\n")
	got := failedTests(log)
	want := []string{"NVFuserTest.FusionReduction_CUDA", "MatmulTest.Hopper/2", "tests/python/test_ops.py::test_reduction[float32]",
		"tests/python/direct/test_repro.py::test_segfault", "thunder.tests.test_grad.GradTest.test_grad", "test_nvfuser"}
	if !slices.Equal(got, want) {
		t.Errorf("failedTests:\n got %q\nwant %q", got, want)
	}
}

// TestFailingTestNamesRunbook: a log whose only link to a runbook is the
// name of the test that failed still gets the runbook.
func TestFailingTestNamesRunbook(t *testing.T) {
	ns := []*model.Note{
		{ID: "reduction-flake", Title: "Flaky reduction", Kind: model.KindRunbook, Tests: []string{"NVFuserTest.FusionReduceFlaky_CUDA"}},
		{ID: "other", Title: "Other", Kind: model.KindRunbook, Tests: []string{"NVFuserTest.FusionOther_CUDA"}},
	}
	idx := lookup.Build(ns, func(n *model.Note) string { return "/runbooks/" + n.ID + "/" })
	r := Run(idx, "[  FAILED  ] NVFuserTest.FusionReduceFlaky_CUDA (3 ms)\n")
	if len(r.Failed) != 1 || len(r.Failed[0].Runbooks) != 1 || r.Failed[0].Runbooks[0].ID != "reduction-flake" {
		t.Fatalf("failing test matched %+v, want the reduction-flake runbook only", r.Failed)
	}
	var ann, sum strings.Builder
	if err := r.Annotate(&ann); err != nil {
		t.Fatal(err)
	}
	if err := r.Summary(&sum); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ann.String(), "::notice title=NVFuserTest.FusionReduceFlaky_CUDA failed::") || !strings.Contains(ann.String(), "/runbooks/reduction-flake/") {
		t.Errorf("annotation:\n%s", ann.String())
	}
	if !strings.Contains(sum.String(), "[Flaky reduction](/runbooks/reduction-flake/)") {
		t.Errorf("summary:\n%s", sum.String())
	}
}

// TestEscaping: a title or message cannot end the workflow command early
// or start a new one.
func TestEscaping(t *testing.T) {
	r := Report{Matches: []lookup.Match{{ID: "x", Title: "a: b, c%\n::error::pwned", URL: "/runbooks/x/", Score: 9, Evidence: []string{"sym:A::b"}}}}
	var out strings.Builder
	if err := r.Annotate(&out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Count(got, "\n") != 1 || strings.Contains(got, "\n::error") {
		t.Fatalf("one annotation expected on one line:\n%s", got)
	}
	if !strings.HasPrefix(got, "::warning title=Known failure%3A a%3A b%2C c%25%0A%3A%3Aerror%3A%3Apwned::") {
		t.Errorf("title not escaped: %s", got)
	}
}

// TestInvalidOptionAnnotation: a log in which nvFuser rejects an option is
// annotated with that option's page, as an invalid option, with what
// replaced it.
func TestInvalidOptionAnnotation(t *testing.T) {
	idx := lookup.Build(nil, func(n *model.Note) string { return "" })
	idx.Options = []lookup.OptionDoc{
		{Env: "NVFUSER_DUMP", Family: "dump", Name: "debug_info", URL: "/options/dump/debug_info/", Removed: "0.2.10", RemovedOn: "2024-09-10", ReplacedBy: []string{"NVFUSER_ENABLE=kernel_lineinfo"}},
	}
	var out strings.Builder
	if err := Run(idx, "RuntimeError: Parsing DUMP failed. Invalid option: 'debug_info'\n").Annotate(&out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.HasPrefix(got, "::warning title=Invalid option%3A NVFUSER_DUMP=debug_info::nvFuser rejected NVFUSER_DUMP=debug_info: /options/dump/debug_info/") ||
		!strings.Contains(got, "replaced by NVFUSER_ENABLE=kernel_lineinfo") {
		t.Errorf("annotation:\n%s", got)
	}
}

// TestSetOptionAnnotation: an option the log sets is annotated as set,
// after the match it follows, not as one nvFuser rejected.
func TestSetOptionAnnotation(t *testing.T) {
	idx := lookup.Build(nil, func(n *model.Note) string { return "" })
	idx.Options = []lookup.OptionDoc{
		{Env: "NVFUSER_DUMP", Family: "dump", Name: "debug_info", URL: "/options/dump/debug_info/"},
		{Env: "NVFUSER_DUMP", Family: "dump", Name: "fusion_ir", URL: "/options/dump/fusion_ir/"},
	}
	var out strings.Builder
	if err := Run(idx, "+ NVFUSER_DUMP=fusion_ir,debug_info python x.py\nRuntimeError: Parsing DUMP failed. Invalid option: 'debug_info'\n").Annotate(&out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "::warning title=Invalid option%3A NVFUSER_DUMP=debug_info::") ||
		lines[1] != "::warning title=Set when it failed%3A NVFUSER_DUMP=fusion_ir::The log sets NVFUSER_DUMP=fusion_ir,debug_info: /options/dump/fusion_ir/" {
		t.Errorf("annotations:\n%s", out.String())
	}
}

// TestUndecidedTwinsAnnotation: a check result whose twins nothing in the
// log decides says so in its annotation, with every site.
func TestUndecidedTwinsAnnotation(t *testing.T) {
	twins := []lookup.Site{{ID: "a", URL: "/errors/a/", File: "csrc/ops/arith.cpp", Line: 50, Fn: "castOp"}, {ID: "b", URL: "/errors/b/", File: "csrc/ops/alias.cpp", Line: 60}}
	for _, c := range []struct {
		name  string
		twins []lookup.Site
		want  string
	}{
		{"twins", twins, "2 checks print this text and nothing in the paste (frame, file, line, function, values) tells which raised it: csrc/ops/arith.cpp:50 in castOp; csrc/ops/alias.cpp:60."},
		{"one site", nil, ""},
	} {
		var b strings.Builder
		r := Report{Matches: []lookup.Match{{ID: "a", Title: "Unsupported type", URL: "/errors/a/", Kind: "check", Level: lookup.LevelProbably, Evidence: []string{"message:1 of 1 pieces"}, Twins: c.twins}}}
		if err := r.Annotate(&b); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), "checks print this text"); got != (c.want != "") || c.want != "" && !strings.Contains(b.String(), c.want) {
			t.Errorf("%s: annotation %q, want it to carry %q", c.name, b.String(), c.want)
		}
	}
}
