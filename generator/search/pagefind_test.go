package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/nvfuser-handbook/handbook/internal/project"
)

// The search documents are found where config.toml's searchdoc output
// format puts them; if the two disagreed, search would silently fall back
// to indexing the full pages.
func TestDocsDirMatchesConfig(t *testing.T) {
	wd, _ := os.Getwd()
	root, err := project.Root(wd)
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		OutputFormats map[string]struct {
			Path     string `toml:"path"`
			BaseName string `toml:"baseName"`
		} `toml:"outputFormats"`
	}
	if _, err := toml.DecodeFile(filepath.Join(root, "config.toml"), &cfg); err != nil {
		t.Fatal(err)
	}
	f, ok := cfg.OutputFormats["searchdoc"]
	if !ok {
		t.Fatal("config.toml defines no searchdoc output format")
	}
	if f.Path != DocsDir || f.BaseName != "index" {
		t.Errorf("searchdoc output format writes %s/**/%s.html; search reads %s/**/index.html", f.Path, f.BaseName, DocsDir)
	}
}

func TestTakeDocs(t *testing.T) {
	site := filepath.Join(t.TempDir(), "site")
	page := filepath.Join(site, DocsDir, "runbooks", "x", "index.html")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte("<main>x</main>"), 0o644); err != nil {
		t.Fatal(err)
	}
	docs, err := TakeDocs(site)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(site, DocsDir)); !os.IsNotExist(err) {
		t.Errorf("search documents still in the site: %v", err)
	}
	if _, err := os.Stat(filepath.Join(docs, "runbooks", "x", "index.html")); err != nil {
		t.Errorf("search document not moved to %s: %v", docs, err)
	}
	// A site without search documents has none to take.
	if docs, err := TakeDocs(t.TempDir()); docs != "" || err != nil {
		t.Errorf("TakeDocs(empty site) = %q, %v", docs, err)
	}
}

// IndexDocs writes only search documents below its folder: a path that
// is not one (a page, or one leaving the folder) fails before Pagefind
// runs, and the folder is gone after.
func TestIndexDocsRefusesOtherPaths(t *testing.T) {
	for _, rel := range []string{"runbooks/x/index.html", DocsDir + "/../../x/index.html", "/" + DocsDir + "/x/index.html", DocsDir + "/../escape.html"} {
		t.Run(rel, func(t *testing.T) {
			dir := t.TempDir()
			docs := filepath.Join(dir, "docs")
			_, err := IndexDocs(filepath.Join(dir, "no-pagefind"), map[string][]byte{rel: []byte("<main data-pagefind-body>x</main>")}, docs, filepath.Join(dir, "site"))
			if err == nil || !strings.Contains(err.Error(), "not the path of a search document") {
				t.Errorf("IndexDocs(%q) = %v, want a refusal", rel, err)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}
