package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nvfuser-handbook/handbook/internal/project"
)

// subPath is where GitHub Pages serves a project site:
// https://<owner>.github.io/<repo>/.
const subPath = "/handbook/"

// subPathSite builds the handbook for a base URL with a sub-path and
// serves it there only: anything outside /handbook/ is a bare 404, so a
// link, asset or fetch that forgets the sub-path fails.
func subPathSite(t *testing.T) (base, out string) {
	t.Helper()
	s := site(t) // the shared build: the repository, node_modules installed
	dir := t.TempDir()
	proj := filepath.Join(dir, "project")
	out = filepath.Join(dir, "public")
	if err := project.Copy(s.Root, proj); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(subPath, http.StripPrefix(strings.TrimSuffix(subPath, "/"), siteHandler(out)))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	base = srv.URL + subPath
	wd, _ := os.Getwd()
	cmd := exec.Command("go", "run", "./cmd/gen",
		"--config", filepath.Join(proj, "config.toml"),
		"--notes", filepath.Join(wd, "testdata", "notes"),
		"--notes", filepath.Join(s.Root, "generator", "example", "fuser", "notes"),
		"--base-url", base, "--out", out)
	cmd.Dir = s.Root
	if o, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./cmd/gen --base-url %s: %v\n%s", base, err, o)
	}
	return base, out
}

var attrURL = regexp.MustCompile(`\s(?:href|src|action|data-[a-z]+)="(/[^"]*)"`)

// TestSubPath: served under /handbook/, every root-relative URL in every
// page keeps the sub-path; and in Chromium the pages, the search, the
// error lookup and the composer load everything they need from under it,
// and link only under it.
func TestSubPath(t *testing.T) {
	browser(t)
	base, out := subPathSite(t)
	// Every page, read as written.
	pages := 0
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		pages++
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range attrURL.FindAllStringSubmatch(string(data), -1) {
			if !strings.HasPrefix(m[1], subPath) {
				rel, _ := filepath.Rel(out, p)
				t.Errorf("%s: %q is outside %s", rel, m[1], subPath)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 20 {
		t.Fatalf("only %d pages published", pages)
	}

	var runbooks []struct {
		ID, URL    string
		Signatures []string
	}
	data, err := os.ReadFile(filepath.Join(out, "api", "runbooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &runbooks); err != nil {
		t.Fatal(err)
	}
	var signature, page string
	for _, r := range runbooks {
		if !strings.HasPrefix(r.URL, base) {
			t.Errorf("api/runbooks.json: %s's url %s is not under %s", r.ID, r.URL, base)
		}
		if len(r.Signatures) > 0 && signature == "" {
			signature, page = r.Signatures[0], strings.TrimPrefix(r.URL, strings.TrimSuffix(base, subPath))
		}
	}
	if signature == "" {
		t.Fatal("no runbook with an error signature to look up")
	}

	origin := strings.TrimSuffix(base, subPath)
	for _, c := range []struct {
		name, path string
		check      func(t *testing.T, ctx context.Context)
	}{
		{"home", subPath, nil},
		{"runbook", page, nil},
		{"search", query(subPath+"search/", "segmenter"), func(t *testing.T, ctx context.Context) {
			hits := waitSearchResults(t, ctx)
			if len(hits) == 0 {
				t.Fatal("no search results")
			}
			for _, h := range hits {
				if !strings.HasPrefix(h.Href, subPath) {
					t.Errorf("search result %q links to %s, outside %s", h.Title, h.Href, subPath)
				}
			}
		}},
		{"lookup", query(subPath+"lookup/", signature), func(t *testing.T, ctx context.Context) {
			res := readLookupResults(t, ctx)
			if len(res) == 0 {
				t.Fatalf("the lookup page found nothing for %q", signature)
			}
			for _, r := range res {
				if !strings.HasPrefix(r.Href, subPath) {
					t.Errorf("lookup result %q links to %s, outside %s", r.Title, r.Href, subPath)
				}
			}
		}},
		{"compose", subPath + "compose/#NVFUSER_DUMP=fusion_ir", func(t *testing.T, ctx context.Context) {
			waitFor(t, ctx, `document.querySelector("#compose-app .compose-verdict")`, 20*time.Second, `document.getElementById("compose-app").innerText`)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := newTab(t)
			w := watch(t, ctx, origin)
			do(t, ctx, "opening "+c.path, chromedp.Navigate(origin+c.path))
			if c.check != nil {
				c.check(t, ctx)
			}
			w.settle()
			for _, p := range w.take() {
				t.Error(p)
			}
			if c.name == "lookup" || c.name == "search" {
				saveScreenshot(t, ctx, "subpath-"+c.name)
			}
		})
	}
}
