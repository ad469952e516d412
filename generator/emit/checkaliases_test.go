package emit_test

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// Twins (one message at two places) share their history, so both were
// reworded from the same old id: only the first answers at the old URL.
// Two pages claiming one alias made Hugo write the alias page twice at
// once, and the published file was whichever write came last, at times
// with the tail of the other after its end.
func TestCheckAliasesClaimedOnce(t *testing.T) {
	twin := func(id string, line int) *model.Check {
		return &model.Check{ID: id, Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{"params != nullptr"},
			Function: "computeHeuristics", Within: "computeHeuristics",
			Where: model.Location{File: "csrc/scheduler/x.cpp", Line: line}, EndLine: line,
			// A chain of rewordings can name an old id twice.
			Formerly: []string{"computeheuristics-params-nullptr", "computeheuristics-old", "computeheuristics-params-nullptr"}}
	}
	h := &model.Handbook{HasSource: true, HasHistory: true,
		Checks: []*model.Check{twin("computeheuristics-tparams-nullptr", 10), twin("computeheuristics-tparams-nullptr-2", 20)}}
	h.Index()
	out := t.TempDir()
	if err := emit.Emit(h, emit.Site{BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}, emit.NewWriter(out)); err != nil {
		t.Fatal(err)
	}
	files := testsite.Tree(t, out)
	for file, want := range map[string]struct{ aliases, formerly string }{
		"content/errors/computeheuristics-tparams-nullptr.md": {
			`aliases = ["/errors/computeheuristics-params-nullptr/", "/errors/computeheuristics-old/"]`,
			`formerly = ["computeheuristics-params-nullptr", "computeheuristics-old"]`},
		"content/errors/computeheuristics-tparams-nullptr-2.md": {
			"", `formerly = ["computeheuristics-params-nullptr", "computeheuristics-old"]`},
	} {
		text := string(files[file])
		if text == "" {
			t.Fatalf("%s not written", file)
		}
		if want.aliases == "" && strings.Contains(text, "aliases") {
			t.Errorf("%s claims aliases its first twin has:\n%s", file, text)
		}
		for _, w := range []string{want.aliases, want.formerly} {
			if w != "" && !strings.Contains(text, w) {
				t.Errorf("%s lacks %s:\n%s", file, w, text)
			}
		}
	}
}
