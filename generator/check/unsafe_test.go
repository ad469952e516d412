package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestUnsafeURLsProblems(t *testing.T) {
	ns := []*model.Note{{Source: "notes/x.md", UnsafeURLs: []model.UnsafeURL{{URL: "javascript:alert(1)", Line: 7, Why: "scheme javascript: is not allowed"}}}, {Source: "notes/ok.md"}}
	got := UnsafeURLs(ns)
	if len(got) != 1 || !strings.HasPrefix(got[0].String(), `notes/x.md:7: unsafe URL "javascript:alert(1)"`) {
		t.Fatalf("got %v", got)
	}
}

// TestLinksRefusesUnsafeHrefs: whatever template or note produced it, a
// published page with a live javascript: link, or the dead "#ZgotmplZ"
// html/template writes instead, fails the check.
func TestLinksRefusesUnsafeHrefs(t *testing.T) {
	for _, href := range []string{"javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "#ZgotmplZ", "//evil.example/"} {
		dir := t.TempDir()
		page := `<!doctype html><html><body><a href="` + href + `">x</a><a href="mailto:a@b.c">m</a><a href="https://example.com/">e</a></body></html>`
		if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		problems, err := Links(dir, "https://handbook.example/")
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) != 1 {
			t.Errorf("%s: problems %v, want exactly one", href, problems)
		}
	}
}
