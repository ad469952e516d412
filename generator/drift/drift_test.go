package drift

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func loc(f string, l int) model.Location { return model.Location{File: f, Line: l} }

func TestFind(t *testing.T) {
	h := &model.Handbook{
		HasSource:  true,
		HasEnvYAML: true,
		Families:   []*model.Family{{Env: "NVFUSER_DUMP", Key: "dump"}},
		Options: []*model.Option{
			// consistent: defined, declared, documented, read
			{Env: "NVFUSER_DUMP", Name: "fusion_ir", Enum: "DebugDumpOption::FusionIr", DefinedAt: loc("csrc/options.cpp", 10), DeclaredAt: loc("csrc/options.h", 5), Documented: true, ReadAt: []model.Location{loc("csrc/a.cpp", 1)}},
			{Env: "NVFUSER_DUMP", Name: "new_dump", Enum: "DebugDumpOption::NewDump", DefinedAt: loc("csrc/options.cpp", 11), DeclaredAt: loc("csrc/options.h", 6), ReadAt: []model.Location{loc("csrc/b.cpp", 2)}},
			{Env: "NVFUSER_DUMP", Name: "gone", Documented: true, DocumentedAt: loc("tools/env-config/env_options.yaml", 40)},
			{Env: "NVFUSER_DUMP", Name: "unused", Enum: "DebugDumpOption::Unused", DefinedAt: loc("csrc/options.cpp", 12), DeclaredAt: loc("csrc/options.h", 7), Documented: true},
			{Env: "NVFUSER_DUMP", Name: "ghost", Enum: "DebugDumpOption::Ghost", DefinedAt: loc("csrc/options.cpp", 13), Documented: true, ReadAt: []model.Location{loc("csrc/c.cpp", 3)}},
		},
		Variables: []*model.Variable{
			{Name: "NVFUSER_OK", Documented: true, Category: "misc", ReadAt: []model.Location{loc("csrc/x.cpp", 9)}},
			{Name: "NVFUSER_SECRET", ReadAt: []model.Location{loc("csrc/y.cpp", 4)}},
			{Name: "NVFUSER_STALE", Documented: true, Category: "misc", DocumentedAt: loc("tools/env-config/env_options.yaml", 90)},
			{Name: "CC", Documented: true, Category: "environment"},
		},
		Notes: []*model.Note{{
			ID: "crash", Source: "notes/crash.md",
			Options: []model.OptionUse{{Env: "NVFUSER_DUMP", Name: "fusion_ir", Known: true, Line: 3}, {Env: "NVFUSER_DUMP", Name: "old_name", Line: 4}, {Env: "NVFUSER_DUMP", Name: "gone", Line: 8}},
			Files:   []model.FileRef{{Path: "csrc/a.cpp", Exists: true, Line: 5}, {Path: "csrc/branch_only.cpp", Line: 9}, {Path: "csrc/branch_only.cpp", Line: 6}},
			Env:     []model.EnvSetting{{Name: "NVFUSER_OK", Line: 2}, {Name: "PYTORCH_NVFUSER_DUMP", Line: 7}},
		}},
	}
	want := []model.Drift{
		{Kind: model.DriftRemovedOption, Subject: "NVFUSER_DUMP=gone", Where: loc("tools/env-config/env_options.yaml", 40)},
		{Kind: model.DriftUnreadVar, Subject: "NVFUSER_STALE", Where: loc("tools/env-config/env_options.yaml", 90)},
		{Kind: model.DriftNoteMissingFile, Subject: "csrc/branch_only.cpp", Where: loc("notes/crash.md", 6)},
		{Kind: model.DriftStaleNoteOption, Subject: "NVFUSER_DUMP=gone", Where: loc("notes/crash.md", 8)},
		{Kind: model.DriftStaleNoteOption, Subject: "NVFUSER_DUMP=old_name", Where: loc("notes/crash.md", 4)},
		{Kind: model.DriftNoteUnknownVar, Subject: "PYTORCH_NVFUSER_DUMP", Where: loc("notes/crash.md", 7)},
		{Kind: model.DriftUnusedOption, Subject: "NVFUSER_DUMP=unused", Where: loc("csrc/options.cpp", 12)},
		{Kind: model.DriftUndeclaredOption, Subject: "NVFUSER_DUMP=ghost", Where: loc("csrc/options.cpp", 13)},
		{Kind: model.DriftUndocumentedOption, Subject: "NVFUSER_DUMP=new_dump", Where: loc("csrc/options.cpp", 11)},
		{Kind: model.DriftUndocumentedVar, Subject: "NVFUSER_SECRET", Where: loc("csrc/y.cpp", 4)},
	}
	h.Index() // assemble does it for the real handbook
	got := Find(h)
	if len(got) != len(want) {
		for _, g := range got {
			t.Logf("got %s %s %s", g.Kind, g.Subject, g.Where)
		}
		t.Fatalf("got %d findings, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Kind != w.Kind || g.Subject != w.Subject || g.Where != w.Where || g.Detail == "" {
			t.Errorf("finding %d = %+v, want %+v", i, g, w)
		}
		// Each finding points at what it is about, so no later stage has
		// to parse Subject back.
		var about string
		switch {
		case g.Option != nil && g.Variable == nil && g.Note == nil:
			about = g.Option.Key()
		case g.Variable != nil && g.Option == nil && g.Note == nil:
			about = g.Variable.Name
		case g.Note == h.Notes[0] && g.Variable == nil:
			about = "note"
			// A note setting an option only the YAML still lists names
			// that option too (its page shows the finding).
			if (g.Option != nil) != (g.Subject == "NVFUSER_DUMP=gone") || g.Option != nil && g.Option.Key() != g.Subject {
				t.Errorf("finding %d (%s %s) names option %+v", i, g.Kind, g.Subject, g.Option)
			}
		}
		wantAbout := w.Subject
		if g.Where.File == "notes/crash.md" {
			wantAbout = "note"
		}
		if about != wantAbout {
			t.Errorf("finding %d (%s %s) points at %q, want %q", i, g.Kind, g.Subject, about, wantAbout)
		}
	}
}

// Without a checkout, a note's file cannot be called missing.
func TestNoSourceNoMissingFiles(t *testing.T) {
	h := &model.Handbook{Notes: []*model.Note{{ID: "n", Files: []model.FileRef{{Path: "csrc/a.cpp"}}}}}
	h.Index() // assemble does it for the real handbook
	if got := Find(h); len(got) != 0 {
		t.Errorf("got %v, want nothing", got)
	}
}

// Without env_options.yaml, nothing can be called undocumented.
func TestNoYAMLNoUndocumented(t *testing.T) {
	h := &model.Handbook{
		HasSource: true,
		Options:   []*model.Option{{Env: "NVFUSER_DUMP", Name: "a", Enum: "E::A", DefinedAt: loc("csrc/options.cpp", 1), DeclaredAt: loc("csrc/options.h", 1), ReadAt: []model.Location{loc("csrc/a.cpp", 1)}}},
		Variables: []*model.Variable{{Name: "NVFUSER_X", ReadAt: []model.Location{loc("csrc/a.cpp", 2)}}},
	}
	h.Index() // assemble does it for the real handbook
	if got := Find(h); len(got) != 0 {
		t.Errorf("got %v, want nothing", got)
	}
}

// TestStaleReferences: lines that changed, moved or were deleted since the
// note are drift at the reference's line in the note; unchanged lines and
// files absent on the note's date (another branch) are not.
func TestStaleReferences(t *testing.T) {
	n := &model.Note{ID: "crash", Source: "notes/crash.md",
		Files: []model.FileRef{{Path: "csrc/a.cpp", Start: 10, End: 14, Line: 3}, {Path: "csrc/b.cpp", Start: 5, End: 5, Line: 4},
			{Path: "csrc/c.cpp", Start: 1, End: 2, Line: 5}, {Path: "csrc/d.cpp", Start: 7, End: 7, Line: 6}, {Path: "csrc/e.cpp", Start: 1, End: 1, Line: 8}},
		Freshness: []model.Freshness{
			{Ref: "csrc/a.cpp:10-14", Status: model.FreshChanged, Since: "2024-02-01", Now: "csrc/a.cpp:10-14"},
			{Ref: "csrc/b.cpp:5", Status: model.FreshUnchanged, Since: "2024-02-01", Now: "csrc/b.cpp:5"},
			{Ref: "csrc/c.cpp:1-2", Status: model.FreshMoved, Since: "2024-02-01", Now: "csrc/x/c.cpp:1-2"},
			{Ref: "csrc/d.cpp:7", Status: model.FreshDeleted, Since: "2024-02-01"},
			{Ref: "csrc/e.cpp:1", Status: model.FreshMissing, Since: "2024-02-01"},
		}}
	got := staleRefs(n)
	want := []model.Drift{
		{Kind: model.DriftNoteStaleRef, Subject: "csrc/a.cpp:10-14", Where: loc("notes/crash.md", 3)},
		{Kind: model.DriftNoteStaleRef, Subject: "csrc/c.cpp:1-2", Where: loc("notes/crash.md", 5)},
		{Kind: model.DriftNoteStaleRef, Subject: "csrc/d.cpp:7", Where: loc("notes/crash.md", 6)},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i].Kind != want[i].Kind || got[i].Subject != want[i].Subject || got[i].Where != want[i].Where {
			t.Errorf("finding %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if !strings.Contains(got[1].Detail, "now at csrc/x/c.cpp:1-2") {
		t.Errorf("a moved reference should say where it is now: %q", got[1].Detail)
	}
}

// With the git history, a stale name in a note or the YAML says when it
// went away and what replaced it, and a removed variable the history
// brought back into the model still counts as unknown to a note.
func TestStaleNamesCarryTheirReplacement(t *testing.T) {
	removed := &model.History{Added: model.Event{Version: "0.0.14"}, Removed: &model.Event{Commit: "c", Date: "2024-09-10", Version: "0.2.10"},
		ReplacedBy: []string{"NVFUSER_ENABLE=kernel_lineinfo"}}
	renamed := &model.History{Removed: &model.Event{Commit: "d", Date: "2023-06-23", Version: "0.0.14"}, ReplacedBy: []string{"NVFUSER_DUMP"}}
	h := &model.Handbook{
		HasSource: true, HasHistory: true,
		Families: []*model.Family{{Env: "NVFUSER_DUMP", Key: "dump"}},
		Options: []*model.Option{
			{Env: "NVFUSER_DUMP", Family: "dump", Name: "debug_info", History: removed},
			{Env: "NVFUSER_DUMP", Family: "dump", Name: "gone", Documented: true, DocumentedAt: loc("tools/env-config/env_options.yaml", 4), History: removed},
		},
		Variables: []*model.Variable{{Name: "PYTORCH_NVFUSER_DUMP", History: renamed}},
		Notes: []*model.Note{{ID: "n", Source: "n.md",
			Options: []model.OptionUse{{Env: "NVFUSER_DUMP", Name: "debug_info", Line: 3}},
			Env:     []model.EnvSetting{{Name: "PYTORCH_NVFUSER_DUMP", Line: 2}},
		}},
	}
	want := map[string]string{
		"NVFUSER_DUMP=debug_info": "removed in 0.2.10, 2024-09-10, replaced by NVFUSER_ENABLE=kernel_lineinfo",
		"NVFUSER_DUMP=gone":       "removed in 0.2.10, 2024-09-10, replaced by NVFUSER_ENABLE=kernel_lineinfo",
		"PYTORCH_NVFUSER_DUMP":    "removed in 0.0.14, 2023-06-23, replaced by NVFUSER_DUMP",
	}
	got := map[string]string{}
	h.Index()
	for _, d := range Find(h) {
		got[d.Subject] = d.Text()
		if strings.Contains(d.Detail, "removed in") {
			t.Errorf("%s: Detail %q carries the history; it belongs in Gone", d.Subject, d.Detail)
		}
	}
	for subject, w := range want {
		if !strings.Contains(got[subject], w) {
			t.Errorf("%s: detail %q, want it to say %q", subject, got[subject], w)
		}
	}
}

// TestDefaultDiffers: the YAML's default is a finding only where it is
// not what the reading code falls back to.
func TestDefaultDiffers(t *testing.T) {
	for _, tc := range []struct {
		code, yaml string
		finding    bool
	}{
		{"8", "8", false},
		{"false", "0", false},
		{"0", "false", false},
		{"\"/tmp\"", "/tmp", false},
		{"8", "4", true},
		{"false", "1", true},
		{"8", "", false}, // the YAML states none: nothing to disagree with
	} {
		h := &model.Handbook{HasSource: true, HasEnvYAML: true, Variables: []*model.Variable{{Name: "NVFUSER_N", Documented: true,
			Category: "misc", Default: tc.yaml, DocumentedAt: loc("env_options.yaml", 3), ReadAt: []model.Location{loc("csrc/a.cpp", 5)},
			CodeDefault: &model.CodeDefault{Value: tc.code, At: loc("csrc/a.cpp", 7)}}}}
		got := Find(h)
		if n := len(got); (n == 1) != tc.finding || n > 1 {
			t.Errorf("code %q, yaml %q: %d findings, want finding=%v", tc.code, tc.yaml, n, tc.finding)
			continue
		}
		if tc.finding && (got[0].Kind != model.DriftDefaultDiffers || !strings.Contains(got[0].Detail, "csrc/a.cpp:7")) {
			t.Errorf("code %q, yaml %q: %+v", tc.code, tc.yaml, got[0])
		}
	}
}
