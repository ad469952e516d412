package urls

import (
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// These paths are printed by nvFuser and listed in api/*.json: a change
// here breaks links in the wild.
func TestScheme(t *testing.T) {
	tests := []struct{ got, want string }{
		{Var("NVFUSER_DUMP"), "/env/nvfuser_dump/"},
		{Option("dump", "fusion_ir"), "/options/dump/fusion_ir/"},
		{Option("prof", "print.verbose"), "/options/prof/print.verbose/"},
		{Family("enable"), "/options/enable/"},
		{Note(model.KindRunbook, "serde-uaf"), "/runbooks/serde-uaf/"},
		{Note(model.KindGuide, "debugging"), "/guides/debugging/"},
		{Note(model.KindNotes, "pr-page"), "/notes/pr-page/"},
		{Short("serde-uaf"), "/r/serde-uaf/"},
		{Absolute("https://h.test/", "/env/x/"), "https://h.test/env/x/"},
		{Source("https://github.com/NVIDIA/Fuser/", "main", model.Location{File: "csrc/a.cpp", Line: 3}), "https://github.com/NVIDIA/Fuser/blob/main/csrc/a.cpp#L3"},
		{SourceRange("https://github.com/NVIDIA/Fuser", "v1", model.FileRef{Path: "csrc/a.cpp", Start: 3, End: 9}), "https://github.com/NVIDIA/Fuser/blob/v1/csrc/a.cpp#L3-L9"},
		{SourceRange("https://github.com/NVIDIA/Fuser", "v1", model.FileRef{Path: "csrc/a.cpp"}), "https://github.com/NVIDIA/Fuser/blob/v1/csrc/a.cpp"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
