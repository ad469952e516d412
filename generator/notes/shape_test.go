package notes

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// TestDocumentShapes: written-down explanations are guides however often
// they say "error" or "problem"; records of a failure stay runbooks, and
// a chat or log's status is how it ends.
func TestDocumentShapes(t *testing.T) {
	designDoc := `# Design: caching compiled segments across processes

## Problem statement

Every new process compiles the same segments again. The error-prone part is
invalidation: a stale entry would give incorrect results, and a mismatch in
the device would fail at launch.

## Goals and non-goals

Keep startup under a second. Not a goal: sharing between machines.

## Design alternatives

### Option 1: key by fusion hash

Fails when two devices differ, so it needs the architecture in the key.

### Option 2: key by the serialized fusion

Bigger keys, but no collision can give wrong results.

## Recommendation

Option 2, with the device architecture added.
`
	faq := `# Build questions

## FAQ

### Why does the build fail with an undefined reference?

The symbol is not exported. Mark it with the export macro.

### How do I fix a crash at import time?

Rebuild the extension against the installed library.

### Should I rebuild after pulling?

Yes, when headers changed.
`
	flagTable := `# Dump flags

| flag | what it does |
| --- | --- |
| fusion_ir | prints the fusion before segmentation; fails silently when empty |
| cuda_kernel | prints each generated kernel; an error here means codegen broke |
| launch_param | prints the launch configuration |
| segmenter_logging | explains why segmentation failed or succeeded |
`
	tutorial := `# Tutorial: writing a pointwise schedule

Tutorial difficulty: low.

## Step 1: define the fusion

We start from two inputs and add them. A mistake here is an error at
definition time, long before any kernel runs.

## Step 2: split and parallelize

Split the outer dimension by 128 and bind the inner part to threads.

## Step 3: check the result

Compare against the eager result; a mismatch means the schedule is wrong.
`
	chatFixed := `**mia** 09:02
the reduction test crashes with an illegal memory access on H100

**raj** 09:10
known, I pushed a workaround: NVFUSER_DISABLE=parallel_compile

**mia** 11:40
proper fix landed in #812, workaround no longer needed
`
	chatReopened := `**mia** 09:02
the reduction test crashes with an illegal memory access on H100

**raj** 09:10
fixed in #812

**mia** 11:40
still crashes on main after #812, so no fix yet
`
	logWorkaround := `10:01 test_sum fails with "CUDA error: misaligned address"
10:20 bisected to the vectorization change
10:45 as a workaround, NVFUSER_DISABLE=vectorize_misaligned keeps it green
`
	tests := []struct {
		name, in   string
		kind, stat string
	}{
		{"design doc", designDoc, model.KindGuide, ""},
		{"faq", faq, model.KindGuide, ""},
		{"flag table", flagTable, model.KindGuide, ""},
		{"tutorial", tutorial, model.KindGuide, ""},
		{"chat ends fixed", chatFixed, model.KindRunbook, model.StatusResolved},
		{"chat ends reopened", chatReopened, model.KindRunbook, model.StatusOpen},
		{"log ends with a workaround", logWorkaround, model.KindRunbook, model.StatusWorkaround},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := mustParse(t, "shape.md", tc.in)
			if n.Kind != tc.kind || n.Status != tc.stat {
				body := []byte(n.Body)
				t.Errorf("kind/status = %s/%s, want %s/%s (scores %+v)", n.Kind, n.Status, tc.kind, tc.stat,
					scoreKind(readDoc(body, newLineIndex(body, 0, 100)), n))
			}
		})
	}
}

// TestDerivedTitles: a note without a heading takes its title from the
// page it was copied from, or from the label it opens with, never from
// the page's chrome.
func TestDerivedTitles(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"heading", "intro line\n\n## Second\n\n# First\n", "First"},
		{"copied pull request", "Skip to content\n\nNavigation Menu\n\nSpeed up the segmenter #5120\n\nOpen\n\nada wants to merge 3 commits into main from ada/seg\n\nConversation\n", "Speed up the segmenter"},
		{"copied issue without chrome", "Speed up the segmenter #5120\n\nSome text.\n", "Shape"},
		{"chrome only", "Skip to content\n\nConversation\n\nLabels\n", "Shape"},
		{"lead label", "Table of Contents:\n\n- [a](a.md)\n- [b](b.md)\n", "Table of Contents"},
		{"sentence is not a label", "We looked at it: nothing.\n", "Shape"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if n := mustParse(t, "shape.md", tc.in); n.Title != tc.want {
				t.Errorf("title = %q, want %q", n.Title, tc.want)
			}
		})
	}
}

// TestShapeScoresFail guards the guard: the shapes above are told apart
// by the document score, so a note with none of them scores nothing.
func TestShapeScoresFail(t *testing.T) {
	body := []byte(strings.Repeat("plain words here\n\n", 3))
	if s := docScore(readDoc(body, newLineIndex(body, 0, 100)), "Meeting"); s != 0 {
		t.Errorf("docScore = %d, want 0", s)
	}
}

// TestSummarySkipsAlerts: a page's summary is what it is about, not the
// alert that opens it ("> [!NOTE] how to read this page").
func TestSummarySkipsAlerts(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"alert first", "# Tiling\n\n> [!NOTE]\n> This page is also a test file; odd symbols may show.\n\nTiling splits a loop into blocks that fit in shared memory.\n", "Tiling splits a loop into blocks that fit in shared memory."},
		{"only an alert", "# Tiling\n\n> [!WARNING]\n> Out of date since the new scheduler landed.\n", "Out of date since the new scheduler landed."}, // no marker in a summary
		{"no alert", "# Tiling\n\nTiling splits a loop into blocks that fit in shared memory.\n", "Tiling splits a loop into blocks that fit in shared memory."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if n := mustParse(t, "s.md", tc.in); n.Symptom != tc.want {
				t.Errorf("symptom %q, want %q", n.Symptom, tc.want)
			}
		})
	}
}
