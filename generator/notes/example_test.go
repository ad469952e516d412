package notes

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// exampleOptions knows exactly the options of the embedded demo tree.
func exampleOptions(root string) Options {
	families := map[string][]string{
		"NVFUSER_DUMP":    {"fusion_ir", "fusion_ir_preseg", "cuda_kernel", "launch_param", "pre_segmenter_logging", "segmenter_logging"},
		"NVFUSER_ENABLE":  {"kernel_profile", "kernel_lineinfo", "fuse_matmul"},
		"NVFUSER_DISABLE": {"fallback", "parallel_compile", "magic_zero", "expr_simplify"},
		"NVFUSER_PROF":    {"enable", "print", "print.verbose"},
	}
	return Options{
		KnownOption: func(env, name string) (bool, bool) {
			opts, ok := families[env]
			return ok && slices.Contains(opts, name), ok
		},
		FileExists: func(p string) (bool, bool) {
			_, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
			return err == nil, true
		},
	}
}

// TestExampleNotes checks the two notes shipped with the demo tree: one
// runbook with a workaround and a deliberately stale option, one guide.
func TestExampleNotes(t *testing.T) {
	root := filepath.Join("..", "example", "fuser")
	files, _ := filepath.Glob(filepath.Join(root, "notes", "*.md"))
	if len(files) != 2 {
		t.Fatalf("want 2 example notes, found %v", files)
	}
	kinds := map[string]*model.Note{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, err := Parse(f, data, exampleOptions(root))
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, n, data)
		kinds[n.Kind] = n
		for _, o := range n.Options {
			if o.Known != (o.Name != "segmented_fusion_old") {
				t.Errorf("%s: option %s=%s known=%v", f, o.Env, o.Name, o.Known)
			}
		}
	}
	rb, guide := kinds[model.KindRunbook], kinds[model.KindGuide]
	if rb == nil || guide == nil {
		t.Fatalf("kinds %v", kinds)
	}
	if rb.Status != model.StatusWorkaround || rb.Checklist.Total != 4 || rb.Checklist.Done != 2 {
		t.Errorf("runbook status %q checklist %+v", rb.Status, rb.Checklist)
	}
	if !hasOption(rb, "NVFUSER_DUMP", "segmented_fusion_old", false) || !hasOption(rb, "NVFUSER_DUMP", "segmenter_logging", true) {
		t.Errorf("runbook options %+v", rb.Options)
	}
	if !hasSignature(rb, "sanitizer", "heap-use-after-free") || !hasSignature(rb, "frame", "tryMerge") {
		t.Errorf("runbook signatures %+v", rb.Signatures)
	}
	if !noteFileExists(rb, "csrc/fusion_segmenter.cpp") || !hasFile(rb, "csrc/fusion_segmenter.cpp:32-42") || !hasFile(rb, "csrc/runtime/executor_cache.cpp") {
		t.Errorf("runbook files %+v", rb.Files)
	}
	if len(rb.Commands) != 1 || rb.Commands[0].Kind != "python" {
		t.Errorf("runbook commands %+v", rb.Commands)
	}
	for _, v := range []string{"NVFUSER_NUM_THREADS", "NVFUSER_DISABLE_FALLBACK"} {
		if len(envValues(rb, v)) == 0 {
			t.Errorf("runbook lacks %s", v)
		}
	}
	if len(guide.Options) < 8 || guide.Title != "Reading segmenter decisions" {
		t.Errorf("guide %q options %+v", guide.Title, guide.Options)
	}
}
