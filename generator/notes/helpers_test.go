package notes

import (
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// fakeOptions knows a handful of real nvFuser options and files, enough to
// exercise the Known and Exists paths.
func fakeOptions() Options {
	families := map[string][]string{
		"NVFUSER_DUMP":    {"fusion_ir", "fusion_ir_preseg", "cuda_kernel", "launch_param", "segmenter_logging", "segmented_fusion", "scheduler_params", "python_definition_segments", "cuda_to_file"},
		"NVFUSER_ENABLE":  {"fuse_matmul", "kernel_profile", "kernel_lineinfo"},
		"NVFUSER_DISABLE": {"fallback", "parallel_compile", "kernel_reuse", "matmul_expr_eval"},
		"NVFUSER_PROF":    {"enable", "print", "print.verbose"},
	}
	files := map[string]bool{
		"csrc/options.cpp": true, "csrc/options.h": true, "csrc/fusion_segmenter.cpp": true,
		"csrc/runtime/executor.cpp": true, "tests/python/test_normalization.py": true,
	}
	return Options{
		KnownOption: func(env, name string) (bool, bool) {
			opts, ok := families[env]
			return ok && slices.Contains(opts, name), ok
		},
		KnownVariable: func(name string) bool { return name == "NVFUSERX" },
		FileExists:    func(p string) (bool, bool) { return files[p], true },
	}
}

// checkInvariants asserts what every parsed note must satisfy.
func checkInvariants(t *testing.T, n *model.Note, data []byte) {
	t.Helper()
	if n.ID == "" {
		t.Errorf("empty ID")
	}
	switch n.Kind {
	case model.KindRunbook:
		switch n.Status {
		case model.StatusOpen, model.StatusWorkaround, model.StatusResolved:
		default:
			t.Errorf("runbook with status %q", n.Status)
		}
	case model.KindGuide, model.KindNotes:
		if n.Status != "" {
			t.Errorf("%s with status %q", n.Kind, n.Status)
		}
	default:
		t.Errorf("invalid kind %q", n.Kind)
	}
	total := countLines(normalize(data))
	check := func(what string, line int) {
		if line < 1 || line > total {
			t.Errorf("%s line %d outside 1..%d", what, line, total)
		}
	}
	if n.Body == "" {
		// An empty body after front matter starts just past the file.
		if n.BodyLine < 1 || n.BodyLine > total+1 {
			t.Errorf("empty body at line %d of %d", n.BodyLine, total)
		}
	} else {
		check("body", n.BodyLine)
	}
	for _, c := range n.Commands {
		check("command", c.Line)
	}
	for _, e := range n.Env {
		check("env", e.Line)
	}
	for _, o := range n.Options {
		check("option", o.Line)
	}
	for _, f := range n.Files {
		check("file", f.Line)
		if f.End < f.Start {
			t.Errorf("file %v: end before start", f)
		}
	}
	for _, s := range n.Signatures {
		check("signature", s.Line)
	}
	for _, u := range n.UnsafeURLs {
		check("unsafe URL", u.Line)
		if safe, _ := URLSafety(u.URL); safe {
			t.Errorf("%q recorded as unsafe but URLSafety accepts it", u.URL)
		}
	}
	if n.Checklist.Total != len(n.Checklist.Items) || n.Checklist.Done > n.Checklist.Total {
		t.Errorf("checklist counts %+v", n.Checklist)
	}
	for _, l := range [][]string{n.Aliases, n.Symbols, n.Tests, n.Commits, n.Issues, n.Tools, n.Dates} {
		for i := 1; i < len(l); i++ {
			if l[i] == l[i-1] {
				t.Errorf("duplicate %q", l[i])
			}
		}
	}
}

func mustParse(t *testing.T, source, text string) *model.Note {
	t.Helper()
	n, err := Parse(source, []byte(text), fakeOptions())
	if err != nil {
		t.Fatalf("Parse(%s): %v", source, err)
	}
	checkInvariants(t, n, []byte(text))
	return n
}

func envValues(n *model.Note, name string) []string {
	var v []string
	for _, e := range n.Env {
		if e.Name == name {
			v = append(v, e.Value)
		}
	}
	return v
}

func hasFile(n *model.Note, ref string) bool {
	for _, f := range n.Files {
		if f.String() == ref {
			return true
		}
	}
	return false
}

func hasSignature(n *model.Note, kind, substr string) bool {
	for _, s := range n.Signatures {
		if s.Kind == kind && strings.Contains(s.Text, substr) {
			return true
		}
	}
	return false
}

func commandKinds(n *model.Note) map[string]int {
	m := map[string]int{}
	for _, c := range n.Commands {
		m[c.Kind]++
	}
	return m
}
