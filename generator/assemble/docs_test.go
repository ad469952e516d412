package assemble

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/sources"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

var defaultDocs = &sources.Docs{Include: config.DefaultDocsInclude, Exclude: config.DefaultDocsExclude}

// A design doc of the checkout, in a shape the classifier alone would
// call a runbook (an incident table, failure words, a Problem heading).
const fixtureDesign = `# Segment cache redesign

## Problem

The cache fails when the device changes and gives wrong results.

| run | result |
| --- | --- |
| 1 | crash |
| 2 | crash |
| 3 | ok |
`

// TestDocsAndOverrides: docs of the checkout are guides with ids from
// their checkout paths; overrides set kinds, titles and statuses by glob
// over what a page shows as its source; an override that matches nothing
// is a warning naming config.toml; notes sharing a title are told apart.
func TestDocsAndOverrides(t *testing.T) {
	dir := t.TempDir()
	fuser := filepath.Join(dir, "Fuser")
	notesDir := filepath.Join(dir, "notes")
	if err := fsutil.WriteFiles(fuser, map[string]string{
		"doc/dev/cache.md":       fixtureDesign,
		"doc/dev/debug.md":       "# Debugging\n\nHow to debug, in general.\n",
		"doc/dev/pinned.md":      "---\nkind: notes\nid: pinned-doc\n---\n# Pinned\n",
		"doc/math/proof.md":      "# Proofs\n",
		"doc/dev/contents.md":    "Contents:\n\n- [cache](cache.md)\n",
		"doc/dev/bare_words.md":  "just words\n",
		"doc/sphinx/source.md":   "# Sphinx\n",
		"csrc/nothing_to_see.md": "# Not a doc\n",
	}); err != nil {
		t.Fatal(err)
	}
	if err := fsutil.WriteFiles(notesDir, map[string]string{
		"debugging.md":  "# Debugging\n\nMy own notes.\n",
		"a/same.md":     "# Same\n",
		"b/same-too.md": "# same\n",
		"crash.md":      "# Crash in the scheduler\n\n## Problem\n\nIt segfaults (SIGSEGV).\n\n## Reproduction\n\n`pytest tests/python/test_a.py::test_b`\n",
		"not-a-doc.txt": "plain jotting\n",
		"proof.md":      "# My proof\n",
	}); err != nil {
		t.Fatal(err)
	}
	in, err := sources.OpenDocs(fuser, []string{notesDir}, defaultDocs)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "config.toml")
	set := []config.Override{
		{Match: "doc/math/*.md", Title: "Proofs, by hand", At: model.Location{File: cfg, Line: 10}},
		{Match: "doc/dev/pinned.md", Kind: "guide", At: model.Location{File: cfg, Line: 14}},
		{Match: "crash.md", Status: "resolved", At: model.Location{File: cfg, Line: 17}},
		{Match: "doc/dev/ragged*.md", Kind: "guide", At: model.Location{File: cfg, Line: 20}},
	}
	ns, err := Notes(in, Merge(&Facts{}), nil, nil, set)
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ id, kind, status, title, list, path string }
	want := map[string]row{
		"dev-cache":  {"dev-cache", "guide", "", "Segment cache redesign", "", "doc/dev/cache.md"},
		"dev-debug":  {"dev-debug", "guide", "", "Debugging", "Debugging (nvFuser doc/dev)", "doc/dev/debug.md"},
		"debugging":  {"debugging", "notes", "", "Debugging", "Debugging (notes)", "debugging.md"},
		"pinned-doc": {"pinned-doc", "guide", "", "Pinned", "", "doc/dev/pinned.md"}, // override beats front matter
		"math-proof": {"math-proof", "guide", "", "Proofs, by hand", "", "doc/math/proof.md"},
		"same":       {"same", "notes", "", "Same", "Same (a/same.md)", "a/same.md"},
		"same-too":   {"same-too", "notes", "", "same", "same (b/same-too.md)", "b/same-too.md"},
		"crash":      {"crash", "runbook", "resolved", "Crash in the scheduler", "", "crash.md"},
		"not-a-doc":  {"not-a-doc", "notes", "", "Not a doc", "", "not-a-doc.txt"},
		"proof":      {"proof", "notes", "", "My proof", "", "proof.md"},
		// Titles that are not the doc's own heading say where it is from.
		"dev-contents":   {"dev-contents", "guide", "", "Contents (nvFuser doc/dev)", "", "doc/dev/contents.md"},
		"dev-bare-words": {"dev-bare-words", "guide", "", "Bare words (nvFuser doc/dev)", "", "doc/dev/bare_words.md"},
	}
	// A doc keeps its file name as an alias unless another page has it.
	wantAliases := map[string]string{"dev-cache": "cache", "dev-debug": "debug", "pinned-doc": "pinned", "math-proof": ""}
	got := map[string]row{}
	for _, n := range ns {
		got[n.ID] = row{n.ID, n.Kind, n.Status, n.Title, n.ListTitle, n.Path}
		if a, ok := wantAliases[n.ID]; ok && strings.Join(n.Aliases, " ") != a {
			t.Errorf("%s: aliases %q, want %q", n.ID, n.Aliases, a)
		}
		if n.Doc != strings.HasPrefix(n.Path, "doc/") {
			t.Errorf("%s: Doc = %v", n.Path, n.Doc)
		}
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s:\n got  %+v\n want %+v", id, got[id], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("notes %v, want %d", got, len(want))
	}
	var warnings []string
	for _, w := range in.Warnings {
		warnings = append(warnings, w.String())
	}
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], cfg+`:20: [[params.handbook.overrides]] match = "doc/dev/ragged*.md" matches no note or doc`) {
		t.Errorf("warnings %q", warnings)
	}
}

// realPages are the kind, title and list title of every nvFuser doc of
// ../Fuser and every seed note of ../shared/seeds, built together as
// gen --source ../Fuser --notes ../shared/seeds does by default.
var realPages = map[string]struct{ kind, status, title, list string }{
	"doc":                   {"guide", "", "Table of Contents (nvFuser doc)", ""},
	"dev-cute-tv-layout":    {"guide", "", "Creating a CuTe TV Layout in NvFuser", ""},
	"dev-debug":             {"guide", "", "Debugging", ""}, // seed 004 copies it: one page (TestFoldCopies)
	"dev-host-ir-jit":       {"guide", "", "Host IR JIT Overview", ""},
	"dev-ldmatrix-stmatrix": {"guide", "", "LdMatrix and StMatrix Support in NVFuser", ""},
	"dev-ragged-iter-domain-combine-design-doc": {"guide", "", "Design Document: Component IterDomain Tracking for RaggedIterDomain", ""},
	"dev-ragged-iter-domain-design-doc":         {"guide", "", "RaggedIterDomain for Nested Tensors", ""},
	"dev-tma":                                   {"guide", "", "Introduction to TMA Support in NVFuser", ""},
	"dev-tmem":                                  {"guide", "", "Tensor Memory Support in NVFuser", ""},
	"dev-visibility":                            {"guide", "", "Symbol Visibility", ""},
	"math-abstract-algebra":                     {"guide", "", "A Brief Overview of Abstract Algebra", ""},
	"math-integer-division":                     {"guide", "", "Integer Division", ""},
	"math-logic":                                {"guide", "", "Mathematical Logic", ""},
	"math-monotonic-function":                   {"guide", "", "Monotonic Function", ""},
	"reading-divisibility-of-split":             {"guide", "", "Divisibility of Split", ""},
	"reading-iterdomain":                        {"guide", "", "The Mathematical Theory of IterDomain", ""},
	"reading-multigpu":                          {"guide", "", "Multi-GPU Support in nvFuser", ""},
	"reading-tma-modeling-in-depth":             {"guide", "", "TMA Modeling In Depth", ""},
	"000-0397b499bd7e80ef":                      {"runbook", "open", "Thunder test segfualt", ""},
	"001-701929768165ab20":                      {"runbook", "workaround", "Serialization Segfault Investigation - test_issue1270", ""},
	"002-01c286c2bbc5697d":                      {"runbook", "open", "Analysis of Pre-Segmenter Crash during Parallel Test Runs", ""},
	"003-e2e2485bca2edf95":                      {"notes", "", "AI Notes for my development [Do not merge]", ""},
}

// TestRealDocsAndSeeds pins what a reader sees in lists for the real
// inputs (skipped without ../Fuser or ../shared).
func TestRealDocsAndSeeds(t *testing.T) {
	fuser, seeds := testsite.Fuser(t), testsite.Shared(t, "seeds")
	in, err := sources.OpenDocs(fuser, []string{seeds}, defaultDocs)
	if err != nil {
		t.Fatal(err)
	}
	ns, err := Notes(in, Merge(&Facts{}), nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, n := range ns {
		seen[n.ID] = true
		// Each doc but the README keeps its file name (/guides/tma/).
		if want := strings.TrimSuffix(filepath.Base(n.Path), ".md"); n.Doc && n.ID != "doc" {
			if len(n.Aliases) != 1 || n.Aliases[0] != strings.ReplaceAll(strings.ToLower(want), "_", "-") {
				t.Errorf("%s: aliases %q", n.Path, n.Aliases)
			}
		}
		want, ok := realPages[n.ID]
		if !ok {
			t.Errorf("%s (%s) is not pinned: kind %s, title %q", n.ID, n.Path, n.Kind, n.Title)
			continue
		}
		if n.Kind != want.kind || n.Status != want.status || n.Title != want.title || n.ListTitle != want.list {
			t.Errorf("%s: kind/status %s/%s title %q list %q\n want %s/%s %q %q", n.Path, n.Kind, n.Status, n.Title, n.ListTitle, want.kind, want.status, want.title, want.list)
		}
	}
	// Docs given as notes were classified by their text: tmem.md was
	// /notes/tmem/, the ragged design doc a runbook. Both still answer.
	for _, n := range ns {
		for path, want := range map[string]model.NoteRef{
			"doc/dev/tmem.md":                          {Kind: model.KindNotes, ID: "tmem"},
			"doc/dev/ragged_iter_domain_design_doc.md": {Kind: model.KindRunbook, ID: "ragged-iter-domain-design-doc"},
		} {
			if n.Path == path && !slices.Contains(n.Former, want) {
				t.Errorf("%s: former %+v lacks %+v", path, n.Former, want)
			}
		}
	}
	// Seed 004 is a copy of doc/dev/debug.md taken a commit or so before
	// the checkout's: published as the doc, which answers at its address.
	for _, n := range ns {
		if n.Path == "doc/dev/debug.md" {
			if len(n.Copies) != 1 || n.Copies[0].Path != "004_b3f5ed5fbd5d12b0.txt" || !slices.Contains(n.Former, model.NoteRef{Kind: model.KindGuide, ID: "004-b3f5ed5fbd5d12b0"}) {
				t.Errorf("doc/dev/debug.md: copies %+v, former %+v", n.Copies, n.Former)
			}
		} else if len(n.Copies) > 0 {
			t.Errorf("%s: copies %+v", n.Path, n.Copies)
		}
	}
	for id := range realPages {
		if !seen[id] {
			t.Errorf("%s was not read", id)
		}
	}
	if len(in.Warnings) != 0 {
		t.Errorf("warnings: %v", in.Warnings)
	}
}
