package assemble

import (
	"github.com/nvfuser-handbook/handbook/internal/testsite"

	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nvfuser-handbook/handbook/generator/envyaml"
	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

func exampleHandbook(t *testing.T) *model.Handbook {
	t.Helper()
	in, err := sources.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Extract(in)
	if err != nil {
		t.Fatal(err)
	}
	return Merge(f)
}

func TestMergeExample(t *testing.T) {
	h := exampleHandbook(t)
	tests := []struct {
		env, name    string
		defined, doc bool
		read         bool
	}{
		{"NVFUSER_DUMP", "fusion_ir", true, true, true},
		{"NVFUSER_DUMP", "pre_segmenter_logging", true, false, true},
		{"NVFUSER_DUMP", "segmented_fusion_old", false, true, false},
		{"NVFUSER_DUMP", "fusion_ir_preseg", true, true, false},
		{"NVFUSER_PROF", "print.verbose", true, true, true}, // documented through NVFUSER_PROF's choices
		{"NVFUSER_ENABLE", "kernel_profile", true, true, true},
	}
	for _, tc := range tests {
		o := h.Option(tc.env, tc.name)
		if o == nil {
			t.Errorf("%s=%s missing", tc.env, tc.name)
			continue
		}
		if !o.DefinedAt.IsZero() != tc.defined || o.Documented != tc.doc || (len(o.ReadAt) > 0) != tc.read {
			t.Errorf("%s=%s: defined %v documented %v read %v, want %v %v %v", tc.env, tc.name, o.DefinedAt, o.Documented, o.ReadAt, tc.defined, tc.doc, tc.read)
		}
		if tc.defined && (o.Family == "" || !strings.Contains(o.Enum, "::")) {
			t.Errorf("%s=%s: family %q enum %q", tc.env, tc.name, o.Family, o.Enum)
		}
	}
	dump := h.Variable("NVFUSER_DUMP")
	if dump == nil || dump.Family != "dump" || dump.Category != "dump" || !dump.Documented {
		t.Errorf("NVFUSER_DUMP = %+v", dump)
	}
	asan := h.Variable("NVFUSER_BUILD_WITH_ASAN")
	if asan == nil || len(asan.ReadAt) == 0 || asan.ReadAt[0].File != "python/utils.py" {
		t.Errorf("build variable read in python/utils.py: %+v", asan)
	}
	if v := h.Variable("NVFUSER_JIT_OPT_LEVEL"); v == nil || v.Documented || len(v.ReadAt) == 0 {
		t.Errorf("undocumented but read: %+v", v)
	}
}

// The real env_options.yaml snapshot merges with the example's tables.
func TestMergeRealYAML(t *testing.T) {
	data, err := os.ReadFile(testsite.Shared(t, "fuser", "env_options.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	y, err := envyaml.Parse(inputs.EnvYAMLFile, data)
	if err != nil {
		t.Fatal(err)
	}
	h := Merge(&Facts{YAML: y})
	prof := h.Variable("NVFUSER_PROF")
	if prof == nil || len(prof.Choices) == 0 {
		t.Fatalf("NVFUSER_PROF = %+v", prof)
	}
	n := 0
	for _, o := range h.Options {
		if o.Documented && o.DefinedAt.IsZero() {
			n++
		}
	}
	if n < 90 {
		t.Errorf("%d YAML-only options, want every documented option (>= 90)", n)
	}
}

func TestDuplicateNoteIDs(t *testing.T) {
	in := &sources.Inputs{Tree: fstest.MapFS{}, Notes: []sources.File{
		{Path: "a/crash.md", Data: []byte("# One\n")},
		{Path: "b/crash.md", Data: []byte("# Two\n")},
	}}
	h := &model.Handbook{}
	h.Index()
	_, err := Notes(in, h, nil, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "b/crash.md:1") || !strings.Contains(err.Error(), "a/crash.md") {
		t.Errorf("err = %v, want a duplicate id error naming both files", err)
	}
}

// TestHints: messages in the example's csrc that suggest NAME=option land
// on the option's page, ones naming a plain variable on the variable's,
// each with the line of the check that prints it (the one the check's
// page shows) and the check's id.
func TestHints(t *testing.T) {
	h := exampleHandbook(t)
	cases := []struct {
		name  string
		hints []model.Hint
		kind  string
		where string
		check string
		text  string
	}{
		{"NVFUSER_DISABLE=parallel_compile", h.Option("NVFUSER_DISABLE", "parallel_compile").Hints, model.HintError, "csrc/runtime/compile_pool.cpp:58", "reportcompileerrors-compiling-segment-s-in-parallel-failed", "Compiling … segment(s) in parallel failed.\nUse NVFUSER_DISABLE=parallel_compile to see the first error alone."},
		{"NVFUSER_NUM_THREADS", h.Variable("NVFUSER_NUM_THREADS").Hints, model.HintWarning, "csrc/runtime/compile_pool.cpp:54", "reportcompileerrors-many-segments-failed-set-nvfuser-num", "Many segments failed; set NVFUSER_NUM_THREADS=1 to compile them one at a time."},
	}
	for _, c := range cases {
		if len(c.hints) != 1 {
			t.Errorf("%s: %d hints, want 1: %+v", c.name, len(c.hints), c.hints)
			continue
		}
		got := c.hints[0]
		if got.Kind != c.kind || got.Where.String() != c.where || got.CheckID != c.check || got.Message != c.text {
			t.Errorf("%s: hint %+v\nwant kind %s at %s: %q", c.name, got, c.kind, c.where, c.text)
		}
	}
	// The option's hint is not repeated on the family variable.
	if hs := h.Variable("NVFUSER_DISABLE").Hints; len(hs) != 0 {
		t.Errorf("NVFUSER_DISABLE has hints %+v; they belong to its option", hs)
	}
}

// TestHintsInFuser: on a real nvFuser checkout, the error that suggests
// NVFUSER_DISABLE=parallel_compile is found on that option.
func TestHintsInFuser(t *testing.T) {
	in, err := sources.Open(testsite.Fuser(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Extract(in)
	if err != nil {
		t.Fatal(err)
	}
	h := Merge(f)
	o := h.Option("NVFUSER_DISABLE", "parallel_compile")
	if o == nil {
		t.Fatal("no NVFUSER_DISABLE=parallel_compile in the checkout")
	}
	for _, hint := range o.Hints {
		if hint.Where.File == "csrc/runtime/fusion_kernel_runtime.cpp" && hint.Kind == model.HintError &&
			strings.Contains(hint.Message, "NVFUSER_DISABLE=parallel_compile") {
			return
		}
	}
	t.Errorf("parallel_compile's hints lack the message in csrc/runtime/fusion_kernel_runtime.cpp: %+v", o.Hints)
}

// Handbook returns everything later stages read, filled in and indexed:
// nothing is patched into the model after it returns.
func TestHandbookComplete(t *testing.T) {
	in, err := sources.Open("", nil) // the embedded example with its notes
	if err != nil {
		t.Fatal(err)
	}
	f, err := Extract(in)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Handbook(in, f)
	if err != nil {
		t.Fatal(err)
	}
	if !h.HasSource || !h.HasEnvYAML {
		t.Errorf("HasSource=%v HasEnvYAML=%v, want both", h.HasSource, h.HasEnvYAML)
	}
	if len(h.Notes) != 2 || len(h.Drift) == 0 {
		t.Errorf("%d notes, %d drift findings; want the example's 2 notes and its drift", len(h.Notes), len(h.Drift))
	}
	if h.Variable("NVFUSER_DUMP") == nil || h.Family("NVFUSER_DUMP") == nil || h.Option("NVFUSER_DUMP", "fusion_ir") == nil {
		t.Error("lookups find nothing: the handbook is not indexed")
	}
	// Build scripts are read through buildscan: a build variable is read.
	var build *model.Variable
	for _, v := range h.Variables {
		if strings.HasPrefix(v.Name, "NVFUSER_BUILD_") && len(v.ReadAt) > 0 {
			build = v
		}
	}
	if build == nil {
		t.Error("no NVFUSER_BUILD_ variable read by the example's build scripts")
	}
}

// A handbook nobody indexed fails loudly instead of finding nothing.
func TestLookupNeedsIndex(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("lookup in an unindexed handbook did not panic")
		}
	}()
	(&model.Handbook{Variables: []*model.Variable{{Name: "X"}}}).Variable("X")
}
