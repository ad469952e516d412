package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/corpus"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestNavOfALargeSection: past 30 runbooks the navigation links to the
// runbooks by status instead of listing some of them on every page, and
// the status anchors it links to exist on the runbooks list.
func TestNavOfALargeSection(t *testing.T) {
	proj := testsite.New(t)
	data := t.TempDir()
	if err := corpus.Write(data, 90, 3); err != nil { // 60 runbooks among them
		t.Fatal(err)
	}
	out := filepath.Join(proj, "public")
	code, stdout, stderr := gen(t, "", "build", "--config", filepath.Join(proj, "config.toml"),
		"--source", filepath.Join(data, "fuser"), "--notes", filepath.Join(data, "notes"))
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	pages, _ := filepath.Glob(filepath.Join(out, "runbooks", "*", "index.html"))
	if len(pages) <= 30 {
		t.Fatalf("corpus gave %d runbooks; the test needs more than 30", len(pages))
	}
	page, err := os.ReadFile(pages[0])
	if err != nil {
		t.Fatal(err)
	}
	nav := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(string(page))
	if nav == "" {
		t.Fatal("no site navigation on a runbook page")
	}
	if n := strings.Count(nav, `href="/runbooks/0`); n > 0 {
		t.Errorf("navigation lists %d single runbooks; want none past 30", n)
	}
	list, err := os.ReadFile(filepath.Join(out, "runbooks", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []string{"open", "workaround", "resolved"} {
		if !strings.Contains(nav, `href="/runbooks/#status-`+st+`"`) {
			t.Errorf("navigation lacks a link to the %s runbooks", st)
		}
		if !strings.Contains(string(list), `id="status-`+st+`"`) {
			t.Errorf("runbooks list lacks the anchor status-%s", st)
		}
	}
}
