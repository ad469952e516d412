package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/internal/errcorpus"
	"github.com/nvfuser-handbook/handbook/internal/notecorpus"
)

func TestJudge(t *testing.T) {
	want := errcorpus.Check{File: "csrc/fusion_segmenter.cpp", Function: "revertPrivatizedOps", Message: "Multiple use of replicated upcast"}
	pos := &errcorpus.Case{Expect: &want, Pages: []string{"upcast-runbook"}}
	neg := &errcorpus.Case{Pages: []string{"oom-guide"}}
	checkURL := "https://h.example/errors/revertprivatizedops-multiple-use-of-replicated-upcast-tensor/"
	fromAPI := map[string]record{
		"/errors/revertprivatizedops-multiple-use-of-replicated-upcast-tensor/": recordFrom(map[string]any{
			"id": "revertprivatizedops-multiple-use-of-replicated-upcast-tensor", "file": "csrc/fusion_segmenter.cpp",
			"function": "revertPrivatizedOps", "message": "Multiple use of replicated upcast tensor found: {}"}),
	}
	note := func(id string) map[string]any { return map[string]any{"id": id, "url": "/runbooks/" + id + "/"} }
	tests := []struct {
		name    string
		c       *errcorpus.Case
		results []map[string]any
		checks  map[string]record
		rank    int
	}{
		{"check fields on the match", pos, []map[string]any{note("other"), {"url": checkURL, "check": map[string]any{
			"file": "csrc/fusion_segmenter.cpp", "function": "revertPrivatizedOps", "message": "Multiple use of replicated upcast tensor found: {}"}}}, nil, 2},
		{"check facts from api/errors.json", pos, []map[string]any{{"url": checkURL, "id": "x"}}, fromAPI, 1},
		{"id scheme when nothing else is known", pos, []map[string]any{{"url": checkURL}}, nil, 1},
		{"install prefix on the file", pos, []map[string]any{{"url": "/errors/a/", "file": "/opt/pytorch/nvfuser/csrc/fusion_segmenter.cpp",
			"function": "revertPrivatizedOps", "template": "Multiple use of replicated   upcast tensor found: {}"}}, nil, 1},
		{"same message, other function", pos, []map[string]any{{"url": "/errors/a/", "file": "csrc/fusion_segmenter.cpp",
			"function": "finalize", "message": "Multiple use of replicated upcast tensor found"}}, nil, 0},
		{"same function, other message", pos, []map[string]any{{"url": "/errors/a/", "file": "csrc/fusion_segmenter.cpp",
			"function": "revertPrivatizedOps", "message": "Expected a single use"}}, nil, 0},
		{"other file", pos, []map[string]any{{"url": "/errors/a/", "file": "csrc/fusion.cpp",
			"function": "revertPrivatizedOps", "message": "Multiple use of replicated upcast"}}, nil, 0},
		{"explaining runbook", pos, []map[string]any{note("upcast-runbook")}, nil, 1},
		{"unrelated runbook", pos, []map[string]any{note("other")}, nil, 0},
		{"negative, explaining guide first", neg, []map[string]any{note("oom-guide")}, nil, 1},
		{"negative, a check page first", neg, []map[string]any{{"url": checkURL}}, nil, 0},
		// Only what the lookup claims is put first: a related result before
		// the check does not push it down.
		{"a related result first, then the claimed check", pos, []map[string]any{{"id": "other", "url": "/runbooks/other/", "level": "related"},
			{"url": checkURL, "level": "probably"}}, nil, 1},
		{"the right check, only related", pos, []map[string]any{{"url": checkURL, "level": "related"}}, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := judge(tt.c, tt.results, tt.checks).rank; got != tt.rank {
				t.Errorf("rank %d, want %d", got, tt.rank)
			}
		})
	}
	// A negative whose every result is related puts nothing first.
	if v := judge(neg, []map[string]any{{"url": checkURL, "level": "related"}}, nil); v.n != 0 {
		t.Errorf("related results counted as put first: %+v", v)
	}
}

func TestConditionMatch(t *testing.T) {
	rec := recordFrom(map[string]any{"url": "/errors/x/", "file": "csrc/expr_evaluator.cpp", "function": "print",
		"condition": "!kv.first->isConstScalar()"})
	if !rec.matches(errcorpus.Check{File: "csrc/expr_evaluator.cpp", Function: "print", Message: "! kv.first->isConstScalar ()", Cond: true}) {
		t.Error("condition with other spacing did not match")
	}
	if rec.matches(errcorpus.Check{File: "csrc/expr_evaluator.cpp", Function: "print", Message: "x != nullptr", Cond: true}) {
		t.Error("another condition matched")
	}
}

// TestRun scores a three-case corpus against an index of the team's
// note corpus and checks the table: an error its runbook explains, an
// error raised by a check no page covers that draws that runbook anyway,
// and an error nvFuser did not raise.
func TestRun(t *testing.T) {
	site := t.TempDir()
	var ns []*model.Note
	for _, want := range notecorpus.Notes {
		data, err := os.ReadFile(filepath.Join(notecorpus.Dir(), "notes", want.File))
		if err != nil {
			t.Fatal(err)
		}
		n, err := notes.Parse(want.File, data, notes.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ns = append(ns, n)
	}
	idx := lookup.Build(ns, func(n *model.Note) string { return "/runbooks/" + n.ID + "/" })
	data, err := json.Marshal(idx)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(site, "api"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(site, "api", "lookup.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	racecheck, err := os.ReadFile(filepath.Join(notecorpus.Dir(), "errors", "racecheck-layernorm-fp16.txt"))
	if err != nil {
		t.Fatal(err)
	}
	corpus := t.TempDir()
	for name, text := range map[string]string{
		"explained.txt": "expect: none\npage: log-racecheck-smem-reuse\n---\n" + string(racecheck),
		"other.txt":     "expect: csrc/compute_at.cpp | getCommonConsumer | Hit a logical inconsistency\n---\n" + string(racecheck),
		"neg.txt":       "expect: none\n---\nModuleNotFoundError: No module named 'nvfuser_direct'\n",
	} {
		if err := os.WriteFile(filepath.Join(corpus, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := run([]string{"-site", site, "-v", corpus}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"explained.txt                            right", "other.txt                                WRONG", "neg.txt                                  right",
		"| " + corpus + " | 1 | 0 (0%) | 0 (0%) | 1 | 0 | 2 | 2 (100%) | 0 |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}

	if err := run([]string{"-site", t.TempDir(), corpus}, &out); err == nil || !strings.Contains(err.Error(), "lookup.json") {
		t.Errorf("a site with no index: error %v", err)
	}
}

// TestCheckRecordsFromSite reads check facts from both places a site may
// publish them, short keys in api/lookup.json and long ones in
// api/errors.json, the fuller file winning.
func TestCheckRecordsFromSite(t *testing.T) {
	site := t.TempDir()
	if err := os.MkdirAll(filepath.Join(site, "api"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"lookup.json": `{"docs": [], "checks": [
			{"id": "operator-mix-of-bfloat16", "f": "csrc/fusion_segmenter.cpp", "fn": "operator()", "m": "Mix of BFloat16 and Float16 in the same graph is not supported."},
			{"id": "toposort-error-in-graph", "f": "csrc/fusion_segmenter.cpp", "fn": "toposort", "m": "Found {} vs {}. Error in graph"}]}`,
		"errors.json": `[{"id": "toposort-error-in-graph", "url": "https://h.example/errors/toposort-error-in-graph/",
			"file": "csrc/fusion_segmenter.cpp", "function": "toposort", "message": "Found {} vs {}. Error in graph, is not a DAG."}]`,
	} {
		if err := os.WriteFile(filepath.Join(site, "api", name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := loadCheckRecords(site)
	if err != nil {
		t.Fatal(err)
	}
	if got := recs["toposort-error-in-graph"].Message; got != "Found {} vs {}. Error in graph, is not a DAG." {
		t.Errorf("errors.json did not win: message %q", got)
	}
	if got := recs["/errors/toposort-error-in-graph/"].ID; got != "toposort-error-in-graph" {
		t.Errorf("not indexed by URL path: %q", got)
	}
	lambda := errcorpus.Check{File: "csrc/fusion_segmenter.cpp", Function: "getFP16AnnotatedSet", Message: "Mix of BFloat16 and Float16"}
	c := &errcorpus.Case{Expect: &lambda}
	if v := judge(c, []map[string]any{{"id": "operator-mix-of-bfloat16", "url": "/errors/operator-mix-of-bfloat16/"}}, recs); v.rank != 1 {
		t.Errorf("a lambda's check (operator(), no function around it known) not matched: rank %d", v.rank)
	}
	dag := errcorpus.Check{File: "csrc/fusion_segmenter.cpp", Function: "toposort", Message: "Error in graph, is not a DAG"}
	if v := judge(&errcorpus.Case{Expect: &dag}, []map[string]any{{"url": "https://h.example/errors/toposort-error-in-graph/"}}, recs); v.rank != 1 {
		t.Errorf("check found by absolute URL not matched: rank %d", v.rank)
	}

	// The lookup's own shape: a check's result names its id under
	// "check", and so does a note that quotes the check.
	for _, tt := range []struct {
		name   string
		result map[string]any
		rank   int
	}{
		{"check result by id", map[string]any{"id": "toposort-error-in-graph", "url": "https://h.example/errors/toposort-error-in-graph/",
			"kind": "check", "check": "toposort-error-in-graph"}, 1},
		{"note quoting the check", map[string]any{"id": "dag-runbook", "url": "/runbooks/dag-runbook/", "check": "toposort-error-in-graph"}, 1},
		{"note quoting another check", map[string]any{"id": "fp16-runbook", "url": "/runbooks/fp16-runbook/", "check": "operator-mix-of-bfloat16"}, 0},
		{"note quoting nothing", map[string]any{"id": "dag-runbook", "url": "/runbooks/dag-runbook/"}, 0},
	} {
		if v := judge(&errcorpus.Case{Expect: &dag}, []map[string]any{tt.result}, recs); v.rank != tt.rank {
			t.Errorf("%s: rank %d, want %d", tt.name, v.rank, tt.rank)
		}
	}

	if err := os.WriteFile(filepath.Join(site, "api", "errors.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadCheckRecords(site); err == nil || !strings.Contains(err.Error(), "errors.json") {
		t.Errorf("bad errors.json: error %v", err)
	}
}
