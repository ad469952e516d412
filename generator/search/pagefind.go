// Package search builds the site's full-text index with Pagefind, from npm,
// pinned in package.json and package-lock.json. gen installs it with `npm ci`
// on first use, so the README's one command still does all the set-up.
package search

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/flock"
	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// Installed reports whether Pagefind is installed in projectDir (else
// Pagefind runs npm ci first).
func Installed(projectDir string) bool {
	_, err := os.Stat(binPath(projectDir))
	return err == nil
}

func binPath(projectDir string) string {
	return filepath.Join(projectDir, "node_modules", ".bin", "pagefind")
}

// Pagefind returns the path of the pinned pagefind binary, installing the
// project's npm packages when it is missing.
func Pagefind(projectDir string) (string, error) {
	bin := binPath(projectDir)
	if Installed(projectDir) {
		return bin, nil
	}
	// Tests and builds may start at once in a fresh clone: one installs,
	// the others wait for it and find the binary.
	unlock, err := flock.Lock(filepath.Join(projectDir, ".npm-install.lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("search: pagefind is not installed and npm is not on PATH; install Node.js and npm, then rerun")
	}
	cmd := exec.Command(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = projectDir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("search: npm ci in %s: %v\n%s", projectDir, err, strings.TrimSpace(out.String()))
	}
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("search: npm ci did not install %s", bin)
	}
	return bin, nil
}

// DocsDir is where Hugo writes the search documents, relative to the
// rendered site: config.toml's searchdoc output format (path = "_search").
// A search document is a lean copy of a searchable page, with the same URL
// path below DocsDir as the page has below the site.
const DocsDir = urls.SearchDocs

// TakeDocs moves the search documents out of the rendered site, so that
// nothing after the render (check, publish) mistakes them for pages. It
// returns where they went ("" when the site has none), which the caller
// removes when done.
func TakeDocs(siteDir string) (string, error) {
	src := filepath.Join(siteDir, DocsDir)
	if _, err := os.Stat(src); err != nil {
		return "", nil
	}
	dst := filepath.Clean(siteDir) + ".search"
	if err := os.RemoveAll(dst); err != nil {
		return "", err
	}
	if err := os.Rename(src, dst); err != nil {
		return "", fmt.Errorf("search: move search documents aside: %w", err)
	}
	return dst, nil
}

// MainIndex is the folder of the site holding the main Pagefind index.
const MainIndex = urls.SearchIndex

// EmittedIndex is the folder of the site holding the Pagefind index of the
// search documents emit writes, the check pages' and the notes', beside
// the main one. They are known once emit has run (checksearch.go,
// notesearch.go), so a build indexes them while Hugo renders the site
// instead of after it: on the real handbook 4,641 checks and about 130
// notes of 4,862 documents, at 10,000 notes nearly all. The search page
// merges the two (js/search.js); its results come in groups, one search
// each, and each group's pages are in one index (checks and notes here,
// the reference pages in the main one), so no list of results mixes the
// two indexes' scores.
const EmittedIndex = urls.EmittedSearchIndex

// IsIndexDir reports whether rel, a slash-separated path below the site,
// is one of the search indexes' folders: what walks the site's pages
// skips them.
func IsIndexDir(rel string) bool { return rel == MainIndex || rel == EmittedIndex }

// Index runs Pagefind and writes its bundle to siteDir/pagefind/. It reads
// docsDir, the search documents from TakeDocs, whose paths mirror the
// site's URLs; with no docsDir it reads the pages of siteDir themselves.
// It returns a summary of what it wrote.
func Index(bin, siteDir, docsDir string) (string, error) {
	src := siteDir
	if docsDir != "" {
		src = docsDir
	}
	return run(bin, src, filepath.Join(siteDir, MainIndex))
}

// IndexDocs writes docs, search documents by their path below the site
// ("_search/errors/x/index.html"), into the new folder docsDir, runs
// Pagefind on them into siteDir/pagefind-emitted (EmittedIndex), and removes
// docsDir.
func IndexDocs(bin string, docs map[string][]byte, docsDir, siteDir string) (string, error) {
	defer os.RemoveAll(docsDir)
	below := make(map[string][]byte, len(docs))
	for rel, data := range docs {
		b, ok := strings.CutPrefix(rel, DocsDir+"/")
		if !ok || !filepath.IsLocal(filepath.FromSlash(b)) {
			return "", fmt.Errorf("search: %q is not the path of a search document", rel)
		}
		below[b] = data
	}
	if err := fsutil.WriteAll(docsDir, below); err != nil {
		return "", fmt.Errorf("search: %w", err)
	}
	return run(bin, docsDir, filepath.Join(siteDir, EmittedIndex))
}

// run indexes the HTML files below src into the folder out.
func run(bin, src, out string) (string, error) {
	out, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	cmd := exec.Command(bin, "--site", src, "--output-path", out, "--quiet")
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("search: pagefind: %v\n%s", err, strings.TrimSpace(log.String()))
	}
	entries, err := os.ReadDir(out)
	if err != nil || len(entries) == 0 {
		return "", fmt.Errorf("search: pagefind wrote no index in %s", out)
	}
	return fmt.Sprintf("pagefind index with %d files", countFiles(out)), nil
}

func countFiles(dir string) int {
	n := 0
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// Version is the Pagefind version the project pins (package.json), and
// whether that version is the one installed under node_modules.
func Version(projectDir string) (pinned string, installed bool, err error) {
	var pkg struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	data, err := os.ReadFile(filepath.Join(projectDir, "package.json"))
	if err != nil {
		return "", false, err
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return "", false, fmt.Errorf("%s: %w", filepath.Join(projectDir, "package.json"), err)
	}
	pinned = pkg.DevDependencies["pagefind"]
	var inst struct {
		Version string `json:"version"`
	}
	if data, err := os.ReadFile(filepath.Join(projectDir, "node_modules", "pagefind", "package.json")); err == nil && json.Unmarshal(data, &inst) == nil {
		installed = inst.Version == pinned
	}
	return pinned, installed, nil
}
