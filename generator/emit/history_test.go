package emit_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// A handbook with history: a removed option keeps its page, which says
// when it went away and what replaced it; the replacement says since when
// it exists; /changes/ lists the rename; the API carries the events.
func TestHistoryPages(t *testing.T) {
	added := model.Event{Commit: "6d707927e05aef61b12477facbcf1306109e2650", Date: "2024-09-10", Version: "0.2.10", Subject: "Rename debug_info to kernel_lineinfo (#1)"}
	h := &model.Handbook{
		HasSource: true, HasHistory: true,
		Families: []*model.Family{{Env: "NVFUSER_DUMP", Key: "dump"}, {Env: "NVFUSER_ENABLE", Key: "enable"}},
		Options: []*model.Option{
			{Env: "NVFUSER_DUMP", Family: "dump", Name: "debug_info", Description: "Old.",
				History: &model.History{Added: model.Event{Commit: "054a6e4e3", Date: "2023-06-21", Version: "0.0.14"}, Earliest: true, Removed: &added, ReplacedBy: []string{"NVFUSER_ENABLE=kernel_lineinfo"}}},
			{Env: "NVFUSER_ENABLE", Family: "enable", Name: "kernel_lineinfo", Description: "New.", DefinedAt: model.Location{File: "csrc/options.cpp", Line: 3},
				History: &model.History{Added: added, Replaces: []string{"NVFUSER_DUMP=debug_info"}}},
		},
		Changes: []model.Change{{Event: added, Kind: model.ChangeRenamed, Subject: "NVFUSER_DUMP=debug_info", To: "NVFUSER_ENABLE=kernel_lineinfo", IsOption: true}},
	}
	// A note still sets the removed option: the drift report says when it
	// went away; the option's own page, whose banner says it, does not
	// repeat it in its "sources disagree" box.
	h.Drift = []model.Drift{{Kind: model.DriftStaleNoteOption, Subject: "NVFUSER_DUMP=debug_info", Option: h.Options[0],
		Detail: `note "x" sets an option NVFUSER_DUMP does not accept`, Gone: "removed in 0.2.10, 2024-09-10, replaced by NVFUSER_ENABLE=kernel_lineinfo",
		Where: model.Location{File: "notes/x.md", Line: 3}}}
	h.Index()
	out := t.TempDir()
	if err := emit.Emit(h, emit.Site{BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}, emit.NewWriter(out)); err != nil {
		t.Fatal(err)
	}
	files := testsite.Tree(t, out)
	for file, wants := range map[string][]string{
		"content/options/dump/debug_info.md": {"removed = true", `removed = '0.2.10, 2024-09-10'`, `title = 'NVFUSER_ENABLE=kernel_lineinfo'`, `url = '/options/enable/kernel_lineinfo/'`, "earliest = true", `url = 'https://github.com/NVIDIA/Fuser/commit/6d707927e05aef61b12477facbcf1306109e2650'`,
			// The removing commit's subject beside its hash.
			"[params.history.removed_commit]\ntext = '6d707927e05a'\nurl = 'https://github.com/NVIDIA/Fuser/commit/6d707927e05aef61b12477facbcf1306109e2650'\nsubject = 'Rename debug_info to kernel_lineinfo (#1)'"},
		"content/options/enable/kernel_lineinfo.md": {`since = '0.2.10, 2024-09-10'`, `title = 'NVFUSER_DUMP=debug_info'`},
		"content/changes.md":                        {`kind = 'renamed'`, `version = '0.2.10'`, `title = 'NVFUSER_DUMP=debug_info'`, `url = '/options/dump/debug_info/'`, `subject = 'Rename debug_info to kernel_lineinfo (#1)'`},
	} {
		text := string(files[file])
		if text == "" {
			t.Errorf("%s not written", file)
			continue
		}
		for _, w := range wants {
			if !strings.Contains(text, w) {
				t.Errorf("%s lacks %s:\n%s", file, w, text)
			}
		}
	}
	if page := string(files["content/options/dump/debug_info.md"]); !strings.Contains(page, "does not accept") || strings.Contains(page, "accept; removed in") {
		t.Errorf("debug_info's page: want the finding without when it was removed (the banner says it):\n%s", page)
	}
	if api := string(files["static/api/drift.json"]); !strings.Contains(api, "does not accept; removed in 0.2.10, 2024-09-10, replaced by NVFUSER_ENABLE=kernel_lineinfo") {
		t.Errorf("api/drift.json lacks the finding's history:\n%s", api)
	}
	if strings.Contains(string(files["content/options/enable/kernel_lineinfo.md"]), "removed = true") {
		t.Error("a current option is marked removed")
	}
	var opts []emit.APIOption
	if err := json.Unmarshal(files["static/api/options.json"], &opts); err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		switch o.Name {
		case "debug_info":
			if o.DefinedAt != "" || o.Removed == nil || o.Removed.Version != "0.2.10" || len(o.ReplacedBy) != 1 || o.Added.Version != "0.0.14" {
				t.Errorf("debug_info in the API: %+v", o)
			}
		case "kernel_lineinfo":
			if o.Removed != nil || o.Added == nil || o.Added.Commit != added.Commit || o.Added.Subject != added.Subject || o.Replaces[0] != "NVFUSER_DUMP=debug_info" {
				t.Errorf("kernel_lineinfo in the API: %+v", o)
			}
		}
	}
}
