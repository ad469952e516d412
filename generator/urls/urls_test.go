package urls

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
		{Category("dump"), "/categories/dump/"},
		{Tag("compute-sanitizer"), "/tags/compute-sanitizer/"},
		{Tag("Nsight Systems"), "/tags/nsight-systems/"},
		{PagePath("/env/nvfuser_dump/"), "/env/nvfuser_dump"},
		{PagePath("/drift/"), "/drift"},
		{Commit("https://github.com/NVIDIA/Fuser/", "81c4b22"), "https://github.com/NVIDIA/Fuser/commit/81c4b22"},
		{Issue("https://github.com/NVIDIA/Fuser", "#1234"), "https://github.com/NVIDIA/Fuser/issues/1234"},
		{Edit("https://github.com/o/notes/edit/main/", "/serde.md"), "https://github.com/o/notes/edit/main/serde.md"},
		{Edit("", "serde.md"), ""},
		{Edit("https://e.test/", "a b/c#d?.md"), "https://e.test/a%20b/c%23d%3F.md"},
		{Absolute("https://h.test/", "/env/x/"), "https://h.test/env/x/"},
		{Served("https://org.github.io/handbook/", "/guides/x/a.png"), "/handbook/guides/x/a.png"},
		{Served("https://h.test/", "/guides/x/a.png"), "/guides/x/a.png"},
		{Served("https://org.github.io/handbook/", "https://github.com/NVIDIA/Fuser/blob/a/b.cpp"), "https://github.com/NVIDIA/Fuser/blob/a/b.cpp"},
		{Served("https://org.github.io/handbook/", ""), ""},
		{Source("https://github.com/NVIDIA/Fuser/", "main", model.Location{File: "csrc/a.cpp", Line: 3}), "https://github.com/NVIDIA/Fuser/blob/main/csrc/a.cpp#L3"},
		{SourceRange("https://github.com/NVIDIA/Fuser", "v1", model.FileRef{Path: "csrc/a.cpp", Start: 3, End: 9}), "https://github.com/NVIDIA/Fuser/blob/v1/csrc/a.cpp#L3-L9"},
		{SourceRange("https://github.com/NVIDIA/Fuser", "v1", model.FileRef{Path: "csrc/a.cpp"}), "https://github.com/NVIDIA/Fuser/blob/v1/csrc/a.cpp"},
		{NoteFile(model.KindGuide, "tma", "tma/box-and-tile.svg"), "/guides/tma/tma/box-and-tile.svg"},
		{NoteFile(model.KindNotes, "x", "_/doc/a b/c#d.png"), "/notes/x/_/doc/a%20b/c%23d.png"},
		{SourceFile("https://github.com/NVIDIA/Fuser/", "81c4b22", "tests/cpp/tutorial_tmem.cpp", ""), "https://github.com/NVIDIA/Fuser/blob/81c4b22/tests/cpp/tutorial_tmem.cpp"},
		{SourceFile("https://github.com/NVIDIA/Fuser", "v1", "doc/a b.md", "L3"), "https://github.com/NVIDIA/Fuser/blob/v1/doc/a%20b.md#L3"},
		{SourceTree("https://github.com/NVIDIA/Fuser", "v1", "doc/dev"), "https://github.com/NVIDIA/Fuser/tree/v1/doc/dev"},
		{SourceTree("https://github.com/NVIDIA/Fuser", "v1", ""), "https://github.com/NVIDIA/Fuser/tree/v1"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestNewExplanation(t *testing.T) {
	got := NewExplanation("https://github.com/o/handbook/new/main/", "f-words", "### What it means\n\n& <x>")
	want := "https://github.com/o/handbook/new/main?filename=explanations%2Ff-words.md&value=%23%23%23+What+it+means%0A%0A%26+%3Cx%3E"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if NewExplanation("javascript:alert(1)//", "f", "") != "" || NewExplanation("", "f", "") != "" {
		t.Error("a base that is not https gives a link")
	}
}

// TestPageIDsMatchLayouts: every literal id="..." in layouts/, and in the
// parts of pages emit renders itself (generator/emit/articles.html), is in
// PageIDs, and PageIDs names no id they no longer declare.
func TestPageIDsMatchLayouts(t *testing.T) {
	found := map[string]bool{}
	idRE := regexp.MustCompile(`\bid="([A-Za-z][A-Za-z0-9_-]*)"`)
	articles, err := os.ReadFile("../emit/articles.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range idRE.FindAllSubmatch(articles, -1) {
		found[string(m[1])] = true
	}
	err = filepath.WalkDir("../../layouts", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		for _, m := range idRE.FindAllSubmatch(b, -1) {
			found[string(m[1])] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 10 {
		t.Fatalf("only %d ids found in layouts/: wrong folder?", len(found))
	}
	listed := map[string]bool{}
	for _, id := range PageIDs {
		listed[id] = true
		if !found[id] {
			t.Errorf("PageIDs lists %q, which no layout declares any more", id)
		}
	}
	for id := range found {
		if !listed[id] {
			t.Errorf("layouts/ or articles.html declare id %q: add it to PageIDs (a note's heading could take it)", id)
		}
	}
}
