package emit_test

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// A chain of rewordings can name an old id twice in a check's history:
// the page lists it once and answers at its URL once (the same alias
// twice had Hugo write one redirect page twice at once).
func TestCheckFormerIDsOnce(t *testing.T) {
	h := &model.Handbook{HasSource: true, HasHistory: true,
		Checks: []*model.Check{{ID: "computeheuristics-rparams-nullptr", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces: []string{"rparams != nullptr"}, Function: "computeHeuristics", Within: "computeHeuristics",
			Where: model.Location{File: "csrc/scheduler/x.cpp", Line: 10}, EndLine: 10,
			Formerly: []string{"computeheuristics-params-nullptr", "computeheuristics-old", "computeheuristics-params-nullptr"}}}}
	h.Index()
	out := t.TempDir()
	if err := emit.Emit(h, emit.Site{BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}, emit.NewWriter(out)); err != nil {
		t.Fatal(err)
	}
	file := "content/errors/computeheuristics-rparams-nullptr.md"
	text := string(testsite.Tree(t, out)[file])
	if text == "" {
		t.Fatalf("%s not written", file)
	}
	for _, w := range []string{
		`aliases = ['/errors/computeheuristics-params-nullptr/', '/errors/computeheuristics-old/']`,
		// The article's "since your build" block names each once.
		`its older ids: <code>computeheuristics-params-nullptr</code>, <code>computeheuristics-old</code>.`,
	} {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %s:\n%s", file, w, text)
		}
	}
}
